import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { freePort } from '@ipatient/db';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createTestDatabase,
  type TestApp,
  type TestDatabase,
  testConfig,
} from '../../test/helpers.ts';
import { type HttpAnswer, httpRequest } from '../../test/http.ts';
import { buildApp } from '../app.ts';
import type { Config } from '../config.ts';
import { registerErrorHandling } from './errors.ts';
import {
  FailOpenStore,
  MemoryStore,
  REDIS_COMMAND_TIMEOUT_MS,
  REDIS_KEY_PREFIX,
  REQUEST_WINDOW_MS,
  requestLimitsPlugin,
} from './request-limits.ts';
import { webBuildExists } from './web.ts';

/** A real HTTP request (the limit ignores in-process `inject()` calls). */
function request(
  port: number,
  path: string,
  options: { localAddress?: string; method?: string } = {},
): Promise<HttpAnswer> {
  return httpRequest(port, path, options);
}

async function statuses(port: number, path: string, count: number): Promise<number[]> {
  const result: number[] = [];
  for (let i = 0; i < count; i++) result.push((await request(port, path)).status);
  return result;
}

const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

/**
 * A server with the routes the limit tells apart: API, the web app's catch-all page route, a
 * built asset, an image and the health checks.
 */
async function limitedServer(
  settings: {
    max: number;
    redisUrl?: string;
    dev?: boolean;
    store?: FastifyRateLimitStore;
    now?: () => number;
    pauseAfterFailureMs?: number;
  },
  logLines?: string[],
): Promise<{ app: FastifyInstance; port: number }> {
  const logger: FastifyBaseLogger | undefined = logLines
    ? pino(
        { level: 'info' },
        new Writable({
          write(chunk, _encoding, done) {
            logLines.push(String(chunk));
            done();
          },
        }),
      )
    : undefined;
  const app = Fastify(logger ? { loggerInstance: logger } : { logger: false });
  apps.push(app);
  registerErrorHandling(app);
  app.decorate('config', {
    apiRequestsPerMinute: settings.max,
    redisUrl: settings.redisUrl,
    dev: settings.dev ?? false,
  } as Config);
  await app.register(requestLimitsPlugin, {
    ...(settings.store ? { store: settings.store } : {}),
    ...(settings.now ? { now: settings.now } : {}),
    ...(settings.pauseAfterFailureMs ? { pauseAfterFailureMs: settings.pauseAfterFailureMs } : {}),
  });
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async () => ({ status: 'ready' }));
  app.get('/api/v1/things', async () => ({ results: [] }));
  app.post('/api/v1/things', async () => ({ ok: true }));
  app.get('/api/v1/via-web', async (req) => ({ ip: req.ip }));
  app.get('/assets/app-1234.js', async (_req, reply) => reply.type('text/javascript').send(''));
  app.get('/images/*', async (_req, reply) => reply.type('image/webp').send(Buffer.alloc(1)));
  // The web app's page route: it calls the API in-process, as plugins/web.ts does.
  app.get('/*', async (req, reply) => {
    const api = await app.inject({ url: '/api/v1/via-web', remoteAddress: req.ip });
    return reply.type('text/html').send(`<p>${api.statusCode}</p>`);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { app, port: address.port };
}

/** A clock the test moves by hand. */
function manualClock(start = 1_000_000) {
  let time = start;
  return {
    now: () => time,
    advance(ms: number) {
      time += ms;
    },
  };
}

/** One count of a store, as @fastify/rate-limit asks for it. */
function incr(
  store: FastifyRateLimitStore,
  key: string,
  windowMs = REQUEST_WINDOW_MS,
): Promise<{ current: number; ttl: number }> {
  return new Promise((resolve, reject) => {
    store.incr(
      key,
      (error, result) => (error || !result ? reject(error) : resolve(result)),
      windowMs,
      10,
    );
  });
}

describe('MemoryStore', () => {
  it('counts per key within a window and starts again when it ends', async () => {
    const clock = manualClock();
    const store = new MemoryStore(clock.now);
    expect(await incr(store, 'a')).toEqual({ current: 1, ttl: 60_000 });
    clock.advance(20_000);
    expect(await incr(store, 'a')).toEqual({ current: 2, ttl: 40_000 });
    expect(await incr(store, 'b')).toEqual({ current: 1, ttl: 60_000 });
    clock.advance(40_001);
    expect(await incr(store, 'a')).toEqual({ current: 1, ttl: 60_000 });
    clock.advance(60_001);
    expect(store.size).toBe(0);
  });

  it('forgets the least recently seen address when full, never counting anyone higher', async () => {
    const store = new MemoryStore(manualClock().now, 2);
    await incr(store, 'a');
    await incr(store, 'a');
    await incr(store, 'b');
    await incr(store, 'c');
    expect(store.size).toBe(2);
    expect((await incr(store, 'a')).current).toBe(1);
  });
});

describe('FailOpenStore', () => {
  /** A store that fails while `down` is true, counting how often it was asked. */
  function flakyStore() {
    const state = { down: true, asked: 0 };
    const store: FastifyRateLimitStore = {
      incr(_key, callback) {
        state.asked += 1;
        if (state.down) callback(new Error('connection refused'));
        else callback(null, { current: 1, ttl: 60_000 });
      },
      child() {
        return store;
      },
    };
    return { state, store };
  }

  it('rests the store for a pause after a failure, then asks again; warns once a minute', async () => {
    const clock = manualClock();
    const lines: string[] = [];
    const log = pino(
      { level: 'info' },
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    const { state, store: inner } = flakyStore();
    const store = new FailOpenStore(inner, { log, now: clock.now, pauseMs: 5000 });

    await expect(incr(store, 'a')).rejects.toThrow('connection refused');
    expect(state.asked).toBe(1);
    // Within the pause the store is not asked at all: a hung Redis costs one timeout, not each.
    for (let i = 0; i < 5; i++) await expect(incr(store, 'a')).rejects.toThrow(/resting/);
    expect(state.asked).toBe(1);
    clock.advance(5000);
    await expect(incr(store, 'a')).rejects.toThrow('connection refused');
    expect(state.asked).toBe(2);
    // Still failing: warned once so far, with the requests it let through since.
    expect(lines.filter((line) => line.includes('counting failed'))).toHaveLength(1);
    clock.advance(60_000);
    await expect(incr(store, 'a')).rejects.toThrow('connection refused');
    const warnings = lines.filter((line) => line.includes('counting failed'));
    expect(warnings).toHaveLength(2);
    expect(JSON.parse(warnings[1] ?? '{}').uncountedRequests).toBe(7);
    // Back: counted again after the pause.
    state.down = false;
    clock.advance(5000);
    expect(await incr(store, 'a')).toEqual({ current: 1, ttl: 60_000 });
  });
});

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

describe('request limit in Redis', () => {
  let redisPort: number;
  let redis: ChildProcess | undefined;
  let redisUrl: string;

  async function startRedis(): Promise<void> {
    const child = spawn(
      '/usr/bin/redis-server',
      ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    redis = child;
    const deadline = Date.now() + 10_000;
    for (;;) {
      const up = await new Promise<boolean>((resolve) => {
        const socket = net.connect(redisPort, '127.0.0.1');
        socket.once('connect', () => {
          socket.destroy();
          resolve(true);
        });
        socket.once('error', () => resolve(false));
      });
      if (up) return;
      if (Date.now() > deadline) throw new Error('redis-server did not start');
      await sleep(50);
    }
  }

  async function stopRedis(): Promise<void> {
    const child = redis;
    redis = undefined;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  beforeAll(async () => {
    redisPort = await freePort();
    redisUrl = `redis://127.0.0.1:${redisPort}`;
    await startRedis();
  });
  afterAll(async () => {
    if (redis) process.kill(redis.pid ?? 0, 'SIGCONT');
    await stopRedis();
  });

  async function flush(): Promise<void> {
    const client = new Redis(redisUrl);
    await client.flushall();
    client.disconnect();
  }

  it('shares one count between two instances', async () => {
    await flush();
    const one = await limitedServer({ max: 6, redisUrl });
    const two = await limitedServer({ max: 6, redisUrl });
    const answers: number[] = [];
    for (let i = 0; i < 8; i++) {
      const port = i % 2 === 0 ? one.port : two.port;
      answers.push((await request(port, '/api/v1/things')).status);
    }
    expect(answers).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
    const limited = await request(two.port, '/api/v1/things');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(58);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('keeps the window in Redis, so it ends for every instance at once', async () => {
    await flush();
    const one = await limitedServer({ max: 2, redisUrl });
    const two = await limitedServer({ max: 2, redisUrl });
    expect((await request(one.port, '/api/v1/things')).status).toBe(200);
    expect((await request(two.port, '/api/v1/things')).status).toBe(200);
    expect((await request(one.port, '/api/v1/things')).status).toBe(429);
    // The count and its window are one key with an expiry, whatever each instance's clock says.
    const client = new Redis(redisUrl);
    try {
      const key = `${REDIS_KEY_PREFIX}127.0.0.1`;
      expect(await client.get(key)).toBe('3');
      const ttl = await client.pttl(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(REQUEST_WINDOW_MS);
      // The window ends (the key expires): both instances count from zero again.
      await client.pexpire(key, 1);
      const deadline = Date.now() + 5000;
      while ((await client.exists(key)) === 1 && Date.now() < deadline) await sleep(10);
      expect((await request(two.port, '/api/v1/things')).status).toBe(200);
      expect((await request(one.port, '/api/v1/things')).status).toBe(200);
      expect((await request(two.port, '/api/v1/things')).status).toBe(429);
    } finally {
      client.disconnect();
    }
  });

  it('lets requests through when Redis was never reachable, and says so in the log', async () => {
    const nowhere = `redis://127.0.0.1:${await freePort()}`;
    const lines: string[] = [];
    const { port } = await limitedServer({ max: 2, redisUrl: nowhere }, lines);
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push(await request(port, '/api/v1/things'));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    // Without a connection a count fails at once: no request waits for Redis.
    expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(1000);
    const warnings = lines.filter((line) => line.includes('"level":40'));
    expect(warnings.join('\n')).toMatch(/Redis is unreachable/);
    // One warning a minute at most, not one per request.
    expect(warnings.filter((line) => line.includes('counting failed'))).toHaveLength(1);
  });

  it('fails open while Redis hangs or is gone, and counts again once it is back', async () => {
    await flush();
    const clock = manualClock();
    const pause = 5000;
    const { port } = await limitedServer({
      max: 3,
      redisUrl,
      now: clock.now,
      pauseAfterFailureMs: pause,
    });
    expect(await statuses(port, '/api/v1/things', 4)).toEqual([200, 200, 200, 429]);
    await flush();

    // A Redis that accepts connections but never answers: the command timeout lets requests by.
    const pid = redis?.pid ?? 0;
    process.kill(pid, 'SIGSTOP');
    let hung: HttpAnswer[] = [];
    try {
      for (let i = 0; i < 5; i++) hung.push(await request(port, '/api/v1/things'));
    } finally {
      process.kill(pid, 'SIGCONT');
    }
    expect(hung.map((a) => a.status)).toEqual(Array(5).fill(200));
    // Only the first was sent to Redis (which counts it once it runs again); the others were let
    // through during the pause without asking it.
    const client = new Redis(redisUrl);
    const key = `${REDIS_KEY_PREFIX}127.0.0.1`;
    const deadline = Date.now() + 5000;
    while ((await client.get(key)) === null && Date.now() < deadline) await sleep(10);
    expect(await client.get(key)).toBe('1');
    client.disconnect();
    expect(Math.max(...hung.map((a) => a.ms))).toBeLessThan(REDIS_COMMAND_TIMEOUT_MS + 2000);
    hung = [];

    // Redis gone: the connection is refused, requests go straight through, pause or not.
    await stopRedis();
    const gone = [];
    for (let i = 0; i < 6; i++) {
      gone.push(await request(port, '/api/v1/things'));
      clock.advance(pause / 2);
    }
    expect(gone.map((a) => a.status)).toEqual(Array(6).fill(200));

    // Back (empty, as after a restart without persistence): the client reconnects by itself.
    await startRedis();
    const backBy = Date.now() + 10_000;
    let answers: number[] = [];
    while (Date.now() < backBy) {
      clock.advance(pause);
      answers = await statuses(port, '/api/v1/things', 4);
      if (answers.includes(429)) break;
      await sleep(250);
    }
    expect(answers).toContain(429);
  });
});
