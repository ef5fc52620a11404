import { createRequire } from 'node:module';
import net from 'node:net';
import fastifyRateLimit, {
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import { brand } from '@ipatient/contracts';
import { escapeHtml } from '@ipatient/contracts/html';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { clientKey } from '../lib/client-key.ts';
import { WEB_PAGES_ROUTE } from '../lib/web-route.ts';
import { AppError } from './errors.ts';
import { waitText } from './rate-limits.ts';

/**
 * A general limit on requests per client address per minute, over API calls and pages. It stops
 * floods and scrapers; the abuse limits of sign-in, codes, complaints ... stay in PostgreSQL
 * (plugins/rate-limits.ts). Counted by @fastify/rate-limit: in memory, or in its Redis store when
 * REDIS_URL is set so that every instance shares the same counts. When Redis is unreachable,
 * requests are let through (the plugin's `skipOnError`): a missing counter must never lock
 * patients out.
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
/** The keys' prefix in Redis (`ipatient:requests:102.89.3.4`). */
export const REDIS_KEY_PREFIX = 'ipatient:requests:';
/**
 * Addresses counted in memory at once. Past this the least recently seen address loses its count
 * (it starts a fresh window): the limit can only become more lenient, never lock anyone out.
 */
const MEMORY_MAX_ADDRESSES = 50_000;

/**
 * Counts in this process only: right for a single instance. @fastify/rate-limit's own in-memory
 * store reads `Date.now()` itself, so its windows could only be tested by waiting; this store has
 * the same contract (a fixed window per key that starts with its first request) on lru-cache with
 * an injected clock, so tests move time by hand.
 */
export class MemoryStore implements FastifyRateLimitStore {
  readonly #windows: LRUCache<string, { count: number }>;

  constructor(now: () => number = Date.now, maxAddresses = MEMORY_MAX_ADDRESSES) {
    this.#windows = new LRUCache({
      max: maxAddresses,
      ttl: REQUEST_WINDOW_MS,
      perf: { now },
      // Every check reads the clock: no cached "now" that a moved clock would not reach.
      ttlResolution: 0,
    });
  }

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
  ): void {
    let window = this.#windows.get(key);
    if (!window) {
      window = { count: 0 };
      this.#windows.set(key, window, { ttl: timeWindow });
    }
    window.count += 1;
    callback(null, { current: window.count, ttl: this.#windows.getRemainingTTL(key) });
  }

  child(): FastifyRateLimitStore {
    return this;
  }

  /** Addresses with a window still open. */
  get size(): number {
    this.#windows.purgeStale();
    return this.#windows.size;
  }
}

/** @fastify/rate-limit's Redis store: one Lua script counts and starts the window atomically. */
type RedisStoreClass = new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  keyPrefix: string,
) => FastifyRateLimitStore;
// The plugin builds this store itself from its `redis` option, but then a failing Redis could not
// be seen (see FailOpenStore), so it is made here; the package does not export it by name.
const RedisStore = createRequire(import.meta.url)(
  '@fastify/rate-limit/store/RedisStore',
) as RedisStoreClass;

/** A store error that means "not asked: the store is resting after a failure". */
const PAUSED = new Error('request limits: the store is resting after a failure');

/**
 * Around a store that can fail (Redis): after a failed count the store is left alone for a pause,
 * and the failures are logged once a minute at most. Either way the request is let through
 * uncounted, by the plugin's `skipOnError`.
 */
export class FailOpenStore implements FastifyRateLimitStore {
  readonly #inner: FastifyRateLimitStore;
  readonly #log: FastifyBaseLogger;
  readonly #now: () => number;
  readonly #pauseMs: number;
  #pausedUntil = Number.NEGATIVE_INFINITY;
  #lastWarning = Number.NEGATIVE_INFINITY;
  #uncounted = 0;

  constructor(
    inner: FastifyRateLimitStore,
    options: { log: FastifyBaseLogger; now: () => number; pauseMs: number },
  ) {
    this.#inner = inner;
    this.#log = options.log;
    this.#now = options.now;
    this.#pauseMs = options.pauseMs;
  }

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
    max: number,
  ): void {
    if (this.#pausedUntil > this.#now()) {
      this.#uncounted += 1;
      callback(PAUSED);
      return;
    }
    this.#inner.incr(
      key,
      (error, result) => {
        if (error) this.#failed(error);
        callback(error, result);
      },
      timeWindow,
      max,
    );
  }

  child(): FastifyRateLimitStore {
    return this;
  }

  #failed(error: Error): void {
    this.#uncounted += 1;
    const now = this.#now();
    this.#pausedUntil = now + this.#pauseMs;
    if (now - this.#lastWarning < WARNING_INTERVAL_MS) return;
    this.#lastWarning = now;
    this.#log.warn(
      { err: error, uncountedRequests: this.#uncounted },
      'request limits: counting failed (Redis unreachable or too slow); requests are let through uncounted',
    );
    this.#uncounted = 0;
  }
}

/** A Redis client that never holds a request up: no queue while disconnected, a short timeout. */
export function requestLimitsRedis(url: string, log: FastifyBaseLogger): Redis {
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
  // Connection errors are reported by FailOpenStore, once a minute at most; without a listener
  // ioredis would print every reconnection failure.
  client.on('error', () => {});
  client.on('ready', () => log.info('request limits: counting in Redis'));
  return client;
}

/** Connects, but never holds up the start for long: an unreachable Redis only logs. */
async function connectRedis(client: Redis, log: FastifyBaseLogger, timeoutMs = 2000) {
  const connecting = client.connect().catch((error: unknown) => {
    log.warn(
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

/** @fastify/rate-limit makes its store with `new`; this gives it one already made. */
function storeClass(store: FastifyRateLimitStore): FastifyRateLimitStoreCtor {
  return function madeStore() {
    return store;
  } as unknown as FastifyRateLimitStoreCtor;
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
  /** Replaces the store chosen from the configuration. */
  store?: FastifyRateLimitStore;
  /** The clock of the in-memory windows and of the pause after a failure (tests move it). */
  now?: () => number;
  /** Replaces PAUSE_AFTER_FAILURE_MS. */
  pauseAfterFailureMs?: number;
}

/**
 * Applies API_REQUESTS_PER_MINUTE per client address (lib/client-key.ts: IPv6 by its /64). Off
 * when it is 0, and under `npm run dev`, where Vite serves every source module through the page
 * route. The plugin counts; which requests count and what a refusal looks like (the API's error
 * format, a readable page) are decided here.
 */
export const requestLimitsPlugin = fp(
  async (app: FastifyInstance, options: RequestLimitsOptions) => {
    const max = app.config.apiRequestsPerMinute;
    if (max === 0 || app.config.dev) return;
    const now = options.now ?? Date.now;
    const redis =
      options.store === undefined && app.config.redisUrl
        ? requestLimitsRedis(app.config.redisUrl, app.log)
        : undefined;
    const store =
      options.store ??
      (redis
        ? new FailOpenStore(new RedisStore(false, false, redis, REDIS_KEY_PREFIX), {
            log: app.log,
            now,
            pauseMs: options.pauseAfterFailureMs ?? PAUSE_AFTER_FAILURE_MS,
          })
        : new MemoryStore(now));

    if (redis) {
      app.addHook('onReady', async () => connectRedis(redis, app.log));
      app.addHook('onClose', async () => redis.disconnect());
    }

    await app.register(fastifyRateLimit, {
      // Not a hook on every route: the requests that count are chosen below.
      global: false,
      max,
      timeWindow: REQUEST_WINDOW_MS,
      keyGenerator: (request) => clientKey(request.ip),
      skipOnError: true,
      store: storeClass(store),
    });
    const limit = app.createRateLimit();

    app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      const kind = requestKind(request);
      if (!kind) return;
      const counted = await limit(request);
      if (counted.isAllowed || !counted.isExceeded) return;
      const retryAfter = Math.max(1, counted.ttlInSeconds);
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
