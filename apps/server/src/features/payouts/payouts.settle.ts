import { moneyLimits } from '@ipatient/contracts/money-rules';
import { AppError } from '../../plugins/errors.ts';
import type { TransferReport } from '../../plugins/payments/payments.ts';
import * as repository from './payouts.repository.ts';
import { notifyPayout, type PayoutsDeps, returnHeld } from './payouts.service.ts';

/**
 * The one place the provider's word about a transfer changes a payout (the release's answer,
 * the OTP's, a webhook, the verify job). Each move is conditional on the state it leaves, with
 * its ledger move in the same transaction, so a replayed or late report changes nothing:
 * - otp: processing → otp (the transfer waits for its code);
 * - pending: otp → processing, or a processing payout learns its transfer code;
 * - success: processing|otp → paid (pending → paid out);
 * - failed: processing|otp → failed (pending → available);
 * - reversed: paid → reversed (paid out → available), or processing|otp → reversed (pending →
 *   available).
 * A report whose amount differs from the payout's is logged and changes nothing.
 */
export async function applyTransferReport(
  deps: PayoutsDeps,
  payoutId: string,
  report: TransferReport,
): Promise<repository.PayoutRow | undefined> {
  let told = false;
  const result = await deps.db.transaction(async (tx) => {
    const payout = await repository.findPayout(tx, payoutId, { lock: true });
    if (!payout) return undefined;
    if (report.amountKobo !== undefined && report.amountKobo !== payout.amountKobo) {
      deps.log('transfer report differs from the payout: ignored', {
        reference: payout.reference,
        reported: report.amountKobo,
        amountKobo: payout.amountKobo,
      });
      return payout;
    }
    const transferCode = report.transferCode ?? payout.transferCode;
    const settled = { providerResponse: report.detail, settledAt: new Date() };
    const reason = (fallback: string) => {
      const message = report.detail.message;
      return typeof message === 'string' && message.trim()
        ? message.trim().slice(0, 500)
        : fallback;
    };
    switch (report.status) {
      case 'otp': {
        return (
          (await repository.movePayout(tx, payout.id, ['processing'], {
            status: 'otp',
            transferCode,
          })) ?? payout
        );
      }
      case 'pending': {
        const learnt = payout.status === 'processing' && !payout.transferCode && transferCode;
        if (payout.status !== 'otp' && !learnt) return payout;
        const moved = await repository.movePayout(tx, payout.id, [payout.status], {
          status: 'processing',
          transferCode,
        });
        if (moved) {
          await notifyPayout(deps, tx, moved, 'processing');
          told = true;
        }
        return moved ?? payout;
      }
      case 'success': {
        const moved = await repository.movePayout(tx, payout.id, ['processing', 'otp'], {
          status: 'paid',
          paidAt: new Date(),
          transferCode,
          ...settled,
        });
        if (!moved) return payout;
        if (
          !(await repository.moveLedger(
            tx,
            payout.campaignId,
            'pending',
            'paidOut',
            payout.amountKobo,
          ))
        ) {
          throw new Error(`payout ${payout.id}: its campaign holds less than its amount`);
        }
        await notifyPayout(deps, tx, moved, 'paid');
        told = true;
        return moved;
      }
      case 'failed': {
        const moved = await repository.movePayout(tx, payout.id, ['processing', 'otp'], {
          status: 'failed',
          reason: reason('The bank did not complete the transfer.'),
          transferCode,
          ...settled,
        });
        if (!moved) return payout;
        await returnHeld(tx, moved);
        await notifyPayout(deps, tx, moved, 'failed');
        told = true;
        return moved;
      }
      case 'reversed': {
        const wasPaid = payout.status === 'paid';
        const moved = await repository.movePayout(
          tx,
          payout.id,
          wasPaid ? ['paid'] : ['processing', 'otp'],
          {
            status: 'reversed',
            paidAt: null,
            reason: reason('The bank reversed the transfer.'),
            transferCode,
            ...settled,
          },
        );
        if (!moved) return payout;
        const from = wasPaid ? 'paidOut' : 'pending';
        if (
          !(await repository.moveLedger(
            tx,
            payout.campaignId,
            from,
            'available',
            payout.amountKobo,
          ))
        ) {
          throw new Error(`payout ${payout.id}: its campaign holds less than its amount`);
        }
        await notifyPayout(deps, tx, moved, 'reversed');
        told = true;
        return moved;
      }
      case 'unknown':
        return payout;
    }
  });
  if (told) deps.mail.kick();
  return result;
}

const WEBHOOK_STATUSES: Record<string, TransferReport['status']> = {
  'transfer.success': 'success',
  'transfer.failed': 'failed',
  'transfer.reversed': 'reversed',
};

/** A `transfer.*` webhook whose signature was checked. */
export async function handleTransferEvent(
  deps: PayoutsDeps,
  event: string,
  data: Record<string, unknown>,
): Promise<void> {
  const status = WEBHOOK_STATUSES[event];
  const reference = data.reference;
  if (!status || typeof reference !== 'string') {
    deps.log('transfer webhook ignored', { event });
    return;
  }
  const payout = await repository.findPayoutByReference(deps.db, reference);
  if (!payout) {
    deps.log('transfer webhook for an unknown reference', { event, reference });
    return;
  }
  const amount = data.amount;
  if (typeof amount !== 'number') {
    deps.log('transfer webhook without an amount: ignored', { event, reference });
    return;
  }
  const code = data.transfer_code;
  await applyTransferReport(deps, payout.id, {
    status,
    amountKobo: amount,
    transferCode: typeof code === 'string' ? code : undefined,
    detail: { event, amount, transfer_code: code, status: data.status },
  });
}

const isProviderDown = (error: unknown) =>
  error instanceof AppError && error.code === 'UNAVAILABLE';

/**
 * Starts the transfer of a payout that is `processing` (registering its recipient first when it
 * has none), and applies the provider's answer. `restart`: the transfer may have reached the
 * provider before (it said it knew none): a refusal is checked against the provider's record, so
 * a duplicate reference never reads as a failure. Throws 503 when the provider does not answer
 * (the payout stays processing; the verify job comes back to it).
 */
export async function startTransfer(
  deps: PayoutsDeps,
  payout: repository.PayoutRow,
  options: { restart?: boolean } = {},
): Promise<repository.PayoutRow | undefined> {
  let recipientCode = payout.recipientCode;
  if (!recipientCode) {
    ({ recipientCode } = await deps.payments.createRecipient({
      name: payout.accountName,
      accountNumber: payout.accountNumber,
      bankCode: payout.bankCode,
    }));
    await repository.recordTransferDetails(deps.db, payout.id, { recipientCode });
  }
  let report: TransferReport;
  try {
    report = await deps.payments.transfer({
      reference: payout.reference,
      amountKobo: payout.amountKobo,
      recipientCode,
      reason: payout.purpose,
    });
  } catch (error) {
    if (!(options.restart && error instanceof AppError && error.code === 'CONFLICT')) throw error;
    report = await deps.payments.verifyTransfer(payout.reference);
  }
  if (options.restart && report.status === 'failed' && !report.transferCode) {
    const known = await deps.payments.verifyTransfer(payout.reference);
    if (known.status !== 'unknown') report = known;
  }
  return applyTransferReport(deps, payout.id, report);
}

/**
 * The verify job's run: payouts sent with no final answer for `transferVerifyAfterMinutes` are
 * asked about by reference and settled as a webhook would; a `processing` payout the provider
 * never heard of (the release's call got no answer) is started again with the same reference,
 * claimed first so that of several instances one does it. Returns what it did.
 */
export async function verifyUnsettledPayouts(
  deps: PayoutsDeps,
  now: Date = new Date(),
  limit = 50,
): Promise<{ checked: number; settled: number; restarted: number }> {
  const cutoff = new Date(now.getTime() - moneyLimits.transferVerifyAfterMinutes * 60_000);
  const rows = await repository.listUnsettled(deps.db, cutoff, limit);
  const done = { checked: 0, settled: 0, restarted: 0 };
  for (const payout of rows) {
    done.checked += 1;
    try {
      const report = await deps.payments.verifyTransfer(payout.reference);
      if (report.status === 'unknown') {
        if (payout.status !== 'processing' || payout.transferCode) continue;
        const claimed = await repository.claimRestart(deps.db, payout.id, cutoff, now);
        if (!claimed) continue;
        done.restarted += 1;
        await startTransfer(deps, claimed, { restart: true });
        continue;
      }
      const after = await applyTransferReport(deps, payout.id, report);
      if (after && after.status !== payout.status) done.settled += 1;
    } catch (error) {
      deps.log(
        isProviderDown(error) ? 'transfer verify: provider down' : 'transfer verify failed',
        {
          reference: payout.reference,
          error: (error as Error).message,
        },
      );
    }
  }
  return done;
}
