import { campaigns, donations, eq } from '@ipatient/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedInUser } from '../../../test/accounts.ts';
import { createMembers, insertCampaignRow } from '../../../test/campaigns.ts';
import {
  type Answer,
  answerWith,
  baseUrl,
  campaignTotals,
  charges,
  completeCheckout,
  donationRow,
  dropPaystackConnections,
  gift,
  initialize,
  json,
  paystack,
  SECRET,
  seen,
  startGift,
  useFakePaystack,
  webhook,
} from '../../../test/donations-suite.ts';
import { apiCall, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { listEmails } from '../../plugins/mail/outbox.repository.ts';
import { signWebhook } from '../../plugins/payments/payments.ts';

useFakePaystack();

describe('donations through Paystack', () => {
  let t: TestApp;
  let organiser: SignedInUser;
  let member: SignedInUser;
  let campaignId: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { PAYSTACK_SECRET_KEY: SECRET, PAYSTACK_BASE_URL: baseUrl } });
    [organiser, member] = (await createMembers(t, 2)) as [SignedInUser, SignedInUser];
    campaignId = (await insertCampaignRow(t, organiser.id)).id;
  });
  afterAll(() => t.close());

  /** What the campaign's ledger was credited (kobo): gifts less the provider's fee. */
  async function donatedKobo(): Promise<number> {
    const [row] = await t.database.db
      .select({ kobo: campaigns.donatedKobo })
      .from(campaigns)
      .where(eq(campaigns.id, campaignId));
    return row?.kobo ?? 0;
  }

  const started = async (overrides: object = {}, headers: Record<string, string> = {}) =>
    (await startGift(t, gift(campaignId, overrides), headers)).reference;

  it('initializes with Paystack in kobo with a unique reference and records the member', async () => {
    const result = await startGift(t, gift(campaignId), member.headers);
    expect(result.reference).toMatch(/^IPD-[A-Z2-7]{20}$/);
    expect(result.provider).toBe('paystack');
    expect(result.authorizationUrl).toBe(`https://checkout.paystack.com/${result.reference}`);
    const [request] = seen;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/transaction/initialize');
    expect(request?.authorization).toBe(`Bearer ${SECRET}`);
    expect(request?.body).toMatchObject({
      email: 'chiamaka@example.com',
      amount: 500_000,
      reference: result.reference,
      currency: 'NGN',
      callback_url: `${t.config.publicUrl}/donations/return?reference=${result.reference}`,
      metadata: { campaignId },
      // Every way Nigerians pay is offered at Paystack's checkout.
      channels: ['card', 'bank_transfer', 'ussd', 'bank'],
    });
    const row = await donationRow(t, result.reference);
    expect(row).toMatchObject({ status: 'pending', amountKobo: 500_000, userId: member.id });
    const other = await started();
    expect(other).not.toBe(result.reference);
  });

  it('counts a verified payment exactly once, with a receipt and an organiser email', async () => {
    const reference = await started({ amount: 2500 });
    const before = await campaignTotals(t, campaignId);
    const creditedBefore = await donatedKobo();
    charges.set(reference, { status: 'success', amount: 250_000, currency: 'NGN' });
    const first = await apiCall(t, 'GET', `/donations/verify/${reference}`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().result).toEqual({
      reference,
      status: 'succeeded',
      amount: 2500,
      campaignId,
      flagged: false,
      // 1.5% + ₦100 from ₦2,500: the campaign receives the rest.
      fee: 137.5,
      received: 2362.5,
      campaignTitle: expect.any(String),
      channel: null,
    });
    const again = await apiCall(t, 'GET', `/donations/verify/${reference}`);
    expect(again.json().result.status).toBe('succeeded');
    const after = await campaignTotals(t, campaignId);
    expect(await donatedKobo()).toBe(creditedBefore + 250_000 - 13_750);
    expect(after?.donationCount).toBe((before?.donationCount ?? 0) + 1);
    const receipts = (await listEmails(t.database.db, { to: 'chiamaka@example.com' })).filter(
      (email) => email.text.includes(reference),
    );
    expect(receipts).toHaveLength(1);
    const organiserMails = (await listEmails(t.database.db, { to: organiser.email })).filter(
      (email) => email.subject.startsWith('New donation'),
    );
    expect(organiserMails.length).toBeGreaterThanOrEqual(1);
    // Anyone can give with any address: the receipt holds nothing the donor typed.
    const [receipt] = receipts;
    expect(receipt?.text.startsWith('Hello,\n')).toBe(true);
    expect(receipt?.text).toContain('Shown on the campaign as: the name you gave');
    for (const typed of ['Chiamaka', 'Get well soon']) {
      expect(receipt?.text).not.toContain(typed);
      expect(receipt?.html).not.toContain(typed);
    }
    // The organiser learns who gave (a checked name) but reads the message on the campaign page.
    const notice = organiserMails.find((email) => email.text.includes('Chiamaka Eze gave'));
    expect(notice?.text).toContain('They left a message for you: read it on your campaign page.');
    expect(notice?.text).not.toContain('Get well soon');
    expect(notice?.html).not.toContain('Get well soon');
    // The campaign shows the new totals.
    const campaign = await apiCall(t, 'GET', `/single-crowedfunding/${campaignId}`);
    expect(campaign.json().result).toMatchObject({
      amountRaised: after?.amountRaised,
      donationCount: after?.donationCount,
    });
  });

  it.each([
    ['amount', { status: 'success', amount: 100_000, currency: 'NGN' }],
    ['currency', { status: 'success', amount: 300_000, currency: 'USD' }],
  ])('does not count a payment whose %s differs, and flags it', async (_label, charge) => {
    const reference = await started({ amount: 3000 });
    const before = await campaignTotals(t, campaignId);
    charges.set(reference, charge);
    const response = await apiCall(t, 'GET', `/donations/verify/${reference}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toMatchObject({ status: 'failed', flagged: true });
    expect(await campaignTotals(t, campaignId)).toEqual(before);
    expect((await donationRow(t, reference))?.flagReason).toBeTruthy();
    // A later correct-looking webhook does not count a flagged payment either.
    const hook = await webhook(t, {
      event: 'charge.success',
      data: { reference, amount: 300_000, currency: 'NGN' },
    });
    expect(hook.statusCode).toBe(200);
    expect(await campaignTotals(t, campaignId)).toEqual(before);
  });

  it('refuses a webhook with a bad or missing signature (401) and changes nothing', async () => {
    const reference = await started();
    const before = await campaignTotals(t, campaignId);
    const event = {
      event: 'charge.success',
      data: { reference, amount: 500_000, currency: 'NGN' },
    };
    const wrongKey = await webhook(t, event, 'sk_test_someone_else');
    expect(wrongKey.statusCode).toBe(401);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/v1/donations/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(missing.statusCode).toBe(401);
    // Signed for a different body (the amount changed after signing).
    const signed = signWebhook(SECRET, JSON.stringify(event));
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/v1/donations/webhook',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signed },
      payload: JSON.stringify({ ...event, data: { ...event.data, amount: 1 } }),
    });
    expect(tampered.statusCode).toBe(401);
    expect((await donationRow(t, reference))?.status).toBe('pending');
    expect(await campaignTotals(t, campaignId)).toEqual(before);
  });

  it('counts the same webhook delivered 100 times once', async () => {
    const reference = await started({ amount: 1000 });
    const before = await campaignTotals(t, campaignId);
    const creditedBefore = await donatedKobo();
    const event = {
      event: 'charge.success',
      data: { reference, amount: 100_000, currency: 'NGN' },
    };
    const responses = await Promise.all(Array.from({ length: 100 }, () => webhook(t, event)));
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    const after = await campaignTotals(t, campaignId);
    expect(await donatedKobo()).toBe(creditedBefore + 100_000 - 1_500);
    expect(after?.donationCount).toBe((before?.donationCount ?? 0) + 1);
    const receipts = (await listEmails(t.database.db, { to: 'chiamaka@example.com' })).filter(
      (email) => email.text.includes(reference),
    );
    expect(receipts).toHaveLength(1);
  });

  it('counts once when the webhook comes before the return page', async () => {
    const reference = await started({ amount: 700 });
    const before = await campaignTotals(t, campaignId);
    const creditedBefore = await donatedKobo();
    charges.set(reference, { status: 'success', amount: 70_000, currency: 'NGN' });
    const hook = await webhook(t, {
      event: 'charge.success',
      data: { reference, amount: 70_000, currency: 'NGN' },
    });
    expect(hook.statusCode).toBe(200);
    const verify = await apiCall(t, 'GET', `/donations/verify/${reference}`);
    expect(verify.json().result.status).toBe('succeeded');
    const after = await campaignTotals(t, campaignId);
    expect(await donatedKobo()).toBe(creditedBefore + 70_000 - 1_050);
    expect(after?.donationCount).toBe((before?.donationCount ?? 0) + 1);
  });

  it('counts once when the webhook comes after the return page', async () => {
    const reference = await started({ amount: 800 });
    const before = await campaignTotals(t, campaignId);
    const creditedBefore = await donatedKobo();
    charges.set(reference, { status: 'success', amount: 80_000, currency: 'NGN' });
    const verify = await apiCall(t, 'GET', `/donations/verify/${reference}`);
    expect(verify.json().result.status).toBe('succeeded');
    const hook = await webhook(t, {
      event: 'charge.success',
      data: { reference, amount: 80_000, currency: 'NGN' },
    });
    expect(hook.statusCode).toBe(200);
    const after = await campaignTotals(t, campaignId);
    expect(await donatedKobo()).toBe(creditedBefore + 80_000 - 1_200);
    expect(after?.donationCount).toBe((before?.donationCount ?? 0) + 1);
  });

  it('keeps failed and abandoned payments as such, uncounted', async () => {
    const failed = await started();
    const abandoned = await started();
    const pending = await started();
    const before = await campaignTotals(t, campaignId);
    charges.set(failed, { status: 'failed', amount: 500_000, currency: 'NGN' });
    charges.set(abandoned, { status: 'abandoned', amount: 500_000, currency: 'NGN' });
    expect((await apiCall(t, 'GET', `/donations/verify/${failed}`)).json().result.status).toBe(
      'failed',
    );
    expect((await apiCall(t, 'GET', `/donations/verify/${abandoned}`)).json().result.status).toBe(
      'abandoned',
    );
    // Paystack does not know the reference yet: still pending.
    expect((await apiCall(t, 'GET', `/donations/verify/${pending}`)).json().result.status).toBe(
      'pending',
    );
    expect(await campaignTotals(t, campaignId)).toEqual(before);
  });

  it('answers 200 to a signed webhook for an unknown reference or another event', async () => {
    const unknown = await webhook(t, {
      event: 'charge.success',
      data: { reference: 'IPD-AAAAAAAAAAAAAAAAAAAA', amount: 100, currency: 'NGN' },
    });
    expect(unknown.statusCode).toBe(200);
    const other = await webhook(t, { event: 'transfer.success', data: {} });
    expect(other.statusCode).toBe(200);
  });

  it('answers 503 with a clear message when Paystack times out or fails, counting nothing', async () => {
    const before = await campaignTotals(t, campaignId);
    for (const reply of [
      ((_request, response) => json(response, 500, { status: false })) as Answer,
      ((_request, response) => {
        response.writeHead(502, { 'content-type': 'text/html' });
        response.end('<html>Bad gateway</html>');
      }) as Answer,
    ]) {
      answerWith(reply);
      const response = await initialize(t, gift(campaignId));
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toBe(
        'The payment service is not answering. Please try again in a few minutes.',
      );
    }
    // Verify while Paystack is down: 503, the donation stays pending.
    answerWith(paystack);
    const reference = await started();
    answerWith((_request, response) => json(response, 503, { status: false }));
    const verify = await apiCall(t, 'GET', `/donations/verify/${reference}`);
    expect(verify.statusCode).toBe(503);
    expect(verify.json().message).toMatch(/payment service is not answering/);
    expect((await donationRow(t, reference))?.status).toBe('pending');
    const rows = await t.database.db.select().from(donations).where(eq(donations.status, 'failed'));
    expect(rows.filter((row) => row.flagReason === null).length).toBeGreaterThanOrEqual(2);
    expect(await campaignTotals(t, campaignId)).toEqual(before);
  });

  it('gives up on a Paystack that never answers', async () => {
    const { paystackPayments } = await import('../../plugins/payments/paystack.ts');
    answerWith(() => {});
    const provider = paystackPayments({ secretKey: SECRET, baseUrl, timeoutMs: 200 });
    const error = await provider.verify('IPD-AAAAAAAAAAAAAAAAAAAA').catch((caught) => caught);
    expect(error.status).toBe(503);
    expect(error.message).toMatch(/payment service is not answering/);
    dropPaystackConnections();
  });

  it('has no sandbox checkout routes when Paystack is configured', async () => {
    const reference = await started();
    const read = await apiCall(t, 'GET', `/donations/sandbox/${reference}`);
    expect(read.statusCode).toBe(404);
    // A registered route would check these first (400); a route that does not exist cannot.
    expect((await apiCall(t, 'GET', '/donations/sandbox/nonsense')).statusCode).toBe(404);
    const invalid = await completeCheckout(t, reference, { outcome: 'maybe' });
    expect(invalid.statusCode).toBe(404);
    for (const url of ['/donations/sandbox/:reference', '/donations/sandbox/:reference/complete']) {
      for (const method of ['GET', 'POST'] as const) {
        expect(t.app.hasRoute({ method, url: `/api/v1${url}` }), `${method} ${url}`).toBe(false);
      }
    }
    const document = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(Object.keys(document.json().paths).filter((path) => path.includes('sandbox'))).toEqual(
      [],
    );
  });

  it('cannot be marked paid through the sandbox when Paystack is configured', async () => {
    const before = await campaignTotals(t, campaignId);
    const reference = await started({ amount: 10_000_000 });
    const pay = await completeCheckout(t, reference);
    expect(pay.statusCode).toBe(404);
    expect((await donationRow(t, reference))?.status).toBe('pending');
    expect(await campaignTotals(t, campaignId)).toEqual(before);
  });
});
