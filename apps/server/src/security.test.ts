import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, type SignedInUser } from '../test/accounts.ts';
import {
  createTestApp,
  createTestDatabase,
  csrfToken,
  type TestApp,
  type TestDatabase,
  testConfig,
} from '../test/helpers.ts';
import { type HttpRequestOptions, httpRequest } from '../test/http.ts';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { webBuildExists } from './plugins/web.ts';

/**
 * Defences that live in the raw request, tested over real HTTP: the CSRF check is decided by the
 * route the router matched (not by how the client spelt the path), bodies are counted as they
 * arrive (not by their Content-Length), and every answer carries the security headers.
 */

/** A real HTTP request (the raw path as sent, chunked bodies) to a server on loopback. */
function send(port: number, options: { path: string } & HttpRequestOptions) {
  return httpRequest(port, options.path, options);
}

let t: TestApp;
let port = 0;
let admin: SignedInUser;
beforeAll(async () => {
  t = await createTestApp({ env: { API_REQUESTS_PER_MINUTE: '0' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  port = address.port;
  admin = await createSignedInUser(t, { role: 'admin' });
});
afterAll(() => t.close());

/** The spellings of one API path that the router takes to the same route. */
const spellings = (path: string) => [
  `/api/v1${path}`,
  `//api/v1${path}`,
  `/%61pi/v1${path}`,
  `/api//v1${path}`,
  `/api/v1/${path}`,
  `/%61%70%69/v1${path}`,
];

describe('CSRF check, decided by the matched route', () => {
  const post = { title: 'Published by a forged form', content: '<p>Hello</p>' };

  it('refuses a cookie-authenticated write without the token, whatever the spelling of the path', async () => {
    for (const path of spellings('/post-blog')) {
      const answer = await send(port, {
        path,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: `accessToken=${admin.accessToken}`,
          // A same-site page's form: the browser sends no cross-site markers.
          'sec-fetch-site': 'same-site',
        },
        body: JSON.stringify(post),
      });
      expect({ path, status: answer.status }).toEqual({ path, status: 403 });
      expect(JSON.parse(answer.body).code).toBe('FORBIDDEN');
    }
  });

  it('refuses a token the server did not issue, even when the cookie and header agree', async () => {
    const chosen = `${'A'.repeat(32)}.${'B'.repeat(22)}`;
    for (const path of spellings('/post-blog')) {
      const answer = await send(port, {
        path,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: `accessToken=${admin.accessToken}; XSRF-TOKEN=${chosen}`,
          'x-xsrf-token': chosen,
        },
        body: JSON.stringify(post),
      });
      expect({ path, status: answer.status }).toEqual({ path, status: 403 });
    }
  });

  it('lets the same write through with an issued token: each spelling reaches the route', async () => {
    for (const path of spellings('/post-blog')) {
      const token = csrfToken(t);
      const answer = await send(port, {
        path,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: `accessToken=${admin.accessToken}; XSRF-TOKEN=${token}`,
          'x-xsrf-token': token,
        },
        // Past the CSRF check the route's own validation answers (no category was given).
        body: JSON.stringify({}),
      });
      expect({ path, status: answer.status }).toEqual({ path, status: 400 });
    }
  });

  it('does not ask Bearer clients for a token: they send no cookies a browser could ride on', async () => {
    const answer = await send(port, {
      path: '//api/v1/post-blog',
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.accessToken}` },
      body: JSON.stringify({}),
    });
    expect(answer.status).toBe(400);
  });
});

describe('request bodies are counted as they arrive', () => {
  it('stops a chunked JSON body at the API limit with 413', async () => {
    const before = process.memoryUsage().rss;
    const answer = await send(port, {
      path: '/api/v1/contact-us',
      method: 'POST',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      chunkedBytes: 20 * 1024 * 1024,
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).code).toBe('PAYLOAD_TOO_LARGE');
    // Far less than the 20 MB sent was ever held (the limit is 1 MB).
    expect(process.memoryUsage().rss - before).toBeLessThan(15 * 1024 * 1024);
  });
});

describe('security headers', () => {
  it('sends a script policy without unsafe-inline, a permissions policy and the usual headers', async () => {
    const answer = await send(port, { path: '/api/v1/get-blogs' });
    const csp = String(answer.headers['content-security-policy']);
    // An answer that is not a page allows no inline script at all: no nonce, no unsafe-inline.
    expect(/script-src ([^;]+)/.exec(csp)?.[1]).toBe("'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("base-uri 'self'");
    expect(answer.headers['permissions-policy']).toContain('camera=()');
    expect(answer.headers['permissions-policy']).toContain('geolocation=()');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // Local mode on http: no HSTS (it would pin HTTPS on localhost).
    expect(answer.headers['strict-transport-security']).toBeUndefined();
  });

  it('gives no nonce to answers that are not pages', async () => {
    for (const path of ['/healthz', '/api/v1/get-crowedFundings', '/api/v1/no-such-call']) {
      const csp = String((await send(port, { path })).headers['content-security-policy']);
      expect(csp, path).toContain("script-src 'self';");
      expect(csp, path).not.toContain('nonce-');
    }
  });
});

// The built web app, as production serves it (skipped without `npm run build`; CI builds first).
describe.skipIf(!webBuildExists())('page forms', () => {
  let app: FastifyInstance;
  let database: TestDatabase;
  let config: Config;
  let pagePort = 0;
  beforeAll(async () => {
    database = await createTestDatabase();
    config = testConfig({ API_REQUESTS_PER_MINUTE: '0' });
    app = await buildApp({ config, db: database.db, pool: database.pool, web: true });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    pagePort = address.port;
  });
  afterAll(async () => {
    await app?.close();
    await database?.destroy();
    if (config) fs.rmSync(config.dataDir, { recursive: true, force: true });
  });

  it('gives every page its own nonce, the one its scripts carry, and no unsafe-inline', async () => {
    const nonces = new Set<string>();
    for (const path of ['/', '/', '/login', '/no-such-page']) {
      const page = await send(pagePort, { path });
      const scriptSrc =
        /script-src ([^;]+)/.exec(String(page.headers['content-security-policy']))?.[1] ?? '';
      expect(scriptSrc, path).not.toContain('unsafe-inline');
      const nonce = /^'self' 'nonce-([\w-]{22})'$/.exec(scriptSrc)?.[1];
      expect(nonce, path).toBeDefined();
      const scripts = [...page.body.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag);
      expect(scripts.length, path).toBeGreaterThan(0);
      for (const tag of scripts) {
        if (!tag.includes(' src=')) expect(tag, path).toContain(`nonce="${nonce}"`);
      }
      nonces.add(nonce ?? '');
    }
    expect(nonces.size).toBe(4);
  });

  it('sends built assets without the headers that only govern pages', async () => {
    const home = await send(pagePort, { path: '/' });
    expect(home.headers['content-security-policy']).toBeDefined();
    const asset = /(?:src|href)="(\/assets\/[^"]+)"/.exec(home.body)?.[1];
    expect(asset).toBeDefined();
    const answer = await send(pagePort, { path: asset ?? '' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-security-policy']).toBeUndefined();
    expect(answer.headers['permissions-policy']).toBeUndefined();
    expect(answer.headers['x-frame-options']).toBeUndefined();
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['cache-control']).toContain('immutable');
  });

  it('stops a chunked page form at the 6 MB limit with a page that says so', async () => {
    const answer = await send(pagePort, {
      path: '/contact',
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'transfer-encoding': 'chunked',
      },
      chunkedBytes: 8 * 1024 * 1024,
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toBe('The form is too large. Please choose a smaller file.');
  });

  it('holds no more than the limit of a huge chunked form', async () => {
    const before = process.memoryUsage().rss;
    const answer = await send(pagePort, {
      path: '/contact',
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'transfer-encoding': 'chunked',
      },
      chunkedBytes: 100 * 1024 * 1024,
    });
    // The server answers 413 and closes; the sender may only see the connection closed.
    expect([413, 0]).toContain(answer.status);
    // Of the 100 MB sent, at most the 6 MB limit was held.
    expect(process.memoryUsage().rss - before).toBeLessThan(40 * 1024 * 1024);
    // And the server goes on serving.
    expect((await send(pagePort, { path: '/healthz' })).status).toBe(200);
  });

  it('lets the campaign wizard post its documents past 6 MB, and no other page', async () => {
    const big = {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'transfer-encoding': 'chunked',
      },
      chunkedBytes: 8 * 1024 * 1024,
    };
    const wizard = await send(pagePort, { path: '/crowdfunding/create', ...big });
    expect(wizard.status).not.toBe(413);
    expect(wizard.status).not.toBe(0);
    const other = await send(pagePort, { path: '/crowdfunding/created', ...big });
    expect(other.status).toBe(413);
  });

  it('refuses a form whose Content-Length is over the limit before reading it', async () => {
    const answer = await send(pagePort, {
      path: '/contact',
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'content-length': String(7 * 1024 * 1024),
      },
      body: '',
    });
    expect(answer.status).toBe(413);
  });

  it('still hands a form within the limit to the page', async () => {
    const answer = await send(pagePort, {
      path: '/cookie-consent',
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'intent=decline&returnTo=%2Fblog',
    });
    expect(answer.status).toBeGreaterThanOrEqual(300);
    expect(answer.status).toBeLessThan(400);
    // Back where the visitor was, with the saved choice confirmed on that page.
    expect(answer.headers.location).toBe('/blog?cookie-choice=saved');
  });
});

describe.skipIf(!webBuildExists())('the payment sandbox in the pages', () => {
  async function site(env: Record<string, string>) {
    const database = await createTestDatabase();
    const config = testConfig(env);
    const app = await buildApp({ config, db: database.db, pool: database.pool, web: true });
    await app.ready();
    return {
      app,
      async close() {
        await app.close();
        await database.destroy();
        fs.rmSync(config.dataDir, { recursive: true, force: true });
      },
    };
  }

  it('says "Sandbox site" on every page while payments are the sandbox', async () => {
    const sandbox = await site({});
    try {
      for (const url of ['/', '/campaigns', '/login', '/no-such-page']) {
        const page = await sandbox.app.inject({ url });
        expect(page.body).toContain('Sandbox site:');
      }
    } finally {
      await sandbox.close();
    }
  });

  it('has no sandbox checkout and no sandbox notice where Paystack takes the money', async () => {
    const paystack = await site({
      PAYSTACK_SECRET_KEY: 'sk_test_notreal',
      // Nothing listens here: no request may leave the machine.
      PAYSTACK_BASE_URL: 'http://127.0.0.1:9',
    });
    try {
      const checkout = await paystack.app.inject({
        url: '/sandbox-checkout/IPD-AAAAAAAAAAAAAAAAAAAA',
      });
      expect(checkout.statusCode).toBe(404);
      const home = await paystack.app.inject({ url: '/' });
      expect(home.statusCode).toBe(200);
      expect(home.body).not.toContain('Sandbox site:');
    } finally {
      await paystack.close();
    }
  });
});
