import type http from 'node:http';
import { reviewLimits } from '@ipatient/contracts/facility-rules';
import { eq, facilities, facilityPayoutAccounts, facilityReviews, sql } from '@ipatient/db';
import { createSignedInUser, type SignedInUser } from './accounts.ts';
import { fakePaystack, type PaystackCall, paystackJson } from './fake-paystack.ts';
import { apiCall, createTestApp, type TestApp } from './helpers.ts';

/**
 * What the facility route tests share: each test file starts its own app (`beforeAll`) with an
 * admin and two members, and these helpers act on that file's app.
 */
export let t: TestApp;
export let admin: SignedInUser;
export let member: SignedInUser;
export let other: SignedInUser;
export const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/** Starts this test file's app and signs in its admin and members. */
export async function startFacilitiesApp(): Promise<void> {
  t = await createTestApp();
  admin = await createSignedInUser(t, { role: 'admin', firstName: 'Bisi' });
  member = await createSignedInUser(t, { firstName: 'Ngozi' });
  other = await createSignedInUser(t, { firstName: 'Musa' });
}

export async function facilityFigures(id: string) {
  const [row] = await t.database.db
    .select({
      reviewCount: facilities.reviewCount,
      ratingTotal: facilities.ratingTotal,
      averageRating: facilities.averageRating,
    })
    .from(facilities)
    .where(eq(facilities.id, id));
  return row;
}

export async function reviewCount(): Promise<number> {
  const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(facilityReviews);
  return row?.n ?? 0;
}

/**
 * Payout accounts: a stand-in for Paystack on loopback that resolves account names (GET
 * /bank/resolve, the name each number was given, else the facility's) and registers transfer
 * recipients (POST /transferrecipient), or answers 500 while `paystackDown.recipient` is set.
 * A payout test file starts it (`startPayoutPaystack`) before its app and resets it before each test.
 */
export const PAYSTACK_SECRET = 'sk_test_facility_payouts';

export type PaystackRequest = PaystackCall;

/** The name the fake bank gives each account number. */
export const accountNames = new Map<string, string>();
export const paystackDown = { lookup: false, recipient: false };

const answerJson = paystackJson;

/** The fake bank and Paystack's recipients, on loopback. */
function answerPaystack(seen: PaystackRequest, response: http.ServerResponse) {
  if (seen.method === 'GET' && seen.path === '/bank/resolve') {
    if (paystackDown.lookup) return answerJson(response, 500, { status: false });
    const number = seen.params.get('account_number') ?? '';
    const name = accountNames.get(number);
    if (!name) return answerJson(response, 422, { status: false, message: 'Could not resolve' });
    return answerJson(response, 200, {
      status: true,
      message: 'Account number resolved',
      data: { account_number: number, account_name: name, bank_id: 9 },
    });
  }
  if (seen.method === 'POST' && seen.path === '/transferrecipient') {
    if (paystackDown.recipient) return answerJson(response, 500, { status: false });
    return answerJson(response, 201, {
      status: true,
      message: 'Transfer recipient created successfully',
      data: { recipient_code: `RCP_${String(seen.body?.account_number)}`, active: true },
    });
  }
  answerJson(response, 404, { status: false, message: 'Not found' });
}

const fake = fakePaystack(answerPaystack);
export const paystackSeen = fake.seen;

export let paystackUrl: string;

export async function startPayoutPaystack(): Promise<void> {
  paystackUrl = await fake.start();
}

export const stopPayoutPaystack = () => fake.stop();

export function resetPayoutPaystack(): void {
  paystackSeen.length = 0;
  accountNames.clear();
  paystackDown.lookup = false;
  paystackDown.recipient = false;
}

/** A second admin: the one who verifies what the first added. */
export let secondAdmin: SignedInUser;

/** This test file's app with payments set by `env`, an admin, a second admin and a member. */
export async function startPayoutApp(env: Record<string, string> = {}): Promise<void> {
  t = await createTestApp({ env });
  admin = await createSignedInUser(t, { role: 'admin', firstName: 'Bisi' });
  secondAdmin = await createSignedInUser(t, { role: 'admin', firstName: 'Tunde' });
  member = await createSignedInUser(t, { firstName: 'Ngozi' });
}

const payoutPath = (facilityId: string) => `/facilities/${facilityId}/payout-account`;

/** PUT /admin/facilities/{id}/payout-account. */
export function putPayoutAccount(
  who: SignedInUser | undefined,
  facilityId: string,
  body: object = { bankCode: '058', accountNumber: '0123456789' },
) {
  return apiCall(t, 'PUT', `/admin${payoutPath(facilityId)}`, { as: who, payload: body });
}

export function verifyPayoutAccount(who: SignedInUser | undefined, facilityId: string) {
  return apiCall(t, 'POST', `/admin${payoutPath(facilityId)}/verify`, { as: who });
}

export function getPayoutAccount(who: SignedInUser | undefined, facilityId: string) {
  return apiCall(t, 'GET', `/admin${payoutPath(facilityId)}`, { as: who });
}

export function deletePayoutAccount(who: SignedInUser | undefined, facilityId: string) {
  return apiCall(t, 'DELETE', `/admin${payoutPath(facilityId)}`, { as: who });
}

/** The stored row (recipient code included), or undefined. */
export async function payoutRow(facilityId: string) {
  const [row] = await t.database.db
    .select()
    .from(facilityPayoutAccounts)
    .where(eq(facilityPayoutAccounts.facilityId, facilityId));
  return row;
}

/** What the public directory and detail page say about a facility. */
export async function publicAnswers(facilityId: string, name: string) {
  // The tests make many hospitals of one name: ask for a page that holds them all, so the one
  // looked for is on it whatever order equal names come in.
  const list = await apiCall(
    t,
    'GET',
    `/facilities?search=${encodeURIComponent(name)}&limit=${reviewLimits.pageMax}`,
  );
  const detail = await apiCall(t, 'GET', `/facilities/${facilityId}`);
  const listed = list.json().results.find((item: { _id: string }) => item._id === facilityId);
  return { list, detail, listed, shown: detail.json().result };
}
