import {
  consentTexts,
  privacyNoticeVersion,
  type TConsentRecord,
  termsVersion,
} from '@ipatient/contracts/consents';
import { and, consents, eq, pendingRegistrations, users } from '@ipatient/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSignedInUser,
  latestCode,
  type SignedInUser,
  strongPassword,
  uniqueEmail,
} from '../../../test/accounts.ts';
import { apiCall, createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  marketingEmailLinks,
  marketingUnsubscribeKey,
  marketingUnsubscribeToken,
} from './consents.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let ipCounter = 0;
const freshIp = () => {
  ipCounter += 1;
  return `10.9.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};

/** Signs up through the API and enters the emailed code; answers the new account's id. */
async function signUpAndVerify(extra: Record<string, unknown>): Promise<string> {
  const email = uniqueEmail('consent');
  const remoteAddress = freshIp();
  const signUp = await t.app.inject({
    method: 'POST',
    url: '/api/v1/sign-up',
    remoteAddress,
    payload: {
      email,
      firstName: 'Ngozi',
      lastName: 'Adeyemi',
      phone: '0803 123 4567',
      password: strongPassword,
      acceptTerms: true,
      ...extra,
    },
  });
  expect(signUp.statusCode).toBe(200);
  const emailOtp = await latestCode(t, email);
  const verified = await t.app.inject({
    method: 'POST',
    url: '/api/v1/validate-signup-otp',
    remoteAddress,
    payload: { email, emailOtp },
  });
  expect(verified.statusCode).toBe(200);
  const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error('no account');
  return row.id;
}

async function recordsOf(userId: string, kind?: TConsentRecord['kind']) {
  return t.database.db
    .select()
    .from(consents)
    .where(
      kind
        ? and(eq(consents.userId, userId), eq(consents.kind, kind))
        : eq(consents.userId, userId),
    );
}

async function marketingSetting(userId: string) {
  const [row] = await t.database.db
    .select({ marketingEmails: users.marketingEmails })
    .from(users)
    .where(eq(users.id, userId));
  return row?.marketingEmails;
}

const getConsents = (as?: SignedInUser) => apiCall(t, 'GET', '/me/consents', { as });
const setMarketing = (as: SignedInUser | undefined, granted: unknown) =>
  apiCall(t, 'PUT', '/me/consents/marketing-emails', { as, payload: { granted } });
const setCookies = (as: SignedInUser | undefined, choice: unknown) =>
  apiCall(t, 'PUT', '/me/consents/cookies', { as, payload: { choice } });

describe('consents at sign-up', () => {
  it('records the terms and privacy notice versions, and marketing off unless ticked', async () => {
    const userId = await signUpAndVerify({});
    const rows = await recordsOf(userId);
    expect(rows.map((row) => [row.kind, row.version, row.granted, row.source]).sort()).toEqual(
      [
        ['marketing_emails', null, false, 'signup'],
        ['privacy', privacyNoticeVersion, true, 'signup'],
        ['terms', termsVersion, true, 'signup'],
      ].sort(),
    );
    expect(await marketingSetting(userId)).toBe(false);
  });

  it('turns marketing emails on when the box was ticked', async () => {
    const userId = await signUpAndVerify({ marketingEmails: 'on' });
    const [marketing] = await recordsOf(userId, 'marketing_emails');
    expect(marketing).toMatchObject({ granted: true, source: 'signup' });
    expect(await marketingSetting(userId)).toBe(true);
  });

  it('keeps the versions with the waiting registration until the code is entered', async () => {
    const email = uniqueEmail('pending');
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/sign-up',
      remoteAddress: freshIp(),
      payload: {
        email,
        firstName: 'Ngozi',
        lastName: 'Adeyemi',
        phone: '0803 123 4567',
        password: strongPassword,
        acceptTerms: true,
        marketingEmails: true,
      },
    });
    const [pending] = await t.database.db
      .select()
      .from(pendingRegistrations)
      .where(eq(pendingRegistrations.email, email));
    expect(pending).toMatchObject({
      termsVersion,
      privacyVersion: privacyNoticeVersion,
      marketingEmails: true,
    });
  });
});

describe('GET /me/consents', () => {
  it('refuses visitors', async () => {
    expect((await getConsents()).statusCode).toBe(401);
  });

  it('shows nothing recorded for an account older than consents, with the versions in force', async () => {
    const member = await createSignedInUser(t);
    const response = await getConsents(member);
    expect(response.statusCode).toBe(200);
    const { result } = response.json();
    expect(result.current.terms).toBeNull();
    expect(result.history).toEqual([]);
    expect(result.currentVersions).toEqual({ terms: termsVersion, privacy: privacyNoticeVersion });
  });

  it('accepting the current documents records both, from the account', async () => {
    const member = await createSignedInUser(t);
    const response = await apiCall(t, 'POST', '/me/consents/accept-current', { as: member });
    expect(response.statusCode).toBe(200);
    const { result } = response.json();
    expect(result.current.terms).toMatchObject({ version: termsVersion, source: 'account' });
    expect(result.current.privacy).toMatchObject({ version: privacyNoticeVersion });
    expect(await recordsOf(member.id)).toHaveLength(2);
  });

  it('shows only the member’s own records', async () => {
    const member = await createSignedInUser(t);
    const other = await createSignedInUser(t);
    await setMarketing(other, true);
    expect((await getConsents(member)).json().result.history).toEqual([]);
  });
});

describe('PUT /me/consents/marketing-emails', () => {
  it('refuses visitors and wrong values', async () => {
    expect((await setMarketing(undefined, true)).statusCode).toBe(401);
    const member = await createSignedInUser(t);
    const wrong = await setMarketing(member, 'perhaps');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch('granted');
    expect(await recordsOf(member.id)).toHaveLength(0);
  });

  it('gives and withdraws in one call each, newest first in the history', async () => {
    const member = await createSignedInUser(t);
    const on = await setMarketing(member, true);
    expect(on.statusCode).toBe(200);
    expect(on.json().message).toBe(consentTexts.marketingOn);
    expect(await marketingSetting(member.id)).toBe(true);
    // Another transaction, a later time: the withdrawal is the newest record.
    const off = await setMarketing(member, false);
    expect(off.json().message).toBe(consentTexts.marketingOff);
    expect(await marketingSetting(member.id)).toBe(false);
    const { result } = (await getConsents(member)).json();
    expect(result.marketingEmails).toBe(false);
    expect(result.current.marketing_emails).toMatchObject({ granted: false, source: 'account' });
    expect(result.history.map((record: TConsentRecord) => record.granted)).toEqual([false, true]);
  });
});

describe('PUT /me/consents/cookies', () => {
  it('records a signed-in member’s choice once, and refuses unknown choices', async () => {
    expect((await setCookies(undefined, 'all')).statusCode).toBe(401);
    const member = await createSignedInUser(t);
    expect((await setCookies(member, 'everything')).statusCode).toBe(400);
    expect((await setCookies(member, 'necessary')).statusCode).toBe(200);
    // The same choice again adds nothing.
    await setCookies(member, 'necessary');
    const saved = await setCookies(member, 'functional+analytics');
    expect(saved.statusCode).toBe(200);
    const rows = await recordsOf(member.id, 'cookies');
    expect(rows.map((row) => [row.version, row.granted, row.source]).sort()).toEqual([
      ['functional+analytics', true, 'cookie_banner'],
      ['necessary', false, 'cookie_banner'],
    ]);
    expect(saved.json().result.current.cookies.version).toBe('functional+analytics');
  });
});

describe('the unsubscribe link of marketing emails', () => {
  const key = () => marketingUnsubscribeKey(t.config.jwtSecret);
  const status = (token: string) =>
    apiCall(t, 'GET', `/emails/unsubscribe?${new URLSearchParams({ token })}`);
  const unsubscribe = (token: string) =>
    apiCall(t, 'POST', '/emails/unsubscribe', { payload: { token } });

  async function subscribedMember() {
    const member = await createSignedInUser(t);
    await setMarketing(member, true);
    return member;
  }

  it('builds a link and a List-Unsubscribe value to the unsubscribe page', () => {
    const links = marketingEmailLinks(
      { publicUrl: 'https://ipatient.example', unsubscribeKey: key() },
      '7a0c1f4e-2b1d-4c55-9d8e-0f6a2b3c4d5e',
    );
    expect(links.unsubscribeUrl).toMatch(
      /^https:\/\/ipatient\.example\/emails\/unsubscribe\?token=7a0c1f4e-2b1d-4c55-9d8e-0f6a2b3c4d5e\.[\w-]+$/,
    );
    expect(links.listUnsubscribe).toBe(links.unsubscribeUrl);
  });

  it('a valid token asks first, then withdraws with no sign-in', async () => {
    const member = await subscribedMember();
    const token = marketingUnsubscribeToken(key(), member.id);
    const asked = await status(token);
    expect(asked.statusCode).toBe(200);
    expect(asked.json().result.subscribed).toBe(true);
    expect(await marketingSetting(member.id)).toBe(true);
    const done = await unsubscribe(token);
    expect(done.statusCode).toBe(200);
    expect(await marketingSetting(member.id)).toBe(false);
    const [newest] = (await getConsents(member)).json().result.history;
    expect(newest).toMatchObject({
      kind: 'marketing_emails',
      granted: false,
      source: 'unsubscribe',
    });
    // A second click records nothing more.
    await unsubscribe(token);
    expect(await recordsOf(member.id, 'marketing_emails')).toHaveLength(2);
  });

  it('a tampered token or another member’s signature changes nothing', async () => {
    const member = await subscribedMember();
    const other = await subscribedMember();
    const good = marketingUnsubscribeToken(key(), member.id);
    const signature = good.split('.')[1];
    const tampered = `${good.slice(0, -2)}${good.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const token of [tampered, `${other.id}.${signature}`, 'nonsense', `${member.id}.`]) {
      const answer = await unsubscribe(token);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toBe(consentTexts.badToken);
      expect((await status(token)).statusCode).toBe(400);
    }
    // A token signed with another key (another server's secret) is refused too.
    const foreign = marketingUnsubscribeToken(marketingUnsubscribeKey('another-secret'), member.id);
    expect((await unsubscribe(foreign)).statusCode).toBe(400);
    expect(await marketingSetting(member.id)).toBe(true);
    expect(await marketingSetting(other.id)).toBe(true);
  });
});
