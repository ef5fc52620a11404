import { eq, refunds, sandboxRefunds } from '@ipatient/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedInUser } from '../../../test/accounts.ts';
import { createMembers, insertCampaignRow } from '../../../test/campaigns.ts';
import { apiCall, createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  ledgerRow,
  paidGift,
  reconciliation,
  refund,
  refundRows,
} from '../../../test/money-suite.ts';
import { listEmails } from '../../plugins/mail/outbox.repository.ts';

describe('refunds in the sandbox (the embedded default)', () => {
  let t: TestApp;
  let organiser: SignedInUser;
  let member: SignedInUser;
  let admin: SignedInUser;
  let campaignId: string;

  beforeAll(async () => {
    t = await createTestApp();
    [organiser, member] = (await createMembers(t, 2)) as [SignedInUser, SignedInUser];
    [admin] = (await createMembers(t, 1, 'admin')) as [SignedInUser];
    campaignId = (await insertCampaignRow(t, organiser.id)).id;
  });
  afterAll(() => t.close());

  const settle = (id: string, outcome: string, as: SignedInUser | undefined = admin) =>
    apiCall(t, 'POST', `/admin/refunds/${id}/sandbox-settle`, { as, payload: { outcome } });

  it('the sandbox bank processes a refund through the signed webhook, once', async () => {
    const gift = await paidGift(t, campaignId, 4000, { donorEmail: 'sandbox@example.com' });
    const started = await refund(t, admin, gift.id);
    expect(started.statusCode, started.body).toBe(201);
    const { _id: id, providerRefundId } = started.json().result;
    expect(providerRefundId).toMatch(/^RFD_[0-9a-f]{16}$/);
    const done = await settle(id, 'processed');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().result).toMatchObject({ status: 'processed', amount: 4000 });
    const again = await settle(id, 'processed');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This sandbox refund was already settled.');
    const mails = await listEmails(t.database.db, { to: 'sandbox@example.com' });
    expect(mails.filter((email) => email.subject === '₦4,000 refunded')).toHaveLength(1);
    expect((await reconciliation(t, admin)).ok).toBe(true);
  });

  it('a refund the sandbox bank fails returns the money and the count', async () => {
    const gift = await paidGift(t, campaignId, 1500);
    const before = await ledgerRow(t, campaignId);
    const started = await refund(t, admin, gift.id);
    expect((await ledgerRow(t, campaignId)).donationCount).toBe(before.donationCount - 1);
    const failed = await settle(started.json().result._id, 'failed');
    expect(failed.json().result.status).toBe('failed');
    expect(await ledgerRow(t, campaignId)).toEqual(before);
    expect((await refundRows(t, gift.id)).map((row) => row.status)).toEqual(['failed']);
  });

  it('a retry adopts the refund the sandbox holds for a request that got no answer, sending no second', async () => {
    const gift = await paidGift(t, campaignId, 2000);
    const held = async () =>
      t.database.db
        .select()
        .from(sandboxRefunds)
        .where(eq(sandboxRefunds.transactionReference, gift.reference));
    const first = await refund(t, admin, gift.id, { amount: 1000, reason: 'Part' });
    const firstId = first.json().result.providerRefundId;
    expect((await settle(first.json().result._id, 'processed')).statusCode).toBe(200);

    // A second ₦1,000 reaches the sandbox, but its answer is lost.
    const second = await refund(t, admin, gift.id, { amount: 1000, reason: 'The rest' });
    const { _id: id, providerRefundId: secondId } = second.json().result;
    await t.database.db
      .update(refunds)
      .set({ providerRefundId: null, providerResponse: { unanswered: true } })
      .where(eq(refunds.id, id));
    const retried = await apiCall(t, 'POST', `/admin/refunds/${id}/retry`, { as: admin });
    expect(retried.statusCode, retried.body).toBe(200);
    // Its own refund, not the first one (same payment, same amount, already another's).
    expect(retried.json().result.providerRefundId).toBe(secondId);
    expect((await held()).map((row) => row.id).sort()).toEqual([firstId, secondId].sort());
    expect((await settle(id, 'processed')).json().result.status).toBe('processed');
    expect((await reconciliation(t, admin)).ok).toBe(true);
  });

  it('checks the outcome, and answers 401 to visitors and 403 to members on every money route', async () => {
    const gift = await paidGift(t, campaignId, 1000);
    const started = await refund(t, admin, gift.id);
    const id = started.json().result._id;
    expect((await settle(id, 'paid')).statusCode).toBe(400);
    const routes: [method: 'GET' | 'POST', url: string, payload?: object][] = [
      ['POST', `/admin/donations/${gift.id}/refund`, { reason: 'x' }],
      ['POST', `/admin/refunds/${id}/retry`],
      ['POST', `/admin/refunds/${id}/sandbox-settle`, { outcome: 'processed' }],
      ['GET', '/admin/money/donations'],
      ['GET', '/admin/money/donations.csv'],
      ['GET', '/admin/money/payouts'],
      ['GET', '/admin/money/payouts.csv'],
      ['GET', '/admin/money/refunds'],
      ['GET', '/admin/money/refunds.csv'],
      ['GET', '/admin/money/reconciliation'],
    ];
    for (const [method, url, payload] of routes) {
      const options = payload ? { payload } : {};
      expect((await apiCall(t, method, url, options)).statusCode, url).toBe(401);
      expect((await apiCall(t, method, url, { ...options, as: member })).statusCode, url).toBe(403);
      expect((await apiCall(t, method, url, { ...options, as: organiser })).statusCode, url).toBe(
        403,
      );
    }
    expect((await refundRows(t, gift.id)).map((row) => row.status)).toEqual(['pending']);
  });

  it('has no sandbox settle route on a Paystack site', async () => {
    const paystack = await createTestApp({
      env: { PAYSTACK_SECRET_KEY: 'sk_test_x', PAYSTACK_BASE_URL: 'http://127.0.0.1:9' },
    });
    try {
      const [paystackAdmin] = (await createMembers(paystack, 1, 'admin')) as [SignedInUser];
      const response = await apiCall(
        paystack,
        'POST',
        '/admin/refunds/00000000-0000-4000-8000-000000000000/sandbox-settle',
        { as: paystackAdmin, payload: { outcome: 'processed' } },
      );
      expect(response.statusCode).toBe(404);
      expect(response.json().message).not.toBe('Refund not found');
    } finally {
      await paystack.close();
    }
  });
});
