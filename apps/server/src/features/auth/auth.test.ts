import { security } from '@ipatient/contracts/constants';
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
import {
  createSignedInUser,
  latestCode,
  strongPassword,
  uniqueEmail,
} from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { signAccessToken } from '../../lib/jwt.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

let ipCounter = 0;
/** Each test speaks from its own network address, so per-address limits do not leak. */
function freshIp(): string {
  ipCounter += 1;
  return `10.0.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

function call(
  method: 'POST' | 'PUT' | 'GET',
  url: string,
  payload?: object,
  options: { headers?: Record<string, string>; ip?: string } = {},
) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    ...(payload ? { payload } : {}),
    headers: options.headers ?? {},
    remoteAddress: options.ip ?? '127.0.0.1',
  });
}

function signUpBody(overrides: Record<string, unknown> = {}) {
  return {
    email: uniqueEmail('signup'),
    firstName: 'Chiamaka',
    lastName: 'Eze',
    phone: '0803 123 4567',
    isAdvocate: true,
    password: strongPassword,
    acceptTerms: true,
    ...overrides,
  };
}

/** Moves every event and code of the database back in time, as if minutes had passed. */
async function timePasses(seconds: number) {
  await t.database.db.execute(
    sql`update rate_events set created_at = created_at - make_interval(secs => ${seconds})`,
  );
}

async function registered(overrides: Record<string, unknown> = {}, ip = freshIp()) {
  const body = signUpBody(overrides);
  const response = await call('POST', '/sign-up', body, { ip });
  expect(response.statusCode).toBe(200);
  return { body, code: await latestCode(t, String(body.email).toLowerCase()), ip };
}

describe('POST /sign-up', () => {
  it('keeps the registration waiting and emails a 6-character code, stored only hashed', async () => {
    const body = signUpBody({ email: 'Mixed.Case@Example.NG' });
    const response = await call('POST', '/sign-up', body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'We sent a 6-character code to mixed.case@example.ng. It is valid for 10 minutes.',
      result: { email: 'mixed.case@example.ng', resendAfterSeconds: 30 },
    });
    const code = await latestCode(t, 'mixed.case@example.ng');
    expect(code).toMatch(/^[A-Z0-9]{6}$/);
    const [pending] = await t.database.db.select().from(pendingRegistrations);
    expect(pending).toMatchObject({ phone: '+2348031234567', isAdvocate: true });
    expect(pending?.passwordHash).toMatch(/^\$argon2id\$/);
    const codes = await t.database.db.select().from(oneTimeCodes);
    expect(codes).toHaveLength(1);
    expect(codes[0]?.codeHash).not.toContain(code);
    expect(await t.database.db.select().from(users)).toHaveLength(0);
  });

  it.each([
    ['email', { email: undefined }],
    ['email', { email: 'not-an-email' }],
    ['firstName', { firstName: '' }],
    ['lastName', { lastName: undefined }],
    ['phone', { phone: undefined }],
    ['phone', { phone: '12345' }],
    ['password', { password: undefined }],
    ['password', { password: 'Abc12' }],
    ['password', { password: 'alllowercase1' }],
    ['password', { password: 'NoDigitsHere' }],
    ['password', { password: 'Password1' }],
    ['acceptTerms', { acceptTerms: undefined }],
    ['acceptTerms', { acceptTerms: false }],
    ['isAdvocate', { isAdvocate: 'maybe' }],
    ['firstName', { firstName: 42 }],
  ])('refuses a bad %s (%j) with 400 and writes nothing', async (field, override) => {
    const response = await call('POST', '/sign-up', signUpBody(override));
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION');
    expect(Object.keys(body.errors)).toContain(field);
    expect(await t.database.db.select().from(pendingRegistrations)).toHaveLength(0);
    expect(await t.database.db.select().from(oneTimeCodes)).toHaveLength(0);
  });

  it('names the rules a weak password breaks', async () => {
    const short = await call('POST', '/sign-up', signUpBody({ password: 'Ab1' }));
    expect(short.json().errors.password).toBe('Password must be longer than 6 characters');
    const common = await call('POST', '/sign-up', signUpBody({ password: 'Password1' }));
    expect(common.json().errors.password).toMatch(/too common/);
  });

  it('accepts +234 phone numbers and stores them normalised', async () => {
    await call('POST', '/sign-up', signUpBody({ phone: '+234 (0) 909-876-5432' }));
    const [pending] = await t.database.db.select().from(pendingRegistrations);
    expect(pending?.phone).toBe('+2349098765432');
  });

  it('refuses an email that already has an account, in any case (409)', async () => {
    const existing = await createSignedInUser(t);
    const response = await call(
      'POST',
      '/sign-up',
      signUpBody({ email: existing.email.toUpperCase() }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      'An account with this email already exists. Please log in.',
    );
    expect(await t.database.db.select().from(pendingRegistrations)).toHaveLength(0);
  });

  it('refuses a second code within 30 seconds, with the time to wait', async () => {
    const { body, ip } = await registered();
    const again = await call('POST', '/send-signup-otp', { email: body.email }, { ip });
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe('RATE_LIMITED');
    expect(again.json().retryAfter).toBeGreaterThan(25);
    expect(again.headers['retry-after']).toBe(String(again.json().retryAfter));
    expect(await t.database.db.select().from(oneTimeCodes)).toHaveLength(1);
    const signUpAgain = await call('POST', '/sign-up', body, { ip });
    expect(signUpAgain.statusCode).toBe(429);
  });

  it('sends at most 5 codes per address per hour', async () => {
    const { body } = await registered();
    for (let i = 0; i < 4; i++) {
      await timePasses(31);
      const response = await call(
        'POST',
        '/send-signup-otp',
        { email: body.email },
        { ip: freshIp() },
      );
      expect(response.statusCode).toBe(200);
    }
    await timePasses(31);
    const sixth = await call('POST', '/send-signup-otp', { email: body.email }, { ip: freshIp() });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toMatch(/Too many codes have been sent to this email/);
    await timePasses(3600);
    const later = await call('POST', '/send-signup-otp', { email: body.email }, { ip: freshIp() });
    expect(later.statusCode).toBe(200);
  });
});

describe('POST /send-signup-otp', () => {
  it('sends a new code that replaces the old one', async () => {
    const { body, code: first, ip } = await registered();
    await timePasses(31);
    const response = await call('POST', '/send-signup-otp', { email: body.email }, { ip });
    expect(response.statusCode).toBe(200);
    const second = await latestCode(t, String(body.email));
    const old = await call(
      'POST',
      '/validate-signup-otp',
      { email: body.email, emailOtp: first },
      { ip },
    );
    // The odds that both codes are equal are 1 in a billion; the old one is closed either way.
    if (first !== second) expect(old.statusCode).toBe(400);
    const ok = await call(
      'POST',
      '/validate-signup-otp',
      { email: body.email, emailOtp: second },
      { ip },
    );
    expect(ok.statusCode).toBe(200);
  });

  it('answers 404 when no sign-up waits for the email, 409 when it is verified', async () => {
    expect((await call('POST', '/send-signup-otp', { email: uniqueEmail() })).statusCode).toBe(404);
    const user = await createSignedInUser(t);
    expect((await call('POST', '/send-signup-otp', { email: user.email })).statusCode).toBe(409);
    expect((await call('POST', '/send-signup-otp', {})).statusCode).toBe(400);
  });
});

describe('POST /validate-signup-otp', () => {
  it('creates the account from the right code (any case) and signs the user in', async () => {
    const { body, code, ip } = await registered();
    const response = await call(
      'POST',
      '/validate-signup-otp',
      { email: body.email, emailOtp: code.toLowerCase() },
      { ip },
    );
    expect(response.statusCode).toBe(200);
    const result = response.json();
    expect(result.tokens.accessToken).toMatch(/^ey/);
    expect(result.tokens.refreshToken.length).toBeGreaterThan(30);
    expect(result.result).toMatchObject({
      email: body.email,
      firstName: 'Chiamaka',
      phone: '+2348031234567',
      isAdvocate: true,
      role: 'member',
      isOnboarded: false,
    });
    expect(result.result).not.toHaveProperty('passwordHash');
    expect(await t.database.db.select().from(pendingRegistrations)).toHaveLength(0);
    const me = await call('GET', '/get-me', undefined, {
      headers: { authorization: `Bearer ${result.tokens.accessToken}` },
    });
    expect(me.json().result.email).toBe(body.email);
    // The decoded access token carries userId (SPEC §3).
    const payload = JSON.parse(
      Buffer.from(result.tokens.accessToken.split('.')[1], 'base64url').toString(),
    );
    expect(payload.userId).toBe(result.result._id);
    const again = await call(
      'POST',
      '/validate-signup-otp',
      { email: body.email, emailOtp: code },
      { ip },
    );
    expect(again.statusCode).toBe(409);
  });

  it('counts wrong codes and closes the code at the fifth, so the sixth try fails even if right', async () => {
    const { body, code, ip } = await registered();
    const wrong = code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA';
    for (let i = 1; i <= 5; i++) {
      const response = await call(
        'POST',
        '/validate-signup-otp',
        { email: body.email, emailOtp: wrong },
        { ip },
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(
        i < 5 ? `You have ${5 - i} ${5 - i === 1 ? 'try' : 'tries'} left` : 'can no longer be used',
      );
    }
    const sixth = await call(
      'POST',
      '/validate-signup-otp',
      { email: body.email, emailOtp: code },
      { ip },
    );
    expect(sixth.statusCode).toBe(400);
    expect(await t.database.db.select().from(users)).toHaveLength(0);
  });

  it('refuses an expired code', async () => {
    const { body, code, ip } = await registered();
    await t.database.db.update(oneTimeCodes).set({ expiresAt: sql`now() - interval '1 second'` });
    const response = await call(
      'POST',
      '/validate-signup-otp',
      { email: body.email, emailOtp: code },
      { ip },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/expired/);
    expect(await t.database.db.select().from(users)).toHaveLength(0);
  });

  it('refuses malformed codes and unknown sign-ups', async () => {
    const { body } = await registered();
    expect(
      (await call('POST', '/validate-signup-otp', { email: body.email, emailOtp: 'ABC' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call('POST', '/validate-signup-otp', { email: body.email, emailOtp: 'AB-C12' }))
        .statusCode,
    ).toBe(400);
    expect((await call('POST', '/validate-signup-otp', { email: body.email })).statusCode).toBe(
      400,
    );
    expect(
      (await call('POST', '/validate-signup-otp', { email: uniqueEmail(), emailOtp: 'ABC123' }))
        .statusCode,
    ).toBe(404);
  });

  it('limits wrong codes per network address', async () => {
    const ip = freshIp();
    await t.database.db.insert(rateEvents).values(
      Array.from({ length: security.codeChecksPerAddress }, () => ({
        bucket: 'code-check:ip',
        key: ip,
      })),
    );
    const { body, code } = await registered();
    const response = await call(
      'POST',
      '/validate-signup-otp',
      { email: body.email, emailOtp: code },
      { ip },
    );
    expect(response.statusCode).toBe(429);
  });
});

describe('POST /sign-in', () => {
  it('signs in with the right password and returns tokens and the user', async () => {
    const user = await createSignedInUser(t);
    const response = await call('POST', '/sign-in', {
      email: user.email.toUpperCase(),
      password: user.password,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Login successful',
      tokens: { accessToken: expect.any(String), refreshToken: expect.any(String) },
      result: { email: user.email },
    });
  });

  it('answers the same generic 401 for a wrong password and an unknown email', async () => {
    const user = await createSignedInUser(t);
    const wrong = await call('POST', '/sign-in', {
      email: user.email,
      password: 'Wrong-password1',
    });
    const unknown = await call('POST', '/sign-in', {
      email: uniqueEmail(),
      password: 'Wrong-password1',
    });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        message: 'Login failed. Please check your credentials.',
        code: 'UNAUTHENTICATED',
      });
    }
    expect((await call('POST', '/sign-in', { email: user.email })).statusCode).toBe(400);
  });

  it('locks an account for a while after 10 failures in 15 minutes, even for the right password', async () => {
    const user = await createSignedInUser(t);
    for (let i = 0; i < 10; i++) {
      const response = await call(
        'POST',
        '/sign-in',
        { email: user.email, password: `Wrong-${i}aA` },
        { ip: freshIp() },
      );
      expect(response.statusCode).toBe(401);
    }
    const locked = await call(
      'POST',
      '/sign-in',
      { email: user.email, password: user.password },
      { ip: freshIp() },
    );
    expect(locked.statusCode).toBe(429);
    expect(locked.json().retryAfter).toBeGreaterThan(800);
    await timePasses(15 * 60);
    const later = await call('POST', '/sign-in', { email: user.email, password: user.password });
    expect(later.statusCode).toBe(200);
  });

  it('limits failures per network address', async () => {
    const ip = freshIp();
    await t.database.db.insert(rateEvents).values(
      Array.from({ length: security.loginFailuresPerAddress }, () => ({
        bucket: 'login-fail:ip',
        key: ip,
      })),
    );
    const user = await createSignedInUser(t);
    const response = await call(
      'POST',
      '/sign-in',
      { email: user.email, password: user.password },
      { ip },
    );
    expect(response.statusCode).toBe(429);
  });
});

describe('access tokens', () => {
  it('answers 401 without a token, with a tampered one, and TOKEN_EXPIRED for an expired one', async () => {
    const user = await createSignedInUser(t);
    expect((await call('GET', '/get-me')).statusCode).toBe(401);
    const [header, payload] = user.accessToken.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    expect(
      (await call('GET', '/get-me', undefined, { headers: { authorization: `Bearer ${forged}` } }))
        .statusCode,
    ).toBe(401);
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    expect(
      (
        await call('GET', '/get-me', undefined, {
          headers: { authorization: `Bearer ${unsigned}` },
        })
      ).statusCode,
    ).toBe(401);
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    const expired = signAccessToken(
      { userId: claims.userId, sid: claims.sid },
      t.config.jwtSecret,
      60,
      Date.now() - 120_000,
    );
    const response = await call('GET', '/get-me', undefined, {
      headers: { authorization: `Bearer ${expired}` },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('TOKEN_EXPIRED');
  });
});

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

  it('lets two tabs refresh with the same token within seconds', async () => {
    const user = await createSignedInUser(t);
    const a = await call('POST', '/get-access-token', { refreshToken: user.refreshToken });
    const b = await call('POST', '/get-access-token', { refreshToken: user.refreshToken });
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
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
          cookie: 'XSRF-TOKEN=abc123',
          'x-xsrf-token': 'abc123',
        },
      },
    );
    expect(signIn.statusCode).toBe(200);
    const setCookie = signIn.headers['set-cookie'] as string[];
    expect(setCookie.find((c) => c.startsWith('accessToken='))).toMatch(/HttpOnly/);
    expect(setCookie.find((c) => c.startsWith('refreshToken='))).toMatch(
      /HttpOnly.*SameSite=Lax|SameSite=Lax.*HttpOnly/,
    );
    const cookie = cookieHeader(setCookie, 'XSRF-TOKEN=abc123');
    expect((await call('GET', '/get-me', undefined, { headers: { cookie } })).statusCode).toBe(200);
    const body = { age: 30, gender: 'female', address: '1 Marina', state: 'Lagos', lga: 'Ikeja' };
    const noToken = await call('PUT', '/update-user-onboarding', body, { headers: { cookie } });
    expect(noToken.statusCode).toBe(403);
    const wrongToken = await call('PUT', '/update-user-onboarding', body, {
      headers: { cookie, 'x-xsrf-token': 'other' },
    });
    expect(wrongToken.statusCode).toBe(403);
    const crossSite = await call('PUT', '/update-user-onboarding', body, {
      headers: { cookie, 'x-xsrf-token': 'abc123', 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    const otherOrigin = await call('PUT', '/update-user-onboarding', body, {
      headers: { cookie, 'x-xsrf-token': 'abc123', origin: 'https://evil.example' },
    });
    expect(otherOrigin.statusCode).toBe(403);
    const [before] = await t.database.db.select().from(users).where(eq(users.email, user.email));
    expect(before?.age).toBeNull();
    const ok = await call('PUT', '/update-user-onboarding', body, {
      headers: { cookie, 'x-xsrf-token': 'abc123' },
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
      cookie: `refreshToken=${user.refreshToken}; XSRF-TOKEN=t1`,
      'x-xsrf-token': 't1',
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

describe('password reset', () => {
  it('answers the same whether or not the account exists, and emails a code only to accounts', async () => {
    const user = await createSignedInUser(t);
    const known = await call(
      'POST',
      '/send-password-reset-link',
      { email: user.email },
      { ip: freshIp() },
    );
    const unknownEmail = uniqueEmail();
    const unknown = await call(
      'POST',
      '/send-password-reset-link',
      { email: unknownEmail },
      { ip: freshIp() },
    );
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json().message.replace(user.email, 'X')).toBe(
      unknown.json().message.replace(unknownEmail, 'X'),
    );
    expect(await latestCode(t, user.email)).toMatch(/^[A-Z0-9]{4}$/);
    await expect(latestCode(t, unknownEmail)).rejects.toThrow();
    // The cooldown applies to both, so a 429 does not tell them apart either.
    expect(
      (await call('POST', '/send-password-reset-link', { email: unknownEmail }, { ip: freshIp() }))
        .statusCode,
    ).toBe(429);
  });

  it('sets the new password with the code and ends every session', async () => {
    const user = await createSignedInUser(t);
    await call('POST', '/send-password-reset-link', { email: user.email });
    const code = await latestCode(t, user.email);
    const newPassword = 'Jollof-Rice-2026';
    const mismatch = await call('POST', '/reset-password', {
      resetCode: code,
      password: newPassword,
      confirmPassword: 'Other-1234',
      email: user.email,
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors.confirmPassword).toBe('Passwords do not match');
    const response = await call('POST', '/reset-password', {
      resetCode: code.toLowerCase(),
      password: newPassword,
      confirmPassword: newPassword,
      email: user.email,
    });
    expect(response.statusCode).toBe(200);
    expect((await call('GET', '/get-me', undefined, { headers: user.headers })).statusCode).toBe(
      401,
    );
    expect(
      (await call('POST', '/sign-in', { email: user.email, password: user.password })).statusCode,
    ).toBe(401);
    expect(
      (await call('POST', '/sign-in', { email: user.email, password: newPassword })).statusCode,
    ).toBe(200);
    const reused = await call('POST', '/reset-password', {
      resetCode: code,
      password: 'Another-Pass9',
      confirmPassword: 'Another-Pass9',
      email: user.email,
    });
    expect(reused.statusCode).toBe(400);
  });

  it('accepts the code alone (the SPEC body) and counts wrong codes when the email is given', async () => {
    const user = await createSignedInUser(t);
    await call('POST', '/send-password-reset-link', { email: user.email });
    const code = await latestCode(t, user.email);
    const wrong = code === 'AAAA' ? 'BBBB' : 'AAAA';
    const bad = await call('POST', '/reset-password', {
      resetCode: wrong,
      password: 'Jollof-Rice-2026',
      confirmPassword: 'Jollof-Rice-2026',
      email: user.email,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/4 tries left/);
    const weak = await call('POST', '/reset-password', {
      resetCode: code,
      password: 'password',
      confirmPassword: 'password',
    });
    expect(weak.statusCode).toBe(400);
    const ok = await call('POST', '/reset-password', {
      resetCode: code,
      password: 'Jollof-Rice-2026',
      confirmPassword: 'Jollof-Rice-2026',
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('changing the password', () => {
  it('checks the current password, then ends the other sessions but keeps this one', async () => {
    const user = await createSignedInUser(t);
    const other = await call('POST', '/sign-in', { email: user.email, password: user.password });
    const otherHeaders = { authorization: `Bearer ${other.json().tokens.accessToken}` };
    const wrong = await call(
      'PUT',
      '/change-password',
      { currentPassword: 'Not-it-123', newPassword: 'Egusi-Soup-42' },
      { headers: user.headers },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.currentPassword).toBe('Your current password is not correct.');
    const same = await call(
      'PUT',
      '/change-password',
      { currentPassword: user.password, newPassword: user.password },
      { headers: user.headers },
    );
    expect(same.statusCode).toBe(400);
    const weak = await call(
      'PUT',
      '/change-password',
      { currentPassword: user.password, newPassword: 'short' },
      { headers: user.headers },
    );
    expect(weak.statusCode).toBe(400);
    const ok = await call(
      'PUT',
      '/change-password',
      { currentPassword: user.password, newPassword: 'Egusi-Soup-42' },
      { headers: user.headers },
    );
    expect(ok.statusCode).toBe(200);
    expect((await call('GET', '/get-me', undefined, { headers: user.headers })).statusCode).toBe(
      200,
    );
    expect((await call('GET', '/get-me', undefined, { headers: otherHeaders })).statusCode).toBe(
      401,
    );
    expect(
      (await call('POST', '/sign-in', { email: user.email, password: 'Egusi-Soup-42' })).statusCode,
    ).toBe(200);
  });

  it('needs a signed-in user', async () => {
    expect(
      (
        await call('PUT', '/change-password', {
          currentPassword: 'a',
          newPassword: 'Egusi-Soup-42',
        })
      ).statusCode,
    ).toBe(401);
  });

  it('works with the medical personnel field names', async () => {
    const user = await createSignedInUser(t, { role: 'facility' });
    const bad = await call(
      'POST',
      '/medical_personel/change_password',
      { old_password: 'nope', new_password: 'Egusi-Soup-42' },
      { headers: user.headers },
    );
    expect(bad.json().errors).toHaveProperty('old_password');
    const ok = await call(
      'POST',
      '/medical_personel/change_password',
      { old_password: user.password, new_password: 'Egusi-Soup-42' },
      { headers: user.headers },
    );
    expect(ok.statusCode).toBe(200);
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
