import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createTestDatabase,
  type TestApp,
  type TestDatabase,
  testConfig,
} from '../../test/helpers.ts';
import { buildApp } from '../app.ts';
import type { Config } from '../config.ts';
import {
  closeLimitedServers,
  limitedServer,
  manualClock,
  request,
  statuses,
} from './request-limits.test-support.ts';
import { webBuildExists } from './web.ts';

afterEach(closeLimitedServers);

describe('request limit in memory', () => {
  it('answers 429 in the API error format with Retry-After once an address is over the limit', async () => {
    const { port } = await limitedServer({ max: 3 });
    expect(await statuses(port, '/api/v1/things', 3)).toEqual([200, 200, 200]);
    const limited = await request(port, '/api/v1/things');
    expect(limited.status).toBe(429);
    expect(limited.headers['content-type']).toContain('application/json');
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(JSON.parse(limited.body)).toEqual({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(
        /^Too many requests from your network\. Please wait \d+ seconds? and try again\.$/,
      ),
      retryAfter,
    });
    // Every method counts: a write is refused as well.
    expect((await request(port, '/api/v1/things', { method: 'POST' })).status).toBe(429);
  });

  it('counts pages and API calls together and answers a page with a readable 429 page', async () => {
    const { port } = await limitedServer({ max: 4 });
    expect((await request(port, '/campaigns')).status).toBe(200);
    expect((await request(port, '/api/v1/things')).status).toBe(200);
    expect((await request(port, '/blog/some-post.data')).status).toBe(200);
    expect((await request(port, '/')).status).toBe(200);
    const page = await request(port, '/campaigns');
    expect(page.status).toBe(429);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['retry-after']).toMatch(/^\d+$/);
    expect(page.body).toContain('Too many requests from your network. Please wait');
    expect((await request(port, '/api/v1/things')).status).toBe(429);
  });

  it('does not count health checks, assets, images, or the pages’ own in-process API calls', async () => {
    const { port } = await limitedServer({ max: 2 });
    for (let i = 0; i < 10; i++) {
      for (const path of ['/healthz', '/readyz', '/assets/app-1234.js', '/images/a/b.webp']) {
        expect((await request(port, path)).status).toBe(200);
      }
    }
    // Each page makes an API call through inject(): two pages are two requests, not four.
    const first = await request(port, '/a');
    const second = await request(port, '/b');
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.body).toBe('<p>200</p>');
    expect((await request(port, '/c')).status).toBe(429);
    // Over the limit, health checks still answer.
    expect((await request(port, '/readyz')).status).toBe(200);
  });

  it('counts each client address on its own', async () => {
    const { port } = await limitedServer({ max: 2 });
    expect(await statuses(port, '/api/v1/things', 3)).toEqual([200, 200, 429]);
    const other = await request(port, '/api/v1/things', { localAddress: '127.0.0.2' });
    expect(other.status).toBe(200);
  });

  it('is off when API_REQUESTS_PER_MINUTE is 0, and under the development server', async () => {
    const off = await limitedServer({ max: 0 });
    expect(new Set(await statuses(off.port, '/api/v1/things', 20))).toEqual(new Set([200]));
    const dev = await limitedServer({ max: 1, dev: true });
    expect(new Set(await statuses(dev.port, '/some/page', 5))).toEqual(new Set([200]));
  });

  it('starts a new window when the last one ends', async () => {
    const clock = manualClock();
    const { port } = await limitedServer({ max: 2, now: clock.now });
    expect(await statuses(port, '/api/v1/things', 3)).toEqual([200, 200, 429]);
    clock.advance(30_000);
    const waiting = await request(port, '/api/v1/things');
    expect(waiting.status).toBe(429);
    expect(waiting.headers['retry-after']).toBe('30');
    clock.advance(30_001);
    expect(await statuses(port, '/api/v1/things', 3)).toEqual([200, 200, 429]);
  });
});

describe('request limit in the whole server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { API_REQUESTS_PER_MINUTE: '5' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => t?.close());

  it('limits real API requests and leaves in-process calls alone', async () => {
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    // The API tests and the web app's loaders use inject(): never counted.
    for (let i = 0; i < 20; i++) {
      expect((await t.app.inject({ url: '/api/v1/get-blogs' })).statusCode).toBe(200);
    }
    const answers = await statuses(address.port, '/api/v1/get-blogs', 6);
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await request(address.port, '/healthz')).status).toBe(200);
  });

  it('counts an API call however its path is spelt: the matched route decides', async () => {
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    // The router collapses duplicate slashes and decodes %61 ("a"): each reaches the same route.
    const spellings = [
      '//api/v1/get-blogs',
      '/%61pi/v1/get-blogs',
      '/api//v1/get-blogs',
      '/api/v1//get-blogs',
      '//api//v1//get-blogs?x=1',
    ];
    const answers: number[] = [];
    for (const path of [...spellings, '/api/v1/get-blogs']) {
      answers.push((await request(address.port, path, { localAddress: '127.0.0.2' })).status);
    }
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

// The built web app, as production serves it: pages count, their loaders' API calls and the
// built assets do not. Needs `npm run build` (skipped without a build).
describe.skipIf(!webBuildExists())('request limit with the web app', () => {
  let app: FastifyInstance;
  let database: TestDatabase;
  let config: Config;
  beforeAll(async () => {
    database = await createTestDatabase();
    config = testConfig({ API_REQUESTS_PER_MINUTE: '3' });
    app = await buildApp({ config, db: database.db, pool: database.pool, web: true });
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
    await database?.destroy();
    if (config) fs.rmSync(config.dataDir, { recursive: true, force: true });
  });

  it('counts pages once each and never their assets', async () => {
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const home = await request(address.port, '/');
    expect(home.status).toBe(200);
    const assets = [...home.body.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) {
      expect((await request(address.port, asset ?? '')).status).toBe(200);
    }
    expect((await request(address.port, '/campaigns')).status).toBe(200);
    expect((await request(address.port, '/blog')).status).toBe(200);
    const limited = await request(address.port, '/advocacy');
    expect(limited.status).toBe(429);
    expect(limited.headers['content-type']).toContain('text/html');
    expect(limited.body).toContain('Too many requests from your network');
    // Assets still load, so a page already open keeps working.
    expect((await request(address.port, assets[0] ?? '')).status).toBe(200);
  });
});
