import type http from 'node:http';
import type { TDonationInitialized } from '@ipatient/contracts/donations';
import { campaigns, donations, eq, greenHeartFund } from '@ipatient/db';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { signWebhook } from '../src/plugins/payments/payments.ts';
import { fakePaystack, type PaystackCall, paystackJson } from './fake-paystack.ts';
import { apiCall, type TestApp } from './helpers.ts';

/**
 * What the donation route tests share: a stand-in for Paystack on loopback, which each test file
 * starts with `useFakePaystack()` (reset to a working Paystack before each test), and helpers to
 * give, sign webhooks and read the totals. Each `describe` starts its own app, as the
 * payment settings it is about need.
 */
export const SECRET = 'sk_test_donations';

export type Answer = (request: SeenRequest, response: http.ServerResponse) => void;
export type SeenRequest = PaystackCall;

/** A stand-in for api.paystack.co on loopback. */
let answer: Answer;
/** What the fake Paystack reports for GET /transaction/verify/{reference}. */
export const charges = new Map<string, { status: string; amount: number; currency: string }>();

const fake = fakePaystack((call, response) => answer(call, response));
export const seen = fake.seen;

export const json = paystackJson;

export const paystack: Answer = (request, response) => {
  if (request.method === 'POST' && request.path === '/transaction/initialize') {
    const reference = String(request.body?.reference);
    json(response, 200, {
      status: true,
      message: 'Authorization URL created',
      data: {
        authorization_url: `https://checkout.paystack.com/${reference}`,
        access_code: 'abc',
        reference,
      },
    });
    return;
  }
  const match = /^\/transaction\/verify\/(.+)$/.exec(request.path);
  if (request.method === 'GET' && match) {
    const charge = charges.get(decodeURIComponent(match[1] ?? ''));
    if (!charge) {
      json(response, 400, { status: false, message: 'Transaction reference not found' });
      return;
    }
    json(response, 200, { status: true, message: 'Verification successful', data: charge });
    return;
  }
  json(response, 404, { status: false, message: 'Not found' });
};

/** Makes the fake Paystack answer with `reply` from now on (until the next test). */
export function answerWith(reply: Answer): void {
  answer = reply;
}

export let baseUrl: string;

/** Starts the fake Paystack for this test file. */
export async function startPaystack(): Promise<void> {
  baseUrl = await fake.start();
}

export const stopPaystack = () => fake.stop();

/** Runs the fake Paystack for this test file's tests, answering as Paystack does in each. */
export function useFakePaystack(): void {
  beforeAll(startPaystack);
  afterAll(stopPaystack);
  beforeEach(resetPaystack);
}

/** Drops the connections the fake holds open (a request it never answered). */
export const dropPaystackConnections = () => fake.dropConnections();

/** Forgets the requests of earlier tests and answers as Paystack does. */
export function resetPaystack(): void {
  seen.length = 0;
  answer = paystack;
}

let addressCounter = 0;
/** A fresh network address per call, so the initialize limit only bites where tested. */
const nextAddress = () => `10.0.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

export function initialize(t: TestApp, payload: object, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/donations/initialize',
    payload,
    headers,
    remoteAddress: nextAddress(),
  });
}

/** Starts a gift, which must be taken (201): what the checkout was given. */
export async function startGift(
  t: TestApp,
  payload: object,
  headers: Record<string, string> = {},
): Promise<TDonationInitialized> {
  const response = await initialize(t, payload, headers);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().result;
}

/** The donor's answer on the sandbox checkout page (Pay unless `payload` says otherwise). */
export function completeCheckout(
  t: TestApp,
  reference: string,
  payload: object = { outcome: 'success' },
) {
  return apiCall(t, 'POST', `/donations/sandbox/${reference}/complete`, { payload });
}

export function webhook(t: TestApp, event: object, secret = SECRET) {
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

export async function campaignTotals(t: TestApp, id: string) {
  const [row] = await t.database.db
    .select({ amountRaised: campaigns.amountRaised, donationCount: campaigns.donationCount })
    .from(campaigns)
    .where(eq(campaigns.id, id));
  return row;
}

export async function donationRow(t: TestApp, reference: string) {
  const [row] = await t.database.db
    .select()
    .from(donations)
    .where(eq(donations.reference, reference));
  return row;
}

export const gift = (campaignId: string, overrides: object = {}) => ({
  campaignId,
  amount: 5000,
  name: 'Chiamaka Eze',
  email: 'chiamaka@example.com',
  message: 'Get well soon',
  ...overrides,
});

/** A gift to the Green-Heart fund. */
export const fundGift = (overrides: object = {}) => ({
  fund: true,
  amount: 2000,
  name: 'Tunde Bakare',
  email: 'tunde@example.com',
  ...overrides,
});

/** The Green-Heart fund's ledger (kobo) and weekly award. */
export async function fundRow(t: TestApp) {
  const [row] = await t.database.db.select().from(greenHeartFund).where(eq(greenHeartFund.id, 1));
  if (!row) throw new Error('no fund row');
  return row;
}

/** Sets the fund as if `kobo` had been given to it, with this weekly award (kobo). */
export async function setFund(t: TestApp, kobo: number, weeklyAwardKobo: number) {
  await t.database.db
    .update(greenHeartFund)
    .set({
      donatedKobo: kobo,
      availableKobo: kobo,
      awardedKobo: 0,
      refundedKobo: 0,
      weeklyAwardKobo,
    })
    .where(eq(greenHeartFund.id, 1));
}
