import { security } from '@ipatient/contracts/constants';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSignedInUser, uniqueEmail } from '../../../test/accounts.ts';
import {
  call,
  freshIp,
  seedEvents,
  startAuthApp,
  t,
  timePasses,
} from '../../../test/auth-suite.ts';
import { signAccessToken } from '../../lib/jwt.ts';

beforeEach(startAuthApp);
afterEach(() => t.close());

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
