import {
  eq,
  oneTimeCodes,
  pendingRegistrations,
  rateEvents,
  refreshTokens,
  sessions,
  sql,
  users,
} from '@ipatient/db';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../test/accounts.ts';
import { call, registered, startAuthApp, t } from '../../../test/auth-suite.ts';
import { issueCsrfToken } from '../../lib/csrf-token.ts';

beforeEach(startAuthApp);
afterEach(() => t.close());

describe('POST /get-access-token', () => {
  it('rotates the refresh token and returns a working access token', async () => {
    const user = await createSignedInUser(t);
    const response = await call('POST', '/get-access-token', { refreshToken: user.refreshToken });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.result).toBe(body.tokens.accessToken);
    expect(body.tokens.refreshToken).not.toBe(user.refreshToken);
    const me = await call('GET', '/get-me', undefined, {
      headers: { authorization: `Bearer ${body.result}` },
    });
    expect(me.statusCode).toBe(200);
    const next = await call('POST', '/get-access-token', {
      refreshToken: body.tokens.refreshToken,
    });
    expect(next.statusCode).toBe(200);
  });

  it('revokes the whole session when a used refresh token comes back', async () => {
    const user = await createSignedInUser(t);
    const first = (
      await call('POST', '/get-access-token', { refreshToken: user.refreshToken })
    ).json();
    // Past the grace for two tabs refreshing at once:
    await t.database.db
      .update(refreshTokens)
      .set({ usedAt: sql`now() - interval '1 minute'` })
      .where(sql`used_at is not null`);
    const reuse = await call('POST', '/get-access-token', { refreshToken: user.refreshToken });
    expect(reuse.statusCode).toBe(401);
    const [session] = await t.database.db.select().from(sessions);
    expect(session?.revokedReason).toBe('refresh token reused');
    // The thief's copy and the rightful new token both stop working, and so does access.
    expect(
      (await call('POST', '/get-access-token', { refreshToken: first.tokens.refreshToken }))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await call('GET', '/get-me', undefined, {
          headers: { authorization: `Bearer ${first.result}` },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('gives two tabs refreshing with one token within seconds the same successor: one chain', async () => {
    const user = await createSignedInUser(t);
    const a = await call('POST', '/get-access-token', { refreshToken: user.refreshToken });
    const b = await call('POST', '/get-access-token', { refreshToken: user.refreshToken });
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const successor = a.json().tokens.refreshToken;
    expect(b.json().tokens.refreshToken).toBe(successor);
    const live = await t.database.db.select().from(refreshTokens).where(sql`used_at is null`);
    expect(live).toHaveLength(1);
    const next = await call('POST', '/get-access-token', { refreshToken: successor });
    expect(next.statusCode).toBe(200);
    // Once the grace is over, the first token coming back is still a theft.
    await t.database.db
      .update(refreshTokens)
      .set({ usedAt: sql`now() - interval '1 minute'` })
      .where(sql`used_at is not null`);
    expect(
      (await call('POST', '/get-access-token', { refreshToken: user.refreshToken })).statusCode,
    ).toBe(401);
    expect(
      (await call('POST', '/get-access-token', { refreshToken: next.json().tokens.refreshToken }))
        .statusCode,
    ).toBe(401);
  });

  it('answers 401 without a token or with an unknown one', async () => {
    expect((await call('POST', '/get-access-token', {})).statusCode).toBe(401);
    expect((await call('POST', '/get-access-token', { refreshToken: 'made-up' })).statusCode).toBe(
      401,
    );
  });
});

describe('POST /logout', () => {
  it('revokes the session: the access and refresh tokens stop working', async () => {
    const user = await createSignedInUser(t);
    const response = await call('POST', '/logout', {}, { headers: user.headers });
    expect(response.statusCode).toBe(200);
    expect((await call('GET', '/get-me', undefined, { headers: user.headers })).statusCode).toBe(
      401,
    );
    expect(
      (await call('POST', '/get-access-token', { refreshToken: user.refreshToken })).statusCode,
    ).toBe(401);
  });

  it('revokes by refresh token too', async () => {
    const user = await createSignedInUser(t);
    await call('POST', '/logout', { refreshToken: user.refreshToken });
    expect((await call('GET', '/get-me', undefined, { headers: user.headers })).statusCode).toBe(
      401,
    );
  });
});

describe('web cookies and CSRF', () => {
  let xsrf: string;
  beforeEach(() => {
    xsrf = issueCsrfToken(t.config.jwtSecret);
  });

  function cookieHeader(setCookies: string[] | string | undefined, extra = ''): string {
    const list = Array.isArray(setCookies) ? setCookies : setCookies ? [setCookies] : [];
    return [...list.map((c) => c.split(';')[0]), extra].filter(Boolean).join('; ');
  }

  it('keeps the tokens in HttpOnly cookies and checks the XSRF pair on writes', async () => {
    const user = await createSignedInUser(t);
    const signIn = await call(
      'POST',
      '/sign-in',
      { email: user.email, password: user.password },
      {
        headers: {
          'x-auth-transport': 'cookie',
          cookie: `XSRF-TOKEN=${xsrf}`,
          'x-xsrf-token': xsrf,
        },
      },
    );
    expect(signIn.statusCode).toBe(200);
    const setCookie = signIn.headers['set-cookie'] as string[];
    expect(setCookie.find((c) => c.startsWith('accessToken='))).toMatch(/HttpOnly/);
    expect(setCookie.find((c) => c.startsWith('refreshToken='))).toMatch(
      /HttpOnly.*SameSite=Lax|SameSite=Lax.*HttpOnly/,
    );
    const cookie = cookieHeader(setCookie, `XSRF-TOKEN=${xsrf}`);
    expect((await call('GET', '/get-me', undefined, { headers: { cookie } })).statusCode).toBe(200);
    const body = { age: 30, gender: 'female', address: '1 Marina', state: 'Lagos', lga: 'Ikeja' };
    const noToken = await call('PUT', '/update-user-onboarding', body, { headers: { cookie } });
    expect(noToken.statusCode).toBe(403);
    const wrongToken = await call('PUT', '/update-user-onboarding', body, {
      headers: { cookie, 'x-xsrf-token': 'other' },
    });
    expect(wrongToken.statusCode).toBe(403);
    const crossSite = await call('PUT', '/update-user-onboarding', body, {
      headers: { cookie, 'x-xsrf-token': xsrf, 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    const otherOrigin = await call('PUT', '/update-user-onboarding', body, {
      headers: { cookie, 'x-xsrf-token': xsrf, origin: 'https://evil.example' },
    });
    expect(otherOrigin.statusCode).toBe(403);
    const [before] = await t.database.db.select().from(users).where(eq(users.email, user.email));
    expect(before?.age).toBeNull();
    const ok = await call('PUT', '/update-user-onboarding', body, {
      headers: { cookie, 'x-xsrf-token': xsrf },
    });
    expect(ok.statusCode).toBe(200);
    // Bearer clients carry no ambient credentials and need no CSRF token.
    expect(
      (await call('PUT', '/update-user-onboarding', body, { headers: user.headers })).statusCode,
    ).toBe(200);
  });

  it('refreshes from the cookie and clears the cookies when the refresh fails', async () => {
    const user = await createSignedInUser(t);
    const headers = {
      'x-auth-transport': 'cookie',
      cookie: `refreshToken=${user.refreshToken}; XSRF-TOKEN=${xsrf}`,
      'x-xsrf-token': xsrf,
    };
    const ok = await call('POST', '/get-access-token', {}, { headers });
    expect(ok.statusCode).toBe(200);
    expect((ok.headers['set-cookie'] as string[]).some((c) => c.startsWith('accessToken=ey'))).toBe(
      true,
    );
    await t.database.db.update(refreshTokens).set({ usedAt: sql`now() - interval '1 minute'` });
    const failed = await call('POST', '/get-access-token', {}, { headers });
    expect(failed.statusCode).toBe(401);
    const cleared = failed.headers['set-cookie'] as string[];
    expect(cleared.find((c) => c.startsWith('accessToken='))).toMatch(
      /Expires=Thu, 01 Jan 1970|Max-Age=0/,
    );
  });
});

describe('housekeeping', () => {
  it('removes old abuse counters, long-ended sessions and dead codes, and nothing current', async () => {
    const { deleteExpiredAccountData } = await import('../../plugins/auth/session.repository.ts');
    const { pruneEvents } = await import('../../plugins/rate-limits.ts');
    const kept = await createSignedInUser(t);
    const ended = await createSignedInUser(t);
    await call('POST', '/logout', {}, { headers: ended.headers });
    await t.database.db
      .update(sessions)
      .set({ revokedAt: sql`now() - interval '8 days'` })
      .where(sql`revoked_at is not null`);
    await registered();
    await t.database.db.insert(rateEvents).values([
      { bucket: 'login-fail:ip', key: 'old', createdAt: sql`now() - interval '2 days'` },
      { bucket: 'login-fail:ip', key: 'recent' },
    ]);
    await pruneEvents(t.database.db);
    await deleteExpiredAccountData(t.database.db);
    const events = await t.database.db.select({ key: rateEvents.key }).from(rateEvents);
    expect(events.map((e) => e.key)).not.toContain('old');
    expect(events.map((e) => e.key)).toContain('recent');
    expect(await t.database.db.select().from(sessions)).toHaveLength(1);
    expect((await call('GET', '/get-me', undefined, { headers: kept.headers })).statusCode).toBe(
      200,
    );
    expect(await t.database.db.select().from(oneTimeCodes)).toHaveLength(1);
    expect(await t.database.db.select().from(pendingRegistrations)).toHaveLength(1);
  });
});
