import { donationTexts } from '@ipatient/contracts/donations';
import { grossUpKobo, localFeeKobo } from '@ipatient/contracts/fees';
import { campaigns, donations, eq } from '@ipatient/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, type SignedInUser } from '../../../test/accounts.ts';
import { createMembers, insertCampaignRow } from '../../../test/campaigns.ts';
import {
  baseUrl,
  charges,
  completeCheckout,
  donationRow,
  gift,
  initialize,
  SECRET,
  seen,
  startGift,
  useFakePaystack,
  webhook,
} from '../../../test/donations-suite.ts';
import { apiCall, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { listEmails } from '../../plugins/mail/outbox.repository.ts';

useFakePaystack();

async function credited(t: TestApp, campaignId: string) {
  const [row] = await t.database.db
    .select({ donatedKobo: campaigns.donatedKobo, availableKobo: campaigns.availableKobo })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId));
  return row;
}

describe('giving the Nigerian way (sandbox)', () => {
  let t: TestApp;
  let organiser: SignedInUser;
  let member: SignedInUser;
  let other: SignedInUser;
  let campaignId: string;

  beforeAll(async () => {
    t = await createTestApp();
    [organiser, member, other] = (await createMembers(t, 3)) as [
      SignedInUser,
      SignedInUser,
      SignedInUser,
    ];
    campaignId = (await insertCampaignRow(t, organiser.id, { title: 'Surgery for Ada' })).id;
  });
  afterAll(() => t.close());

  const started = (overrides: object = {}, headers: Record<string, string> = {}) =>
    startGift(t, gift(campaignId, overrides), headers);

  const pay = (reference: string, channel?: string) =>
    completeCheckout(t, reference, { outcome: 'success', ...(channel ? { channel } : {}) });

  it('keeps the fee from a gift and credits the campaign the rest', async () => {
    const before = await credited(t, campaignId);
    const result = await started({ amount: 2500 });
    expect(result).toMatchObject({ total: 2500, fee: 137.5, received: 2362.5 });
    const row = await donationRow(t, result.reference);
    expect(row).toMatchObject({ amountKobo: 250_000, feeKobo: 13_750, feeCovered: false });
    expect((await pay(result.reference)).statusCode).toBe(200);
    const after = await credited(t, campaignId);
    expect((after?.donatedKobo ?? 0) - (before?.donatedKobo ?? 0)).toBe(236_250);
    expect((after?.availableKobo ?? 0) - (before?.availableKobo ?? 0)).toBe(236_250);
  });

  it('charges the gift plus the fee when the donor covers it, so the campaign gets it whole', async () => {
    const before = await credited(t, campaignId);
    const expected = grossUpKobo(2_480_00);
    const result = await started({ amount: 2480, coverFee: true, total: expected / 100 });
    expect(result).toEqual(
      expect.objectContaining({
        total: expected / 100,
        fee: localFeeKobo(expected) / 100,
        received: 2480,
      }),
    );
    expect(await donationRow(t, result.reference)).toMatchObject({
      amountKobo: expected,
      feeKobo: localFeeKobo(expected),
      feeCovered: true,
    });
    const page = await apiCall(t, 'GET', `/donations/sandbox/${result.reference}`);
    expect(page.json().result.amount).toBe(expected / 100);
    expect((await pay(result.reference, 'bank_transfer')).statusCode).toBe(200);
    const after = await credited(t, campaignId);
    expect((after?.donatedKobo ?? 0) - (before?.donatedKobo ?? 0)).toBe(2_480_00);
  });

  it('refuses a total that does not add up, writing nothing', async () => {
    const count = async () =>
      (await t.database.db.select().from(donations).where(eq(donations.campaignId, campaignId)))
        .length;
    const before = await count();
    for (const payload of [
      { amount: 1000, total: 1000, coverFee: true },
      { amount: 1000, total: 1015 },
      { amount: 1000, total: 1015.24, coverFee: true },
    ]) {
      const response = await initialize(t, gift(campaignId, payload));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toBe(donationTexts.totalDoesNotAddUp);
      expect(response.json().errors.total).toBe(donationTexts.totalDoesNotAddUp);
    }
    for (const total of ['lots', -5, 10.001]) {
      const response = await initialize(t, gift(campaignId, { total }));
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.total).toBeTruthy();
    }
    const bad = await initialize(t, gift(campaignId, { coverFee: 'maybe' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.coverFee).toBe('coverFee must be true or false');
    // The total that does add up is taken.
    const fine = await initialize(
      t,
      gift(campaignId, { amount: 1000, total: grossUpKobo(1_000_00) / 100, coverFee: 'on' }),
    );
    expect(fine.statusCode, fine.body).toBe(201);
    expect(await count()).toBe(before + 1);
  });

  it('offers card, bank transfer, USSD and bank, and records the way chosen', async () => {
    for (const channel of ['bank_transfer', 'ussd', 'bank', 'card'] as const) {
      const { reference } = await started({ amount: 1000 });
      const page = await apiCall(t, 'GET', `/donations/sandbox/${reference}`);
      expect(page.json().result.channels).toEqual(['card', 'bank_transfer', 'ussd', 'bank']);
      expect((await pay(reference, channel)).statusCode).toBe(200);
      expect(await donationRow(t, reference)).toMatchObject({ status: 'succeeded', channel });
      const verify = await apiCall(t, 'GET', `/donations/verify/${reference}`);
      expect(verify.json().result).toMatchObject({ channel, campaignTitle: 'Surgery for Ada' });
      const after = await apiCall(t, 'GET', `/donations/sandbox/${reference}`);
      expect(after.json().result).toMatchObject({ status: 'success', channel });
    }
    const { reference } = await started({ amount: 1000 });
    const unknown = await pay(reference, 'bitcoin');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.channel).toBe('channel must be card, bank_transfer, ussd or bank');
    expect((await donationRow(t, reference))?.status).toBe('pending');
  });

  it('refuses a gift to a campaign whose time is over, even with an extension passed', async () => {
    const ended = await insertCampaignRow(t, organiser.id, {
      duration: '1 month',
      approvedAt: new Date(Date.now() - 40 * 24 * 3600 * 1000),
      extensionDays: 5,
    });
    const refused = await initialize(t, gift(ended.id));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This campaign has ended and no longer takes donations.');
    // Extended past today: still taking gifts.
    const extended = await insertCampaignRow(t, organiser.id, {
      duration: '1 month',
      approvedAt: new Date(Date.now() - 40 * 24 * 3600 * 1000),
      extensionDays: 15,
    });
    expect((await initialize(t, gift(extended.id))).statusCode).toBe(201);
  });

  it('lists a member’s own gifts only, newest first, with receipt links', async () => {
    const mine = [
      await started({ amount: 700 }, member.headers),
      await started({ amount: 900 }, member.headers),
    ];
    await started({ amount: 800 }, other.headers);
    await pay(mine[1]?.reference ?? '', 'ussd');
    const response = await apiCall(t, 'GET', '/donations/mine?limit=10', { as: member });
    expect(response.statusCode, response.body).toBe(200);
    const { results, meta } = response.json();
    expect(meta).toMatchObject({ page: 1, limit: 10, total: 2 });
    expect(results.map((row: { reference: string }) => row.reference)).toEqual([
      mine[1]?.reference,
      mine[0]?.reference,
    ]);
    expect(results[0]).toMatchObject({
      campaignTitle: 'Surgery for Ada',
      amount: 900,
      fee: 13.5,
      received: 886.5,
      status: 'succeeded',
      channel: 'ussd',
      receiptPath: expect.stringMatching(/^\/donations\/receipt\?ref=IPD-[A-Z2-7]{20}&sig=/),
    });
    expect(results[1]).toMatchObject({ status: 'pending', channel: null, paidAt: null });
    const paged = await apiCall(t, 'GET', '/donations/mine?limit=1&page=2', { as: member });
    expect(paged.json().results.map((row: { reference: string }) => row.reference)).toEqual([
      mine[0]?.reference,
    ]);
    const theirs = await apiCall(t, 'GET', '/donations/mine', { as: other });
    expect(theirs.json().results).toHaveLength(1);
    expect(theirs.json().results[0].amount).toBe(800);
    expect((await apiCall(t, 'GET', '/donations/mine')).statusCode).toBe(401);
    const badPage = await apiCall(t, 'GET', '/donations/mine?page=0', { as: member });
    expect(badPage.statusCode).toBe(400);
  });

  it('shows a gift through its signed receipt link and nothing else', async () => {
    const { reference } = await started({ amount: 3000, email: 'kemi@example.com' });
    expect((await pay(reference, 'bank_transfer')).statusCode).toBe(200);
    const [receipt] = (await listEmails(t.database.db, { to: 'kemi@example.com' })).filter(
      (email) => email.text.includes(reference),
    );
    const link = /(http\S+\/donations\/receipt\?ref=\S+)/.exec(receipt?.text ?? '')?.[1];
    expect(link).toBeTruthy();
    expect(receipt?.text).toContain('The campaign receives: ₦2,855');
    const url = new URL(link ?? '');
    const ok = await apiCall(t, 'GET', `/donations/receipt${url.search}`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().result).toMatchObject({
      reference,
      campaignTitle: 'Surgery for Ada',
      amount: 3000,
      fee: 145,
      received: 2855,
      channel: 'bank_transfer',
      status: 'succeeded',
    });
    const sig = url.searchParams.get('sig') ?? '';
    const { reference: another } = await started({ amount: 1000 });
    const forged = sig.startsWith('A') ? `B${sig.slice(1)}` : `A${sig.slice(1)}`;
    for (const query of [
      `ref=${reference}&sig=${forged}`,
      // A signature is for its own gift only.
      `ref=${another}&sig=${sig}`,
    ]) {
      const response = await apiCall(t, 'GET', `/donations/receipt?${query}`);
      expect(response.statusCode).toBe(404);
    }
    const malformed = await apiCall(t, 'GET', `/donations/receipt?ref=${reference}&sig=short`);
    expect(malformed.statusCode).toBe(400);
  });

  it('leaves out a word of support an admin hid', async () => {
    const { reference } = await started({ amount: 1000, message: 'Stay strong, Ada' });
    await pay(reference);
    const listed = async () => {
      const response = await apiCall(t, 'GET', `/crowdfunding/${campaignId}/donations?limit=50`);
      return response
        .json()
        .results.find((row: { amount: number; message: string | null }) =>
          row.message === 'Stay strong, Ada' ? row : undefined,
        );
    };
    expect(await listed()).toBeTruthy();
    const row = await donationRow(t, reference);
    const admin = await createSignedInUser(t, { role: 'admin' });
    const hidden = await apiCall(t, 'POST', `/admin/donations/${row?.id}/hide-message`, {
      as: admin,
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    // Gone at once: the hiding empties what this server keeps of the list.
    expect(await listed()).toBeUndefined();
    const response = await apiCall(t, 'GET', `/crowdfunding/${campaignId}/donations?limit=50`);
    const shown = response.json().results.find((item: { _id: string }) => item._id === row?.id);
    expect(shown).toMatchObject({ amount: 1000, message: null });
  });
});

describe('giving through Paystack: channels and the way paid', () => {
  let t: TestApp;
  let campaignId: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { PAYSTACK_SECRET_KEY: SECRET, PAYSTACK_BASE_URL: baseUrl } });
    const [organiser] = (await createMembers(t, 1)) as [SignedInUser];
    campaignId = (await insertCampaignRow(t, organiser.id)).id;
  });
  afterAll(() => t.close());

  const started = async (overrides: object = {}) =>
    (await startGift(t, gift(campaignId, overrides))).reference;

  it('sends the four channels and the grossed-up amount to Paystack', async () => {
    await started({ amount: 5000, coverFee: true });
    const [call] = seen;
    expect(call?.body).toMatchObject({
      amount: grossUpKobo(5_000_00),
      channels: ['card', 'bank_transfer', 'ussd', 'bank'],
    });
  });

  it('records the channel from Paystack’s verify answer', async () => {
    const reference = await started({ amount: 1000 });
    const charge = { status: 'success', amount: 100_000, currency: 'NGN', channel: 'ussd' };
    charges.set(reference, charge);
    const verify = await apiCall(t, 'GET', `/donations/verify/${reference}`);
    expect(verify.json().result).toMatchObject({ status: 'succeeded', channel: 'ussd' });
    expect((await donationRow(t, reference))?.channel).toBe('ussd');
  });

  it('records the channel from the charge.success webhook', async () => {
    const reference = await started({ amount: 1000 });
    const hook = await webhook(t, {
      event: 'charge.success',
      data: { reference, amount: 100_000, currency: 'NGN', channel: 'bank_transfer' },
    });
    expect(hook.statusCode).toBe(200);
    expect(await donationRow(t, reference)).toMatchObject({
      status: 'succeeded',
      channel: 'bank_transfer',
      feeKobo: 1_500,
    });
  });
});
