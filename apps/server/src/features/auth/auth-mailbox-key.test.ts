import { eq, pendingRegistrations, users } from '@ipatient/db';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSignedInUser, latestCode } from '../../../test/accounts.ts';
import { call, emailsTo, freshIp, signUpBody, startAuthApp, t } from '../../../test/auth-suite.ts';
import { findUserByEmailKey } from './auth.repository.ts';

// One account per mailbox: other spellings of a registered mailbox are answered as the
// registered address is.

vi.mock('./auth.repository.ts', { spy: true });
const keyLookups = vi.mocked(findUserByEmailKey);

beforeAll(startAuthApp);
afterAll(() => t.close());

async function signUp(email: string) {
  return call('POST', '/sign-up', signUpBody({ email }), { ip: freshIp() });
}

async function validate(email: string) {
  const emailOtp = await latestCode(t, email);
  return call('POST', '/validate-signup-otp', { email, emailOtp }, { ip: freshIp() });
}

async function pendingFor(email: string) {
  return t.database.db
    .select()
    .from(pendingRegistrations)
    .where(eq(pendingRegistrations.email, email));
}

async function accountsWithKey(key: string) {
  return t.database.db.select().from(users).where(eq(users.emailKey, key));
}

describe('one account per mailbox', () => {
  it('stores the key, then answers a Gmail spelling of that mailbox like a registered address', async () => {
    expect((await signUp('ada.obi+x@gmail.com')).statusCode).toBe(200);
    expect((await pendingFor('ada.obi+x@gmail.com'))[0]?.emailKey).toBe('adaobi@gmail.com');
    expect((await validate('ada.obi+x@gmail.com')).statusCode).toBe(200);
    expect(await accountsWithKey('adaobi@gmail.com')).toHaveLength(1);

    const other = await signUp('adaobi@googlemail.com');
    expect(other.statusCode).toBe(200);
    expect(other.json().result).toEqual({ email: 'adaobi@googlemail.com', resendAfterSeconds: 30 });
    // Nothing waits and no code is sent; the account's owner is told at their own address.
    expect(await pendingFor('adaobi@googlemail.com')).toHaveLength(0);
    expect(await emailsTo('adaobi@googlemail.com')).toHaveLength(0);
    const notices = await emailsTo('ada.obi+x@gmail.com');
    expect(notices.at(-1)?.subject).toMatch(/Someone tried to create .* account with your email/);
    expect(await accountsWithKey('adaobi@gmail.com')).toHaveLength(1);
  });

  it('answers name+tag@ after name@ like a registered address', async () => {
    const existing = await createSignedInUser(t, { email: 'name@example.com' });
    const fresh = await signUp('fresh.person@example.com');
    const tagged = await signUp('name+tag@example.com');
    expect(tagged.statusCode).toBe(200);
    expect(tagged.json().message.replace('name+tag@example.com', 'X')).toBe(
      fresh.json().message.replace('fresh.person@example.com', 'X'),
    );
    expect(await pendingFor('name+tag@example.com')).toHaveLength(0);
    const [notice] = await emailsTo(existing.email);
    expect(notice?.subject).toMatch(/Someone tried to create .* account with your email/);
  });

  it('still lets distinct mailboxes sign up', async () => {
    for (const email of ['chika.eze@example.com', 'chikaeze@example.com', 'chika@example.ng']) {
      expect((await signUp(email)).statusCode).toBe(200);
      expect((await validate(email)).statusCode).toBe(200);
    }
  });

  it('refuses the second of two waiting spellings of one mailbox when its code is checked', async () => {
    expect((await signUp('bol.ade@gmail.com')).statusCode).toBe(200);
    expect((await signUp('boladE+2@gmail.com')).statusCode).toBe(200);
    expect((await validate('bol.ade@gmail.com')).statusCode).toBe(200);
    const second = await validate('bolade+2@gmail.com');
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(
      'This email address already has an account. Please sign in, or reset your password if you have forgotten it.',
    );
    expect(await accountsWithKey('bolade@gmail.com')).toHaveLength(1);
  });

  it('turns the unique key into that same answer, never a 500, when the check missed it', async () => {
    expect((await signUp('emeka.obi@gmail.com')).statusCode).toBe(200);
    expect((await signUp('emekaobi@googlemail.com')).statusCode).toBe(200);
    expect((await validate('emeka.obi@gmail.com')).statusCode).toBe(200);
    // As if another account was made between the check and the insert.
    keyLookups.mockResolvedValueOnce(undefined);
    const second = await validate('emekaobi@googlemail.com');
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toMatch('This email address already has an account');
    expect(await accountsWithKey('emekaobi@gmail.com')).toHaveLength(1);
  });
});
