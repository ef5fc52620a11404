import { campaigns, campaignWeeklyWinners, eq, sql } from '@ipatient/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, type SignedInUser } from '../../../test/accounts.ts';
import { createMembers, insertCampaignRow } from '../../../test/campaigns.ts';
import { apiCall, createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  insertBill,
  insertFacility,
  insertPayout,
  paidGift,
  refund,
} from '../../../test/money-suite.ts';

describe('the public ledger of a campaign', () => {
  let t: TestApp;
  let organiser: SignedInUser;
  let stranger: SignedInUser;
  let admin: SignedInUser;
  let approver: SignedInUser;

  beforeAll(async () => {
    t = await createTestApp();
    [organiser, stranger] = (await createMembers(t, 2)) as [SignedInUser, SignedInUser];
    admin = await createSignedInUser(t, { role: 'admin', firstName: 'Zainab' });
    approver = await createSignedInUser(t, { role: 'admin', firstName: 'Obiageli' });
  });
  afterAll(() => t.close());

  /** A weekly award from the fund, as the award job moves it (ledger and card in one statement). */
  async function award(campaignId: string, weekStart: string, kobo: number) {
    await t.database.db.insert(campaignWeeklyWinners).values({
      weekStart: new Date(weekStart),
      weekEnd: new Date(new Date(weekStart).getTime() + 7 * 86_400_000),
      campaignId,
      likes: 12,
      awardKobo: kobo,
      awardOutcome: 'awarded',
    });
    await t.database.db
      .update(campaigns)
      .set({
        awardedKobo: sql`${campaigns.awardedKobo} + ${kobo}`,
        availableKobo: sql`${campaigns.availableKobo} + ${kobo}`,
        amountRaised: sql`${campaigns.amountRaised} + ${kobo / 100}`,
      })
      .where(eq(campaigns.id, campaignId));
  }

  it('shows money in, money out and the balance, naming payees without their numbers', async () => {
    const campaignId = (await insertCampaignRow(t, organiser.id)).id;
    const gifts = [];
    for (const naira of [100_000, 50_000, 20_000]) {
      gifts.push(await paidGift(t, campaignId, naira, { donorEmail: 'secret-donor@example.com' }));
    }
    await award(campaignId, '2025-03-03T00:00:00+01:00', 5_000_000);
    // A week won with no award set is not money in.
    await t.database.db.insert(campaignWeeklyWinners).values({
      weekStart: new Date('2025-03-10T00:00:00+01:00'),
      weekEnd: new Date('2025-03-17T00:00:00+01:00'),
      campaignId,
      likes: 9,
    });
    const hospital = await insertFacility(t, 'Lagos University Teaching Hospital');
    const bill = await insertBill(t, organiser.id, campaignId);
    const people = { requestedBy: organiser.id, approvedBy: admin.id, releasedBy: approver.id };
    await insertPayout(t, {
      campaignId,
      amountKobo: 6_000_000,
      billDocumentId: bill.id,
      status: 'paid',
      payeeKind: 'hospital',
      facilityId: hospital.id,
      payeeName: 'LUTH',
      accountNumber: '0123456789',
      purpose: 'Surgery deposit',
      ...people,
    });
    await insertPayout(t, {
      campaignId,
      amountKobo: 2_000_000,
      billDocumentId: bill.id,
      status: 'paid',
      purpose: 'Drugs for two weeks',
      ...people,
    });
    await insertPayout(t, {
      campaignId,
      amountKobo: 1_000_000,
      billDocumentId: bill.id,
      status: 'reversed',
      purpose: 'Physiotherapy',
      reason: 'The bank returned it',
      settledAt: new Date('2025-03-20T10:00:00Z'),
      ...people,
    });
    await insertPayout(t, {
      campaignId,
      amountKobo: 500_000,
      billDocumentId: bill.id,
      status: 'approved',
      purpose: 'Scan',
      ...people,
    });
    const gift = gifts[2];
    if (!gift) throw new Error('no gift');
    expect(
      (await refund(t, admin, gift.id, { amount: 2000, reason: 'Paid twice' })).statusCode,
    ).toBe(201);

    const response = await apiCall(t, 'GET', `/crowdfunding/${campaignId}/ledger`);
    expect(response.statusCode, response.body).toBe(200);
    const ledger = response.json().result;
    expect(ledger).toEqual({
      campaignId,
      moneyIn: {
        donated: 170_000,
        donations: 3,
        awarded: 50_000,
        awards: [{ weekStart: '2025-03-02T23:00:00.000Z', amount: 50_000 }],
      },
      moneyOut: {
        paidOut: 80_000,
        payouts: expect.any(Array),
        inProgress: 5000,
        refunded: 2000,
      },
      balance: 170_000 + 50_000 - 80_000 - 5000 - 2000,
    });
    const payouts = ledger.moneyOut.payouts as { payee: string; status: string }[];
    expect(payouts).toHaveLength(3);
    expect(payouts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          amount: 60_000,
          payee: 'Lagos University Teaching Hospital (verified)',
          payeeKind: 'hospital',
          purpose: 'Surgery deposit',
          status: 'paid',
        }),
        expect.objectContaining({
          amount: 20_000,
          payee: "beneficiary's account ••4579",
          purpose: 'Drugs for two weeks',
          status: 'paid',
        }),
        expect.objectContaining({
          amount: 10_000,
          status: 'reversed',
          date: '2025-03-20T10:00:00.000Z',
        }),
      ]),
    );
    // Nothing private: account numbers, documents, admins, donors, reasons.
    for (const secret of [
      '1234564579',
      '0123456789',
      bill.id,
      bill.storageKey,
      'Zainab',
      'Obiageli',
      admin.id,
      'secret-donor',
      'Paid twice',
      'The bank returned it',
      'LUTH',
    ]) {
      expect(response.body).not.toContain(secret);
    }
  });

  it('is readable by whoever may read the campaign', async () => {
    const id = (await insertCampaignRow(t, organiser.id, { status: 'awaiting_review' })).id;
    expect((await apiCall(t, 'GET', `/crowdfunding/${id}/ledger`)).statusCode).toBe(404);
    const asStranger = await apiCall(t, 'GET', `/crowdfunding/${id}/ledger`, { as: stranger });
    expect(asStranger.statusCode).toBe(404);
    const asOwner = await apiCall(t, 'GET', `/crowdfunding/${id}/ledger`, { as: organiser });
    expect(asOwner.statusCode).toBe(200);
    expect(asOwner.json().result).toMatchObject({ balance: 0, moneyIn: { donations: 0 } });
    const asAdmin = await apiCall(t, 'GET', `/crowdfunding/${id}/ledger`, { as: admin });
    expect(asAdmin.statusCode).toBe(200);
    const missing = await apiCall(t, 'GET', '/crowdfunding/not-an-id/ledger');
    expect(missing.statusCode).toBe(400);
  });
});
