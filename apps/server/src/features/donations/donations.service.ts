import { randomBytes } from 'node:crypto';
import { campaignReadableBy } from '@ipatient/contracts/campaign-rules';
import { paymentChannels } from '@ipatient/contracts/donation-rules';
import {
  donationLimits,
  donationTexts,
  type TDonationInitialized,
  type TDonationInitializeRequest,
  type TDonationListQuery,
  type TDonationVerification,
  type TPublicDonation,
} from '@ipatient/contracts/donations';
import { giftSplit } from '@ipatient/contracts/fees';
import type { Database } from '@ipatient/db';
import { recordConsents } from '../../lib/consents.repository.ts';
import type { OutboxMailer, OutboxSms, Viewer } from '../../lib/service-deps.ts';
import { AppError } from '../../plugins/errors.ts';
import type { PaymentReport, Payments } from '../../plugins/payments/payments.ts';
import { sharedReadFor } from '../../plugins/public-cache.ts';
import { assertWithinLimit, type Limit, recordEvent } from '../../plugins/rate-limits.ts';
import { donationReceiptText } from '../../plugins/sms/sms-texts.ts';
import { receiptPath } from './donation-receipts.service.ts';
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
  /** Receipts by text message, for members who asked for them. */
  sms: OutboxSms;
  publicUrl: string;
  /** Signs the links to a gift's own page in its receipt (see donation-receipts.service.ts). */
  receiptKey: Buffer;
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

const naira = (kobo: number) => kobo / 100;

/** A `total` the form showed that is not what the server works out: refused, nothing written. */
function totalDoesNotAddUp(): AppError {
  return new AppError('VALIDATION', donationTexts.totalDoesNotAddUp, {
    errors: { total: donationTexts.totalDoesNotAddUp },
  });
}

/**
 * Writes a pending donation and starts the provider's checkout. The provider's fee is kept from
 * the charge (the campaign is credited the rest); with `coverFee` the charge is raised so the
 * campaign receives the whole gift. When the provider does not answer, the donation is kept as
 * failed (never counted) and the donor gets a 503.
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
  let campaignTitle: string | null = null;
  if (!input.fund) {
    const row = input.campaignId
      ? await repository.findDonatedCampaign(deps.db, input.campaignId)
      : undefined;
    if (!row || !campaignReadableBy(row.campaign, viewer)) throw campaignNotFound();
    if (row.campaign.status !== 'active') {
      throw new AppError('CONFLICT', donationTexts.notAccepting);
    }
    if (row.ended) throw new AppError('CONFLICT', donationTexts.ended);
    campaignId = row.campaign.id;
    campaignTitle = row.campaign.title;
  }
  const split = giftSplit(input.amount, input.coverFee);
  if (input.total !== undefined && Math.round(input.total * 100) !== split.chargeKobo) {
    throw totalDoesNotAddUp();
  }
  // A member's starts count against their account: on Nigerian mobile networks many donors
  // share one address behind the carrier's NAT. A visitor's count against their address.
  const donor = viewer ? `member:${viewer.id}` : address;
  await assertWithinLimit(deps.db, initializeLimit, donor);
  const reference = newReference();
  const donation = await deps.db.transaction(async (tx) => {
    await assertWithinLimit(tx, initializeLimit, donor);
    await recordEvent(tx, initializeLimit.bucket, donor);
    // A member who asks to hear from the campaign has that choice in their consent record.
    if (viewer && input.keepInformed && campaignTitle !== null) {
      await recordConsents(tx, [
        {
          userId: viewer.id,
          kind: 'donor_updates',
          version: campaignTitle,
          granted: true,
          source: 'donation',
        },
      ]);
    }
    return repository.insertDonation(tx, {
      reference,
      campaignId,
      userId: viewer?.id ?? null,
      provider: deps.payments.provider,
      amountKobo: split.chargeKobo,
      feeKobo: split.feeKobo,
      feeCovered: input.coverFee,
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
      channels: paymentChannels,
    });
    return {
      reference,
      authorizationUrl,
      provider: deps.payments.provider,
      total: naira(split.chargeKobo),
      fee: naira(split.feeKobo),
      received: naira(split.receivedKobo),
    };
  } catch (error) {
    await repository.markNotCounted(deps.db, donation.id, 'failed', {
      detail: { error: 'initialize failed' },
    });
    throw error;
  }
}

function presentVerification(
  row: repository.DonationRow,
  campaignTitle: string | null,
): TDonationVerification {
  return {
    reference: row.reference,
    status: row.status,
    amount: naira(row.amountKobo),
    campaignId: row.campaignId,
    flagged: row.flagReason !== null,
    fee: naira(row.feeKobo),
    received: naira(row.amountKobo - row.feeKobo),
    campaignTitle: campaignTitle ?? donationTexts.fundName,
    channel: row.channel,
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
    const succeeded = await repository.markSucceeded(
      tx,
      donation.id,
      report.detail,
      report.channel ?? null,
    );
    if (!succeeded) return donation;
    // The provider keeps its fee: the campaign (or fund) is credited what reaches it.
    await repository.addToPot(tx, succeeded.campaignId, succeeded.amountKobo - succeeded.feeKobo);
    const campaign =
      succeeded.campaignId === null
        ? undefined
        : await repository.findDonatedCampaign(tx, succeeded.campaignId);
    const options = {
      donorName: succeeded.donorName,
      anonymous: succeeded.anonymous,
      amountKobo: succeeded.amountKobo,
      feeKobo: succeeded.feeKobo,
      receiptUrl: `${deps.publicUrl}${receiptPath(deps.receiptKey, succeeded.reference)}`,
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
    if (succeeded.userId !== null) {
      await deps.sms.enqueueForMember(tx, succeeded.userId, {
        kind: 'receipt',
        text: donationReceiptText(succeeded),
      });
    }
    counted = true;
    return succeeded;
  });
  if (counted) {
    deps.mail.kick();
    deps.sms.kick();
  }
  return result;
}

/** GET /donations/verify/{reference}: asks the provider while the donation is pending. */
export async function verifyDonation(
  deps: DonationsDeps,
  reference: string,
): Promise<TDonationVerification> {
  const donation = await repository.findByReference(deps.db, reference);
  if (!donation) throw donationNotFound();
  const title = await repository.campaignTitleOf(deps.db, donation.campaignId);
  if (donation.status === 'succeeded' || donation.flagReason) {
    return presentVerification(donation, title);
  }
  // Failed or abandoned payments are asked about again: a retried card can still succeed.
  const report = await deps.payments.verify(reference);
  const settled = await settle(deps, reference, report);
  return presentVerification(settled ?? donation, title);
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
  const channel = data.channel;
  const report: PaymentReport = {
    status: event === 'charge.success' ? 'success' : 'failed',
    amountKobo: typeof amount === 'number' ? amount : undefined,
    currency: typeof currency === 'string' ? currency : undefined,
    channel: typeof channel === 'string' ? channel : undefined,
    detail: { event, amount, currency, channel, status: data.status },
  };
  const settled = await settle(deps, reference, report);
  if (!settled) deps.log('payment webhook for an unknown reference', { reference });
}

export function presentDonation(row: repository.DonationRow): TPublicDonation {
  return {
    _id: row.id,
    name: row.anonymous ? donationTexts.anonymousName : row.donorName,
    amount: naira(row.amountKobo),
    // A word of support an admin hid is never shown again.
    message: row.messageHiddenAt === null ? row.message : null,
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
  // Alike for everyone who may see the campaign: one reading for all of them.
  return sharedReadFor(db, viewer, `donations:list:${campaignId}:${JSON.stringify(query)}`, (who) =>
    readDonations(db, who, campaignId, query),
  );
}

async function readDonations(
  db: Database,
  viewer: Viewer,
  campaignId: string,
  query: TDonationListQuery,
) {
  const row = await repository.findDonatedCampaign(db, campaignId);
  if (!row || !campaignReadableBy(row.campaign, viewer)) throw campaignNotFound();
  const { rows, total } = await repository.listSucceeded(db, campaignId, query);
  return {
    results: rows.map(presentDonation),
    meta: { page: query.page, limit: query.limit, total },
  };
}
