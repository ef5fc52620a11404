import { security } from '@ipatient/contracts/constants';
import {
  emailOutbox,
  eq,
  oneTimeCodes,
  pendingRegistrations,
  rateEvents,
  refreshTokens,
  sessions,
  sql,
  users,
} from '@ipatient/db';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createSignedInUser,
  latestCode,
  strongPassword,
  uniqueEmail,
} from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { issueCsrfToken } from '../../lib/csrf-token.ts';
import { signAccessToken } from '../../lib/jwt.ts';
import { hashPassword } from '../../lib/passwords.ts';

// Counts the argon2 hashes, to show which paths make one and which never do.
vi.mock('../../lib/passwords.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../lib/passwords.ts')>();
  return { ...original, hashPassword: vi.fn(original.hashPassword) };
});
const hashes = vi.mocked(hashPassword);

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

/** Every email written to an address, oldest first. */
async function emailsTo(to: string) {
  return t.database.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.to, to))
    .orderBy(emailOutbox.createdAt);
}

/** Adds abuse events as if they had happened just now. */
async function seedEvents(bucket: string, key: string, count: number) {
  await t.database.db
    .insert(rateEvents)
    .values(Array.from({ length: count }, () => ({ bucket, key })));
}

/** Moves every abuse event of the database back in time, as if seconds had passed. */
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

  it('greets no one by name in the code email: the name was typed by someone not yet verified', async () => {
    const { body } = await registered({ firstName: 'Chiamaka' });
    const [email] = await emailsTo(String(body.email));
    expect(email?.text.startsWith('Hello,\n')).toBe(true);
    expect(email?.text).not.toContain('Chiamaka');
    expect(email?.html).not.toContain('Chiamaka');
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
    ['password', { password: 'Abcdef1' }],
    ['password', { password: 'alllowercase1' }],
    ['password', { password: 'NoDigitsHere' }],
    ['password', { password: 'Password1' }],
    ['acceptTerms', { acceptTerms: undefined }],
    ['acceptTerms', { acceptTerms: false }],
    ['isAdvocate', { isAdvocate: 'maybe' }],
    ['firstName', { firstName: 42 }],
    ['firstName', { firstName: 'URGENT: verify at evil.example' }],
    ['firstName', { firstName: 'Visit evil.example now' }],
    ['firstName', { firstName: 'https//x' }],
    ['lastName', { lastName: 'Eze2' }],
    ['lastName', { lastName: 'x'.repeat(51) }],
    ['lastName', { lastName: '--' }],
  ])('refuses a bad %s (%j) with 400 and writes nothing', async (field, override) => {
    const response = await call('POST', '/sign-up', signUpBody(override));
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION');
    expect(Object.keys(body.errors)).toContain(field);
    expect(await t.database.db.select().from(pendingRegistrations)).toHaveLength(0);
    expect(await t.database.db.select().from(oneTimeCodes)).toHaveLength(0);
  });

  it('names the rules a weak password or a bad name breaks', async () => {
    const short = await call('POST', '/sign-up', signUpBody({ password: 'Abcdef1' }));
    expect(short.json().errors.password).toBe('Password must be at least 8 characters');
    const common = await call('POST', '/sign-up', signUpBody({ password: 'Password1' }));
    expect(common.json().errors.password).toMatch(/too common/);
    const name = await call('POST', '/sign-up', signUpBody({ firstName: 'Call 0803: now' }));
    expect(name.json().errors.firstName).toBe(
      'First name can only contain letters, spaces, hyphens, apostrophes and periods',
    );
    const link = await call('POST', '/sign-up', signUpBody({ lastName: 'see evil.example' }));
    expect(link.json().errors.lastName).toBe(
      'Last name must not contain a web address: put a space after each period',
    );
  });

  it('accepts names of any script, with hyphens, apostrophes and periods, and tidies the spaces', async () => {
    await call(
      'POST',
      '/sign-up',
      signUpBody({ firstName: '  Ọláolúwa   Dr. J.R. ', lastName: 'O’Neil-Ádébáyọ̀' }),
    );
    const [pending] = await t.database.db.select().from(pendingRegistrations);
    expect(pending?.firstName).toBe('Ọláolúwa Dr. J.R.');
    expect(pending?.lastName).toBe('O’Neil-Ádébáyọ̀'.normalize('NFC'));
  });

  it('accepts +234 phone numbers and stores them normalised', async () => {
    await call('POST', '/sign-up', signUpBody({ phone: '+234 (0) 909-876-5432' }));
    const [pending] = await t.database.db.select().from(pendingRegistrations);
    expect(pending?.phone).toBe('+2349098765432');
  });

  it('answers an email that already has an account exactly like a new one, and tells its owner instead', async () => {
    const existing = await createSignedInUser(t);
    const fresh = signUpBody();
    hashes.mockClear();
    const newcomer = await call('POST', '/sign-up', fresh, { ip: freshIp() });
    expect(hashes).toHaveBeenCalledTimes(1);
    const ip = freshIp();
    const taken = await call(
      'POST',
      '/sign-up',
      signUpBody({ email: existing.email.toUpperCase(), firstName: 'URGENT' }),
      { ip },
    );
    // The same work (one argon2 hash) on both paths, so the time taken does not tell either.
    expect(hashes).toHaveBeenCalledTimes(2);
    expect(taken.statusCode).toBe(200);
    expect(taken.json().message.replace(existing.email, 'X')).toBe(
      newcomer.json().message.replace(String(fresh.email), 'X'),
    );
    expect(taken.json().result).toEqual({ email: existing.email, resendAfterSeconds: 30 });
    // The owner gets a fixed notice with links, no code and nothing that was typed.
    const [notice] = await emailsTo(existing.email);
    expect(notice?.subject).toMatch(/Someone tried to create .* account with your email/);
    expect(notice?.text).toContain(`Log in: ${t.config.publicUrl}/login`);
    expect(notice?.text).toContain(`Reset your password: ${t.config.publicUrl}/reset-password`);
    expect(notice?.text).not.toContain('URGENT');
    expect(notice?.text).not.toMatch(/code: /);
    const pending = await t.database.db
      .select()
      .from(pendingRegistrations)
      .where(eq(pendingRegistrations.email, existing.email));
    expect(pending).toHaveLength(0);
    // The same send limits, so the notice cannot be used to flood the owner's inbox.
    const again = await call('POST', '/sign-up', signUpBody({ email: existing.email }), { ip });
    expect(again.statusCode).toBe(429);
    expect(await emailsTo(existing.email)).toHaveLength(1);
  });

  it('refuses a second code within 30 seconds, with the time to wait, before hashing anything', async () => {
    const { body, ip } = await registered();
    const again = await call('POST', '/send-signup-otp', { email: body.email }, { ip });
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe('RATE_LIMITED');
    expect(again.json().retryAfter).toBeGreaterThan(25);
    expect(again.headers['retry-after']).toBe(String(again.json().retryAfter));
    expect(await t.database.db.select().from(oneTimeCodes)).toHaveLength(1);
    hashes.mockClear();
    const signUpAgain = await call('POST', '/sign-up', body, { ip });
    expect(signUpAgain.statusCode).toBe(429);
    expect(hashes).not.toHaveBeenCalled();
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

  it('answers an unknown or already verified email like a real resend, under the same limits, and sends nothing', async () => {
    const { body: waiting } = await registered();
    await timePasses(31);
    const user = await createSignedInUser(t);
    const unknown = uniqueEmail();
    const answers = [];
    for (const email of [String(waiting.email), user.email, unknown]) {
      const response = await call('POST', '/send-signup-otp', { email }, { ip: freshIp() });
      expect(response.statusCode).toBe(200);
      answers.push(response.json().message.replace(email, 'X'));
      const soon = await call('POST', '/send-signup-otp', { email }, { ip: freshIp() });
      expect(soon.statusCode).toBe(429);
    }
    expect(new Set(answers).size).toBe(1);
    expect(await emailsTo(user.email)).toHaveLength(0);
    expect(await emailsTo(unknown)).toHaveLength(0);
    expect(await emailsTo(String(waiting.email))).toHaveLength(2);
    expect((await call('POST', '/send-signup-otp', {})).statusCode).toBe(400);
  });
});

describe('POST /validate-signup-otp', () => {
  it('gives every new code its full 5 tries: misses against the old code do not carry over', async () => {
    const { body, code, ip } = await registered();
    const check = (emailOtp: string) =>
      call('POST', '/validate-signup-otp', { email: body.email, emailOtp }, { ip });
    const wrongFor = (right: string) => (right === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA');
    expect((await check(wrongFor(code))).json().message).toMatch('You have 4 tries left');
    expect((await check(wrongFor(code))).json().message).toMatch('You have 3 tries left');
    await timePasses(31);
    const resent = await call('POST', '/send-signup-otp', { email: body.email }, { ip });
    expect(resent.statusCode).toBe(200);
    const fresh = await latestCode(t, String(body.email));
    for (let left = 4; left >= 1; left--) {
      const miss = await check(wrongFor(fresh));
      expect(miss.statusCode).toBe(400);
      expect(miss.json().message).toMatch(`You have ${left} ${left === 1 ? 'try' : 'tries'} left`);
    }
    // Six misses for this email from this address so far: under the limit of 10, which counts
    // every code's misses together and is not reset by a new code.
    expect((await check(fresh)).statusCode).toBe(200);
  });

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
    // The decoded access token carries userId.
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
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/can no longer be used/);
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

  it('answers the same for a waiting sign-up, an existing account and an unknown email', async () => {
    const { body: waiting } = await registered();
    const user = await createSignedInUser(t);
    await call('POST', '/sign-up', signUpBody({ email: user.email }), { ip: freshIp() });
    const unknown = uniqueEmail();
    await call('POST', '/send-signup-otp', { email: unknown }, { ip: freshIp() });
    const never = uniqueEmail();
    const transcripts: string[][] = [];
    for (const email of [String(waiting.email), user.email, unknown]) {
      const ip = freshIp();
      const answers: string[] = [];
      for (let i = 0; i < 6; i++) {
        const response = await call(
          'POST',
          '/validate-signup-otp',
          { email, emailOtp: 'ZZZZZZ' },
          { ip },
        );
        answers.push(`${response.statusCode} ${response.json().message}`);
      }
      transcripts.push(answers);
    }
    expect(transcripts[1]).toEqual(transcripts[0]);
    expect(transcripts[2]).toEqual(transcripts[0]);
    expect(transcripts[0]?.[0]).toMatch(/^400 .*4 tries left/);
    // An address nobody asked a code for answers like an expired one.
    const none = await call('POST', '/validate-signup-otp', { email: never, emailOtp: 'ZZZZZZ' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(
      'This code has expired or can no longer be used. Please request a new code.',
    );
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

  it('refuses malformed codes', async () => {
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
  });

  it('limits wrong codes for one email from one address (10), not from others', async () => {
    const { body, ip } = await registered();
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 5; i++) {
        const response = await call(
          'POST',
          '/validate-signup-otp',
          { email: body.email, emailOtp: 'ZZZZZZ' },
          { ip },
        );
        expect(response.statusCode).toBe(400);
      }
      await timePasses(31);
      await call('POST', '/send-signup-otp', { email: body.email }, { ip: freshIp() });
    }
    const code = await latestCode(t, String(body.email));
    const refused = await call(
      'POST',
      '/validate-signup-otp',
      { email: body.email, emailOtp: code },
      { ip },
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/for this email/);
    expect(refused.json().retryAfter).toBeGreaterThan(0);
    const elsewhere = await call(
      'POST',
      '/validate-signup-otp',
      { email: body.email, emailOtp: code },
      { ip: freshIp() },
    );
    expect(elsewhere.statusCode).toBe(200);
  });

  it('limits wrong codes per network address, counting an IPv6 /64 as one address', async () => {
    await seedEvents('code-check:ip', '2001:db8:5:6::/64', security.codeChecksPerAddress);
    const { body, code } = await registered();
    const response = await call(
      'POST',
      '/validate-signup-otp',
      { email: body.email, emailOtp: code },
      { ip: '2001:db8:5:6:a:b:c:d' },
    );
    expect(response.statusCode).toBe(429);
    expect(response.json().message).toMatch(/from your network/);
    const other = await call(
      'POST',
      '/validate-signup-otp',
      { email: body.email, emailOtp: code },
      { ip: '2001:db8:5:7::1' },
    );
    expect(other.statusCode).toBe(200);
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

  it('refuses an account from the address that failed 10 times, but not its owner elsewhere', async () => {
    const user = await createSignedInUser(t);
    const attacker = freshIp();
    for (let i = 0; i < 10; i++) {
      const response = await call(
        'POST',
        '/sign-in',
        { email: user.email, password: `Wrong-${i}aA` },
        { ip: attacker },
      );
      expect(response.statusCode).toBe(401);
    }
    const refused = await call(
      'POST',
      '/sign-in',
      { email: user.email, password: user.password },
      { ip: attacker },
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.json().retryAfter).toBeGreaterThan(800);
    // Ten failures from anywhere slow the account by a second; they do not lock it.
    await timePasses(1);
    const owner = await call(
      'POST',
      '/sign-in',
      { email: user.email, password: user.password },
      { ip: freshIp() },
    );
    expect(owner.statusCode).toBe(200);
    expect(
      (
        await call(
          'POST',
          '/sign-in',
          { email: user.email, password: user.password },
          { ip: attacker },
        )
      ).statusCode,
    ).toBe(429);
    await timePasses(15 * 60);
    const later = await call(
      'POST',
      '/sign-in',
      { email: user.email, password: user.password },
      { ip: attacker },
    );
    expect(later.statusCode).toBe(200);
  });

  it('slows failures spread over many addresses: each one beyond 10 doubles the wait, up to 15 minutes', async () => {
    const user = await createSignedInUser(t);
    const fail = () =>
      call('POST', '/sign-in', { email: user.email, password: 'Wrong-pass1' }, { ip: freshIp() });
    for (let i = 0; i < 10; i++) expect((await fail()).statusCode).toBe(401);
    // Waits of 1 s and 2 s are too short to look at reliably on a busy machine: let them pass.
    await timePasses(1);
    expect((await fail()).statusCode).toBe(401);
    await timePasses(2);
    expect((await fail()).statusCode).toBe(401);
    for (const wait of [4, 8, 16]) {
      const early = await call(
        'POST',
        '/sign-in',
        { email: user.email, password: user.password },
        { ip: freshIp() },
      );
      expect(early.statusCode).toBe(429);
      expect(early.json().message).toMatch(/many failed logins for this account/);
      expect(early.json().retryAfter).toBeLessThanOrEqual(wait);
      expect(early.json().retryAfter).toBeGreaterThan(wait / 2);
      await timePasses(wait);
      expect((await fail()).statusCode).toBe(401);
    }
    await seedEvents('login-fail:account', user.email, 20);
    const capped = await call(
      'POST',
      '/sign-in',
      { email: user.email, password: user.password },
      { ip: freshIp() },
    );
    expect(capped.json().retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(capped.json().retryAfter).toBeGreaterThan(14 * 60);
    await timePasses(15 * 60);
    const owner = await call(
      'POST',
      '/sign-in',
      { email: user.email, password: user.password },
      { ip: freshIp() },
    );
    expect(owner.statusCode).toBe(200);
  });

  it("clears the owner's own address count on success", async () => {
    const user = await createSignedInUser(t);
    const ip = freshIp();
    const pair = `${user.email}|${ip}`;
    await seedEvents('login-fail:account-address', pair, 9);
    const signIn = () =>
      call('POST', '/sign-in', { email: user.email, password: user.password }, { ip });
    expect((await signIn()).statusCode).toBe(200);
    await seedEvents('login-fail:account-address', pair, 9);
    expect((await signIn()).statusCode).toBe(200);
  });

  it('limits failures per network address, counting an IPv6 /64 as one address', async () => {
    const ip = freshIp();
    await seedEvents('login-fail:ip', ip, security.loginFailuresPerAddress);
    await seedEvents('login-fail:ip', '2001:db8:9:9::/64', security.loginFailuresPerAddress);
    const user = await createSignedInUser(t);
    for (const from of [ip, '2001:db8:9:9:1::2']) {
      const response = await call(
        'POST',
        '/sign-in',
        { email: user.email, password: user.password },
        { ip: from },
      );
      expect(response.statusCode).toBe(429);
      expect(response.json().message).toMatch(/from your network/);
    }
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
    // The right signature spelled another way (padding) is not the token that was issued.
    for (const respelled of [`${user.accessToken}=`, `${user.accessToken}==`]) {
      expect(
        (
          await call('GET', '/get-me', undefined, {
            headers: { authorization: `Bearer ${respelled}` },
          })
        ).statusCode,
      ).toBe(401);
    }
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

describe('password reset', () => {
  const newPassword = 'Jollof-Rice-2026';
  function reset(body: Record<string, unknown>, ip = freshIp()) {
    return call(
      'POST',
      '/reset-password',
      { password: newPassword, confirmPassword: newPassword, ...body },
      { ip },
    );
  }
  async function resetAsked(email: string, ip = freshIp()) {
    const response = await call('POST', '/send-password-reset-link', { email }, { ip });
    expect(response.statusCode).toBe(200);
    return response;
  }

  it('answers the same whether or not the account exists, and emails a code only to accounts', async () => {
    const user = await createSignedInUser(t);
    const known = await resetAsked(user.email);
    const unknownEmail = uniqueEmail();
    const unknown = await resetAsked(unknownEmail);
    expect(known.json().message.replace(user.email, 'X')).toBe(
      unknown.json().message.replace(unknownEmail, 'X'),
    );
    expect(known.json().message).toMatch(/10-character code and a link/);
    await expect(latestCode(t, unknownEmail)).rejects.toThrow();
    // The cooldown applies to both, so a 429 does not tell them apart either.
    expect(
      (await call('POST', '/send-password-reset-link', { email: unknownEmail }, { ip: freshIp() }))
        .statusCode,
    ).toBe(429);
  });

  it('emails a 50-bit code, grouped for reading, and a link that fills in the form', async () => {
    const user = await createSignedInUser(t, { firstName: 'Ngozi' });
    await resetAsked(user.email);
    const code = await latestCode(t, user.email);
    expect(code).toMatch(/^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{10}$/);
    const [email] = await emailsTo(user.email);
    const grouped = `${code.slice(0, 5)}-${code.slice(5)}`;
    expect(email?.text).toContain(`password reset code: ${grouped}\n`);
    expect(email?.text).toContain('Hello Ngozi,');
    const query = new URLSearchParams({ email: user.email, code: grouped });
    expect(email?.text).toContain(`${t.config.publicUrl}/verify-password?${query}`);
    expect(email?.html).toContain(`>${grouped}<`);
  });

  it('sets the new password with the code (with or without its dash, any case) and ends every session', async () => {
    const user = await createSignedInUser(t);
    await resetAsked(user.email);
    const code = await latestCode(t, user.email);
    const mismatch = await reset({
      resetCode: code,
      confirmPassword: 'Other-1234',
      email: user.email,
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors.confirmPassword).toBe('Passwords do not match');
    const typed = ` ${code.slice(0, 5).toLowerCase()} - ${code.slice(5)} `;
    const response = await reset({ resetCode: typed, email: user.email });
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
    const reused = await reset({
      resetCode: code,
      password: 'Another-Pass9',
      confirmPassword: 'Another-Pass9',
      email: user.email,
    });
    expect(reused.statusCode).toBe(400);
  });

  it('needs the email: a code alone is checked against nothing and changes nothing', async () => {
    const user = await createSignedInUser(t);
    await resetAsked(user.email);
    const code = await latestCode(t, user.email);
    const alone = await reset({ resetCode: code });
    expect(alone.statusCode).toBe(400);
    expect(alone.json().errors).toHaveProperty('email');
    const short = await reset({ resetCode: 'ABCD', email: user.email });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.resetCode).toMatch(/10 letters or digits/);
    expect(
      (await call('POST', '/sign-in', { email: user.email, password: user.password })).statusCode,
    ).toBe(200);
  });

  it('counts every wrong code against the account’s code: the fifth closes it, even for the right one', async () => {
    const user = await createSignedInUser(t);
    await resetAsked(user.email);
    const code = await latestCode(t, user.email);
    const wrong = code === 'AAAAAAAAAA' ? 'BBBBBBBBBB' : 'AAAAAAAAAA';
    for (let i = 1; i <= 5; i++) {
      const response = await reset({ resetCode: wrong, email: user.email });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.resetCode).toMatch(
        i < 5 ? `You have ${5 - i} ${5 - i === 1 ? 'try' : 'tries'} left` : 'can no longer be used',
      );
    }
    expect((await reset({ resetCode: code, email: user.email })).statusCode).toBe(400);
  });

  it('gives every new reset code its full 5 tries, while the limit per email and address counts on', async () => {
    const user = await createSignedInUser(t);
    const ip = freshIp();
    const wrongFor = (right: string) => (right === 'AAAAAAAAAA' ? 'BBBBBBBBBB' : 'AAAAAAAAAA');
    await resetAsked(user.email, ip);
    const first = await latestCode(t, user.email);
    for (const left of [4, 3]) {
      const miss = await reset({ resetCode: wrongFor(first), email: user.email }, ip);
      expect(miss.json().errors.resetCode).toMatch(`You have ${left} tries left`);
    }
    await timePasses(31);
    await resetAsked(user.email, ip);
    const second = await latestCode(t, user.email);
    for (let left = 4; left >= 0; left--) {
      const miss = await reset({ resetCode: wrongFor(second), email: user.email }, ip);
      expect(miss.statusCode).toBe(400);
      expect(miss.json().errors.resetCode).toMatch(
        left > 0
          ? `You have ${left} ${left === 1 ? 'try' : 'tries'} left`
          : 'can no longer be used',
      );
    }
    // Seven misses from this address: a third code gets 5 tries again, but the limit of 10 per
    // email and address stops this address after 3 more, whatever the code says.
    await timePasses(31);
    await resetAsked(user.email, ip);
    const third = await latestCode(t, user.email);
    for (const left of [4, 3, 2]) {
      const miss = await reset({ resetCode: wrongFor(third), email: user.email }, ip);
      expect(miss.json().errors.resetCode).toMatch(`You have ${left} tries left`);
    }
    const refused = await reset({ resetCode: third, email: user.email }, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/for this email/);
    expect((await reset({ resetCode: third, email: user.email }, freshIp())).statusCode).toBe(200);
  });

  it('answers wrong codes for an unknown email exactly as for an account', async () => {
    const user = await createSignedInUser(t);
    const unknown = uniqueEmail();
    const transcripts: string[][] = [];
    for (const email of [user.email, unknown]) {
      await resetAsked(email);
      const ip = freshIp();
      const answers: string[] = [];
      for (let i = 0; i < 6; i++) {
        const response = await reset({ resetCode: 'ZZZZZZZZZZ', email }, ip);
        answers.push(`${response.statusCode} ${response.body}`);
      }
      transcripts.push(answers);
    }
    expect(transcripts[1]).toEqual(transcripts[0]);
    expect(transcripts[0]?.[0]).toMatch(/^400 .*4 tries left/);
  });

  it('hashes the new password only after the limits and the code have passed', async () => {
    const user = await createSignedInUser(t);
    await resetAsked(user.email);
    const code = await latestCode(t, user.email);
    hashes.mockClear();
    expect((await reset({ resetCode: 'ZZZZZZZZZZ', email: user.email })).statusCode).toBe(400);
    await seedEvents('reset-check:account', user.email, security.resetChecksPerAccountPerHour);
    expect((await reset({ resetCode: code, email: user.email })).statusCode).toBe(429);
    expect(hashes).not.toHaveBeenCalled();
    await t.database.db.delete(rateEvents).where(eq(rateEvents.bucket, 'reset-check:account'));
    expect((await reset({ resetCode: code, email: user.email })).statusCode).toBe(200);
    expect(hashes).toHaveBeenCalledTimes(1);
  });

  it('caps wrong codes per account across addresses: after 20 in an hour even the right code waits', async () => {
    const user = await createSignedInUser(t);
    for (let round = 0; round < 4; round++) {
      if (round > 0) await timePasses(31);
      await resetAsked(user.email);
      for (let i = 0; i < 5; i++) {
        const response = await reset({ resetCode: 'ZZZZZZZZZZ', email: user.email });
        expect(response.statusCode).toBe(400);
      }
    }
    await timePasses(31);
    await resetAsked(user.email);
    const code = await latestCode(t, user.email);
    const refused = await reset({ resetCode: code, email: user.email });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/wrong reset codes .* for this email/);
    expect(refused.json().retryAfter).toBeGreaterThan(3000);
  });

  it('caps wrong reset codes for the whole site', async () => {
    await seedEvents('reset-check:site', 'site', security.resetChecksSiteWidePerHour);
    const user = await createSignedInUser(t);
    await resetAsked(user.email);
    const code = await latestCode(t, user.email);
    const refused = await reset({ resetCode: code, email: user.email });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/Too many password resets/);
    expect(refused.json().retryAfter).toBeGreaterThan(3000);
  });

  it('lets the owner sign in at once after a reset, whatever failures were counted against the account', async () => {
    const user = await createSignedInUser(t);
    await seedEvents('login-fail:account', user.email, 30);
    await resetAsked(user.email);
    const code = await latestCode(t, user.email);
    expect((await reset({ resetCode: code, email: user.email })).statusCode).toBe(200);
    const signIn = await call(
      'POST',
      '/sign-in',
      { email: user.email, password: newPassword },
      { ip: freshIp() },
    );
    expect(signIn.statusCode).toBe(200);
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

  it('counts wrong current passwords like failed logins: 10 from one address refuse it there', async () => {
    const user = await createSignedInUser(t);
    const ip = freshIp();
    const change = (currentPassword: string) =>
      call(
        'PUT',
        '/change-password',
        { currentPassword, newPassword: 'Egusi-Soup-42' },
        { headers: user.headers, ip },
      );
    for (let i = 0; i < 10; i++) expect((await change(`Not-it-${i}A`)).statusCode).toBe(400);
    const refused = await change(user.password);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().retryAfter).toBeGreaterThan(800);
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
