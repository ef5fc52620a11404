import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../test/accounts.ts';
import { insertCampaignRow } from '../test/campaigns.ts';
import { createTestApp, type TestApp } from '../test/helpers.ts';
import { httpRequest } from '../test/http.ts';
import { siteUrlOf } from './plugins/site-address.ts';

/**
 * Links the browser follows at once (a checkout and its way back) use the address in use in local
 * mode, and production answers only on its public address.
 */

describe('siteUrlOf', () => {
  const local = { isProduction: false, publicUrl: 'http://localhost:3000', port: 3000 };
  const at = (host: string, protocol: 'http' | 'https' = 'http') => ({ host, protocol });

  it('is the address in use in local mode, when it is this machine or the public address', () => {
    expect(siteUrlOf(at('127.0.0.1:3000'), local)).toBe('http://127.0.0.1:3000');
    expect(siteUrlOf(at('localhost:3000'), local)).toBe('http://localhost:3000');
    expect(siteUrlOf(at('[::1]:3000'), local)).toBe('http://[::1]:3000');
    expect(siteUrlOf(at('127.0.0.5:3000'), local)).toBe('http://127.0.0.5:3000');
  });

  it('keeps PUBLIC_URL for a loopback name on another port (not this server)', () => {
    expect(siteUrlOf(at('127.0.0.1:8080'), local)).toBe('http://localhost:3000');
    expect(siteUrlOf(at('localhost'), local)).toBe('http://localhost:3000');
  });

  it('never takes another Host header for the site (it is the client’s word)', () => {
    for (const host of ['evil.example', 'evil.example:3000', '10.0.0.5:3000', '', 'a b', 'x/y']) {
      expect(siteUrlOf(at(host), local)).toBe('http://localhost:3000');
    }
  });

  it('is always PUBLIC_URL in production', () => {
    const production = { isProduction: true, publicUrl: 'https://ipatient.ng', port: 3000 };
    expect(siteUrlOf(at('127.0.0.1:3000'), production)).toBe('https://ipatient.ng');
  });
});

describe('donation links in local mode', () => {
  let t: TestApp;
  let campaignId = '';
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'http://localhost:3107', PORT: '3107' } });
    const organiser = await createSignedInUser(t);
    campaignId = (await insertCampaignRow(t, organiser.id)).id;
  });
  afterAll(() => t?.close());

  const initialize = (host: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/donations/initialize',
      headers: { host },
      payload: { campaignId, amount: 5000, email: 'ada@example.ng', anonymous: true },
    });

  it('sends the donor to the checkout and back on the address they are using', async () => {
    const response = await initialize('127.0.0.1:3107');
    expect(response.statusCode, response.body).toBe(201);
    const { authorizationUrl, reference } = response.json().result;
    expect(authorizationUrl).toBe(`http://127.0.0.1:3107/sandbox-checkout/${reference}`);
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/v1/donations/sandbox/${reference}/complete`,
      headers: { host: '127.0.0.1:3107' },
      payload: { outcome: 'success' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().result.redirectUrl).toBe(
      `http://127.0.0.1:3107/donations/return?reference=${reference}`,
    );
  });

  it('uses PUBLIC_URL when the Host header names another site', async () => {
    const response = await initialize('evil.example');
    expect(response.statusCode).toBe(201);
    expect(response.json().result.authorizationUrl).toMatch(
      /^http:\/\/localhost:3107\/sandbox-checkout\//,
    );
  });
});

describe('production answers on its public address only', () => {
  let t: TestApp;
  let port = 0;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        APP_ENV: 'production',
        PUBLIC_URL: 'https://ipatient.example',
        // Nothing listens here; no email is sent by these requests.
        SMTP_URL: 'smtp://127.0.0.1:9',
        JWT_SECRET: 'a-production-secret-of-at-least-32-characters',
        PAYMENTS: 'sandbox',
        SMS_PROVIDER: 'inbox',
        API_REQUESTS_PER_MINUTE: '0',
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    port = address.port;
  });
  afterAll(() => t?.close());

  it('redirects any other host name to PUBLIC_URL, keeping the path, query and method', async () => {
    const page = await httpRequest(port, '/api/v1/get-blogs?page=2', {
      headers: { host: 'www.ipatient.example' },
    });
    expect(page.status).toBe(308);
    expect(page.headers.location).toBe('https://ipatient.example/api/v1/get-blogs?page=2');
    const post = await httpRequest(port, '/api/v1/contact-us', {
      method: 'POST',
      headers: { host: `127.0.0.1:${port}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(post.status).toBe(308);
    expect(post.headers.location).toBe('https://ipatient.example/api/v1/contact-us');
    // A path that looks like another host stays a path on the public address.
    const tricky = await httpRequest(port, '//evil.example/x', { headers: { host: 'other' } });
    expect(tricky.headers.location).toBe('https://ipatient.example//evil.example/x');
  });

  it('answers on the public address, and health checks on any', async () => {
    const api = await httpRequest(port, '/api/v1/get-blogs', {
      headers: { host: 'ipatient.example' },
    });
    expect(api.status).toBe(200);
    const health = await httpRequest(port, '/healthz', { headers: { host: '10.0.3.7:3000' } });
    expect(health.status).toBe(200);
  });
});
