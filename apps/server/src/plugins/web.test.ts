import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../test/accounts.ts';
import {
  createTestApp,
  createTestDatabase,
  csrfToken,
  type TestApp,
  type TestDatabase,
  testConfig,
} from '../../test/helpers.ts';
import { buildApp } from '../app.ts';
import type { Config } from '../config.ts';
import { CSRF_TOKEN_PATTERN } from '../lib/csrf-token.ts';
import { signAccessToken } from '../lib/jwt.ts';
import { webBuildExists } from './web.ts';
import { createApiCall } from './web-api-call.ts';
import { prepareSession } from './web-session.ts';

/**
 * The web app's loaders and actions reach the API through createApiCall, as the user of the
 * page request: these are the guarantees they rely on.
 */
let t: TestApp;
let formToken = '';
beforeAll(async () => {
  t = await createTestApp({
    setup(app) {
      app.all('/api/v1/test/echo', async (request, reply) => {
        reply.header('set-cookie', ['a=1; Path=/', 'b=2; Path=/']);
        return {
          message: 'echo',
          method: request.method,
          cookie: request.headers.cookie ?? null,
          ip: request.ip,
          requestId: request.id,
          body: request.body ?? null,
        };
      });
      // A page route standing in for the web app's catch-all: it calls the API in-process.
      app.get('/page', async (request) => {
        const call = createApiCall(app, request);
        const read = await call('/test/echo');
        const write = await call('/test/echo', {
          method: 'POST',
          body: { name: 'Ada' },
          headers: { 'x-xsrf-token': formToken },
        });
        const forged = await call('/test/echo', { method: 'POST', body: { name: 'Eve' } });
        const missing = await call('/no-such-route');
        return { read, write, forged, missing };
      });
      // What the web catch-all does before rendering: session first, then the loaders' calls.
      app.get('/session-page', async (request, reply) => {
        const setCookies = await prepareSession(app, request);
        const me = await createApiCall(app, request)('/get-me');
        reply.header('set-cookie', setCookies);
        return { me, cookie: request.headers.cookie };
      });
    },
  });
  formToken = csrfToken(t);
});
afterAll(() => t.close());

describe('createApiCall', () => {
  it("calls /api/v1 as the page's user: cookies, client address and request id", async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/page',
      headers: {
        cookie: `accessToken=abc; cookie_consent=x; XSRF-TOKEN=${formToken}`,
        'x-request-id': 'page-req-1',
      },
      remoteAddress: '102.89.10.20',
    });
    expect(response.statusCode).toBe(200);
    const { read, write, forged, missing } = response.json();
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      method: 'GET',
      cookie: `accessToken=abc; cookie_consent=x; XSRF-TOKEN=${formToken}`,
      ip: '102.89.10.20',
      requestId: 'page-req-1',
    });
    expect(read.setCookies).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(write.body).toMatchObject({ method: 'POST', body: { name: 'Ada' } });
    // A write riding on cookies without the form's copy of the XSRF token is refused.
    expect(forged.status).toBe(403);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('prepareSession', () => {
  it('gives a first-time visitor an XSRF-TOKEN cookie, visible to the same request', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/session-page' });
    const setCookie = String(response.headers['set-cookie']);
    const token = /XSRF-TOKEN=([\w.-]+)/.exec(setCookie)?.[1];
    expect(token).toMatch(CSRF_TOKEN_PATTERN);
    expect(setCookie).not.toMatch(/HttpOnly/);
    expect(response.json().cookie).toBe(`XSRF-TOKEN=${token}`);
    expect(response.json().me.status).toBe(401);
  });

  it('keeps only a token the server issued: a chosen, malformed or forged one is replaced', async () => {
    const forged = `${'A'.repeat(32)}.${'B'.repeat(22)}`;
    const other = csrfToken({ config: { ...t.config, jwtSecret: 'another-server-secret' } });
    for (const chosen of ['"><img src=x onerror=alert(1)>', '>', 'abc123', forged, other]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/session-page',
        headers: { cookie: `XSRF-TOKEN=${encodeURIComponent(chosen)}` },
      });
      const setCookie = String(response.headers['set-cookie']);
      const token = /XSRF-TOKEN=([^;]+)/.exec(setCookie)?.[1] ?? '';
      expect(token).toMatch(CSRF_TOKEN_PATTERN);
      expect(token).not.toBe(chosen);
      // The loaders see the fresh token, never the chosen one.
      expect(response.json().cookie).toBe(`XSRF-TOKEN=${token}`);
    }
    // An issued token is kept as it is, and no new cookie is sent.
    const kept = await t.app.inject({
      method: 'GET',
      url: '/session-page',
      headers: { cookie: `XSRF-TOKEN=${formToken}` },
    });
    expect(kept.headers['set-cookie'] ?? []).toEqual([]);
    expect(kept.json().cookie).toBe(`XSRF-TOKEN=${formToken}`);
  });

  it('renews an expired access token from the refresh cookie before the loaders run', async () => {
    const user = await createSignedInUser(t);
    const claims = JSON.parse(
      Buffer.from(user.accessToken.split('.')[1] ?? '', 'base64url').toString(),
    );
    const expired = signAccessToken(
      { userId: claims.userId, sid: claims.sid },
      t.config.jwtSecret,
      60,
      Date.now() - 120_000,
    );
    const response = await t.app.inject({
      method: 'GET',
      url: '/session-page',
      headers: {
        cookie: `XSRF-TOKEN=${formToken}; accessToken=${expired}; refreshToken=${user.refreshToken}`,
      },
    });
    const body = response.json();
    expect(body.me.status).toBe(200);
    expect(body.me.body.result.email).toBe(user.email);
    const setCookies = response.headers['set-cookie'] as string[];
    expect(setCookies.some((c) => c.startsWith('accessToken=ey') && /HttpOnly/.test(c))).toBe(true);
    expect(
      setCookies.some((c) => c.startsWith('refreshToken=') && !c.includes(user.refreshToken)),
    ).toBe(true);
  });

  it('signs the browser out when the refresh token is no longer valid', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/session-page',
      headers: { cookie: `XSRF-TOKEN=${formToken}; refreshToken=revoked-or-made-up` },
    });
    const body = response.json();
    expect(body.me.status).toBe(401);
    expect(body.cookie).toBe(`XSRF-TOKEN=${formToken}`);
    const setCookies = response.headers['set-cookie'] as string[];
    expect(setCookies.find((c) => c.startsWith('refreshToken='))).toMatch(
      /Expires=Thu, 01 Jan 1970/,
    );
  });
});

// The built web app (skipped without `npm run build`): its own short-lived cookies are signed
// with the key the server hands it, so only a flash message the site left is ever shown.
describe.skipIf(!webBuildExists())("the web app's signed cookies", () => {
  let app: FastifyInstance;
  let database: TestDatabase;
  let config: Config;
  beforeAll(async () => {
    database = await createTestDatabase();
    config = testConfig();
    app = await buildApp({ config, db: database.db, pool: database.pool, web: true });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.destroy();
    if (config) fs.rmSync(config.dataDir, { recursive: true, force: true });
  });

  const message =
    'Your cookie choices have been saved. You can change them at any time on the cookie policy page.';
  /** The message as text of the page (the page's script writes the same words into a string). */
  const shownInPage = />Your cookie choices have been saved\. You can change them[^<]*</;

  it('shows the flash message the site left, and not one a visitor wrote', async () => {
    // A plain form post of the cookie choice redirects with a flash message.
    const saved = await app.inject({
      method: 'POST',
      url: '/cookie-consent',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'same-origin',
      },
      payload: 'intent=decline&returnTo=%2Fabout',
    });
    expect(saved.statusCode).toBe(303);
    const flash = ([] as string[])
      .concat(saved.headers['set-cookie'] ?? [])
      .find((line) => line.startsWith('flash='));
    expect(flash).toBeDefined();
    // The browser follows the redirect with the cookie: the page says it.
    const shown = await app.inject({
      method: 'GET',
      url: String(saved.headers.location),
      headers: { cookie: (flash ?? '').split(';')[0] ?? '' },
    });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toMatch(shownInPage);

    // The same message without the site's signature, or under another text, is not shown.
    const value = decodeURIComponent((flash ?? '').split(';')[0]?.slice('flash='.length) ?? '');
    const unsigned = value.slice(0, value.lastIndexOf('.'));
    const signature = value.slice(value.lastIndexOf('.'));
    const other = JSON.stringify({ kind: 'success', message: `${message} Call +234 800 000` });
    for (const forged of [unsigned, `${other}${signature}`]) {
      const page = await app.inject({
        method: 'GET',
        url: '/about?cookie-choice=saved',
        headers: { cookie: `flash=${encodeURIComponent(forged)}` },
      });
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toMatch(shownInPage);
      expect(page.body).not.toContain('+234 800 000');
    }
  });
});
