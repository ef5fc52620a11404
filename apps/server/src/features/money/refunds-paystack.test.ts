import { moneyTexts } from '@ipatient/contracts/money';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SignedInUser } from '../../../test/accounts.ts';
import { createMembers, insertCampaignRow } from '../../../test/campaigns.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  answerWith,
  insertBill,
  insertPayout,
  json,
  ledgerRow,
  paidGift,
  paystackEnv,
  pendingGift,
  reconciliation,
  refund,
  refundRows,
  resetPaystack,
  SECRET,
  seen,
  startPaystack,
  stopPaystack,
  webhook,
} from '../../../test/money-suite.ts';
import { listEmails } from '../../plugins/mail/outbox.repository.ts';

beforeAll(startPaystack);
afterAll(stopPaystack);
beforeEach(resetPaystack);

describe('refunds through Paystack', () => {
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
  const processed = (reference: string, amount: number, id?: number) => ({
    event: 'refund.processed',
    data: {
      status: 'processed',
      transaction_reference: reference,
      amount: String(amount),
      ...(id ? { id } : {}),
    },
  });

  it('refunds a whole gift: Paystack is asked, the money leaves available for refunded, the card totals drop', async () => {
    const campaignId = await newCampaign();
    const gift = await paidGift(t, campaignId, 5000, { donorEmail: 'whole@example.com' });
    await paidGift(t, campaignId, 2000);
    const response = await refund(t, admin, gift.id);
    expect(response.statusCode, response.body).toBe(201);
    const { result } = response.json();
    expect(result).toMatchObject({
      donationId: gift.id,
      donationReference: gift.reference,
      campaignId,
      amount: 5000,
      status: 'pending',
      reason: 'Donor asked for the money back',
    });
    expect(result.providerRefundId).toMatch(/^90\d\d$/);
    // Sent with a note naming the refund: a retry recognises it at Paystack.
    expect(seen.map(({ method, path, query, body }) => ({ method, path, query, body }))).toEqual([
      {
        method: 'POST',
        path: '/refund',
        query: '',
        body: {
          transaction: gift.reference,
          amount: 500_000,
          merchant_note: `iPatient refund ${result._id}`,
        },
      },
    ]);
    expect(await ledgerRow(t, campaignId)).toMatchObject({
      donatedKobo: 700_000,
      availableKobo: 200_000,
      refundedKobo: 500_000,
      amountRaised: 2000,
      donationCount: 1,
    });
    const started = await listEmails(t.database.db, { to: 'whole@example.com' });
    expect(started.map((email) => email.subject)).toContain('Your refund of ₦5,000 is on its way');
    const told = await listEmails(t.database.db, { to: organiser.email });
    expect(told.some((email) => email.subject.startsWith('A refund of ₦5,000 from'))).toBe(true);
  });

  it('refunds part of a gift, then the rest; no more than what was given', async () => {
    const campaignId = await newCampaign();
    const gift = await paidGift(t, campaignId, 5000);
    const part = await refund(t, admin, gift.id, { amount: 1500.5, reason: 'Paid twice' });
    expect(part.statusCode, part.body).toBe(201);
    expect(await ledgerRow(t, campaignId)).toMatchObject({
      availableKobo: 349_950,
      refundedKobo: 150_050,
      amountRaised: 3499,
      donationCount: 1,
    });
    const providerId = part.json().result.providerRefundId;
    await webhook(t, processed(gift.reference, 150_050, Number(providerId)));
    const over = await refund(t, admin, gift.id, { amount: 3500, reason: 'Too much' });
    expect(over.statusCode).toBe(400);
    expect(over.json().errors.amount).toBe(
      'At most ₦3,499.50 of this donation can still be refunded',
    );
    const rest = await refund(t, admin, gift.id, { reason: 'The rest' });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json().result.amount).toBe(3499.5);
    expect(await ledgerRow(t, campaignId)).toMatchObject({
      availableKobo: 0,
      refundedKobo: 500_000,
      amountRaised: 0,
      donationCount: 0,
    });
    await webhook(t, processed(gift.reference, 349_950));
    const again = await refund(t, admin, gift.id, { reason: 'Once more' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(moneyTexts.fullyRefunded);
  });

  it('returns at most what a gift brought: the provider kept its fee', async () => {
    const campaignId = await newCampaign();
    // ₦10,000 charged, ₦250 kept by the provider: the campaign was credited ₦9,750.
    const gift = await paidGift(t, campaignId, 10_000, { feeKobo: 25_000 });
    expect(await ledgerRow(t, campaignId)).toMatchObject({
      donatedKobo: 975_000,
      availableKobo: 975_000,
      amountRaised: 9750,
    });
    const over = await refund(t, admin, gift.id, { amount: 10_000, reason: 'All of it' });
    expect(over.statusCode).toBe(400);
    expect(over.json().errors.amount).toBe(
      'At most ₦9,750 of this donation can still be refunded (the payment provider kept its fee of ₦250)',
    );
    const whole = await refund(t, admin, gift.id, { reason: 'All it brought' });
    expect(whole.statusCode, whole.body).toBe(201);
    expect(whole.json().result.amount).toBe(9750);
    expect(seen.at(-1)?.body).toMatchObject({ amount: 975_000 });
    expect(await ledgerRow(t, campaignId)).toMatchObject({
      availableKobo: 0,
      refundedKobo: 975_000,
      amountRaised: 0,
      donationCount: 0,
    });
    const again = await refund(t, admin, gift.id, { reason: 'Once more' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(moneyTexts.fullyRefunded);
  });

  it('refuses a second refund while one is under way, and one of money already paid out', async () => {
    const campaignId = await newCampaign();
    const gift = await paidGift(t, campaignId, 4000);
    expect((await refund(t, admin, gift.id, { amount: 1000, reason: 'Part' })).statusCode).toBe(
      201,
    );
    const second = await refund(t, admin, gift.id, { amount: 1000, reason: 'Another part' });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('A refund of this donation is already under way.');

    const other = await paidGift(t, campaignId, 6000);
    const bill = await insertBill(t, organiser.id, campaignId);
    await insertPayout(t, {
      campaignId,
      amountKobo: 700_000,
      billDocumentId: bill.id,
      status: 'paid',
    });
    const before = await ledgerRow(t, campaignId);
    expect(before.availableKobo).toBe(200_000);
    const refused = await refund(t, admin, other.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Only ₦2,000 of this campaign’s money is available to refund: money paid out or waiting for a payout cannot be refunded.',
    );
    expect(await ledgerRow(t, campaignId)).toEqual(before);
    expect(await refundRows(t, other.id)).toEqual([]);
  });

  it('refuses a donation that was not paid, and an unknown one', async () => {
    const campaignId = await newCampaign();
    const unpaid = await pendingGift(t, campaignId, 1000);
    const response = await refund(t, admin, unpaid.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Only a donation that was paid can be refunded.');
    const unknown = await refund(t, admin, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    const noReason = await refund(t, admin, unpaid.id, { amount: 10 });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors.reason).toBeDefined();
  });

  it('settles processed once: a replay and a forged event change nothing', async () => {
    const campaignId = await newCampaign();
    const gift = await paidGift(t, campaignId, 3000, { donorEmail: 'processed@example.com' });
    const started = await refund(t, admin, gift.id);
    const providerId = Number(started.json().result.providerRefundId);
    const forged = await webhook(t, processed(gift.reference, 300_000, providerId), 'not-the-key');
    expect(forged.statusCode).toBe(401);
    expect((await refundRows(t, gift.id))[0]?.status).toBe('pending');
    const pendingEvent = {
      event: 'refund.pending',
      data: { transaction_reference: gift.reference },
    };
    expect((await webhook(t, pendingEvent)).statusCode).toBe(200);
    expect((await refundRows(t, gift.id))[0]?.status).toBe('pending');
    for (let i = 0; i < 2; i += 1) {
      expect((await webhook(t, processed(gift.reference, 300_000, providerId))).statusCode).toBe(
        200,
      );
    }
    const [row] = await refundRows(t, gift.id);
    expect(row?.status).toBe('processed');
    expect(row?.settledAt).toBeInstanceOf(Date);
    const mails = await listEmails(t.database.db, { to: 'processed@example.com' });
    expect(mails.filter((email) => email.subject === '₦3,000 refunded')).toHaveLength(1);
    expect(await ledgerRow(t, campaignId)).toMatchObject({
      refundedKobo: 300_000,
      availableKobo: 0,
    });
    // A failure reported after it was processed moves nothing back.
    await webhook(t, { ...processed(gift.reference, 300_000, providerId), event: 'refund.failed' });
    expect((await refundRows(t, gift.id))[0]?.status).toBe('processed');
    expect(await ledgerRow(t, campaignId)).toMatchObject({ refundedKobo: 300_000 });
  });

  it('a failed refund puts the money back once, matched by the paid transaction and amount', async () => {
    const campaignId = await newCampaign();
    const gift = await paidGift(t, campaignId, 2500);
    const before = await ledgerRow(t, campaignId);
    await refund(t, admin, gift.id);
    const failed = {
      event: 'refund.failed',
      data: { status: 'failed', transaction_reference: gift.reference, amount: 250_000 },
    };
    const wrongAmount = { ...failed, data: { ...failed.data, amount: 100 } };
    await webhook(t, wrongAmount);
    expect((await refundRows(t, gift.id))[0]?.status).toBe('pending');
    await webhook(t, failed);
    await webhook(t, failed);
    expect((await refundRows(t, gift.id))[0]?.status).toBe('failed');
    expect(await ledgerRow(t, campaignId)).toEqual(before);
    expect((await reconciliation(t, admin)).ok).toBe(true);
    // The donation may be refunded again.
    expect((await refund(t, admin, gift.id)).statusCode).toBe(201);
  });

  it('a refund Paystack refuses outright is failed and the money is back', async () => {
    const campaignId = await newCampaign();
    const gift = await paidGift(t, campaignId, 1200);
    const before = await ledgerRow(t, campaignId);
    answerWith((_request, response) =>
      json(response, 400, { status: false, message: 'Transaction has been fully reversed' }),
    );
    const response = await refund(t, admin, gift.id);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().result.status).toBe('failed');
    expect(response.json().message).toBe(
      'The payment service refused this refund: the money is back where it was.',
    );
    expect(await ledgerRow(t, campaignId)).toEqual(before);
  });

  it('refunds a gift to the Green-Heart fund from the fund', async () => {
    const gift = await paidGift(t, null, 3000);
    const response = await refund(t, admin, gift.id, { amount: 1000, reason: 'Asked' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().result).toMatchObject({ campaignId: null, campaignTitle: null });
    const check = await reconciliation(t, admin);
    expect(check.fund).toMatchObject({ ok: true });
    expect(SECRET).toBe(t.app.payments.webhookSecret);
  });
});
