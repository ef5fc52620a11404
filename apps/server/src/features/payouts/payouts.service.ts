import { randomBytes } from 'node:crypto';
import { revisionTexts } from '@ipatient/contracts/campaign-revisions';
import { formatKobo, type PayeeKind } from '@ipatient/contracts/money-rules';
import {
  payoutTexts,
  type TCampaignPayouts,
  type TPayout,
  type TPayoutRequest,
} from '@ipatient/contracts/payouts';
import { type Database, type Executor, isViolation } from '@ipatient/db';
import type { OutboxMailer, Viewer } from '../../lib/service-deps.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Payments } from '../../plugins/payments/payments.ts';
import {
  payoutPaidDonorEmail,
  payoutStatusEmail,
  type ToldPayoutStatus,
} from './payouts.emails.ts';
import { presentPayout } from './payouts.presenter.ts';
import * as repository from './payouts.repository.ts';

export interface PayoutsDeps {
  db: Database;
  payments: Payments;
  mail: OutboxMailer;
  publicUrl: string;
  /** Above this goal or this much raised (kobo), payouts go only to a verified hospital. */
  hospitalOnlyAboveKobo: number;
  log: (message: string, detail: Record<string, unknown>) => void;
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** `IPP-` and 20 random base32 characters (100 bits): the transfer's reference, used once. */
export function newPayoutReference(): string {
  let out = '';
  for (const byte of randomBytes(20)) out += BASE32[byte & 31];
  return `IPP-${out}`;
}

export const campaignNotFound = () => AppError.notFound('Campaign');
export const payoutNotFound = () => AppError.notFound('Payout');

const fieldError = (
  field: string,
  message: string,
  code: 'VALIDATION' | 'CONFLICT' = 'VALIDATION',
) => new AppError(code, message, { errors: { [field]: message } });

/** Who receives the money, as copied onto the payout row. */
export interface Payee {
  payeeKind: PayeeKind;
  facilityId: string | null;
  payeeName: string;
  bankCode: string;
  bankName: string;
  accountNumber: string;
  accountName: string;
  recipientCode: string | null;
}

type Option = { allowed: boolean; name: string | null; reason: string | null };

/** Whether each kind of payee can be paid now, and the default when the organiser names none. */
export function payeeOptions(
  campaign: repository.PayoutCampaign,
  hospitalOnlyAboveKobo: number,
): { hospital: Option; beneficiary: Option; defaultPayee: PayeeKind } {
  const account = campaign.facilityAccount;
  const hospitalReady =
    campaign.facilityId !== null && account?.verifiedAt != null && account.recipientCode !== null;
  const hospital: Option = {
    allowed: hospitalReady,
    name: campaign.facilityName,
    reason: hospitalReady ? null : payoutTexts.noHospital,
  };
  const large =
    campaign.amountNeeded * 100 > hospitalOnlyAboveKobo ||
    campaign.donatedKobo + campaign.awardedKobo > hospitalOnlyAboveKobo;
  const beneficiaryReason =
    campaign.accountVerifiedAt === null
      ? payoutTexts.accountUnverified
      : large
        ? payoutTexts.hospitalOnly(formatKobo(hospitalOnlyAboveKobo))
        : null;
  const beneficiary: Option = {
    allowed: beneficiaryReason === null,
    name: campaign.accountName,
    reason: beneficiaryReason,
  };
  return { hospital, beneficiary, defaultPayee: hospitalReady ? 'hospital' : 'beneficiary' };
}

/** The payee of `kind` for this campaign now, or a refusal naming `payee`. */
export function payeeOf(
  campaign: repository.PayoutCampaign,
  kind: PayeeKind,
  hospitalOnlyAboveKobo: number,
  code: 'VALIDATION' | 'CONFLICT' = 'VALIDATION',
): Payee {
  const options = payeeOptions(campaign, hospitalOnlyAboveKobo);
  const option = options[kind];
  if (!option.allowed) throw fieldError('payee', option.reason ?? payoutTexts.noHospital, code);
  const account = campaign.facilityAccount;
  if (kind === 'hospital' && account && campaign.facilityId) {
    return {
      payeeKind: 'hospital',
      facilityId: campaign.facilityId,
      payeeName: campaign.facilityName ?? account.accountName,
      bankCode: account.bankCode,
      bankName: account.bankName,
      accountNumber: account.accountNumber,
      accountName: account.accountName,
      recipientCode: account.recipientCode,
    };
  }
  return {
    payeeKind: 'beneficiary',
    facilityId: null,
    payeeName: campaign.accountName,
    bankCode: campaign.bankCode,
    bankName: campaign.bankName,
    accountNumber: campaign.accountNumber,
    accountName: campaign.accountName,
    recipientCode: null,
  };
}

/** Why no payout may leave this campaign now (not live, frozen, new bank account in review), or null. */
export function blockedReason(campaign: repository.PayoutCampaign): AppError | null {
  if (campaign.deleted || (campaign.status !== 'active' && campaign.status !== 'completed')) {
    return new AppError('CONFLICT', payoutTexts.notLive);
  }
  if (campaign.payoutsFrozenAt) {
    const reason = campaign.payoutsFrozenReason ? `: ${campaign.payoutsFrozenReason}` : '.';
    return new AppError('CONFLICT', `${payoutTexts.frozen}${reason}`);
  }
  if (campaign.bankChangePending) return new AppError('CONFLICT', revisionTexts.payoutsOnHold);
  return null;
}

const campaignUrl = (deps: PayoutsDeps, id: string) => `${deps.publicUrl}/campaigns/${id}`;

/**
 * Queues the organiser's email of a payout's new state (in the caller's transaction) and, when
 * a payout to a hospital is paid, one email to each donor who asked to be kept informed.
 */
export async function notifyPayout(
  deps: PayoutsDeps,
  executor: Executor,
  payout: repository.PayoutRow,
  status: ToldPayoutStatus,
): Promise<void> {
  const campaign = await repository.findCampaign(executor, payout.campaignId);
  if (!campaign) return;
  const url = campaignUrl(deps, campaign.id);
  await deps.mail.enqueue(executor, {
    to: campaign.organiser.email,
    ...payoutStatusEmail(status, {
      organiserFirstName: campaign.organiser.firstName,
      amountKobo: payout.amountKobo,
      payeeName: payout.payeeName,
      purpose: payout.purpose,
      campaignTitle: campaign.title,
      campaignUrl: url,
      reason: payout.reason,
    }),
  });
  if (status !== 'paid' || payout.payeeKind !== 'hospital') return;
  const email = payoutPaidDonorEmail({
    amountKobo: payout.amountKobo,
    hospitalName: payout.payeeName,
    purpose: payout.purpose,
    campaignTitle: campaign.title,
    campaignUrl: url,
  });
  for (const to of await repository.informedDonorEmails(executor, campaign.id)) {
    await deps.mail.enqueue(executor, { to, ...email });
  }
}

/** A payout with its campaign's title, for answers. */
export async function listed(executor: Executor, id: string, admin: boolean): Promise<TPayout> {
  const row = await repository.findListedPayout(executor, id);
  if (!row) throw payoutNotFound();
  return presentPayout(row, { admin });
}

/** POST /crowdfunding/{id}/payouts: the organiser asks for money against a bill. */
export async function requestPayout(
  deps: PayoutsDeps,
  viewer: NonNullable<Viewer>,
  campaignId: string,
  input: TPayoutRequest,
): Promise<TPayout> {
  const campaign = await repository.findCampaign(deps.db, campaignId);
  if (!campaign || campaign.deleted || campaign.userId !== viewer.id) throw campaignNotFound();
  const blocked = blockedReason(campaign);
  if (blocked) throw blocked;
  const document = await repository.findAttachedDocument(deps.db, input.billDocumentId, campaignId);
  if (!document || document.kind === 'medical_report') {
    throw fieldError('billDocumentId', payoutTexts.billMissing);
  }
  const kind = input.payee ?? payeeOptions(campaign, deps.hospitalOnlyAboveKobo).defaultPayee;
  const payee = payeeOf(campaign, kind, deps.hospitalOnlyAboveKobo);
  const amountKobo = Math.round(input.amount * 100);
  const notEnough = (availableKobo: number) =>
    fieldError('amount', payoutTexts.notEnough(formatKobo(availableKobo)), 'CONFLICT');
  if (amountKobo > campaign.availableKobo) throw notEnough(campaign.availableKobo);
  let row: repository.PayoutRow;
  try {
    row = await deps.db.transaction(async (tx) => {
      // The hold first: it locks the campaign row, so two requests never spend the same money.
      const held = await repository.moveLedger(tx, campaignId, 'available', 'pending', amountKobo, {
        unlessFrozen: true,
      });
      if (!held) {
        const now = await repository.findCampaign(tx, campaignId);
        throw (now && blockedReason(now)) ?? notEnough(now?.availableKobo ?? 0);
      }
      const payout = await repository.insertPayout(tx, {
        reference: newPayoutReference(),
        campaignId,
        amountKobo,
        ...payee,
        purpose: input.purpose,
        billDocumentId: document.id,
        requestedBy: viewer.id,
      });
      await notifyPayout(deps, tx, payout, 'requested');
      return payout;
    });
  } catch (error) {
    if (isViolation(error, '23514')) throw notEnough(0);
    throw error;
  }
  deps.mail.kick();
  return listed(deps.db, row.id, false);
}

/** POST /payouts/{id}/cancel: the organiser withdraws a request not yet approved. */
export async function cancelPayout(
  deps: PayoutsDeps,
  viewer: NonNullable<Viewer>,
  id: string,
): Promise<TPayout> {
  const payout = await repository.findPayout(deps.db, id);
  const campaign = payout && (await repository.findCampaign(deps.db, payout.campaignId));
  if (!payout || !campaign || campaign.userId !== viewer.id) throw payoutNotFound();
  await deps.db.transaction(async (tx) => {
    const moved = await repository.movePayout(tx, id, ['requested'], { status: 'cancelled' });
    if (!moved) {
      throw new AppError('CONFLICT', 'Only a payout still waiting for approval can be cancelled.');
    }
    await returnHeld(tx, moved);
  });
  return listed(deps.db, id, false);
}

/** Puts a held payout's amount back into the campaign's available money. */
export async function returnHeld(executor: Executor, payout: repository.PayoutRow): Promise<void> {
  if (
    !(await repository.moveLedger(
      executor,
      payout.campaignId,
      'pending',
      'available',
      payout.amountKobo,
    ))
  ) {
    throw new Error(`payout ${payout.id}: its campaign holds less than its amount`);
  }
}

/** GET /crowdfunding/{id}/payouts: the organiser's (or an admin's) view of a campaign's payouts. */
export async function listCampaignPayouts(
  deps: PayoutsDeps,
  viewer: NonNullable<Viewer>,
  campaignId: string,
): Promise<Omit<TCampaignPayouts, 'message'>> {
  const campaign = await repository.findCampaign(deps.db, campaignId);
  const admin = viewer.role === 'admin';
  if (!campaign || (!admin && (campaign.deleted || campaign.userId !== viewer.id))) {
    throw campaignNotFound();
  }
  const rows = await repository.listCampaignPayouts(deps.db, campaignId);
  const options = payeeOptions(campaign, deps.hospitalOnlyAboveKobo);
  return {
    results: rows.map((row) => presentPayout(row, { admin })),
    balance: {
      available: campaign.availableKobo / 100,
      pendingPayout: campaign.pendingPayoutKobo / 100,
      paidOut: campaign.paidOutKobo / 100,
      refunded: campaign.refundedKobo / 100,
    },
    payees: {
      defaultPayee:
        options.hospital.allowed || options.beneficiary.allowed ? options.defaultPayee : null,
      hospital: options.hospital,
      beneficiary: options.beneficiary,
    },
    blocked: blockedReason(campaign)?.message ?? null,
  };
}
