import { type PayoutStatus, pendingPayoutStatuses } from '@ipatient/contracts/money-rules';
import { eq, payouts, refunds } from '@ipatient/db';
import { expect } from 'vitest';
import { SANDBOX_TRANSFER_OTP } from '../src/plugins/payments/sandbox.ts';
import type { SignedInUser } from './accounts.ts';
import { apiCall, type TestApp } from './helpers.ts';
import { ledgerRow, reconciliation } from './money-suite.ts';
import { adminAction, payoutRow, requestBody, requestPayout } from './payouts-suite.ts';

/**
 * Payouts taken all the way through the API while other money moves (the ledger's race test):
 * the organiser asks, one admin approves, another releases and enters the sandbox's transfer
 * code, and the sandbox bank settles the transfer with its signed webhook, through the admin's
 * sandbox-settle route or delivered twice at once as a provider retrying would. Also refunds
 * settled by the sandbox, and the books checked against the rows after each round.
 */
export interface PayoutActors {
  organiser: SignedInUser;
  /** The first key. */
  approver: SignedInUser;
  /** The second key: releases and enters the code (never the approver). */
  releaser: SignedInUser;
}

export interface TrackedPayout {
  id: string;
  reference: string;
  amountKobo: number;
  status: PayoutStatus;
}

/** A step of a payout after its request; the last three are the sandbox bank's decisions. */
export type PayoutStep = 'approve' | 'release' | 'finalize' | 'success' | 'failed' | 'reversed';

const settledAs: Record<'success' | 'failed' | 'reversed', PayoutStatus> = {
  success: 'paid',
  failed: 'failed',
  reversed: 'reversed',
};

/** The organiser asks for `naira`; undefined when the campaign does not hold it (409). */
export async function askPayout(
  t: TestApp,
  actors: PayoutActors,
  campaign: { id: string; billId: string },
  naira: number,
  payee?: 'hospital' | 'beneficiary',
): Promise<TrackedPayout | undefined> {
  const response = await requestPayout(
    t,
    actors.organiser,
    campaign.id,
    requestBody(campaign.billId, { amount: naira, ...(payee ? { payee } : {}) }),
  );
  if (response.statusCode === 409) {
    expect(response.json().errors.amount, response.body).toMatch(/^Only ₦[\d,.]+ is available\.$/);
    return undefined;
  }
  expect(response.statusCode, response.body).toBe(201);
  const { _id, reference } = response.json().result;
  return { id: _id, reference, amountKobo: naira * 100, status: 'requested' };
}

/** The sandbox bank decides a transfer and its webhook is delivered twice at once. */
async function settleDeliveredTwice(
  t: TestApp,
  payout: TrackedPayout,
  outcome: 'success' | 'failed' | 'reversed',
): Promise<PayoutStatus> {
  const event = await t.app.sandboxCheckout?.settleTransfer(payout.reference, outcome);
  if (!event) throw new Error(`the sandbox bank cannot settle ${payout.reference} as ${outcome}`);
  const codes = await Promise.all([
    t.app.deliverSandboxEvent(event),
    t.app.deliverSandboxEvent(event),
  ]);
  expect(codes).toEqual([200, 200]);
  return (await payoutRow(t, payout.id)).status;
}

async function take(
  t: TestApp,
  actors: PayoutActors,
  payout: TrackedPayout,
  step: PayoutStep,
  twice: boolean,
): Promise<PayoutStatus> {
  if (step === 'success' || step === 'failed' || step === 'reversed') {
    const status = twice
      ? await settleDeliveredTwice(t, payout, step)
      : await (async () => {
          const response = await adminAction(t, actors.releaser, payout.id, 'sandbox-settle', {
            outcome: step,
          });
          expect(response.statusCode, response.body).toBe(200);
          return response.json().result.status as PayoutStatus;
        })();
    expect(status, `${payout.reference} ${step}`).toBe(settledAs[step]);
    return status;
  }
  const response =
    step === 'approve'
      ? await adminAction(t, actors.approver, payout.id, 'approve')
      : step === 'release'
        ? await adminAction(t, actors.releaser, payout.id, 'release')
        : await adminAction(t, actors.releaser, payout.id, 'finalize', {
            otp: SANDBOX_TRANSFER_OTP,
          });
  expect(response.statusCode, `${payout.reference} ${step}: ${response.body}`).toBe(200);
  const expected = { approve: 'approved', release: 'otp', finalize: 'processing' }[step];
  expect(response.json().result.status).toBe(expected);
  return expected as PayoutStatus;
}

/**
 * Takes a payout through `steps` in order, each of which must succeed; the bank's decisions
 * are delivered twice at once when `twice`.
 */
export async function advance(
  t: TestApp,
  actors: PayoutActors,
  payout: TrackedPayout,
  steps: PayoutStep[],
  twice = false,
): Promise<TrackedPayout> {
  for (const step of steps) payout.status = await take(t, actors, payout, step, twice);
  return payout;
}

/** The sandbox bank settles a refund: by the admin's route, or its webhook delivered twice at once. */
export async function settleRefund(
  t: TestApp,
  admin: SignedInUser,
  refund: { _id: string; providerRefundId: string },
  outcome: 'processed' | 'failed',
  twice: boolean,
): Promise<void> {
  if (!twice) {
    const response = await apiCall(t, 'POST', `/admin/refunds/${refund._id}/sandbox-settle`, {
      as: admin,
      payload: { outcome },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result.status).toBe(outcome);
    return;
  }
  const event = await t.app.sandboxCheckout?.settleRefund(refund.providerRefundId, outcome);
  if (!event) throw new Error(`the sandbox cannot settle ${refund.providerRefundId}`);
  const codes = await Promise.all([
    t.app.deliverSandboxEvent(event),
    t.app.deliverSandboxEvent(event),
  ]);
  expect(codes).toEqual([200, 200]);
}

const sum = (rows: { amountKobo: number }[]) =>
  rows.reduce((total, row) => total + row.amountKobo, 0);

/**
 * The books after a round: the reconciliation finds nothing wrong, the ledger balances, donated
 * is the gifts that settled, paid out the payouts paid, pending the payouts in a pending state,
 * refunded the refunds not failed, and the card total follows the ledger.
 */
export async function expectBooks(
  t: TestApp,
  admin: SignedInUser,
  campaignId: string,
  settledGiftsKobo: number,
) {
  const check = await reconciliation(t, admin);
  expect(check.campaigns, JSON.stringify(check.campaigns)).toEqual([]);
  expect(check.ok).toBe(true);
  const ledger = await ledgerRow(t, campaignId);
  expect(ledger.donatedKobo + ledger.awardedKobo).toBe(
    ledger.availableKobo + ledger.pendingPayoutKobo + ledger.paidOutKobo + ledger.refundedKobo,
  );
  expect(ledger.donatedKobo).toBe(settledGiftsKobo);
  const payoutRows = await t.database.db
    .select({ amountKobo: payouts.amountKobo, status: payouts.status })
    .from(payouts)
    .where(eq(payouts.campaignId, campaignId));
  expect(ledger.paidOutKobo).toBe(sum(payoutRows.filter((row) => row.status === 'paid')));
  expect(ledger.pendingPayoutKobo).toBe(
    sum(payoutRows.filter((row) => pendingPayoutStatuses.includes(row.status))),
  );
  const refundRows = await t.database.db
    .select({ amountKobo: refunds.amountKobo, status: refunds.status })
    .from(refunds)
    .where(eq(refunds.campaignId, campaignId));
  expect(ledger.refundedKobo).toBe(sum(refundRows.filter((row) => row.status !== 'failed')));
  expect(ledger.amountRaised).toBe(
    Math.floor((ledger.donatedKobo + ledger.awardedKobo - ledger.refundedKobo) / 100),
  );
  return { ledger, payouts: payoutRows };
}
