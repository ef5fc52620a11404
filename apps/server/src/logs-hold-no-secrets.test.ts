import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestCode, uniqueEmail } from '../test/accounts.ts';
import { createTestDatabase, csrfToken, type TestDatabase, testConfig } from '../test/helpers.ts';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { serializeRequest } from './lib/log-serializers.ts';

/**
 * The server's logs are kept and shipped elsewhere: a whole account journey, logged at the most
 * verbose level, must leave no password, code, token or cookie value in them.
 */
let app: FastifyInstance;
let database: TestDatabase;
let config: Config;
const lines: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  config = testConfig();
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  // As main.ts builds it, at `debug` (production runs at `info`, which logs less).
  const logger = pino(
    {
      level: 'debug',
      redact: ['req.headers.cookie', 'req.headers.authorization'],
      serializers: { req: serializeRequest },
    },
    sink,
  );
  app = await buildApp({ config, db: database.db, pool: database.pool, logger, web: false });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.destroy();
});

const address = '10.77.0.1';
const secrets = new Set<string>();
/** Remembers a value that must never reach the logs (and its grouped form for codes). */
function secret(value: string | undefined): string {
  if (!value) throw new Error('an expected secret is missing');
  secrets.add(value);
  return value;
}

/** The values of the cookies an answer sets. */
function cookieValues(setCookie: string | string[] | undefined): string[] {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return all
    .map((line) => decodeURIComponent(line.split(';')[0]?.split('=').slice(1).join('=') ?? ''))
    .filter((value) => value.length >= 8);
}

function call(
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method,
    url: `/api/v1${url}`,
    ...(payload ? { payload } : {}),
    headers,
    remoteAddress: address,
  });
}

describe('the logs of an account journey', () => {
  it('hold no password, code, token or cookie value', async () => {
    const email = uniqueEmail('logscan');
    const password = secret('Kolanut-Harmattan7-Logs');
    const wrongPassword = secret('Wrong-Harmattan7-Guess');
    const newPassword = secret('Baobab-Rainy-Season-42');
    const xsrf = secret(csrfToken({ config }));
    const asWebApp = (cookies: string[] = []) => ({
      'x-auth-transport': 'cookie',
      cookie: [`XSRF-TOKEN=${xsrf}`, ...cookies].join('; '),
      'x-xsrf-token': xsrf,
    });

    // Sign-up and its emailed code (a wrong code first, so a refusal is logged too).
    const signUp = await call('POST', '/sign-up', {
      email,
      firstName: 'Ngozi',
      lastName: 'Adeyemi',
      phone: '0803 123 4567',
      isAdvocate: false,
      password,
      acceptTerms: true,
    });
    expect(signUp.statusCode, signUp.body).toBe(200);
    const code = secret(await latestCode({ app, database, config, close: async () => {} }, email));
    const wrongCode = code === '000000' ? '111111' : '000000';
    expect(
      (await call('POST', '/validate-signup-otp', { email, emailOtp: wrongCode })).statusCode,
    ).toBe(400);
    const verified = await call('POST', '/validate-signup-otp', { email, emailOtp: code });
    expect(verified.statusCode, verified.body).toBe(200);
    secret(verified.json().tokens.accessToken);
    secret(verified.json().tokens.refreshToken);

    // Sign-in: refused, then as an API client, then as the web app (cookies).
    expect((await call('POST', '/sign-in', { email, password: wrongPassword })).statusCode).toBe(
      401,
    );
    const signedIn = await call('POST', '/sign-in', { email, password });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const accessToken = secret(signedIn.json().tokens.accessToken);
    const refreshToken = secret(signedIn.json().tokens.refreshToken);
    const webSignIn = await call('POST', '/sign-in', { email, password }, asWebApp());
    expect(webSignIn.statusCode, webSignIn.body).toBe(200);
    const webCookies = cookieValues(webSignIn.headers['set-cookie']);
    expect(webCookies.length).toBeGreaterThan(0);
    for (const value of webCookies) secret(value);
    const cookieHeader = (webSignIn.headers['set-cookie'] as string[])
      .map((line) => line.split(';')[0] ?? '')
      .filter(Boolean);

    // Refresh: in the body, and by cookie; a signed-in read with the token and the cookies.
    const refreshed = await call('POST', '/get-access-token', { refreshToken });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    secret(refreshed.json().tokens.accessToken);
    const newRefresh = secret(refreshed.json().tokens.refreshToken);
    const webRefresh = await call('POST', '/get-access-token', {}, asWebApp(cookieHeader));
    expect(webRefresh.statusCode, webRefresh.body).toBe(200);
    for (const value of cookieValues(webRefresh.headers['set-cookie'])) secret(value);
    expect(
      (await call('POST', '/get-access-token', { refreshToken: `${newRefresh}x` })).statusCode,
    ).toBe(401);
    const me = await call('GET', `/get-user-advocacies/${verified.json().result._id}`, undefined, {
      authorization: `Bearer ${accessToken}`,
    });
    expect(me.statusCode).toBeLessThan(500);

    // A signed document link's query (its values are never written, only their names).
    const signature = secret('9f'.repeat(32));
    const link = await call(
      'GET',
      `/campaign-documents/00000000-0000-4000-8000-000000000000/file?expires=4102444800&signature=${signature}`,
    );
    expect(link.statusCode).toBe(404);

    // Sign-out.
    const loggedOut = await call(
      'POST',
      '/logout',
      { refreshToken: newRefresh },
      {
        authorization: `Bearer ${refreshed.json().tokens.accessToken}`,
      },
    );
    expect(loggedOut.statusCode, loggedOut.body).toBeLessThan(300);

    // Password reset: asked, a wrong code, then the code and a new password.
    expect((await call('POST', '/send-password-reset-link', { email })).statusCode).toBe(200);
    const resetCode = secret(
      await latestCode({ app, database, config, close: async () => {} }, email),
    );
    secret(`${resetCode.slice(0, 5)}-${resetCode.slice(5)}`);
    const wrongReset = resetCode.startsWith('A') ? 'BBBBBBBBBB' : 'AAAAAAAAAA';
    const refused = await call('POST', '/reset-password', {
      email,
      resetCode: wrongReset,
      password: newPassword,
      confirmPassword: newPassword,
    });
    expect(refused.statusCode).toBe(400);
    const reset = await call('POST', '/reset-password', {
      email,
      resetCode,
      password: newPassword,
      confirmPassword: newPassword,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const again = await call('POST', '/sign-in', { email, password: newPassword });
    expect(again.statusCode, again.body).toBe(200);
    secret(again.json().tokens.accessToken);
    secret(again.json().tokens.refreshToken);

    // The logs were written (every request, with its path), and hold none of the secrets.
    const text = lines.join('');
    expect(text).toContain('/api/v1/sign-in');
    expect(text).toContain('/api/v1/reset-password');
    // The document link was logged, by the names of its query's fields only.
    expect(text).toContain('/file?expires=…&signature=…');
    for (const value of secrets) {
      expect(text.includes(value), `a secret of ${value.length} characters is in the logs`).toBe(
        false,
      );
    }
  });
});
