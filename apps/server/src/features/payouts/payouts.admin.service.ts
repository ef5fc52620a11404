import { type PayoutStatus, payoutStatusLabels } from '@ipatient/contracts/money-rules';
import { payoutTexts, type TPayout, type TPayoutListQuery } from '@ipatient/contracts/payouts';
import { isViolation } from '@ipatient/db';
import type { Viewer } from '../../lib/service-deps.ts';
import { AppError } from '../../plugins/errors.ts';
import type { SandboxControls, SandboxEvent } from '../../plugins/payments/sandbox.ts';
import { presentPayout } from './payouts.presenter.ts';
import * as repository from './payouts.repository.ts';
import {
  blockedReason,
  listed,
  notifyPayout,
  type PayoutsDeps,
  payeeOf,
  payoutNotFound,
  returnHeld,
} from './payouts.service.ts';
import { applyTransferReport, startTransfer } from './payouts.settle.ts';

type Admin = NonNullable<Viewer>;

const wrongState = (payout: repository.PayoutRow, action: string) =>
  new AppError(
    'CONFLICT',
    `This payout is ${payoutStatusLabels[payout.status].toLowerCase()}: it cannot be ${action}.`,
  );

/** The payout and its campaign, or 404. */
async function payoutAndCampaign(deps: PayoutsDeps, id: string) {
  const payout = await repository.findPayout(deps.db, id);
  const campaign = payout && (await repository.findCampaign(deps.db, payout.campaignId));
  if (!payout || !campaign) throw payoutNotFound();
  return { payout, campaign };
}

/** The message an admin reads after a payout reached `status`. */
export function messageOf(status: PayoutStatus): string {
  switch (status) {
    case 'otp':
      return payoutTexts.otp;
    case 'paid':
      return payoutTexts.paid;
    case 'failed':
      return payoutTexts.failed;
    case 'reversed':
      return payoutTexts.reversed;
    default:
      return payoutTexts.processing;
  }
}

/** GET /admin/crowdfunding-payouts */
export async function listForAdmin(deps: PayoutsDeps, query: TPayoutListQuery) {
  const { rows, total } = await repository.listPayouts(deps.db, query);
  return {
    results: rows.map((row) => presentPayout(row, { admin: true })),
    meta: { page: query.page, limit: query.limit, total },
  };
}

/** The payout as the audit log keeps it before an admin's write (null: none). */
export async function payoutSnapshot(deps: PayoutsDeps, id: unknown): Promise<TPayout | null> {
  if (typeof id !== 'string') return null;
  const row = await repository.findListedPayout(deps.db, id).catch(() => undefined);
  return row ? presentPayout(row, { admin: true }) : null;
}

/** POST /admin/crowdfunding-payouts/{id}/approve: the first key. Never the requester's or organiser's. */
export async function approvePayout(deps: PayoutsDeps, admin: Admin, id: string): Promise<TPayout> {
  const { payout, campaign } = await payoutAndCampaign(deps, id);
  if (payout.requestedBy === admin.id || campaign.userId === admin.id) {
    throw new AppError('FORBIDDEN', payoutTexts.ownApproval);
  }
  const blocked = blockedReason(campaign);
  if (blocked) throw blocked;
  await deps.db.transaction(async (tx) => {
    const moved = await repository.movePayout(tx, id, ['requested'], {
      status: 'approved',
      approvedBy: admin.id,
      approvedAt: new Date(),
    });
    if (!moved) throw wrongState(payout, 'approved');
    await notifyPayout(deps, tx, moved, 'approved');
  });
  deps.mail.kick();
  return listed(deps.db, id, true);
}

/** POST /admin/crowdfunding-payouts/{id}/reject: refused before it left; the money returns. */
export async function rejectPayout(
  deps: PayoutsDeps,
  _admin: Admin,
  id: string,
  reason: string,
): Promise<TPayout> {
  const { payout } = await payoutAndCampaign(deps, id);
  await deps.db.transaction(async (tx) => {
    const moved = await repository.movePayout(tx, id, ['requested', 'approved'], {
      status: 'rejected',
      reason,
    });
    if (!moved) throw wrongState(payout, 'refused');
    await returnHeld(tx, moved);
    await notifyPayout(deps, tx, moved, 'rejected');
  });
  deps.mail.kick();
  return listed(deps.db, id, true);
}

const sameAccount = (
  payout: repository.PayoutRow,
  payee: { bankCode: string; accountNumber: string },
) => payout.bankCode === payee.bankCode && payout.accountNumber === payee.accountNumber;

/**
 * POST /admin/crowdfunding-payouts/{id}/release: the second key, by another admin. The rules are checked
 * again (frozen, the payee still verified with the same account), then the payout moves to
 * `processing` in one conditional UPDATE before anything is sent, so two clicks send one
 * transfer. `accepted`: the provider did not answer; the verify job settles it.
 */
export async function releasePayout(
  deps: PayoutsDeps,
  admin: Admin,
  id: string,
): Promise<{ payout: TPayout; accepted: boolean }> {
  const { payout, campaign } = await payoutAndCampaign(deps, id);
  if (payout.status !== 'approved') throw wrongState(payout, 'released');
  if (
    payout.approvedBy === admin.id ||
    payout.requestedBy === admin.id ||
    campaign.userId === admin.id
  ) {
    throw new AppError('FORBIDDEN', payoutTexts.ownRelease);
  }
  // Frozen, taken down, or sent back to review by a change since the approval.
  const blocked = blockedReason(campaign);
  if (blocked) throw blocked;
  const payee = payeeOf(campaign, payout.payeeKind, deps.hospitalOnlyAboveKobo, 'CONFLICT');
  if (!sameAccount(payout, payee)) {
    const message =
      'The payee’s bank account changed since this payout was requested: refuse it and ask for a new one.';
    throw new AppError('CONFLICT', message, { errors: { payee: message } });
  }
  let claimed: repository.PayoutRow | undefined;
  try {
    claimed = await repository.movePayout(deps.db, id, ['approved'], {
      status: 'processing',
      releasedBy: admin.id,
      releasedAt: new Date(),
      recipientCode: payout.recipientCode ?? payee.recipientCode,
    });
  } catch (error) {
    if (isViolation(error, '23514')) throw new AppError('FORBIDDEN', payoutTexts.ownRelease);
    throw error;
  }
  if (!claimed) throw new AppError('CONFLICT', 'This payout was already released.');
  try {
    await startTransfer(deps, claimed);
  } catch (error) {
    if (error instanceof AppError && error.code === 'UNAVAILABLE') {
      deps.log('payout release: the provider did not answer; the verify job follows it', {
        reference: claimed.reference,
      });
      return { payout: await listed(deps.db, id, true), accepted: true };
    }
    throw error;
  }
  return { payout: await listed(deps.db, id, true), accepted: false };
}

/** POST /admin/crowdfunding-payouts/{id}/finalize: the transfer's code (OTP), by an admin other than the approver. */
export async function finalizePayout(
  deps: PayoutsDeps,
  admin: Admin,
  id: string,
  otp: string,
): Promise<TPayout> {
  const { payout, campaign } = await payoutAndCampaign(deps, id);
  if (payout.status !== 'otp' || !payout.transferCode) {
    throw wrongState(payout, 'given a transfer code');
  }
  if (payout.approvedBy === admin.id || payout.requestedBy === admin.id) {
    throw new AppError('FORBIDDEN', payoutTexts.ownFinalize);
  }
  // The code is what lets the money leave: the campaign's state is checked once more. The
  // transfer waits for its code until the campaign may be paid again.
  const blocked = blockedReason(campaign);
  if (blocked) throw blocked;
  const report = await deps.payments.finalizeTransfer(payout.transferCode, otp);
  await applyTransferReport(deps, id, report);
  return listed(deps.db, id, true);
}

/**
 * POST /admin/crowdfunding-payouts/{id}/sandbox-settle: the sandbox bank decides a transfer and sends the
 * webhook Paystack would; the webhook does the rest.
 */
export async function sandboxSettlePayout(
  deps: PayoutsDeps,
  sandbox: SandboxControls | undefined,
  deliver: (event: SandboxEvent) => Promise<number>,
  id: string,
  outcome: 'success' | 'failed' | 'reversed',
): Promise<TPayout> {
  if (!sandbox) throw AppError.notFound('Sandbox bank');
  const { payout } = await payoutAndCampaign(deps, id);
  const event = await sandbox.settleTransfer(payout.reference, outcome);
  if (!event) {
    throw new AppError(
      'CONFLICT',
      'The sandbox bank holds no transfer of this payout that can be settled that way.',
    );
  }
  await deliver(event);
  return listed(deps.db, id, true);
}
