import { moneyTexts, type TRefund, type TRefundRequest } from '@ipatient/contracts/money';
import { type Database, isViolation } from '@ipatient/db';
import type { OutboxMailer } from '../../lib/service-deps.ts';
import { AppError } from '../../plugins/errors.ts';
import type { KnownRefund, Payments, RefundReport } from '../../plugins/payments/payments.ts';
import type { SandboxControls, SandboxEvent } from '../../plugins/payments/sandbox.ts';
import {
  nairaText,
  refundFromCampaignEmail,
  refundProcessedEmail,
  refundStartedEmail,
} from './money.emails.ts';
import * as repository from './refunds.repository.ts';

export interface RefundsDeps {
  db: Database;
  payments: Payments;
  mail: OutboxMailer;
  log: (message: string, detail: Record<string, unknown>) => void;
}

/** What a refund route answers: the refund, and 202 when the payment service did not answer. */
export interface RefundOutcome {
  status: 200 | 201 | 202;
  message: string;
  refund: TRefund;
}

const refundNotFound = () => AppError.notFound('Refund');

export function presentRefund(view: repository.RefundView): TRefund {
  const { refund } = view;
  return {
    _id: refund.id,
    donationId: refund.donationId,
    donationReference: view.donationReference,
    campaignId: refund.campaignId,
    campaignTitle: view.campaignTitle,
    donorName: view.donorName,
    donorEmail: view.donorEmail,
    amount: refund.amountKobo / 100,
    reason: refund.reason,
    status: refund.status,
    providerRefundId: refund.providerRefundId,
    createdAt: refund.createdAt.toISOString(),
    settledAt: refund.settledAt?.toISOString() ?? null,
  };
}

async function viewOf(db: Database, id: string): Promise<TRefund> {
  const view = await repository.findRefundView(db, id);
  if (!view) throw refundNotFound();
  return presentRefund(view);
}

const conflict = (message: string) => new AppError('CONFLICT', message);

/** The most a refund may still return: what the gift brought, less the refunds already started. */
function refundAtMost(remainingKobo: number, feeKobo: number): string {
  const fee = feeKobo > 0 ? ` (the payment provider kept its fee of ${nairaText(feeKobo)})` : '';
  return `At most ${nairaText(remainingKobo)} of this donation can still be refunded${fee}`;
}

/**
 * Starts a refund in one transaction, under the donation's row lock: the refund row (pending),
 * the donation's refunded kobo and the pot's move from available to refunded. Then asks the
 * payment service (after the commit, so a slow provider holds no lock).
 */
export async function startRefund(
  deps: RefundsDeps,
  adminId: string,
  donationId: string,
  input: TRefundRequest,
): Promise<RefundOutcome> {
  let refund: repository.RefundRow;
  try {
    refund = await deps.db.transaction(async (tx) => {
      const donation = await repository.lockDonation(tx, donationId);
      if (!donation) throw AppError.notFound('Donation');
      if (donation.status !== 'succeeded') throw conflict(moneyTexts.notSucceeded);
      // The provider kept its fee: only what the gift brought the pot can go back.
      const credited = donation.amountKobo - donation.feeKobo;
      const remaining = credited - donation.refundedKobo;
      if (remaining <= 0) throw conflict(moneyTexts.fullyRefunded);
      if (await repository.hasPendingRefund(tx, donation.id)) {
        throw conflict(moneyTexts.refundUnderWay);
      }
      const kobo = input.amount === undefined ? remaining : Math.round(input.amount * 100);
      if (kobo > remaining) {
        const message = refundAtMost(remaining, donation.feeKobo);
        throw new AppError('VALIDATION', message, { errors: { amount: message } });
      }
      const wholly = kobo === remaining;
      const moved = await repository.moveRefunded(
        tx,
        donation.campaignId,
        kobo,
        1,
        wholly ? -1 : 0,
      );
      if (!moved) {
        const available = await repository.availableKobo(tx, donation.campaignId);
        const pot = donation.campaignId === null ? 'the Green-Heart fund' : 'this campaign';
        throw conflict(
          `Only ${nairaText(available)} of ${pot}’s money is available to refund: money paid out or waiting for a payout cannot be refunded.`,
        );
      }
      await repository.changeDonationRefunded(tx, donation.id, kobo);
      const row = await repository.insertRefund(tx, {
        donationId: donation.id,
        campaignId: donation.campaignId,
        amountKobo: kobo,
        reason: input.reason,
        requestedBy: adminId,
      });
      const organiser =
        donation.campaignId === null
          ? undefined
          : await repository.findCampaignOrganiser(tx, donation.campaignId);
      const options = {
        amountKobo: kobo,
        reference: donation.reference,
        campaignTitle: organiser?.title ?? null,
      };
      await deps.mail.enqueue(tx, { to: donation.donorEmail, ...refundStartedEmail(options) });
      if (organiser) {
        await deps.mail.enqueue(tx, {
          to: organiser.email,
          ...refundFromCampaignEmail({
            ...options,
            campaignTitle: organiser.title,
            organiserFirstName: organiser.firstName,
          }),
        });
      }
      return row;
    });
  } catch (error) {
    // Two admins at once: the second insert meets the one-pending index.
    if (isViolation(error, '23505', 'refunds_one_pending_per_donation')) {
      throw conflict(moneyTexts.refundUnderWay);
    }
    throw error;
  }
  deps.mail.kick();
  return askProvider(deps, refund, 201, false);
}

/** The note a refund is sent with: a retry knows its own refund at the provider by it. */
export const refundNote = (id: string) => `iPatient refund ${id}`;

/**
 * How long a send may take (the provider's calls time out well before): a refund being sent for
 * longer was left by a process that died, and may be sent again.
 */
export const SEND_CLAIM_SECONDS = 120;

/**
 * The refund the provider already holds for this one, if a request that got no answer reached
 * it: of the same payment and amount, not held by another refund row, and not sent for another
 * of ours (its note, when it has one, names this refund). One sent with our note comes first.
 */
async function refundAlreadySent(
  deps: RefundsDeps,
  refund: repository.RefundRow,
  transactionReference: string,
): Promise<KnownRefund | undefined> {
  const known = await deps.payments.findRefunds(transactionReference);
  const held = await repository.providerIdsHeldElsewhere(
    deps.db,
    known.map((candidate) => candidate.refundId),
    refund.id,
  );
  const ours = refundNote(refund.id);
  const candidates = known.filter(
    (candidate) =>
      candidate.amountKobo === refund.amountKobo &&
      !held.has(candidate.refundId) &&
      (candidate.note === undefined ||
        candidate.note === ours ||
        !candidate.note.startsWith(refundNote(''))),
  );
  return candidates.find((candidate) => candidate.note === ours) ?? candidates[0];
}

/**
 * Sends a refund claimed for sending to the payment service and applies its answer. A retry
 * (`retry`) first asks the provider for the refunds of the payment and adopts the one an earlier
 * request created, so a refund is never sent twice.
 */
async function askProvider(
  deps: RefundsDeps,
  refund: repository.RefundRow,
  okStatus: 200 | 201,
  retry: boolean,
): Promise<RefundOutcome> {
  const transactionReference =
    (await repository.donationReference(deps.db, refund.donationId)) ?? '';
  let report: RefundReport;
  try {
    const adopted = retry ? await refundAlreadySent(deps, refund, transactionReference) : undefined;
    if (adopted) {
      deps.log('refund retry: the payment service already had it; adopted', {
        refund: refund.id,
        providerRefundId: adopted.refundId,
      });
    }
    report =
      adopted ??
      (await deps.payments.refund({
        transactionReference,
        amountKobo: refund.amountKobo,
        note: refundNote(refund.id),
      }));
  } catch (error) {
    if (error instanceof AppError && error.code === 'UNAVAILABLE') {
      deps.log('refund kept pending: the payment service did not answer', { refund: refund.id });
      await repository.releaseSend(deps.db, refund.id, { unanswered: new Date().toISOString() });
      return {
        status: 202,
        message: moneyTexts.refundWaiting,
        refund: await viewOf(deps.db, refund.id),
      };
    }
    throw error;
  }
  await repository.recordProviderAnswer(deps.db, refund.id, {
    providerRefundId: report.refundId,
    detail: report.detail,
  });
  if (report.status === 'failed') {
    await settleRefund(deps, refund.id, 'failed', report.detail);
    return {
      status: okStatus,
      message: moneyTexts.refundRefused,
      refund: await viewOf(deps.db, refund.id),
    };
  }
  if (report.status === 'processed') {
    await settleRefund(deps, refund.id, 'processed', report.detail);
    return {
      status: okStatus,
      message: moneyTexts.refundProcessed,
      refund: await viewOf(deps.db, refund.id),
    };
  }
  return {
    status: okStatus,
    message: moneyTexts.refundStarted,
    refund: await viewOf(deps.db, refund.id),
  };
}

/**
 * POST /admin/refunds/{id}/retry: a pending refund the payment service never acknowledged (no
 * provider id) is sent again, claimed first so that two retries at once (or a retry while the
 * first request still waits for its answer) send it once. One it acknowledged waits for its
 * webhook.
 */
export async function retryRefund(deps: RefundsDeps, id: string): Promise<RefundOutcome> {
  const claimed = await repository.claimSend(deps.db, id, SEND_CLAIM_SECONDS);
  if (claimed) return askProvider(deps, claimed, 200, true);
  const refund = await repository.findRefundRow(deps.db, id);
  if (!refund) throw refundNotFound();
  if (refund.status !== 'pending') {
    throw conflict(`This refund is already ${refund.status}: there is nothing to retry.`);
  }
  if (refund.providerRefundId) {
    throw conflict(
      'The payment service already has this refund: its answer arrives by webhook, there is nothing to retry.',
    );
  }
  throw conflict(
    'This refund is being sent to the payment service right now: look again in a minute.',
  );
}

/**
 * The one place a refund leaves `pending`, in one transaction: processed (the donor is told),
 * or failed (the money goes back where it was: the donation's refunded kobo, the pot's
 * available money, the campaign's amount raised and count). A replay finds nothing pending.
 */
export async function settleRefund(
  deps: RefundsDeps,
  id: string,
  outcome: 'processed' | 'failed',
  detail: Record<string, unknown>,
  providerRefundId?: string,
): Promise<boolean> {
  const settled = await deps.db.transaction(async (tx) => {
    const pending = await repository.findRefundRow(tx, id);
    if (pending?.status !== 'pending') return undefined;
    // The donation's lock first, as a refund starts: the same order, no deadlock.
    const donation = await repository.lockDonation(tx, pending.donationId);
    const row = await repository.settleRefundRow(tx, id, outcome, detail, providerRefundId);
    if (!row || !donation) return undefined;
    if (outcome === 'failed') {
      const wasWhole = donation.refundedKobo === donation.amountKobo - donation.feeKobo;
      await repository.changeDonationRefunded(tx, donation.id, -row.amountKobo);
      await repository.moveRefunded(tx, row.campaignId, row.amountKobo, -1, wasWhole ? 1 : 0);
      return row;
    }
    const campaign =
      row.campaignId === null
        ? undefined
        : await repository.findCampaignOrganiser(tx, row.campaignId);
    await deps.mail.enqueue(tx, {
      to: donation.donorEmail,
      ...refundProcessedEmail({
        amountKobo: row.amountKobo,
        reference: donation.reference,
        campaignTitle: campaign?.title ?? null,
      }),
    });
    return row;
  });
  if (settled && outcome === 'processed') deps.mail.kick();
  return settled !== undefined;
}

const idText = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;

/**
 * A `refund.*` webhook whose signature was checked. pending/processing change nothing;
 * processed and failed settle the refund they are about (matched by the provider's refund id,
 * else by the paid transaction's reference and amount).
 */
export async function handleRefundEvent(
  deps: RefundsDeps,
  event: string,
  data: Record<string, unknown>,
): Promise<void> {
  if (event !== 'refund.processed' && event !== 'refund.failed') {
    if (event !== 'refund.pending' && event !== 'refund.processing') {
      deps.log('refund webhook ignored', { event });
    }
    return;
  }
  const providerIds = [idText(data.id), idText(data.refund_reference)].filter(
    (value): value is string => value !== undefined,
  );
  const transactionReference = idText(data.transaction_reference);
  const found = await repository.findRefundForEvent(deps.db, providerIds, transactionReference);
  if (!found) {
    deps.log('refund webhook for no pending refund', { event, transactionReference });
    return;
  }
  const { refund, byId } = found;
  // Matched by the payment only: the amount must be this refund's (Paystack sends it as text).
  const amount = data.amount === undefined ? undefined : Number(data.amount);
  if (!byId && amount !== undefined && amount !== refund.amountKobo) {
    deps.log('refund webhook amount differs from the pending refund: not settled', {
      event,
      refund: refund.id,
    });
    return;
  }
  const detail = { event, status: data.status, amount: data.amount, id: providerIds[0] };
  // Matched by the payment: the refund's id is kept, so a later refund never adopts it.
  await settleRefund(
    deps,
    refund.id,
    event === 'refund.processed' ? 'processed' : 'failed',
    detail,
    byId ? undefined : idText(data.id),
  );
}

/**
 * The sandbox bank processes or fails a refund it holds, and its webhook is delivered as
 * Paystack's would be (the webhook settles it).
 */
export async function sandboxSettleRefund(
  deps: RefundsDeps,
  sandbox: SandboxControls | undefined,
  id: string,
  outcome: 'processed' | 'failed',
  deliver: (event: SandboxEvent) => Promise<unknown>,
): Promise<TRefund> {
  if (!sandbox) throw AppError.notFound('Sandbox refund');
  const refund = await repository.findRefundRow(deps.db, id);
  if (!refund) throw refundNotFound();
  if (!refund.providerRefundId) {
    throw conflict('The sandbox never received this refund: retry it first.');
  }
  const event = await sandbox.settleRefund(refund.providerRefundId, outcome);
  if (!event) throw conflict(moneyTexts.sandboxSettled);
  await deliver(event);
  return viewOf(deps.db, id);
}
