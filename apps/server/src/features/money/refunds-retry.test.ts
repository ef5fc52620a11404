import { eq, refunds, sql } from '@ipatient/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SignedInUser } from '../../../test/accounts.ts';
import { createMembers, insertCampaignRow } from '../../../test/campaigns.ts';
import { apiCall, createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  answerWith,
  createFakeRefund,
  json,
  ledgerRow,
  noAnswer,
  paidGift,
  paystackEnv,
  paystackRefundStore,
  paystackRefunds,
  refund,
  refundRows,
  resetPaystack,
  type SeenRequest,
  seen,
  startPaystack,
  stopPaystack,
  transactionIdOf,
  webhook,
} from '../../../test/money-suite.ts';

/**
 * Retrying a refund Paystack never answered (against a fake Paystack on loopback): the request
 * may have reached it, so a retry first lists the payment's refunds and adopts the one it finds
 * instead of refunding the donor twice; only a refund Paystack does not hold is sent again.
 */
beforeAll(startPaystack);
afterAll(stopPaystack);
beforeEach(resetPaystack);

const posts = () =>
  seen.filter((request) => request.method === 'POST' && request.path === '/refund');

describe('retrying a refund Paystack did not answer', () => {
  let t: TestApp;
  let organiser: SignedInUser;
  let admin: SignedInUser;

  beforeAll(async () => {
    t = await createTestApp({ env: paystackEnv() });
    [organiser] = (await createMembers(t, 1)) as [SignedInUser];
    [admin] = (await createMembers(t, 1, 'admin')) as [SignedInUser];
  });
  afterAll(() => t.close());

  const newCampaign = async () => (await insertCampaignRow(t, organiser.id)).id;
  const retry = (id: string) => apiCall(t, 'POST', `/admin/refunds/${id}/retry`, { as: admin });

  it('keeps the refund pending (202) when Paystack does not answer, and retries it', async () => {
    const campaignId = await newCampaign();
    const gift = await paidGift(t, campaignId, 1000);
    answerWith((_request, response) => json(response, 503, { status: false, message: 'down' }));
    const response = await refund(t, admin, gift.id);
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json().result).toMatchObject({ status: 'pending', providerRefundId: null });
    expect(await ledgerRow(t, campaignId)).toMatchObject({ refundedKobo: 100_000 });
    const id = response.json().result._id;
    // Still down: the retry cannot even ask what Paystack holds, so it sends nothing.
    const stillDown = await retry(id);
    expect(stillDown.statusCode).toBe(202);
    expect(posts()).toHaveLength(1);
    resetPaystack();
    const retried = await retry(id);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().result.providerRefundId).toMatch(/^90\d\d$/);
    const twice = await retry(id);
    expect(twice.statusCode).toBe(409);
    expect(posts()).toHaveLength(1);
  });

  it('adopts the refund Paystack created for a request it never answered, sending no second one', async () => {
    const campaignId = await newCampaign();
    const gift = await paidGift(t, campaignId, 2000);
    // Paystack creates the refund; its answer never arrives.
    answerWith((request, response) => {
      if (createFakeRefund(request)) noAnswer(response);
      else paystackRefunds(request, response);
    });
    const started = await refund(t, admin, gift.id);
    expect(started.statusCode, started.body).toBe(202);
    const id = started.json().result._id;
    expect(paystackRefundStore).toHaveLength(1);
    const created = paystackRefundStore[0];
    expect(created?.note).toBe(`iPatient refund ${id}`);

    answerWith(paystackRefunds);
    seen.length = 0;
    const retried = await retry(id);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().result).toMatchObject({
      status: 'pending',
      providerRefundId: String(created?.id),
    });
    expect(seen.map((request) => `${request.method} ${request.path}?${request.query}`)).toEqual([
      `GET /transaction/verify/${gift.reference}?`,
      `GET /refund?transaction=${transactionIdOf(gift.reference)}&perPage=100`,
    ]);
    expect(posts()).toHaveLength(0);
    expect(paystackRefundStore).toHaveLength(1);

    // Its webhook settles it by its id; the ledger moved once.
    await webhook(t, {
      event: 'refund.processed',
      data: {
        id: created?.id,
        status: 'processed',
        transaction_reference: gift.reference,
        amount: '200000',
      },
    });
    expect((await refundRows(t, gift.id)).map((row) => row.status)).toEqual(['processed']);
    expect(await ledgerRow(t, campaignId)).toMatchObject({ refundedKobo: 200_000 });
    expect((await retry(id)).statusCode).toBe(409);
  });

  it('sends once a refund Paystack never received; another refund’s is never adopted', async () => {
    const campaignId = await newCampaign();
    const gift = await paidGift(t, campaignId, 3000);
    // A first refund of ₦1,000 is processed; Paystack keeps it (as if sent with no note).
    const first = await refund(t, admin, gift.id, { amount: 1000, reason: 'Part' });
    const firstId = first.json().result.providerRefundId;
    await webhook(t, {
      event: 'refund.processed',
      data: { id: Number(firstId), status: 'processed', amount: '100000' },
    });
    const [earlier] = paystackRefundStore;
    if (!earlier) throw new Error('no refund at Paystack');
    earlier.note = undefined;
    earlier.status = 'processed';

    // A second ₦1,000: the connection drops before Paystack has it.
    answerWith((request, response) => {
      if (request.method === 'POST') noAnswer(response);
      else paystackRefunds(request, response);
    });
    const second = await refund(t, admin, gift.id, { amount: 1000, reason: 'More' });
    expect(second.statusCode, second.body).toBe(202);
    expect(paystackRefundStore).toHaveLength(1);

    answerWith(paystackRefunds);
    seen.length = 0;
    const retried = await retry(second.json().result._id);
    expect(retried.statusCode, retried.body).toBe(200);
    const providerRefundId = retried.json().result.providerRefundId;
    expect(providerRefundId).not.toBe(firstId);
    expect(posts()).toHaveLength(1);
    expect(paystackRefundStore.map((stored) => String(stored.id))).toEqual([
      firstId,
      providerRefundId,
    ]);
  });

  it('a retry while the first request still waits for Paystack sends nothing', async () => {
    const campaignId = await newCampaign();
    const gift = await paidGift(t, campaignId, 1500);
    let release: (() => void) | undefined;
    const arrived = new Promise<void>((resolve) => {
      answerWith((request: SeenRequest, response) => {
        if (request.method !== 'POST') return paystackRefunds(request, response);
        release = () => paystackRefunds(request, response);
        resolve();
      });
    });
    const first = refund(t, admin, gift.id);
    await arrived;
    const [row] = await refundRows(t, gift.id);
    if (!row) throw new Error('no refund row');
    const meanwhile = await retry(row.id);
    expect(meanwhile.statusCode).toBe(409);
    expect(meanwhile.json().message).toBe(
      'This refund is being sent to the payment service right now: look again in a minute.',
    );
    release?.();
    const answered = await first;
    expect(answered.statusCode, answered.body).toBe(201);
    expect(answered.json().result.providerRefundId).toMatch(/^90\d\d$/);
    expect(posts()).toHaveLength(1);
    expect(seen.some((request) => request.method === 'GET')).toBe(false);
  });

  it('a send whose process died is retried once it is older than a send can take', async () => {
    const campaignId = await newCampaign();
    const gift = await paidGift(t, campaignId, 1200);
    answerWith((_request, response) => json(response, 503, { status: false, message: 'down' }));
    const started = await refund(t, admin, gift.id);
    const id = started.json().result._id;
    const sending = (secondsAgo: number) =>
      t.database.db
        .update(refunds)
        .set({
          providerResponse: sql`jsonb_build_object('sendingSince', now() - make_interval(secs => ${secondsAgo}))`,
        })
        .where(eq(refunds.id, id));
    answerWith(paystackRefunds);
    await sending(60);
    expect((await retry(id)).statusCode).toBe(409);
    await sending(180);
    const retried = await retry(id);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(posts()).toHaveLength(2);
  });

  it('keeps Paystack’s id of a refund its webhook settled by the payment, so no retry adopts it', async () => {
    const campaignId = await newCampaign();
    const gift = await paidGift(t, campaignId, 2500);
    answerWith((request, response) => {
      if (createFakeRefund(request)) noAnswer(response);
      else paystackRefunds(request, response);
    });
    const first = await refund(t, admin, gift.id, { amount: 1000, reason: 'Part' });
    expect(first.statusCode).toBe(202);
    const [created] = paystackRefundStore;
    if (!created) throw new Error('no refund at Paystack');
    await webhook(t, {
      event: 'refund.failed',
      data: {
        id: created.id,
        status: 'failed',
        transaction_reference: gift.reference,
        amount: '100000',
      },
    });
    expect(await refundRows(t, gift.id)).toMatchObject([
      { status: 'failed', providerRefundId: String(created.id) },
    ]);
    created.note = undefined;
    created.status = 'failed';

    // A second ₦1,000 whose request never reached Paystack is sent, not matched to the first.
    answerWith((request, response) => {
      if (request.method === 'POST') noAnswer(response);
      else paystackRefunds(request, response);
    });
    const second = await refund(t, admin, gift.id, { amount: 1000, reason: 'Again' });
    expect(second.statusCode).toBe(202);
    answerWith(paystackRefunds);
    const retried = await retry(second.json().result._id);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().result.providerRefundId).not.toBe(String(created.id));
    expect(paystackRefundStore).toHaveLength(2);
  });
});
