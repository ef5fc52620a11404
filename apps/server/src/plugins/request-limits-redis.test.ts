import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '@ipatient/db';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { HttpAnswer } from '../../test/http.ts';
import {
  closeLimitedServers,
  limitedServer,
  manualClock,
  request,
  statuses,
} from './request-limits.test-support.ts';
import { REDIS_COMMAND_TIMEOUT_MS, REDIS_KEY_PREFIX, REQUEST_WINDOW_MS } from './request-limits.ts';

afterEach(closeLimitedServers);

const redisServer = '/usr/bin/redis-server';
if (!fs.existsSync(redisServer)) {
  console.warn(
    `Skipping the Redis request-limit tests: ${redisServer} is missing (apt-get install redis-server).`,
  );
}

describe.skipIf(!fs.existsSync(redisServer))('request limit in Redis', () => {
  let redisPort: number;
  let redis: ChildProcess | undefined;
  let redisUrl: string;

  async function startRedis(): Promise<void> {
    const child = spawn(
      redisServer,
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
