import { moneyLimits } from '@ipatient/contracts/money-rules';
import { auditLog, eq } from '@ipatient/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedInUser } from '../../../test/accounts.ts';
import { createMembers, insertCampaignRow } from '../../../test/campaigns.ts';
import {
  baseUrl,
  charges,
  completeCheckout,
  donationRow,
  fundGift,
  fundRow,
  gift,
  initialize,
  SECRET,
  seen,
  setFund,
  startGift,
  useFakePaystack,
  webhook,
} from '../../../test/donations-suite.ts';
import { apiCall, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { listEmails } from '../../plugins/mail/outbox.repository.ts';

useFakePaystack();

const started = (t: TestApp, overrides: object = {}) => startGift(t, fundGift(overrides));

async function emailsAbout(t: TestApp, reference: string) {
  return (await listEmails(t.database.db, { limit: 1000 })).filter((email) =>
    email.text.includes(reference),
  );
}

describe('gifts to the Green-Heart fund in the sandbox', () => {
  let t: TestApp;
  let organiser: SignedInUser;
  let campaignId: string;

  beforeAll(async () => {
    t = await createTestApp();
    [organiser] = (await createMembers(t, 1)) as [SignedInUser];
    campaignId = (await insertCampaignRow(t, organiser.id)).id;
  });
  afterAll(() => t.close());

  it('counts a fund gift once into the fund, with a receipt naming the fund and no organiser email', async () => {
    const before = await fundRow(t);
    const { reference, authorizationUrl } = await started(t, { keepInformed: 'on' });
    expect(authorizationUrl).toBe(`${t.config.publicUrl}/sandbox-checkout/${reference}`);
    expect(await donationRow(t, reference)).toMatchObject({
      campaignId: null,
      keepInformed: true,
      status: 'pending',
    });
    const page = await apiCall(t, 'GET', `/donations/sandbox/${reference}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().result).toMatchObject({ campaignTitle: 'the Green-Heart fund' });

    const pay = await completeCheckout(t, reference);
    expect(pay.statusCode, pay.body).toBe(200);
    const again = await completeCheckout(t, reference);
    expect(again.statusCode).toBe(409);
    const verify = await apiCall(t, 'GET', `/donations/verify/${reference}`);
    expect(verify.json().result).toMatchObject({
      status: 'succeeded',
      amount: 2000,
      campaignId: null,
    });

    const after = await fundRow(t);
    // The fund receives the gift less the provider's fee (1.5% under ₦2,500).
    expect(after.donatedKobo - before.donatedKobo).toBe(200_000 - 3_000);
    expect(after.availableKobo - before.availableKobo).toBe(200_000 - 3_000);
    const mails = await emailsAbout(t, reference);
    expect(mails.map((mail) => mail.to)).toEqual(['tunde@example.com']);
    expect(mails[0]?.subject).toBe('Your donation receipt: ₦2,000 to the Green-Heart fund');
    expect(mails[0]?.text).toContain('Given to: the Green-Heart fund');
    expect(mails[0]?.text).toContain(`${t.config.publicUrl}/green-heart-fund`);
    expect(mails[0]?.text).not.toContain('Tunde');
    // No campaign's organiser hears of it.
    const organiserMails = await listEmails(t.database.db, { to: organiser.email });
    expect(organiserMails.filter((mail) => mail.subject.startsWith('New donation'))).toEqual([]);

    const fund = await apiCall(t, 'GET', '/donations/fund');
    expect(fund.statusCode).toBe(200);
    expect(fund.json().result).toMatchObject({
      available: after.availableKobo / 100,
      donated: after.donatedKobo / 100,
      awarded: 0,
      weeklyAward: 0,
      recentAwards: [],
    });
  });

  it('lists the fund’s counted gifts newest first, anonymous ones without the name', async () => {
    const named = await started(t, { amount: 500 });
    const hidden = await started(t, { amount: 700, anonymous: true, name: 'Secret Giver' });
    const unpaid = await started(t, { amount: 900 });
    for (const { reference } of [named, hidden]) {
      const pay = await completeCheckout(t, reference);
      expect(pay.statusCode).toBe(200);
    }
    // A campaign gift is not the fund's.
    const toCampaign = await initialize(t, gift(campaignId, { amount: 300 }));
    expect(toCampaign.statusCode).toBe(201);
    const list = await apiCall(t, 'GET', '/donations/fund/gifts?limit=2');
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(
      body.results.map((row: { name: string; amount: number }) => [row.name, row.amount]),
    ).toEqual([
      ['Anonymous', 700],
      ['Tunde Bakare', 500],
    ]);
    expect(body.meta.total).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(body)).not.toContain('Secret Giver');
    expect(JSON.stringify(body)).not.toContain(unpaid.reference);
    expect((await apiCall(t, 'GET', '/donations/fund/gifts?limit=51')).statusCode).toBe(400);
  });

  it('refuses a gift with no target or with both a campaign and the fund, and bad flags', async () => {
    const cases: [object, string][] = [
      [{ ...fundGift(), fund: false }, 'campaignId'],
      [{ ...fundGift(), fund: undefined }, 'campaignId'],
      [{ ...fundGift(), campaignId }, 'fund'],
      [{ ...fundGift(), keepInformed: 'perhaps' }, 'keepInformed'],
      [{ ...fundGift(), fund: 'perhaps' }, 'fund'],
    ];
    for (const [payload, field] of cases) {
      const before = await fundRow(t);
      const response = await initialize(t, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(response.json().errors)).toContain(field);
      expect(await fundRow(t)).toEqual(before);
    }
    const none = await initialize(t, { ...fundGift(), fund: false });
    expect(none.json().errors.campaignId).toBe(
      'Choose a campaign to give to, or give to the Green-Heart fund',
    );
    const both = await initialize(t, { ...fundGift(), campaignId });
    expect(both.json().errors.fund).toBe('Give to a campaign or to the Green-Heart fund, not both');
    // A campaign gift still records keepInformed (off unless asked).
    const plain = await initialize(t, gift(campaignId));
    expect(plain.statusCode).toBe(201);
    expect((await donationRow(t, plain.json().result.reference))?.keepInformed).toBe(false);
  });
});

describe('setting the weekly award', () => {
  let t: TestApp;
  let member: SignedInUser;
  let admin: SignedInUser;

  beforeAll(async () => {
    t = await createTestApp();
    [member] = (await createMembers(t, 1)) as [SignedInUser];
    [admin] = (await createMembers(t, 1, 'admin')) as [SignedInUser];
  });
  afterAll(() => t.close());

  const setAward = (amount: unknown, as?: SignedInUser) =>
    apiCall(t, 'PUT', '/admin/green-heart-fund/award', { as, payload: { amount } as object });

  it('lets only an admin set it, and refuses amounts out of range', async () => {
    await setFund(t, 4_000_000, 0);
    expect((await setAward(5000)).statusCode).toBe(401);
    expect((await setAward(5000, member)).statusCode).toBe(403);
    for (const amount of [-1, 1.5, moneyLimits.weeklyAwardMaxNaira + 1, 'lots', null]) {
      const response = await setAward(amount, admin);
      expect(response.statusCode, String(amount)).toBe(400);
      expect(response.json().errors.amount).toBeTruthy();
    }
    expect((await fundRow(t)).weeklyAwardKobo).toBe(0);

    const set = await setAward(25_000, admin);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({
      message: 'The weekly award is saved.',
      result: { weeklyAward: 25_000, available: 40_000 },
    });
    expect(await fundRow(t)).toMatchObject({ weeklyAwardKobo: 2_500_000, updatedBy: admin.id });
    // Setting an award moves no money.
    expect(await fundRow(t)).toMatchObject({ availableKobo: 4_000_000, awardedKobo: 0 });
    expect((await apiCall(t, 'GET', '/donations/fund')).json().result.weeklyAward).toBe(25_000);

    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'PUT /api/v1/admin/green-heart-fund/award'));
    expect(entry).toMatchObject({
      actorId: admin.id,
      entityType: 'green-heart-fund',
      before: { weeklyAward: 0, available: 40_000 },
      after: { weeklyAward: 25_000, available: 40_000 },
    });

    const off = await setAward(0, admin);
    expect(off.statusCode).toBe(200);
    expect((await fundRow(t)).weeklyAwardKobo).toBe(0);
    const max = await setAward(String(moneyLimits.weeklyAwardMaxNaira), admin);
    expect(max.statusCode).toBe(200);
    expect((await fundRow(t)).weeklyAwardKobo).toBe(moneyLimits.weeklyAwardMaxNaira * 100);
  });
});

describe('gifts to the Green-Heart fund through Paystack', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { PAYSTACK_SECRET_KEY: SECRET, PAYSTACK_BASE_URL: baseUrl } });
  });
  afterAll(() => t.close());

  it('counts a fund gift once however often the webhook and the return page report it', async () => {
    const { reference, authorizationUrl } = await started(t, { amount: 3000 });
    expect(authorizationUrl).toBe(`https://checkout.paystack.com/${reference}`);
    expect(seen[0]?.body).toMatchObject({ amount: 300_000, reference });
    const before = await fundRow(t);
    const event = {
      event: 'charge.success',
      data: { reference, amount: 300_000, currency: 'NGN', status: 'success' },
    };
    const responses = await Promise.all(Array.from({ length: 20 }, () => webhook(t, event)));
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    charges.set(reference, { status: 'success', amount: 300_000, currency: 'NGN' });
    const verify = await apiCall(t, 'GET', `/donations/verify/${reference}`);
    expect(verify.json().result).toMatchObject({ status: 'succeeded', campaignId: null });
    const after = await fundRow(t);
    // 1.5% + ₦100 from ₦2,500 stays with the provider.
    expect(after.donatedKobo - before.donatedKobo).toBe(300_000 - 14_500);
    expect(after.availableKobo - before.availableKobo).toBe(300_000 - 14_500);
    expect((await emailsAbout(t, reference)).map((mail) => mail.to)).toEqual(['tunde@example.com']);
  });

  it('does not count a fund gift whose reported amount differs', async () => {
    const { reference } = await started(t, { amount: 1000 });
    const before = await fundRow(t);
    const hook = await webhook(t, {
      event: 'charge.success',
      data: { reference, amount: 1_000, currency: 'NGN' },
    });
    expect(hook.statusCode).toBe(200);
    expect((await donationRow(t, reference))?.flagReason).toBeTruthy();
    expect(await fundRow(t)).toEqual(before);
  });
});
