import { eq, oneTimeCodes, pendingRegistrations, users } from '@ipatient/db';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSignedInUser, latestCode, uniqueEmail } from '../../../test/accounts.ts';
import {
  call,
  emailsTo,
  freshIp,
  registered,
  signUpBody,
  startAuthApp,
  t,
  timePasses,
} from '../../../test/auth-suite.ts';
import { hashPassword } from '../../lib/passwords.ts';

// Counts the argon2 hashes, to show which paths make one and which never do.
vi.mock('../../lib/passwords.ts', { spy: true });
const hashes = vi.mocked(hashPassword);

beforeEach(startAuthApp);
afterEach(() => t.close());

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
