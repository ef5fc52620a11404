import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedInUser } from '../../../test/accounts.ts';
import { createMembers, insertCampaignRow } from '../../../test/campaigns.ts';
import {
  baseUrl,
  campaignTotals,
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

useFakePaystack();

describe('donations in the sandbox (the embedded default)', () => {
  let t: TestApp;
  let organiser: SignedInUser;
  let admin: SignedInUser;
  let campaignId: string;

  beforeAll(async () => {
    t = await createTestApp();
    [organiser] = (await createMembers(t, 1)) as [SignedInUser];
    [admin] = (await createMembers(t, 1, 'admin')) as [SignedInUser];
    campaignId = (await insertCampaignRow(t, organiser.id, { title: 'Dialysis for Baba Musa' })).id;
  });
  afterAll(() => t.close());

  const started = (overrides: object = {}) => startGift(t, gift(campaignId, overrides));

  it('runs the whole sandbox checkout: Pay counts the gift once', async () => {
    const { reference, authorizationUrl } = await started({ amount: 1500 });
    expect(authorizationUrl).toBe(`${t.config.publicUrl}/sandbox-checkout/${reference}`);
    const page = await apiCall(t, 'GET', `/donations/sandbox/${reference}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().result).toEqual({
      reference,
      amount: 1500,
      currency: 'NGN',
      email: 'chiamaka@example.com',
      campaignTitle: 'Dialysis for Baba Musa',
      status: 'pending',
      channels: ['card', 'bank_transfer', 'ussd', 'bank'],
      channel: null,
      transferAccount: {
        bankName: 'Sandbox Microfinance Bank',
        accountNumber: expect.stringMatching(/^9\d{9}$/),
      },
      ussdCode: expect.stringMatching(/^\*737\*000\*1500\*\d{4}#$/),
    });
    const pay = await completeCheckout(t, reference);
    expect(pay.statusCode, pay.body).toBe(200);
    expect(pay.json().result.redirectUrl).toBe(
      `${t.config.publicUrl}/donations/return?reference=${reference}`,
    );
    // The webhook already settled it; the return page just reads it.
    expect((await donationRow(t, reference))?.status).toBe('succeeded');
    const verify = await apiCall(t, 'GET', `/donations/verify/${reference}`);
    // Card when the checkout is not told otherwise; the fee (1.5% under ₦2,500) is kept.
    expect(verify.json().result).toMatchObject({
      status: 'succeeded',
      amount: 1500,
      fee: 22.5,
      received: 1477.5,
      channel: 'card',
    });
    expect(await campaignTotals(t, campaignId)).toEqual({ amountRaised: 1477, donationCount: 1 });
    const again = await completeCheckout(t, reference);
    expect(again.statusCode).toBe(409);
    expect(await campaignTotals(t, campaignId)).toEqual({ amountRaised: 1477, donationCount: 1 });
  });

  it('Fail records a failed donation, uncounted', async () => {
    const { reference } = await started();
    const before = await campaignTotals(t, campaignId);
    const fail = await completeCheckout(t, reference, { outcome: 'failed' });
    expect(fail.statusCode).toBe(200);
    const verify = await apiCall(t, 'GET', `/donations/verify/${reference}`);
    expect(verify.json().result).toMatchObject({ status: 'failed', flagged: false });
    expect(await campaignTotals(t, campaignId)).toEqual(before);
  });

  it('refuses a webhook signed with anything but the sandbox secret', async () => {
    const { reference } = await started();
    const response = await webhook(t, {
      event: 'charge.success',
      data: { reference, amount: 500_000, currency: 'NGN' },
    });
    expect(response.statusCode).toBe(401);
    expect((await donationRow(t, reference))?.status).toBe('pending');
  });

  it('validates the gift, naming the field', async () => {
    const cases: [object, string][] = [
      [gift(campaignId, { amount: 99 }), 'amount'],
      [gift(campaignId, { amount: 10_000_001 }), 'amount'],
      [gift(campaignId, { amount: 150.5 }), 'amount'],
      [gift(campaignId, { email: 'not-an-email' }), 'email'],
      [gift(campaignId, { name: '' }), 'name'],
      [gift(campaignId, { name: 'x'.repeat(51) }), 'name'],
      [gift(campaignId, { name: 'URGENT: verify at evil.example' }), 'name'],
      [gift(campaignId, { message: 'x'.repeat(501) }), 'message'],
      [gift('not-a-uuid'), 'campaignId'],
    ];
    for (const [payload, field] of cases) {
      const response = await initialize(t, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json().errors).toHaveProperty(field);
    }
    const anonymous = await initialize(t, gift(campaignId, { name: undefined, anonymous: true }));
    expect(anonymous.statusCode).toBe(201);
  });

  it('accepts gifts only for active campaigns', async () => {
    const review = await insertCampaignRow(t, organiser.id, {
      status: 'awaiting_review',
      approvedAt: null,
    });
    const completed = await insertCampaignRow(t, organiser.id, { status: 'completed' });
    expect((await initialize(t, gift(review.id))).statusCode).toBe(404);
    const asOwner = await initialize(t, gift(review.id), organiser.headers);
    expect(asOwner.statusCode).toBe(409);
    expect(asOwner.json().message).toBe('This campaign is not accepting donations.');
    const done = await initialize(t, gift(completed.id));
    expect(done.statusCode).toBe(409);
    expect((await initialize(t, gift('00000000-0000-4000-8000-000000000000'))).statusCode).toBe(
      404,
    );
  });

  it('allows 10 initializations per network address per 10 minutes', async () => {
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/donations/initialize',
        payload: gift(campaignId),
        remoteAddress: '192.0.2.77',
      });
    for (let i = 0; i < 10; i += 1) expect((await send()).statusCode).toBe(201);
    const refused = await send();
    expect(refused.statusCode).toBe(429);
  });

  it('lists counted gifts newest first, anonymous as Anonymous', async () => {
    const own = await insertCampaignRow(t, organiser.id);
    const pay = async (overrides: object) => {
      const response = await initialize(t, gift(own.id, overrides));
      const { reference } = response.json().result;
      await completeCheckout(t, reference);
      return reference;
    };
    await pay({ amount: 100, name: 'Ada Obi' });
    await pay({ amount: 200, anonymous: true, name: 'Hidden Person', message: undefined });
    const failed = (await initialize(t, gift(own.id))).json().result.reference;
    await completeCheckout(t, failed, { outcome: 'failed' });
    const list = await apiCall(t, 'GET', `/crowdfunding/${own.id}/donations`);
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.meta).toEqual({ page: 1, limit: 10, total: 2 });
    expect(body.results.map((d: { name: string; amount: number }) => [d.name, d.amount])).toEqual([
      ['Anonymous', 200],
      ['Ada Obi', 100],
    ]);
    expect(JSON.stringify(body)).not.toContain('Hidden Person');
    expect(JSON.stringify(body)).not.toContain('chiamaka@example.com');
    expect(body.results[1].message).toBe('Get well soon');
    expect((await apiCall(t, 'GET', `/crowdfunding/${own.id}/donations?limit=51`)).statusCode).toBe(
      400,
    );
    const hidden = await insertCampaignRow(t, organiser.id, { status: 'rejected' });
    expect((await apiCall(t, 'GET', `/crowdfunding/${hidden.id}/donations`)).statusCode).toBe(404);
    expect(
      (await apiCall(t, 'GET', `/crowdfunding/${hidden.id}/donations`, { as: organiser }))
        .statusCode,
    ).toBe(200);
    expect(
      (await apiCall(t, 'GET', `/crowdfunding/${hidden.id}/donations`, { as: admin })).statusCode,
    ).toBe(200);
  });

  it('answers 404 for an unknown reference and 400 for a malformed one', async () => {
    expect((await apiCall(t, 'GET', '/donations/verify/IPD-AAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(
      404,
    );
    expect((await apiCall(t, 'GET', '/donations/verify/nonsense')).statusCode).toBe(400);
    expect(
      (await apiCall(t, 'GET', '/donations/sandbox/IPD-AAAAAAAAAAAAAAAAAAAA')).statusCode,
    ).toBe(404);
  });
});

describe('donations with PAYMENTS=sandbox beside a Paystack key (a staging site)', () => {
  let t: TestApp;
  let campaignId: string;

  beforeAll(async () => {
    t = await createTestApp({
      env: { PAYSTACK_SECRET_KEY: SECRET, PAYSTACK_BASE_URL: baseUrl, PAYMENTS: 'sandbox' },
    });
    const [organiser] = (await createMembers(t, 1)) as [SignedInUser];
    campaignId = (await insertCampaignRow(t, organiser.id)).id;
  });
  afterAll(() => t.close());

  it('takes gifts through the sandbox checkout, never Paystack', async () => {
    const { reference, authorizationUrl } = await startGift(t, gift(campaignId));
    expect(authorizationUrl).toBe(`${t.config.publicUrl}/sandbox-checkout/${reference}`);
    expect((await apiCall(t, 'GET', `/donations/sandbox/${reference}`)).statusCode).toBe(200);
    const pay = await completeCheckout(t, reference);
    expect(pay.statusCode, pay.body).toBe(200);
    expect((await donationRow(t, reference))?.status).toBe('succeeded');
    expect(seen).toEqual([]);
  });
});
