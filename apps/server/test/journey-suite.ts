import type http from 'node:http';
import { campaigns, eq, payouts } from '@ipatient/db';
import { expect } from 'vitest';
import { signWebhook } from '../src/plugins/payments/payments.ts';
import { SANDBOX_TRANSFER_OTP } from '../src/plugins/payments/sandbox.ts';
import type { SignedInUser } from './accounts.ts';
import { fakePaystack, type PaystackCall, paystackJson } from './fake-paystack.ts';
import { apiCall, type TestApp } from './helpers.ts';

/**
 * What the money journey shares: a stand-in for every part of Paystack the journey touches
 * (account names, checkout, transfer recipients, transfers with their OTP) on loopback, signed
 * webhooks, and readers of a campaign's ledger columns. The journey runs once on the sandbox
 * and once on this fake.
 */
export const SECRET = 'sk_test_journey';
export const PAYSTACK_OTP = '482913';

export type SeenRequest = PaystackCall;

/** The name the fake bank gives each account number (unknown numbers do not resolve). */
export const accountNames = new Map<string, string>();

interface FakeTransfer {
  reference: string;
  transfer_code: string;
  amount: number;
  currency: 'NGN';
  status: string;
  recipient: string;
  reason: string;
}
/** The fake's transfers by reference: each waits for the OTP, as Paystack does by default. */
export const transfers = new Map<string, FakeTransfer>();

const json = paystackJson;

let codes = 0;
function answer(request: SeenRequest, response: http.ServerResponse) {
  const body = request.body ?? {};
  if (request.method === 'GET' && request.path === '/bank/resolve') {
    const number = request.params.get('account_number') ?? '';
    const name = accountNames.get(number);
    if (!name) return json(response, 422, { status: false, message: 'Could not resolve' });
    return json(response, 200, {
      status: true,
      data: { account_number: number, account_name: name, bank_id: 9 },
    });
  }
  if (request.method === 'POST' && request.path === '/transaction/initialize') {
    const reference = String(body.reference);
    return json(response, 200, {
      status: true,
      data: {
        authorization_url: `https://checkout.paystack.com/${reference}`,
        access_code: 'abc',
        reference,
      },
    });
  }
  if (request.method === 'POST' && request.path === '/transferrecipient') {
    return json(response, 201, {
      status: true,
      data: { recipient_code: `RCP_${String(body.account_number)}`, active: true },
    });
  }
  if (request.method === 'POST' && request.path === '/transfer') {
    const reference = String(body.reference);
    if (transfers.has(reference)) {
      return json(response, 400, { status: false, message: 'Duplicate Transfer Reference' });
    }
    codes += 1;
    const transfer: FakeTransfer = {
      reference,
      transfer_code: `TRF_journey${codes}`,
      amount: Number(body.amount),
      currency: 'NGN',
      status: 'otp',
      recipient: String(body.recipient),
      reason: String(body.reason),
    };
    transfers.set(reference, transfer);
    return json(response, 200, { status: true, data: transfer });
  }
  if (request.method === 'POST' && request.path === '/transfer/finalize_transfer') {
    const transfer = [...transfers.values()].find((t) => t.transfer_code === body.transfer_code);
    if (!transfer || body.otp !== PAYSTACK_OTP) {
      return json(response, 400, { status: false, message: 'Invalid OTP' });
    }
    transfer.status = 'pending';
    return json(response, 200, { status: true, data: transfer });
  }
  const verify = /^\/transfer\/verify\/(.+)$/.exec(request.path);
  if (request.method === 'GET' && verify) {
    const transfer = transfers.get(decodeURIComponent(verify[1] ?? ''));
    if (!transfer) return json(response, 404, { status: false, message: 'Transfer not found' });
    return json(response, 200, { status: true, data: transfer });
  }
  json(response, 404, { status: false, message: 'Not found' });
}

/** A stand-in for api.paystack.co on loopback. */
const fake = fakePaystack((call, response) => answer(call, response));

let baseUrl = '';
export async function startPaystack(): Promise<void> {
  baseUrl = await fake.start();
}
export const stopPaystack = () => fake.stop();
export const seen = fake.seen;
export const paystackEnv = () => ({ PAYSTACK_SECRET_KEY: SECRET, PAYSTACK_BASE_URL: baseUrl });

/** A webhook as the provider sends it, signed with `secret`. */
export function signedWebhook(t: TestApp, secret: string, event: string, data: object) {
  const body = JSON.stringify({ event, data });
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

let addressCounter = 0;
/** POST /donations/initialize from a fresh network address (the per-address limit is not tested here). */
export function initializeGift(t: TestApp, payload: object) {
  addressCounter += 1;
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/donations/initialize',
    payload,
    remoteAddress: `10.9.${Math.floor(addressCounter / 250)}.${addressCounter % 250}`,
  });
}

export function payoutAction(
  t: TestApp,
  as: SignedInUser,
  id: string,
  action: 'approve' | 'release' | 'finalize' | 'sandbox-settle',
  payload?: object,
) {
  return apiCall(t, 'POST', `/admin/crowdfunding-payouts/${id}/${action}`, {
    as,
    ...(payload ? { payload } : {}),
  });
}

/** The campaign's ledger columns (kobo) and its card figures, read from its row. */
export async function ledgerColumns(t: TestApp, campaignId: string) {
  const [row] = await t.database.db
    .select({
      donated: campaigns.donatedKobo,
      awarded: campaigns.awardedKobo,
      available: campaigns.availableKobo,
      pending: campaigns.pendingPayoutKobo,
      paidOut: campaigns.paidOutKobo,
      refunded: campaigns.refundedKobo,
      amountRaised: campaigns.amountRaised,
      donationCount: campaigns.donationCount,
    })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId));
  if (!row) throw new Error('no campaign');
  return row;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/**
 * The runs of five or more digits of `text` (ids left out) that are part of `accountNumber`:
 * what would show more of an account than its last four digits.
 */
export function accountDigitsIn(text: string, accountNumber: string): string[] {
  const runs = text.replace(UUID, '').match(/\d{5,}/g) ?? [];
  return runs.filter((run) => {
    for (let i = 0; i + 5 <= run.length; i += 1) {
      if (accountNumber.includes(run.slice(i, i + 5))) return true;
    }
    return false;
  });
}

/** What differs between the two providers along the journey. */
export interface Provider {
  name: 'sandbox' | 'paystack';
  env: () => Record<string, string>;
  /** The sandbox's made-up account names never match: the admin confirms the name there. */
  confirmName: boolean;
  otp: string;
  /** The donor pays a started gift. */
  pay(t: TestApp, reference: string, kobo: number): Promise<void>;
  /** The bank pays the transfer and its signed `transfer.success` arrives. */
  settle(t: TestApp, releaser: SignedInUser, payoutId: string): Promise<void>;
}

export async function payoutRow(t: TestApp, id: string) {
  const [row] = await t.database.db.select().from(payouts).where(eq(payouts.id, id));
  if (!row) throw new Error('no payout');
  return row;
}

export const sandbox: Provider = {
  name: 'sandbox',
  env: () => ({}),
  confirmName: true,
  otp: SANDBOX_TRANSFER_OTP,
  async pay(t, reference) {
    const paid = await apiCall(t, 'POST', `/donations/sandbox/${reference}/complete`, {
      payload: { outcome: 'success' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
  },
  async settle(t, releaser, payoutId) {
    const settled = await payoutAction(t, releaser, payoutId, 'sandbox-settle', {
      outcome: 'success',
    });
    expect(settled.statusCode, settled.body).toBe(200);
  },
};

export const paystack: Provider = {
  name: 'paystack',
  env: paystackEnv,
  confirmName: false,
  otp: PAYSTACK_OTP,
  async pay(t, reference, kobo) {
    const hook = await signedWebhook(t, SECRET, 'charge.success', {
      reference,
      amount: kobo,
      currency: 'NGN',
      status: 'success',
    });
    expect(hook.statusCode, hook.body).toBe(200);
  },
  async settle(t, _releaser, payoutId) {
    const { reference } = await payoutRow(t, payoutId);
    const transfer = transfers.get(reference);
    if (!transfer) throw new Error('Paystack holds no such transfer');
    transfer.status = 'success';
    const hook = await signedWebhook(t, SECRET, 'transfer.success', transfer);
    expect(hook.statusCode, hook.body).toBe(200);
  },
};
