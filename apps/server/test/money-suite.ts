import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import {
  campaignDocuments,
  campaigns,
  donations,
  eq,
  facilities,
  payouts,
  refunds,
  sql,
} from '@ipatient/db';
import { signWebhook } from '../src/plugins/payments/payments.ts';
import type { SignedInUser } from './accounts.ts';
import { fakePaystack, type PaystackCall, paystackJson } from './fake-paystack.ts';
import { apiCall, type TestApp } from './helpers.ts';

/**
 * What the money tests share: a stand-in for Paystack's refund API on loopback (started per
 * test file, reset before each test), gifts that settle through the signed webhook, payouts
 * written directly with their ledger move (the payouts feature has its own tests), and readers
 * of the ledger columns.
 */
export const SECRET = 'sk_test_money';

export type SeenRequest = PaystackCall;
export type Answer = (request: SeenRequest, response: http.ServerResponse) => void;

let answer: Answer;
let refundCounter = 0;

export const json = paystackJson;

/** The request reached Paystack and no answer came back (the connection dropped, as a timeout). */
export function noAnswer(response: http.ServerResponse): void {
  response.socket?.destroy();
}

/** A refund the fake Paystack holds (its GET /refund lists them by the payment's id). */
export interface FakeRefund {
  id: number;
  transaction: number;
  reference: string;
  amount: number;
  note: string | undefined;
  status: 'pending' | 'processed' | 'failed';
}
export const paystackRefundStore: FakeRefund[] = [];
const transactionIds = new Map<string, number>();
/** The fake's id for the payment with `reference` (Paystack's numeric transaction id). */
export function transactionIdOf(reference: string): number {
  const known = transactionIds.get(reference);
  if (known) return known;
  const id = 7000 + transactionIds.size + 1;
  transactionIds.set(reference, id);
  return id;
}

/** Records the refund a POST /refund asks for (pending, a numeric id); undefined for any other request. */
export function createFakeRefund(request: SeenRequest): FakeRefund | undefined {
  if (request.method !== 'POST' || request.path !== '/refund') return undefined;
  refundCounter += 1;
  const reference = String(request.body?.transaction);
  const note = request.body?.merchant_note;
  const refund: FakeRefund = {
    id: 9000 + refundCounter,
    transaction: transactionIdOf(reference),
    reference,
    amount: Number(request.body?.amount),
    note: typeof note === 'string' ? note : undefined,
    status: 'pending',
  };
  paystackRefundStore.push(refund);
  return refund;
}

const listed = (refund: FakeRefund) => ({
  id: refund.id,
  transaction: refund.transaction,
  amount: refund.amount,
  currency: 'NGN',
  status: refund.status,
  // Paystack writes its own note when none was sent.
  merchant_note: refund.note ?? `Refund for transaction ${refund.reference}`,
});

/**
 * Paystack's refunds as the tests need them: POST /refund (a pending refund with a numeric id),
 * GET /transaction/verify/{reference} (the payment's id) and GET /refund?transaction={id}.
 */
export const paystackRefunds: Answer = (request, response) => {
  const created = createFakeRefund(request);
  if (created) {
    json(response, 200, {
      status: true,
      message: 'Refund has been queued for processing',
      data: {
        ...listed(created),
        transaction: { id: created.transaction, reference: created.reference },
      },
    });
    return;
  }
  const verify = /^\/transaction\/verify\/(.+)$/.exec(request.path);
  if (request.method === 'GET' && verify) {
    const reference = decodeURIComponent(verify[1] ?? '');
    json(response, 200, {
      status: true,
      data: { id: transactionIdOf(reference), reference, status: 'success' },
    });
    return;
  }
  if (request.method === 'GET' && request.path === '/refund') {
    const transaction = new URLSearchParams(request.query).get('transaction');
    json(response, 200, {
      status: true,
      message: 'Refunds retrieved',
      data: paystackRefundStore
        .filter((refund) => String(refund.transaction) === transaction)
        .map(listed),
    });
    return;
  }
  json(response, 404, { status: false, message: 'Not found' });
};

/** A stand-in for api.paystack.co on loopback. */
const fake = fakePaystack((call, response) => answer(call, response));

export let baseUrl: string;
export async function startPaystack(): Promise<void> {
  baseUrl = await fake.start();
}
export const stopPaystack = () => fake.stop();
export const seen = fake.seen;
export function resetPaystack(): void {
  seen.length = 0;
  paystackRefundStore.length = 0;
  answer = paystackRefunds;
}
export function answerWith(reply: Answer): void {
  answer = reply;
}

/** An app whose payments are the fake Paystack. */
export const paystackEnv = () => ({ PAYSTACK_SECRET_KEY: SECRET, PAYSTACK_BASE_URL: baseUrl });

/** A provider webhook, signed with the app's key (or `secret`). */
export function webhook(t: TestApp, event: object, secret = t.app.payments.webhookSecret) {
  const body = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/donations/webhook',
    headers: {
      'content-type': 'application/json',
      'x-paystack-signature': signWebhook(secret, body),
    },
    payload: body,
  });
}

const reference = () =>
  `IPD-${Array.from(randomBytes(20), (byte) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'[byte & 31]).join('')}`;

/** A pending donation row, as initialize writes it. */
export async function pendingGift(
  t: TestApp,
  campaignId: string | null,
  naira: number,
  overrides: Partial<typeof donations.$inferInsert> = {},
) {
  const [row] = await t.database.db
    .insert(donations)
    .values({
      reference: reference(),
      campaignId,
      provider: t.app.payments.provider,
      amountKobo: naira * 100,
      donorName: 'Chiamaka Eze',
      donorEmail: 'chiamaka@example.com',
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('donation not inserted');
  return row;
}

/** The signed charge.success the provider sends for a pending gift. */
export const chargeSuccess = (row: { reference: string; amountKobo: number }) => ({
  event: 'charge.success',
  data: { reference: row.reference, amount: row.amountKobo, currency: 'NGN', status: 'success' },
});

/** A gift that settled through the webhook (counted once, as in production). */
export async function paidGift(
  t: TestApp,
  campaignId: string | null,
  naira: number,
  overrides: Partial<typeof donations.$inferInsert> = {},
) {
  const row = await pendingGift(t, campaignId, naira, overrides);
  const response = await webhook(t, chargeSuccess(row));
  if (response.statusCode !== 200) throw new Error(`webhook: ${response.body}`);
  return row;
}

export function refund(
  t: TestApp,
  admin: SignedInUser,
  donationId: string,
  payload: object = { reason: 'Donor asked for the money back' },
) {
  return apiCall(t, 'POST', `/admin/donations/${donationId}/refund`, { as: admin, payload });
}

/** The ledger columns and card totals of a campaign. */
export async function ledgerRow(t: TestApp, id: string) {
  const [row] = await t.database.db
    .select({
      donatedKobo: campaigns.donatedKobo,
      awardedKobo: campaigns.awardedKobo,
      availableKobo: campaigns.availableKobo,
      pendingPayoutKobo: campaigns.pendingPayoutKobo,
      paidOutKobo: campaigns.paidOutKobo,
      refundedKobo: campaigns.refundedKobo,
      amountRaised: campaigns.amountRaised,
      donationCount: campaigns.donationCount,
    })
    .from(campaigns)
    .where(eq(campaigns.id, id));
  if (!row) throw new Error('no campaign');
  return row;
}

export async function refundRows(t: TestApp, donationId: string) {
  return t.database.db.select().from(refunds).where(eq(refunds.donationId, donationId));
}

export async function insertFacility(t: TestApp, name: string) {
  const [row] = await t.database.db
    .insert(facilities)
    .values({
      name,
      facilityType: 'Hospital',
      state: 'Lagos',
      lga: 'Surulere',
      address: '1 Idi-Araba',
    })
    .returning();
  if (!row) throw new Error('facility not inserted');
  return row;
}

/** A bill the organiser uploaded (a payout needs one). */
export async function insertBill(t: TestApp, userId: string, campaignId: string) {
  const [row] = await t.database.db
    .insert(campaignDocuments)
    .values({
      userId,
      campaignId,
      attachedAt: new Date(),
      kind: 'bill',
      storageKey: `private/bills/${randomBytes(8).toString('hex')}.pdf`,
      fileName: 'bill.pdf',
      contentType: 'application/pdf',
      sizeBytes: 1000,
    })
    .returning();
  if (!row) throw new Error('bill not inserted');
  return row;
}

type PayoutInsert = typeof payouts.$inferInsert;

/**
 * A payout row with its ledger move in one transaction, standing in for the payouts feature:
 * requested/approved/processing/otp hold the amount in pending, paid moves it to paid out, the
 * others leave it available. Undefined when the campaign does not have the money available.
 */
export async function insertPayout(
  t: TestApp,
  values: Pick<PayoutInsert, 'campaignId' | 'amountKobo' | 'billDocumentId'> &
    Partial<PayoutInsert>,
) {
  const status = values.status ?? 'requested';
  const column =
    status === 'paid'
      ? sql`paid_out_kobo = paid_out_kobo + ${values.amountKobo}`
      : ['requested', 'approved', 'processing', 'otp'].includes(status)
        ? sql`pending_payout_kobo = pending_payout_kobo + ${values.amountKobo}`
        : undefined;
  return t.database.db.transaction(async (tx) => {
    if (column) {
      const moved = await tx.execute(
        sql`update campaigns set available_kobo = available_kobo - ${values.amountKobo}, ${column}
            where id = ${values.campaignId} and available_kobo >= ${values.amountKobo} returning id`,
      );
      if (moved.rows.length === 0) return undefined;
    }
    const [row] = await tx
      .insert(payouts)
      .values({
        reference: `IPP-${randomBytes(10).toString('hex')}`,
        payeeKind: 'beneficiary',
        payeeName: 'DANJUMA MUSA IBRAHIM',
        bankCode: '057',
        bankName: 'Zenith Bank',
        accountNumber: '1234564579',
        accountName: 'DANJUMA MUSA IBRAHIM',
        purpose: 'Dialysis sessions for March',
        paidAt: status === 'paid' ? new Date() : null,
        ...values,
        status,
      })
      .returning();
    return row;
  });
}

export async function reconciliation(t: TestApp, admin: SignedInUser) {
  const response = await apiCall(t, 'GET', '/admin/money/reconciliation', { as: admin });
  if (response.statusCode !== 200) throw new Error(`reconciliation: ${response.body}`);
  return response.json().result as {
    ok: boolean;
    checked: number;
    campaigns: { campaignId: string; problems: string[] }[];
    fund: { ok: boolean; problems: string[] };
  };
}
