import type http from 'node:http';
import { pendingPayoutStatuses } from '@ipatient/contracts/money-rules';
import {
  campaignDocuments,
  campaigns,
  donations,
  eq,
  facilities,
  facilityPayoutAccounts,
  payouts,
  sql,
} from '@ipatient/db';
import { expect } from 'vitest';
import { payoutsDeps } from '../src/features/payouts/payouts.deps.ts';
import { verifyUnsettledPayouts } from '../src/features/payouts/payouts.settle.ts';
import { signWebhook } from '../src/plugins/payments/payments.ts';
import type { SignedInUser } from './accounts.ts';
import { createMembers, insertCampaignRow } from './campaigns.ts';
import { fakePaystack, type PaystackCall, paystackJson } from './fake-paystack.ts';
import { apiCall, type TestApp } from './helpers.ts';

/**
 * What the payout tests share: a stand-in for Paystack's transfer API on loopback (each test
 * file starts it and resets it before each test), a campaign with money, a verified hospital
 * account and a bill, and checks of the ledger after every scenario.
 */
export const SECRET = 'sk_test_payouts';
export const PAYSTACK_OTP = '654321';

export type SeenRequest = PaystackCall;

interface FakeTransfer {
  reference: string;
  transfer_code: string;
  amount: number;
  status: string;
  recipient: string;
  reason: string;
}
/** The fake Paystack's transfers by reference. */
export const transfers = new Map<string, FakeTransfer>();

/** How the fake answers POST /transfer: its first state, or not at all (503: down). */
export const behaviour = { transferStatus: 'otp' as 'otp' | 'pending' | 'success', down: false };

const json = paystackJson;

let codes = 0;
function answer(request: SeenRequest, response: http.ServerResponse) {
  const body = request.body ?? {};
  if (request.method === 'POST' && request.path === '/transferrecipient') {
    json(response, 201, {
      status: true,
      data: { recipient_code: `RCP_${String(body.account_number)}` },
    });
    return;
  }
  if (request.method === 'POST' && request.path === '/transfer') {
    if (behaviour.down) {
      json(response, 503, { status: false, message: 'Service unavailable' });
      return;
    }
    const reference = String(body.reference);
    if (transfers.has(reference)) {
      json(response, 400, { status: false, message: 'Duplicate Transfer Reference' });
      return;
    }
    codes += 1;
    const transfer: FakeTransfer = {
      reference,
      transfer_code: `TRF_fake${codes}`,
      amount: Number(body.amount),
      status: behaviour.transferStatus,
      recipient: String(body.recipient),
      reason: String(body.reason),
    };
    transfers.set(reference, transfer);
    json(response, 200, { status: true, data: transfer });
    return;
  }
  if (request.method === 'POST' && request.path === '/transfer/finalize_transfer') {
    const transfer = [...transfers.values()].find((t) => t.transfer_code === body.transfer_code);
    if (!transfer || body.otp !== PAYSTACK_OTP) {
      json(response, 400, { status: false, message: 'Invalid OTP' });
      return;
    }
    transfer.status = 'pending';
    json(response, 200, { status: true, data: transfer });
    return;
  }
  const verify = /^\/transfer\/verify\/(.+)$/.exec(request.path);
  if (request.method === 'GET' && verify) {
    const transfer = transfers.get(decodeURIComponent(verify[1] ?? ''));
    if (!transfer) {
      json(response, 404, { status: false, message: 'Transfer not found' });
      return;
    }
    json(response, 200, { status: true, data: transfer });
    return;
  }
  json(response, 404, { status: false, message: 'Not found' });
}

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
  behaviour.transferStatus = 'otp';
  behaviour.down = false;
}
export const paystackEnv = () => ({ PAYSTACK_SECRET_KEY: SECRET, PAYSTACK_BASE_URL: baseUrl });

/** A signed `transfer.*` webhook as Paystack sends it. */
export function transferWebhook(t: TestApp, event: string, data: object, secret = SECRET) {
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

export interface Scene {
  organiser: SignedInUser;
  /** Three admins: the approver, the releaser, and one more. */
  admins: [SignedInUser, SignedInUser, SignedInUser];
  member: SignedInUser;
  facilityId: string;
}

export async function createScene(t: TestApp): Promise<Scene> {
  const [organiser, member] = (await createMembers(t, 2)) as [SignedInUser, SignedInUser];
  const admins = (await createMembers(t, 3, 'admin')) as Scene['admins'];
  const [facility] = await t.database.db
    .insert(facilities)
    .values({
      name: 'Lagos University Teaching Hospital',
      facilityType: 'Hospital',
      state: 'Lagos',
      lga: 'Surulere',
      address: 'Idi-Araba',
      verified: true,
    })
    .returning({ id: facilities.id });
  const facilityId = facility?.id ?? '';
  await t.database.db.insert(facilityPayoutAccounts).values({
    facilityId,
    bankCode: '011',
    bankName: 'First Bank',
    accountNumber: '2030405060',
    accountName: 'LAGOS UNIVERSITY TEACHING HOSPITAL',
    lookupProvider: 'sandbox',
    recipientCode: 'RCP_luth',
    verifiedAt: new Date(),
  });
  return { organiser, admins, member, facilityId };
}

/** A live campaign of the scene's organiser, its hospital's account verified, with a bill. */
export async function createFundedCampaign(
  t: TestApp,
  scene: Scene,
  options: { naira?: number; overrides?: Parameters<typeof insertCampaignRow>[2] } = {},
) {
  const campaign = await insertCampaignRow(t, scene.organiser.id, {
    facilityId: scene.facilityId,
    accountVerifiedAt: new Date(),
    ...options.overrides,
  });
  const [bill] = await t.database.db
    .insert(campaignDocuments)
    .values({
      userId: scene.organiser.id,
      campaignId: campaign.id,
      kind: 'bill',
      storageKey: `private/bill-${campaign.id}.pdf`,
      fileName: 'bill.pdf',
      contentType: 'application/pdf',
      sizeBytes: 1000,
      attachedAt: new Date(),
    })
    .returning({ id: campaignDocuments.id });
  if (options.naira) await fund(t, campaign.id, options.naira * 100);
  return { id: campaign.id, billId: bill?.id ?? '' };
}

let gifts = 0;
/** A counted gift: a succeeded donation and the ledger's donated and available together. */
export async function fund(
  t: TestApp,
  campaignId: string,
  kobo: number,
  donor: { email?: string; keepInformed?: boolean } = {},
) {
  gifts += 1;
  await t.database.db.transaction(async (tx) => {
    await tx.insert(donations).values({
      reference: `IPD-TEST${String(gifts).padStart(16, 'A')}`,
      campaignId,
      provider: 'sandbox',
      amountKobo: kobo,
      donorName: 'Ngozi Ade',
      donorEmail: donor.email ?? `donor${gifts}@example.ng`,
      keepInformed: donor.keepInformed ?? false,
      status: 'succeeded',
      paidAt: new Date(),
    });
    await tx
      .update(campaigns)
      .set({
        donatedKobo: sql`${campaigns.donatedKobo} + ${kobo}`,
        availableKobo: sql`${campaigns.availableKobo} + ${kobo}`,
        amountRaised: sql`${campaigns.amountRaised} + ${Math.floor(kobo / 100)}`,
        donationCount: sql`${campaigns.donationCount} + 1`,
      })
      .where(eq(campaigns.id, campaignId));
  });
}

export async function ledger(t: TestApp, campaignId: string) {
  const [row] = await t.database.db
    .select({
      donated: campaigns.donatedKobo,
      awarded: campaigns.awardedKobo,
      available: campaigns.availableKobo,
      pending: campaigns.pendingPayoutKobo,
      paidOut: campaigns.paidOutKobo,
      refunded: campaigns.refundedKobo,
    })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId));
  if (!row) throw new Error('no campaign');
  return row;
}

/** The ledger balances, and what is pending is exactly the payouts in pending states. */
export async function expectLedgerHolds(t: TestApp, campaignId: string) {
  const row = await ledger(t, campaignId);
  expect(row.donated + row.awarded).toBe(row.available + row.pending + row.paidOut + row.refunded);
  const rows = await t.database.db
    .select({ amount: payouts.amountKobo, status: payouts.status })
    .from(payouts)
    .where(eq(payouts.campaignId, campaignId));
  const pending = rows
    .filter((p) => pendingPayoutStatuses.includes(p.status))
    .reduce((sum, p) => sum + p.amount, 0);
  expect(row.pending).toBe(pending);
  const paid = rows.filter((p) => p.status === 'paid').reduce((sum, p) => sum + p.amount, 0);
  expect(row.paidOut).toBe(paid);
  return row;
}

export async function payoutRow(t: TestApp, id: string) {
  const [row] = await t.database.db.select().from(payouts).where(eq(payouts.id, id));
  if (!row) throw new Error('no payout');
  return row;
}

export const requestBody = (billDocumentId: string, overrides: object = {}) => ({
  amount: 100_000,
  purpose: 'Spine surgery deposit at LUTH',
  billDocumentId,
  ...overrides,
});

export function requestPayout(t: TestApp, as: SignedInUser, campaignId: string, body: object) {
  return apiCall(t, 'POST', `/crowdfunding/${campaignId}/payouts`, { as, payload: body });
}

/** A requested payout's id (the request must succeed). */
export async function requested(
  t: TestApp,
  scene: Scene,
  campaign: { id: string; billId: string },
  overrides: object = {},
) {
  const response = await requestPayout(
    t,
    scene.organiser,
    campaign.id,
    requestBody(campaign.billId, overrides),
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json().result._id as string;
}

export function adminAction(
  t: TestApp,
  as: SignedInUser,
  id: string,
  action: 'approve' | 'reject' | 'release' | 'finalize' | 'sandbox-settle',
  payload?: object,
) {
  return apiCall(t, 'POST', `/admin/crowdfunding-payouts/${id}/${action}`, {
    as,
    ...(payload ? { payload } : {}),
  });
}

/** Requested by the organiser and approved by the first admin. */
export async function approved(
  t: TestApp,
  scene: Scene,
  campaign: { id: string; billId: string },
  overrides: object = {},
) {
  const id = await requested(t, scene, campaign, overrides);
  const response = await adminAction(t, scene.admins[0], id, 'approve');
  expect(response.statusCode, response.body).toBe(200);
  return id;
}

/** The verify job's run against this app, at `minutesLater` from now. */
export function runVerifyJob(t: TestApp, minutesLater: number) {
  return verifyUnsettledPayouts(payoutsDeps(t.app), new Date(Date.now() + minutesLater * 60_000));
}
