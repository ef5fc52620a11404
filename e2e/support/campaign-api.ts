import { execFileSync } from 'node:child_process';
import type { TCampaign } from '@ipatient/contracts/campaigns';
import { campaignCategories, campaignDurations } from '@ipatient/contracts/constants';
import { banks } from '@ipatient/contracts/reference';
import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import {
  emailedCode,
  fillLogin,
  type NewMember,
  newMember,
  strongPassword,
  tinyPng,
} from './accounts.ts';
import { completeChecklist, pdfFile } from './documents.ts';
import { giveConsent } from './site.ts';

const api = '/api/v1';

/** A member created through the API (sign-up, emailed code), with a Bearer token. */
export interface ApiMember extends NewMember {
  id: string;
  token: string;
}

function bearer(token: string) {
  return { Authorization: `Bearer ${token}` };
}

type ApiAnswer = Awaited<ReturnType<APIRequestContext['get']>>;

/** The body of a successful answer; the test fails with the API's message otherwise. */
async function expectOk<T = unknown>(response: ApiAnswer, what: string): Promise<T> {
  expect(response.status(), `${what}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

interface SignedIn {
  tokens: { accessToken: string };
  result: { _id: string };
}

/** Signs a new member up the way the API's clients do: sign-up, code from the outbox, verify. */
let ownAddresses = 0;
/**
 * A client address of its own, sent as X-Forwarded-For through the one trusted hop (see
 * playwright.config): for each member made through the API, and for a visitor's browser that
 * starts a donation, so the limits of one address never refuse another test.
 */
export function ownAddress(): string {
  ownAddresses += 1;
  const n = process.pid * 1000 + ownAddresses;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** The headers of a browser context that browses from an address of its own. */
export const fromOwnAddress = () => ({ extraHTTPHeaders: { 'x-forwarded-for': ownAddress() } });

export async function createMember(request: APIRequestContext, tag: string): Promise<ApiMember> {
  const member = newMember(tag);
  const from = { 'x-forwarded-for': ownAddress() };
  await expectOk(
    await request.post(`${api}/sign-up`, {
      headers: from,
      data: {
        email: member.email,
        firstName: member.firstName,
        lastName: member.lastName,
        phone: member.phone,
        password: member.password,
        isAdvocate: false,
        acceptTerms: true,
      },
    }),
    'sign-up',
  );
  const code = await emailedCode(request, member.email, 6);
  const body = await expectOk<SignedIn>(
    await request.post(`${api}/validate-signup-otp`, {
      headers: from,
      data: { email: member.email, emailOtp: code },
    }),
    'validate-signup-otp',
  );
  return { ...member, id: body.result._id, token: body.tokens.accessToken };
}

/** A word no other campaign has, for titles and searches. */
export function uniqueWord(prefix: string): string {
  const letters = Array.from({ length: 8 }, () =>
    String.fromCharCode(97 + Math.floor(Math.random() * 26)),
  ).join('');
  return `${prefix}${letters}`;
}

export interface CampaignInput {
  title: string;
  description: string;
  fundraisingFor: string;
  amountNeeded: number;
  state: string;
  lga: string;
}

/** A campaign whose title and beneficiary carry `word`, so tests never see each other's. */
export function campaignInput(word: string): CampaignInput {
  return {
    title: `Kidney dialysis for ${word}`,
    description: `${word} needs dialysis three times a week at a teaching hospital.\n\nEvery Green-Heart helps the family reach the weekly funding, and every naira raised goes to the hospital bill.`,
    fundraisingFor: `Chidi ${word}`,
    amountNeeded: 250000,
    state: 'Lagos',
    lga: 'Ikeja',
  };
}

/** Uploads one document as `member` (POST /campaign-documents); its id. */
export async function uploadDocument(
  request: APIRequestContext,
  member: ApiMember,
  kind: 'bill' | 'medical_report' | 'other',
  name = `${kind}.pdf`,
): Promise<string> {
  const body = await expectOk<{ result: { id: string } }>(
    await request.post(`${api}/campaign-documents`, {
      headers: bearer(member.token),
      multipart: { kind, file: pdfFile(name) },
    }),
    'campaign-documents',
  );
  return body.result.id;
}

/**
 * Submits a campaign as `member` (POST /post-crowedFunding, multipart with a small PNG), with
 * the hospital bill and medical report it needs (uploaded first) and the treating hospital.
 */
export async function submitCampaign(
  request: APIRequestContext,
  member: ApiMember,
  input: CampaignInput,
): Promise<TCampaign> {
  const bank = banks[0];
  if (!bank) throw new Error('no banks in the reference data');
  const documentIds = [
    await uploadDocument(request, member, 'bill'),
    await uploadDocument(request, member, 'medical_report'),
  ];
  const body = await expectOk<{ result: TCampaign }>(
    await request.post(`${api}/post-crowedFunding`, {
      headers: bearer(member.token),
      multipart: {
        title: input.title,
        description: input.description,
        fundraisingFor: input.fundraisingFor,
        category: campaignCategories[0],
        duration: campaignDurations[2],
        amountNeeded: String(input.amountNeeded),
        state: input.state,
        lga: input.lga,
        address: '12 Allen Avenue, Ikeja',
        bankCode: bank.code,
        accountNumber: '0123456789',
        facilityName: 'Lagos University Teaching Hospital',
        documentIds: documentIds.join(','),
        image: { name: 'cover.png', mimeType: 'image/png', buffer: tinyPng(480) },
      },
    }),
    'post-crowedFunding',
  );
  return body.result;
}

const admins = new Map<string, Promise<{ email: string; token: string }>>();

/** Seconds left before an access token expires (its `exp` claim). */
function secondsLeft(token: string): number {
  const [, payload] = token.split('.');
  const { exp } = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as { exp: number };
  return exp - Date.now() / 1000;
}

async function adminSignIn(request: APIRequestContext, email: string): Promise<string> {
  const body = await expectOk<SignedIn>(
    await request.post(`${api}/sign-in`, { data: { email, password: strongPassword } }),
    'admin sign-in',
  );
  return body.tokens.accessToken;
}

/**
 * A token of an admin of the server whose data directory is `dataDir`: `npm run admin:create` on
 * it (it connects to the server's embedded database), then POST /sign-in. One admin per worker
 * and site, signed in again when its access token is about to expire (a long run outlives one).
 */
export async function adminToken(
  request: APIRequestContext,
  dataDir = '.data-e2e',
): Promise<string> {
  let admin = admins.get(dataDir);
  admin ??= (async () => {
    const email = `e2e-admin-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    execFileSync(
      'npm',
      ['run', '--silent', 'admin:create', '--', '--email', email, '--password', strongPassword],
      { env: { ...process.env, DATA_DIR: dataDir }, stdio: 'pipe' },
    );
    return { email, token: await adminSignIn(request, email) };
  })();
  admins.set(dataDir, admin);
  const current = await admin;
  if (secondsLeft(current.token) > 120) return current.token;
  const renewed = adminSignIn(request, current.email).then((token) => ({ ...current, token }));
  admins.set(dataDir, renewed);
  return (await renewed).token;
}

/** Approves a campaign as an admin (PUT /admin/crowdfunding/{id}/status) with the checklist. */
export async function approveCampaign(
  request: APIRequestContext,
  id: string,
  dataDir?: string,
): Promise<void> {
  const token = await adminToken(request, dataDir);
  // An approval names the version the admin looked at: the campaign as it is now.
  const seen = await expectOk<{ result: TCampaign }>(
    await request.get(`${api}/single-crowedfunding/${id}`, { headers: bearer(token) }),
    'read campaign',
  );
  await expectOk(
    await request.put(`${api}/admin/crowdfunding/${id}/status`, {
      headers: bearer(token),
      data: {
        status: 'active',
        expectedUpdatedAt: seen.result.updatedAt,
        checklist: completeChecklist(),
      },
    }),
    'approve campaign',
  );
}

export interface LiveCampaign {
  organiser: ApiMember;
  campaign: TCampaign;
  input: CampaignInput;
  /** The unique word in its title, beneficiary and story. */
  word: string;
}

/** A member with one approved (live) campaign of their own. */
export async function createLiveCampaign(
  request: APIRequestContext,
  tag: string,
): Promise<LiveCampaign> {
  const organiser = await createMember(request, tag);
  const word = uniqueWord('Zq');
  const input = campaignInput(word);
  const campaign = await submitCampaign(request, organiser, input);
  await approveCampaign(request, campaign._id);
  return { organiser, campaign, input, word };
}

/** A new browser session signed in as `member` through the login page. */
export async function signedInPage(
  browser: Browser,
  baseURL: string | undefined,
  member: ApiMember,
  options: { javaScriptEnabled?: boolean } = {},
): Promise<Page> {
  const context = await browser.newContext({ baseURL, ...options });
  await giveConsent(context, baseURL);
  const page = await context.newPage();
  await page.goto('/login');
  await fillLogin(page, member.email, member.password);
  await expect(page).toHaveURL(/\/$/);
  return page;
}
