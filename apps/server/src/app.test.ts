import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import zlib from 'node:zlib';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers.ts';
import { createApiCall } from './plugins/web-api-call.ts';

let t: TestApp;
const secondHalf = Promise.withResolvers<void>();
beforeAll(async () => {
  t = await createTestApp({
    setup(app) {
      app.get('/api/v1/test/large', async () => ({ message: 'ok', results: 'x'.repeat(5000) }));
      // A file whose second half is sent only when the test says so.
      app.get('/api/v1/test/file', async (request, reply) => {
        if ((request.query as { fail?: string }).fail) {
          return reply.status(404).send({ message: 'No such file.', code: 'NOT_FOUND' });
        }
        const body = new PassThrough();
        body.write('first half,');
        void secondHalf.promise.then(() => body.end('second half'));
        return reply.type('application/zip').send(body);
      });
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

  it('hands a file over as a stream while the API is still sending it', async () => {
    const page = { headers: {}, id: 'page-request', ip: '127.0.0.1' } as unknown as FastifyRequest;
    const call = createApiCall(t.app, page);
    // The call comes back at the answer's headers, before the file has ended.
    const answer = await call('/test/file', { stream: true });
    expect(answer.status).toBe(200);
    if (!(answer.body instanceof ReadableStream)) throw new Error('not a stream');
    const reader = answer.body.getReader();
    expect(Buffer.from((await reader.read()).value ?? []).toString()).toBe('first half,');
    secondHalf.resolve();
    let rest = '';
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      rest += Buffer.from(part.value).toString();
    }
    expect(rest).toBe('second half');
    // A refusal is read as JSON, as for any other call.
    const refused = await call('/test/file?fail=1', { stream: true });
    expect(refused).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
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
