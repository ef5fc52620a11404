import { randomBytes } from 'node:crypto';
import { campaignReadableBy } from '@ipatient/contracts/campaign-rules';
import {
  donationLimits,
  donationTexts,
  type TDonationInitialized,
  type TDonationInitializeRequest,
  type TDonationListQuery,
  type TDonationVerification,
  type TPublicDonation,
  type TSandboxCheckout,
} from '@ipatient/contracts/donations';
import type { Database } from '@ipatient/db';
import type { OutboxMailer, Viewer } from '../../lib/service-deps.ts';
import { AppError } from '../../plugins/errors.ts';
import type { PaymentReport, Payments } from '../../plugins/payments/payments.ts';
import type { SandboxControls, SandboxEvent } from '../../plugins/payments/sandbox.ts';
import { assertWithinLimit, type Limit, recordEvent } from '../../plugins/rate-limits.ts';
import {
  donationReceiptEmail,
  donationReceivedEmail,
  fundReceiptEmail,
} from './donations.emails.ts';
import * as repository from './donations.repository.ts';

export interface DonationsDeps {
  db: Database;
  payments: Payments;
  mail: OutboxMailer;
  publicUrl: string;
  log: (message: string, detail: Record<string, unknown>) => void;
}

export const initializeLimit: Limit = {
  bucket: 'donation-initialize',
  max: donationLimits.initializationsPerAddress,
  windowSeconds: donationLimits.initializationWindowMinutes * 60,
  message: donationTexts.tooMany,
};

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** `IPD-` and 20 random base32 characters (100 bits). */
export function newReference(): string {
  const bytes = randomBytes(20);
  let out = '';
  for (const byte of bytes) out += BASE32[byte & 31];
  return `IPD-${out}`;
}

const campaignNotFound = () => AppError.notFound('Campaign');
const donationNotFound = () => AppError.notFound('Donation');

export const callbackUrl = (publicUrl: string, reference: string) =>
  `${publicUrl}/donations/return?reference=${encodeURIComponent(reference)}`;

/**
 * Writes a pending donation and starts the provider's checkout. When the provider does not
 * answer, the donation is kept as failed (never counted) and the donor gets a 503.
 */
export async function initializeDonation(
  deps: DonationsDeps,
  viewer: Viewer,
  input: TDonationInitializeRequest,
  address: string,
  /** The site as the donor is using it: the checkout sends them back there. */
  siteUrl: string = deps.publicUrl,
): Promise<TDonationInitialized> {
  // A gift to the Green-Heart fund has no campaign to check; one to a campaign needs it live.
  let campaignId: string | null = null;
  if (!input.fund) {
    const row = input.campaignId
      ? await repository.findDonatedCampaign(deps.db, input.campaignId)
      : undefined;
    if (!row || !campaignReadableBy(row.campaign, viewer)) throw campaignNotFound();
    if (row.campaign.status !== 'active') {
      throw new AppError('CONFLICT', donationTexts.notAccepting);
    }
    campaignId = row.campaign.id;
  }
  await assertWithinLimit(deps.db, initializeLimit, address);
  const reference = newReference();
  const donation = await deps.db.transaction(async (tx) => {
    await assertWithinLimit(tx, initializeLimit, address);
    await recordEvent(tx, initializeLimit.bucket, address);
    return repository.insertDonation(tx, {
      reference,
      campaignId,
      userId: viewer?.id ?? null,
      provider: deps.payments.provider,
      amountKobo: input.amount * 100,
      currency: 'NGN',
      donorName: input.name ?? donationTexts.anonymousName,
      anonymous: input.anonymous,
      keepInformed: input.keepInformed,
      donorEmail: input.email,
      message: input.message ?? null,
    });
  });
  try {
    const { authorizationUrl } = await deps.payments.initialize({
      reference,
      amountKobo: donation.amountKobo,
      currency: 'NGN',
      email: input.email,
      callbackUrl: callbackUrl(siteUrl, reference),
      // The provider's dashboard names the fund where a campaign's id would be.
      metadata: { campaignId: campaignId ?? 'green-heart-fund', donationId: donation.id },
    });
    return { reference, authorizationUrl, provider: deps.payments.provider };
  } catch (error) {
    await repository.markNotCounted(deps.db, donation.id, 'failed', {
      detail: { error: 'initialize failed' },
    });
    throw error;
  }
}

function presentVerification(row: repository.DonationRow): TDonationVerification {
  return {
    reference: row.reference,
    status: row.status,
    amount: row.amountKobo / 100,
    campaignId: row.campaignId,
    flagged: row.flagReason !== null,
  };
}

/**
 * The one place a payment report changes the ledger (return page, webhook, sandbox). Under a
 * row lock: a success with the amount and currency that were asked counts once (campaign
 * totals and both emails in the same transaction); one that differs is flagged and not
 * counted. Returns undefined for an unknown reference.
 */
export async function settle(
  deps: DonationsDeps,
  reference: string,
  report: PaymentReport,
): Promise<repository.DonationRow | undefined> {
  let counted = false;
  const result = await deps.db.transaction(async (tx) => {
    const donation = await repository.findByReference(tx, reference, { lock: true });
    if (!donation) return undefined;
    if (donation.status === 'succeeded' || donation.flagReason) return donation;
    if (report.status === 'pending') return donation;
    if (report.status !== 'success') {
      return (
        (await repository.markNotCounted(tx, donation.id, report.status, {
          detail: report.detail,
        })) ?? donation
      );
    }
    if (report.amountKobo !== donation.amountKobo || report.currency !== donation.currency) {
      const flagReason = `Reported ${report.amountKobo ?? '?'} ${report.currency ?? '?'} (kobo) for ${donation.amountKobo} ${donation.currency} asked`;
      deps.log('donation payment differs from what was asked: not counted', {
        reference,
        flagReason,
      });
      return (
        (await repository.markNotCounted(tx, donation.id, 'failed', {
          flagReason,
          detail: report.detail,
        })) ?? donation
      );
    }
    const succeeded = await repository.markSucceeded(tx, donation.id, report.detail);
    if (!succeeded) return donation;
    const naira = succeeded.amountKobo / 100;
    await repository.addToPot(tx, succeeded.campaignId, succeeded.amountKobo);
    const campaign =
      succeeded.campaignId === null
        ? undefined
        : await repository.findDonatedCampaign(tx, succeeded.campaignId);
    const options = {
      donorName: succeeded.donorName,
      anonymous: succeeded.anonymous,
      amount: naira,
      reference: succeeded.reference,
      campaignTitle: campaign?.campaign.title ?? donationTexts.fundName,
      campaignUrl: campaign
        ? `${deps.publicUrl}/campaigns/${campaign.campaign.id}`
        : `${deps.publicUrl}/green-heart-fund`,
      message: succeeded.message,
      paidAt: succeeded.paidAt ?? new Date(),
    };
    if (campaign) {
      await deps.mail.enqueue(tx, { to: succeeded.donorEmail, ...donationReceiptEmail(options) });
      await deps.mail.enqueue(tx, {
        to: campaign.organiser.email,
        ...donationReceivedEmail({ ...options, organiserFirstName: campaign.organiser.firstName }),
      });
    } else if (succeeded.campaignId === null) {
      // A gift to the fund: the donor's receipt names the fund; there is no organiser to tell.
      await deps.mail.enqueue(tx, { to: succeeded.donorEmail, ...fundReceiptEmail(options) });
    }
    counted = true;
    return succeeded;
  });
  if (counted) deps.mail.kick();
  return result;
}

/** GET /donations/verify/{reference}: asks the provider while the donation is pending. */
export async function verifyDonation(
  deps: DonationsDeps,
  reference: string,
): Promise<TDonationVerification> {
  const donation = await repository.findByReference(deps.db, reference);
  if (!donation) throw donationNotFound();
  if (donation.status === 'succeeded' || donation.flagReason) {
    return presentVerification(donation);
  }
  // Failed or abandoned payments are asked about again: a retried card can still succeed.
  const report = await deps.payments.verify(reference);
  const settled = await settle(deps, reference, report);
  return presentVerification(settled ?? donation);
}

/** A `charge.*` webhook whose signature was checked: charge.success settles, charge.failed records. */
export async function handleChargeEvent(
  deps: DonationsDeps,
  event: string,
  data: Record<string, unknown>,
): Promise<void> {
  const reference = data.reference;
  if ((event !== 'charge.success' && event !== 'charge.failed') || typeof reference !== 'string') {
    deps.log('payment webhook ignored', { event });
    return;
  }
  const amount = data.amount;
  const currency = data.currency;
  const report: PaymentReport = {
    status: event === 'charge.success' ? 'success' : 'failed',
    amountKobo: typeof amount === 'number' ? amount : undefined,
    currency: typeof currency === 'string' ? currency : undefined,
    detail: { event, amount, currency, status: data.status },
  };
  const settled = await settle(deps, reference, report);
  if (!settled) deps.log('payment webhook for an unknown reference', { reference });
}

export function presentDonation(row: repository.DonationRow): TPublicDonation {
  return {
    _id: row.id,
    name: row.anonymous ? donationTexts.anonymousName : row.donorName,
    amount: row.amountKobo / 100,
    message: row.message,
    paidAt: (row.paidAt ?? row.updatedAt).toISOString(),
  };
}

/** GET /crowdfunding/{id}/donations: counted gifts of a campaign the viewer may read. */
export async function listDonations(
  db: Database,
  viewer: Viewer,
  campaignId: string,
  query: TDonationListQuery,
): Promise<{
  results: TPublicDonation[];
  meta: { page: number; limit: number; total: number };
}> {
  const row = await repository.findDonatedCampaign(db, campaignId);
  if (!row || !campaignReadableBy(row.campaign, viewer)) throw campaignNotFound();
  const { rows, total } = await repository.listSucceeded(db, campaignId, query);
  return {
    results: rows.map(presentDonation),
    meta: { page: query.page, limit: query.limit, total },
  };
}

/** GET /donations/sandbox/{reference}: what the sandbox checkout page shows. */
export async function sandboxCheckout(
  deps: DonationsDeps,
  sandbox: SandboxControls | undefined,
  reference: string,
): Promise<TSandboxCheckout> {
  if (!sandbox) throw AppError.notFound('Sandbox checkout');
  const row = await repository.findSandboxCheckout(deps.db, reference);
  if (!row) throw AppError.notFound('Sandbox checkout');
  return {
    reference: row.payment.reference,
    amount: row.payment.amountKobo / 100,
    currency: row.payment.currency,
    email: row.payment.email,
    campaignTitle: row.campaignTitle ?? donationTexts.fundName,
    status: row.payment.status,
  };
}

/**
 * The sandbox's Pay or Fail button: marks the sandbox payment, then `deliver` sends the
 * signed webhook a provider would send. Returns where the donor goes next (the return page).
 */
export async function completeSandboxCheckout(
  sandbox: SandboxControls | undefined,
  reference: string,
  outcome: 'success' | 'failed',
  deliver: (payload: SandboxEvent) => Promise<unknown>,
): Promise<{ redirectUrl: string }> {
  if (!sandbox) throw AppError.notFound('Sandbox checkout');
  const payment = await sandbox.find(reference);
  if (!payment) throw AppError.notFound('Sandbox checkout');
  const changed = await sandbox.complete(reference, outcome);
  if (!changed) {
    throw new AppError('CONFLICT', 'This sandbox payment was already completed.');
  }
  await deliver({
    event: outcome === 'success' ? 'charge.success' : 'charge.failed',
    data: {
      reference,
      amount: payment.amountKobo,
      currency: payment.currency,
      status: outcome,
    },
  });
  return { redirectUrl: payment.callbackUrl };
}
