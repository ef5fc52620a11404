import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedInUser } from '../../../test/accounts.ts';
import { createMembers, insertCampaignRow } from '../../../test/campaigns.ts';
import { apiCall, createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  chargeSuccess,
  insertBill,
  insertPayout,
  ledgerRow,
  paidGift,
  pendingGift,
  reconciliation,
  refund,
  webhook,
} from '../../../test/money-suite.ts';

/**
 * Gifts settling, refunds starting and failing, and payouts taking money, all at once on one
 * campaign: every move is one statement under the row's lock, so the ledger balances and each
 * counter equals the sum of its rows whatever the interleaving.
 */
describe('the ledger under concurrent moves', () => {
  let t: TestApp;
  let organiser: SignedInUser;
  let admin: SignedInUser;

  beforeAll(async () => {
    t = await createTestApp();
    [organiser] = (await createMembers(t, 1)) as [SignedInUser];
    [admin] = (await createMembers(t, 1, 'admin')) as [SignedInUser];
  });
  afterAll(() => t.close());

  it('keeps donated + awarded = available + pending + paid out + refunded, and every counter equal to its rows', async () => {
    const campaignId = (await insertCampaignRow(t, organiser.id)).id;
    const bill = await insertBill(t, organiser.id, campaignId);
    const earlier = [];
    for (let i = 0; i < 10; i += 1) earlier.push(await paidGift(t, campaignId, 1000 + i * 100));
    const arriving = await Promise.all(
      Array.from({ length: 20 }, (_, i) => pendingGift(t, campaignId, 500 + i * 10)),
    );
    const payout = (naira: number) =>
      insertPayout(t, { campaignId, amountKobo: naira * 100, billDocumentId: bill.id });

    // Round one: 20 gifts settle (each delivered twice), 10 refunds start, 12 payouts ask.
    const first = await Promise.all([
      ...arriving.flatMap((gift) => [
        webhook(t, chargeSuccess(gift)),
        webhook(t, chargeSuccess(gift)),
      ]),
      ...earlier.map((gift, i) =>
        refund(
          t,
          admin,
          gift.id,
          i % 2 === 0 ? { reason: 'Whole' } : { amount: 300, reason: 'Part' },
        ),
      ),
      ...Array.from({ length: 12 }, () => payout(1500)),
    ]);
    const webhooks = first.slice(0, 40) as Awaited<ReturnType<typeof webhook>>[];
    expect(webhooks.every((response) => response.statusCode === 200)).toBe(true);
    const refunds = first.slice(40, 50) as Awaited<ReturnType<typeof refund>>[];
    for (const response of refunds) expect([201, 409]).toContain(response.statusCode);
    const started = refunds.filter((response) => response.statusCode === 201);
    expect(started.length).toBeGreaterThan(0);

    const afterFirst = await reconciliation(t, admin);
    expect(afterFirst.campaigns, JSON.stringify(afterFirst.campaigns)).toEqual([]);
    expect(afterFirst.ok).toBe(true);

    // Round two: half the refunds fail at the bank, the rest are processed, more payouts and gifts.
    const more = await Promise.all(
      Array.from({ length: 8 }, (_, i) => pendingGift(t, campaignId, 800 + i)),
    );
    await Promise.all([
      ...started.map((response, i) =>
        apiCall(t, 'POST', `/admin/refunds/${response.json().result._id}/sandbox-settle`, {
          as: admin,
          payload: { outcome: i % 2 === 0 ? 'failed' : 'processed' },
        }),
      ),
      ...more.map((gift) => webhook(t, chargeSuccess(gift))),
      ...Array.from({ length: 10 }, () => payout(2000)),
    ]);

    const end = await reconciliation(t, admin);
    expect(end.campaigns, JSON.stringify(end.campaigns)).toEqual([]);
    expect(end.ok).toBe(true);
    const ledger = await ledgerRow(t, campaignId);
    expect(ledger.donatedKobo + ledger.awardedKobo).toBe(
      ledger.availableKobo + ledger.pendingPayoutKobo + ledger.paidOutKobo + ledger.refundedKobo,
    );
    const gifts = [...earlier, ...arriving, ...more];
    expect(ledger.donatedKobo).toBe(gifts.reduce((sum, gift) => sum + gift.amountKobo, 0));
    expect(ledger.pendingPayoutKobo).toBeGreaterThan(0);
    expect(ledger.amountRaised).toBe((ledger.donatedKobo - ledger.refundedKobo) / 100);
  });
});
