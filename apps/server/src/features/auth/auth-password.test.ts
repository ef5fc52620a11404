import { security } from '@ipatient/contracts/constants';
import { eq, rateEvents } from '@ipatient/db';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSignedInUser, latestCode, uniqueEmail } from '../../../test/accounts.ts';
import {
  call,
  emailsTo,
  freshIp,
  seedEvents,
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
