import zlib from 'node:zlib';
import type { TCampaign } from '@ipatient/contracts';
import { campaignLikeCounts, campaigns, eq } from '@ipatient/db';
import { expect } from 'vitest';
import { sandboxBankLookup } from '../src/plugins/bank-lookup/bank-lookup.ts';
import type { SignedInUser } from './accounts.ts';
import { campaignForm, createMembers, insertCampaignRow, type UploadFile } from './campaigns.ts';
import { createTestApp, type TestApp } from './helpers.ts';

/**
 * What the campaign route tests share: each test file starts its own app (`beforeAll`) with an
 * admin, and these helpers act on that file's app.
 */
export let t: TestApp;
export let admin: SignedInUser;

/** Starts this test file's app and signs in its admin. */
export async function startCampaignsApp(): Promise<void> {
  t = await createTestApp();
  [admin] = (await createMembers(t, 1, 'admin')) as [SignedInUser];
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export function call(
  method: Method,
  url: string,
  options: {
    as?: SignedInUser | undefined;
    payload?: object | Buffer;
    headers?: Record<string, string>;
  } = {},
) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    ...(options.payload !== undefined ? { payload: options.payload } : {}),
    headers: { ...(options.as?.headers ?? {}), ...(options.headers ?? {}) },
  });
}

export async function member(): Promise<SignedInUser> {
  const [user] = await createMembers(t, 1);
  if (!user) throw new Error('no member');
  return user;
}

export const DAY = 24 * 60 * 60 * 1000;
/** The moment `days` days before now. */
export const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

/** A new member and a campaign row of theirs: live unless `overrides` say otherwise. */
export async function organiserWithCampaign(
  overrides: Parameters<typeof insertCampaignRow>[2] = {},
) {
  const owner = await member();
  const campaign = await insertCampaignRow(t, owner.id, overrides);
  return { owner, campaign };
}

const letters = 'abcdefghijklmnopqrstuvwxyz';
/** A word no other campaign contains, to find one test's campaigns among all of the file's. */
export function word(length = 12): string {
  return Array.from({ length }, () => letters[Math.floor(Math.random() * letters.length)]).join('');
}

export async function rowsOf(userId: string) {
  return t.database.db.select().from(campaigns).where(eq(campaigns.userId, userId));
}

export async function rowOf(id: string) {
  const [row] = await t.database.db.select().from(campaigns).where(eq(campaigns.id, id));
  if (!row) throw new Error(`no campaign ${id}`);
  return row;
}

/** The campaign's stored count of likes (its row of `campaign_like_counts`). */
export async function likesCountOf(id: string): Promise<number> {
  const [row] = await t.database.db
    .select({ likesCount: campaignLikeCounts.likesCount })
    .from(campaignLikeCounts)
    .where(eq(campaignLikeCounts.campaignId, id));
  if (!row) throw new Error(`no counts row for campaign ${id}`);
  return row.likesCount;
}

export async function list(query: string, as?: SignedInUser) {
  const response = await call('GET', `/get-crowedFundings?${query}`, { as });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    message: string;
    results: TCampaign[];
    meta: { page: number; limit: number; total: number };
  };
}

/** Each query of the campaign list is refused (400), the answer naming its field. */
export async function expectListRefused(
  cases: readonly (readonly [query: string, field: string])[],
) {
  for (const [query, field] of cases) {
    const response = await call('GET', `/get-crowedFundings?${query}`);
    expect(response.statusCode, query).toBe(400);
    expect(Object.keys(response.json().errors), query).toContain(field);
  }
}

export const ids = (results: Pick<TCampaign, '_id'>[]) => results.map((campaign) => campaign._id);

export function single(id: string, as?: SignedInUser) {
  return call('GET', `/single-crowedfunding/${id}`, { as });
}

export async function update(
  as: SignedInUser | undefined,
  id: string,
  fields: Record<string, string>,
  image?: UploadFile,
) {
  const form = await campaignForm(fields, image);
  return call('PUT', `/update-crowedFunding/${id}`, {
    as,
    payload: form.payload,
    headers: form.headers,
  });
}

export function like(as: SignedInUser | undefined, id: string) {
  return call('PUT', `/like-crowdfunding/${id}`, { as });
}

export function remove(as: SignedInUser | undefined, id: string) {
  return call('DELETE', `/soft-delete-crowedFunding/${id}`, { as });
}

export async function sandboxName(bankCode: string, accountNumber: string): Promise<string> {
  return (await sandboxBankLookup().resolve(bankCode, accountNumber)).accountName;
}

export const MISSING_ID = '00000000-0000-4000-8000-000000000000';

/** An answer's text, decoded from the content coding it came in (brotli, gzip or none). */
export function decodedBody(response: Awaited<ReturnType<typeof call>>): string {
  const coding = response.headers['content-encoding'];
  const bytes =
    coding === 'br'
      ? zlib.brotliDecompressSync(response.rawPayload)
      : coding === 'gzip'
        ? zlib.gunzipSync(response.rawPayload)
        : response.rawPayload;
  return bytes.toString();
}
