import net from 'node:net';
import { brand } from '@ipatient/contracts';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { clientKey } from '../lib/client-key.ts';
import { WEB_PAGES_ROUTE } from '../lib/web-route.ts';
import { AppError } from './errors.ts';
import { waitText } from './rate-limits.ts';

/**
 * A general limit on requests per client address per minute, over API calls and pages. It stops
 * floods and scrapers; the abuse limits of sign-in, codes, complaints ... stay in PostgreSQL
 * (plugins/rate-limits.ts). Counted in memory, or in Redis when REDIS_URL is set so that every
 * instance shares the same counts. When Redis is unreachable, requests are let through: a
 * missing counter must never lock patients out.
 */

export const REQUEST_WINDOW_MS = 60_000;
/** A Redis that answers slower than this is treated as down for this request. */
export const REDIS_COMMAND_TIMEOUT_MS = 250;
/**
 * After a failed count, requests go uncounted for this long before the store is tried again, so
 * a Redis that hangs costs one request the command timeout, not every request.
 */
export const PAUSE_AFTER_FAILURE_MS = 5000;
/** At most one "Redis is unreachable" warning per this many milliseconds. */
const WARNING_INTERVAL_MS = 60_000;
const REDIS_KEY_PREFIX = 'ipatient:requests:';

export interface WindowCount {
  /** Requests counted in the current window, this one included. */
  count: number;
  /** Milliseconds until the window ends and the count starts again from zero. */
  resetMs: number;
}

/** Where the per-address counts live. */
export interface RequestCounter {
  hit(key: string): Promise<WindowCount>;
  close(): Promise<void>;
}

/** Counts in this process only: right for a single instance. */
export class MemoryCounter implements RequestCounter {
  readonly #windows = new Map<string, { count: number; resetAt: number }>();
  readonly #sweeper: NodeJS.Timeout;
  readonly windowMs: number;
  readonly now: () => number;

  constructor(windowMs = REQUEST_WINDOW_MS, now: () => number = Date.now) {
    this.windowMs = windowMs;
    this.now = now;
    // Ended windows are dropped, so addresses seen once do not pile up.
    this.#sweeper = setInterval(() => this.sweep(), windowMs);
    this.#sweeper.unref();
  }

  async hit(key: string): Promise<WindowCount> {
    const now = this.now();
    let window = this.#windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + this.windowMs };
      this.#windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, resetMs: window.resetAt - now };
  }

  /** Addresses with a window still open. */
  get size(): number {
    return this.#windows.size;
  }

  sweep(): void {
    const now = this.now();
    for (const [key, window] of this.#windows) {
      if (window.resetAt <= now) this.#windows.delete(key);
    }
  }

  async close(): Promise<void> {
    clearInterval(this.#sweeper);
    this.#windows.clear();
  }
}

/**
 * Counts and starts the window in one atomic step: the first request of a window sets its
 * expiry, so every instance sees the same window whatever its own clock says. A key left without
 * expiry (it cannot happen through this script, but costs nothing to repair) gets one.
 */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

type RedisWithHit = Redis & {
  requestHit(key: string, windowMs: number): Promise<[number, number]>;
};

/** Counts in Redis, shared by every instance that uses the same REDIS_URL. */
export class RedisCounter implements RequestCounter {
  readonly client: RedisWithHit;
  readonly log: FastifyBaseLogger;
  readonly windowMs: number;

  constructor(url: string, log: FastifyBaseLogger, windowMs = REQUEST_WINDOW_MS) {
    this.log = log;
    this.windowMs = windowMs;
    const client = new Redis(url, {
      lazyConnect: true,
      // While disconnected, commands fail at once instead of queueing: the request goes on
      // uncounted rather than waiting for Redis.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      connectTimeout: 2000,
      // Keeps trying in the background (at most every 2 s), so counting resumes by itself.
      retryStrategy: (attempt) => Math.min(attempt * 100, 2000),
    });
    client.defineCommand('requestHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
    // Connection errors are reported by hit() callers, once a minute at most; without a
    // listener ioredis would print every reconnection failure.
    client.on('error', () => {});
    client.on('ready', () => this.log.info('request limits: counting in Redis'));
    this.client = client as RedisWithHit;
  }

  /** Connects, but never holds up the start for long: an unreachable Redis only logs. */
  async connect(timeoutMs = 2000): Promise<void> {
    const connecting = this.client.connect().catch((error: unknown) => {
      this.log.warn(
        { err: error },
        'request limits: Redis is unreachable; requests are not counted until it is back',
      );
    });
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      connecting,
      new Promise((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      }),
    ]);
    clearTimeout(timer);
  }

  async hit(key: string): Promise<WindowCount> {
    const [count, resetMs] = await this.client.requestHit(REDIS_KEY_PREFIX + key, this.windowMs);
    return { count: Number(count), resetMs: Number(resetMs) };
  }

  async close(): Promise<void> {
    this.client.disconnect();
  }
}

/**
 * What a request is for the limit: an API call, a page, or neither (static assets, images,
 * feeds, health checks, the API document, and the web app's own in-process calls to the API).
 * Decided by the route the router matched, never by the raw URL: the router collapses `//` and
 * decodes `%61`, so `//api/…` reaches the same handler as `/api/…` and must count the same.
 */
export function requestKind(request: FastifyRequest): 'api' | 'page' | undefined {
  // The web app's loaders call the API through `inject()` with the visitor's address; their
  // page request was counted already. Injected requests have no network socket, which a
  // client cannot fake, unlike a header.
  if (!(request.raw.socket instanceof net.Socket)) return undefined;
  const route = request.routeOptions.url;
  // No route matched: the API's JSON 404 (or the bare 404 of an API-only server) still costs a
  // request, so it counts like an API call.
  if (route === undefined) return 'api';
  if (route.startsWith('/api/')) return route.startsWith('/api/docs') ? undefined : 'api';
  // The web app's catch-all route: server-rendered pages and their client-side data requests.
  // Built assets have routes of their own and are not counted.
  if (route === WEB_PAGES_ROUTE) return 'page';
  return undefined;
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c,
  );
}

/** A small page, readable without the app's styles or scripts, that says how long to wait. */
export function limitedPage(message: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Please wait a moment · ${escapeHtml(brand.siteName)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#1f2937}</style>
</head>
<body>
<h1>Please wait a moment</h1>
<p>${escapeHtml(message)}</p>
<p><a href="/">Back to ${escapeHtml(brand.siteName)}</a></p>
</body>
</html>
`;
}

export interface RequestLimitsOptions {
  /** Replaces the counter chosen from the configuration (tests use a short window). */
  counter?: RequestCounter;
  /** Replaces PAUSE_AFTER_FAILURE_MS (tests use a short pause). */
  pauseAfterFailureMs?: number;
}

/**
 * Applies API_REQUESTS_PER_MINUTE per client address. Off when it is 0, and under `npm run dev`,
 * where Vite serves every source module through the page route.
 */
export const requestLimitsPlugin = fp(
  async (app: FastifyInstance, options: RequestLimitsOptions) => {
    const max = app.config.apiRequestsPerMinute;
    if (max === 0 || app.config.dev) return;
    const redis =
      options.counter === undefined && app.config.redisUrl
        ? new RedisCounter(app.config.redisUrl, app.log)
        : undefined;
    const counter: RequestCounter = options.counter ?? redis ?? new MemoryCounter();

    let lastWarning = 0;
    let uncounted = 0;
    let pausedUntil = 0;
    const counterFailed = (error: unknown) => {
      uncounted += 1;
      const now = Date.now();
      pausedUntil = now + (options.pauseAfterFailureMs ?? PAUSE_AFTER_FAILURE_MS);
      if (now - lastWarning < WARNING_INTERVAL_MS) return;
      lastWarning = now;
      app.log.warn(
        { err: error, uncountedRequests: uncounted },
        'request limits: counting failed (Redis unreachable or too slow); requests are let through uncounted',
      );
      uncounted = 0;
    };

    if (redis) app.addHook('onReady', async () => redis.connect());
    app.addHook('onClose', async () => counter.close());

    app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      const kind = requestKind(request);
      if (!kind) return;
      if (pausedUntil > Date.now()) {
        uncounted += 1;
        return;
      }
      let window: WindowCount;
      try {
        window = await counter.hit(clientKey(request.ip));
      } catch (error) {
        counterFailed(error);
        return;
      }
      if (window.count <= max) return;
      const retryAfter = Math.max(1, Math.ceil(window.resetMs / 1000));
      const message = `Too many requests from your network. Please wait ${waitText(retryAfter)} and try again.`;
      if (kind === 'api') throw new AppError('RATE_LIMITED', message, { retryAfter });
      return reply
        .status(429)
        .header('retry-after', String(retryAfter))
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(limitedPage(message));
    });
  },
  { name: 'request-limits' },
);
