import { localFeeKobo } from '@ipatient/contracts/fees';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedInUser } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  advance,
  askPayout,
  expectBooks,
  type PayoutActors,
  type PayoutStep,
  settleRefund,
  type TrackedPayout,
} from '../../../test/money-race-suite.ts';
import {
  chargeSuccess,
  paidGift,
  pendingGift,
  refund,
  webhook,
} from '../../../test/money-suite.ts';
import { createFundedCampaign, createScene } from '../../../test/payouts-suite.ts';

/**
 * Gifts settling, refunds starting and settling, and payouts going all the way through the API
 * (the organiser asks, one admin approves, another releases and enters the code, the sandbox
 * bank pays, fails or reverses), all at once on one campaign: every move is one statement under
 * the row's lock, so after each round the ledger balances and each counter equals its rows.
 */
const sent: PayoutStep[] = ['approve', 'release', 'finalize'];
const kobo = (rows: { amountKobo: number }[]) => rows.reduce((sum, row) => sum + row.amountKobo, 0);
/** What gifts credited the campaign: each amount less the provider's fee it kept. */
const credited = (rows: { amountKobo: number; feeKobo: number }[]) =>
  rows.reduce((sum, row) => sum + row.amountKobo - row.feeKobo, 0);
/** Every gift carries the provider's fee, as gifts through the donate form do. */
const withFee = (naira: number) => ({ feeKobo: localFeeKobo(naira * 100) });

describe('the ledger under concurrent moves', () => {
  let t: TestApp;
  let actors: PayoutActors;
  let refunder: SignedInUser;
  let campaign: { id: string; billId: string };

  beforeAll(async () => {
    t = await createTestApp();
    const scene = await createScene(t);
    actors = { organiser: scene.organiser, approver: scene.admins[0], releaser: scene.admins[1] };
    refunder = scene.admins[2];
    // A live campaign at a hospital with a verified payout account, its beneficiary's account
    // verified too, a bill, and no money yet: every kobo arrives through the charge webhook.
    campaign = await createFundedCampaign(t, scene);
  });
  afterAll(() => t.close());

  it('keeps donated + awarded = available + pending + paid out + refunded, and every counter equal to its rows', async () => {
    const earlier = [];
    for (let i = 0; i < 10; i += 1) {
      const naira = 5000 + i * 100;
      earlier.push(await paidGift(t, campaign.id, naira, withFee(naira)));
    }
    const arriving = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        pendingGift(t, campaign.id, 500 + i * 10, withFee(500 + i * 10)),
      ),
    );
    let settled = credited(earlier);
    expect(settled).toBeLessThan(kobo(earlier));

    // Round one: 20 gifts settle (each delivered twice), 10 refunds start, and 12 payouts of
    // ₦2,000 go as far as each plan says. ₦54,500 was there before: enough for all of them.
    const plans: { steps: PayoutStep[]; twice?: boolean; payee?: 'beneficiary' }[] = [
      { steps: [...sent, 'success'] },
      { steps: [...sent, 'success'], twice: true },
      { steps: [...sent, 'failed'] },
      { steps: [...sent, 'failed'], twice: true },
      { steps: [...sent, 'success', 'reversed'] },
      { steps: [...sent, 'success', 'reversed'], twice: true },
      { steps: [] },
      { steps: ['approve'] },
      { steps: ['approve', 'release'] },
      { steps: sent },
      { steps: [...sent, 'success'], payee: 'beneficiary' },
      { steps: sent, payee: 'beneficiary', twice: true },
    ];
    const [charged, started, first] = await Promise.all([
      Promise.all(
        arriving.flatMap((gift) => [
          webhook(t, chargeSuccess(gift)),
          webhook(t, chargeSuccess(gift)),
        ]),
      ),
      Promise.all(
        earlier.map((gift, i) =>
          refund(
            t,
            refunder,
            gift.id,
            i % 2 === 0 ? { reason: 'Whole' } : { amount: 300, reason: 'Part' },
          ),
        ),
      ),
      Promise.all(
        plans.map(async (plan) => {
          const payout = await askPayout(t, actors, campaign, 2000, plan.payee);
          if (!payout) throw new Error('a round-one payout was refused');
          return advance(t, actors, payout, plan.steps, plan.twice);
        }),
      ),
    ]);
    expect(charged.map((response) => response.statusCode)).toEqual(charged.map(() => 200));
    for (const response of started) expect(response.statusCode, response.body).toBe(201);
    settled += credited(arriving);
    expect(first.map((payout) => payout.status)).toEqual([
      'paid',
      'paid',
      'failed',
      'failed',
      'reversed',
      'reversed',
      'requested',
      'approved',
      'otp',
      'processing',
      'paid',
      'processing',
    ]);
    const one = await expectBooks(t, refunder, campaign.id, settled);
    // A whole refund returns what the gift brought (its fee stays with the provider); a part, ₦300.
    const wholes = credited(earlier.filter((_, i) => i % 2 === 0));
    expect(one.ledger).toMatchObject({
      pendingPayoutKobo: 1_000_000,
      paidOutKobo: 600_000,
      refundedKobo: wholes + 5 * 300_00,
    });

    // Round two: the refunds settle (the whole ones fail, the parts are processed), 8 more gifts
    // arrive twice, the payouts left half-way go on, and 9 new payouts of ₦8,000 ask for more
    // than the campaign can ever hold: some are refused, the rest are paid or fail.
    const more = await Promise.all(
      Array.from({ length: 8 }, (_, i) => pendingGift(t, campaign.id, 800 + i, withFee(800 + i))),
    );
    const [p6, p7, p8, p9, , p11] = first.slice(6) as TrackedPayout[];
    if (!p6 || !p7 || !p8 || !p9 || !p11) throw new Error('round one lost a payout');
    let granted = 0;
    const [, recharged, , second] = await Promise.all([
      Promise.all(
        started.map((response, i) =>
          settleRefund(
            t,
            refunder,
            response.json().result,
            i % 2 === 0 ? 'failed' : 'processed',
            i % 4 >= 2,
          ),
        ),
      ),
      Promise.all(
        more.flatMap((gift) => [webhook(t, chargeSuccess(gift)), webhook(t, chargeSuccess(gift))]),
      ),
      Promise.all([
        advance(t, actors, p6, [...sent, 'success']),
        advance(t, actors, p7, ['release', 'finalize', 'failed'], true),
        advance(t, actors, p8, ['finalize', 'success', 'reversed']),
        advance(t, actors, p9, ['failed']),
        advance(t, actors, p11, ['success'], true),
      ]),
      Promise.all(
        Array.from({ length: 9 }, async (_, i) => {
          const payout = await askPayout(
            t,
            actors,
            campaign,
            8000,
            i % 3 === 0 ? 'beneficiary' : undefined,
          );
          if (!payout) return undefined;
          granted += 1;
          return advance(
            t,
            actors,
            payout,
            [...sent, granted % 2 === 1 ? 'success' : 'failed'],
            i % 2 === 0,
          );
        }),
      ),
    ]);
    expect(recharged.every((response) => response.statusCode === 200)).toBe(true);
    settled += credited(more);
    expect([p6, p7, p8, p9, p11].map((payout) => payout.status)).toEqual([
      'paid',
      'failed',
      'reversed',
      'failed',
      'paid',
    ]);
    const asked = second.filter((payout) => payout !== undefined);
    expect(asked.length).toBeGreaterThanOrEqual(2);
    expect(asked.length).toBeLessThan(9);
    expect(asked.map((payout) => payout.status).sort()).toEqual(
      asked.map((_, i) => (i % 2 === 0 ? 'paid' : 'failed')).sort(),
    );
    const two = await expectBooks(t, refunder, campaign.id, settled);

    // Round three: refunds of the arriving gifts race 4 payouts, each of a third of what is
    // left, and a paid payout is reversed by the bank; then every refund that started is
    // processed. They ask for more than there is: some are refused.
    const share = Math.ceil(two.ledger.availableKobo / 300);
    const [paid] = first;
    if (!paid) throw new Error('round one lost its first payout');
    const [again, third] = await Promise.all([
      Promise.all(arriving.map((gift) => refund(t, refunder, gift.id, { reason: 'Asked back' }))),
      Promise.all([
        advance(t, actors, paid, ['reversed'], true),
        ...Array.from({ length: 4 }, async (_, i) => {
          const payout = await askPayout(t, actors, campaign, share);
          return payout && advance(t, actors, payout, [...sent, 'success'], i % 2 === 0);
        }),
      ]),
    ]);
    for (const response of again) {
      if (response.statusCode === 409) {
        expect(response.json().message).toMatch(/is available to refund/);
      } else {
        expect(response.statusCode, response.body).toBe(201);
      }
    }
    expect(third[0]?.status).toBe('reversed');
    for (const payout of third.slice(1)) if (payout) expect(payout.status).toBe('paid');
    const refused =
      again.filter((response) => response.statusCode === 409).length +
      third.slice(1).filter((payout) => payout === undefined).length;
    expect(refused).toBeGreaterThan(0);
    await expectBooks(t, refunder, campaign.id, settled);
    const begun = again.filter((response) => response.statusCode === 201);
    await Promise.all(
      begun.map((response, i) =>
        settleRefund(t, refunder, response.json().result, 'processed', i % 2 === 0),
      ),
    );
    const end = await expectBooks(t, refunder, campaign.id, settled);
    expect(end.ledger.refundedKobo).toBe(
      150_000 +
        kobo(begun.map((response) => ({ amountKobo: response.json().result.amount * 100 }))),
    );
  });
});
