import { type APIRequestContext, expect } from '@playwright/test';
import { createAdmin } from './admin.ts';
import type { ApiMember } from './campaign-api.ts';

const api = '/api/v1';
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The JSON of a successful answer; the test fails with the API's message otherwise. */
async function ok<T>(answer: Awaited<ReturnType<APIRequestContext['get']>>, what: string) {
  expect(answer.status(), `${what}: ${await answer.text()}`).toBeLessThan(300);
  return (await answer.json()) as T;
}

interface Gift {
  /** The donor's email (a shared one when left out). */
  email?: string;
  /** The donor's name; anonymous when left out. */
  name?: string;
  /** False: the checkout is started and left unpaid. */
  pay?: boolean;
  /**
   * The donor adds the provider's fee, so the campaign receives exactly `amount` (the default:
   * tests about payouts and ledgers reason in round sums). False: the fee is kept from `amount`.
   */
  coverFee?: boolean;
  /** How the donor pays at the sandbox checkout (card when left out). */
  channel?: 'card' | 'bank_transfer' | 'ussd' | 'bank';
}

/** A sandbox gift of `amount` naira to a campaign, paid unless told otherwise; its reference. */
export async function donateTo(
  request: APIRequestContext,
  campaignId: string,
  amount: number,
  {
    email = 'payout-donor@example.com',
    name,
    pay = true,
    coverFee = true,
    channel = 'card',
  }: Gift = {},
): Promise<string> {
  const started = await ok<{ result: { reference: string } }>(
    await request.post(`${api}/donations/initialize`, {
      // Each gift from its own address, so the donation limits of one address never refuse a test.
      headers: {
        'x-forwarded-for': `10.251.${process.pid & 255}.${Math.floor(Math.random() * 250)}`,
      },
      data: {
        campaignId,
        amount,
        email,
        coverFee,
        ...(name ? { name } : { anonymous: true }),
      },
    }),
    'donations/initialize',
  );
  const { reference } = started.result;
  if (pay) {
    await ok(
      await request.post(`${api}/donations/sandbox/${reference}/complete`, {
        data: { outcome: 'success', channel },
      }),
      'sandbox complete',
    );
  }
  return reference;
}

/** The organiser asks for `amount` naira against the campaign's bill; answers the payout's id. */
export async function requestPayout(
  request: APIRequestContext,
  organiser: ApiMember,
  campaignId: string,
  amount: number,
  purpose = 'The dialysis sessions of this month',
): Promise<string> {
  const headers = bearer(organiser.token);
  const documents = await ok<{ results: { id: string; kind: string }[] }>(
    await request.get(`${api}/crowdfunding/${campaignId}/documents`, { headers }),
    'documents',
  );
  const bill = documents.results.find((document) => document.kind === 'bill');
  expect(bill, 'the campaign has a bill').toBeDefined();
  const asked = await ok<{ result: { _id: string } }>(
    await request.post(`${api}/crowdfunding/${campaignId}/payouts`, {
      headers,
      data: { amount, purpose, billDocumentId: bill?.id },
    }),
    'request payout',
  );
  return asked.result._id;
}

/** An API token of a new admin (made with `npm run admin:create`). */
async function newAdminToken(request: APIRequestContext, tag: string): Promise<string> {
  const body = await ok<{ tokens: { accessToken: string } }>(
    await request.post(`${api}/sign-in`, { data: createAdmin(tag) }),
    'admin sign-in',
  );
  return body.tokens.accessToken;
}

/**
 * A payout of `amount` naira for `purpose`, to the default payee: requested by the organiser,
 * approved by one admin, released by another, who enters the sandbox bank's code; the bank pays.
 */
export async function paidPayout(
  request: APIRequestContext,
  organiser: ApiMember,
  campaignId: string,
  amount: number,
  purpose: string,
): Promise<void> {
  const id = await requestPayout(request, organiser, campaignId, amount, purpose);
  const payout = `${api}/admin/crowdfunding-payouts/${id}`;
  const approver = await newAdminToken(request, 'payout-a');
  const releaser = await newAdminToken(request, 'payout-b');
  await ok(await request.post(`${payout}/approve`, { headers: bearer(approver) }), 'approve');
  const released = await ok<{ result: { status: string } }>(
    await request.post(`${payout}/release`, { headers: bearer(releaser) }),
    'release',
  );
  expect(released.result.status).toBe('otp');
  await ok(
    await request.post(`${payout}/finalize`, {
      headers: bearer(releaser),
      data: { otp: '123456' },
    }),
    'finalize',
  );
  const settled = await ok<{ result: { status: string } }>(
    await request.post(`${payout}/sandbox-settle`, {
      headers: bearer(releaser),
      data: { outcome: 'success' },
    }),
    'sandbox settle',
  );
  expect(settled.result.status).toBe('paid');
}
