import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers.ts';
import { createApiCall } from './plugins/web-api-call.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    setup(app) {
      app.get('/api/v1/test/large', async () => ({ message: 'ok', results: 'x'.repeat(5000) }));
      // What the security headers hook set on this answer, as its body.
      app.get('/api/v1/test/headers', async (_request, reply) => ({
        csp: reply.raw.getHeader('content-security-policy') ?? null,
        nosniff: reply.raw.getHeader('x-content-type-options') ?? null,
        permissions: reply.getHeader('permissions-policy') ?? null,
      }));
    },
  });
});
afterAll(() => t.close());

describe('GET /images/*', () => {
  it('serves stored media with a year-long immutable cache and a locked-down policy', async () => {
    const dir = path.join(t.config.dataDir, 'uploads', 'campaigns');
    fs.mkdirSync(dir, { recursive: true });
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    fs.writeFileSync(path.join(dir, 'a1b2c3.png'), png);
    const response = await t.app.inject({ method: 'GET', url: '/images/campaigns/a1b2c3.png' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.rawPayload.equals(png)).toBe(true);
  });

  it('answers 404 for missing media and refuses to leave the uploads directory', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/images/nope.png' });
    expect(missing.statusCode).toBe(404);
    fs.writeFileSync(path.join(t.config.dataDir, 'secrets-copy.json'), '{"secret":true}');
    const escaped = await t.app.inject({ method: 'GET', url: '/images/../secrets-copy.json' });
    expect(escaped.statusCode).not.toBe(200);
    expect(escaped.body).not.toContain('"secret":true');
    const encoded = await t.app.inject({ method: 'GET', url: '/images/%2e%2e/secrets-copy.json' });
    expect(encoded.body).not.toContain('"secret":true');
  });
});

describe('every answer', () => {
  it('carries the security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('leaves them off only the web app’s own in-process calls, which no client can pass for', async () => {
    const page = { headers: {}, id: 'page-request', ip: '127.0.0.1' } as unknown as FastifyRequest;
    const inProcess = await createApiCall(t.app, page)('/test/headers');
    expect(inProcess.body).toEqual({ csp: null, nosniff: null, permissions: null });
    for (const claimed of [undefined, '', 'x', 'true']) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/v1/test/headers',
        headers: claimed === undefined ? {} : { 'x-ipatient-in-process': claimed },
      });
      const seen = response.json() as Record<string, unknown>;
      expect(seen.csp, String(claimed)).toContain("script-src 'self';");
      expect(seen.nosniff).toBe('nosniff');
      expect(seen.permissions).toContain('camera=()');
      expect(response.headers['content-security-policy']).toBe(seen.csp);
    }
  });

  it('is compressed with gzip when large enough, as browsers accept it', async () => {
    const gzip = await t.app.inject({
      method: 'GET',
      url: '/api/v1/test/large',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString()).message).toBe('ok');
    const plain = await t.app.inject({ method: 'GET', url: '/api/v1/test/large' });
    expect(plain.headers['content-encoding']).toBeUndefined();
  });
});
