import { security } from '@ipatient/contracts/constants';
import { oneTimeCodes, pendingRegistrations, sql, users } from '@ipatient/db';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSignedInUser, latestCode, uniqueEmail } from '../../../test/accounts.ts';
import {
  call,
  freshIp,
  registered,
  seedEvents,
  signUpBody,
  startAuthApp,
  t,
  timePasses,
} from '../../../test/auth-suite.ts';

beforeEach(startAuthApp);
afterEach(() => t.close());

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
