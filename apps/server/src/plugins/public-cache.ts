import zlib from 'node:zlib';
import { cookieNames } from '@ipatient/contracts/constants';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * A short-lived in-process cache of what anonymous visitors are shown: the public campaign and
 * blog reads of the API, and server-rendered pages (plugins/web.ts). A visitor's answer never
 * depends on who they are, so one rendering serves everyone asking for the same URL within
 * `PUBLIC_CACHE_TTL_MS`; signed-in users (a Bearer header or a session cookie) always get a fresh
 * answer and never a cached one, and an answer that sets a cookie is never stored.
 *
 * Staleness: a successful write through this instance empties the cache at once (any non-GET
 * request to the campaign or blog API; with the web app served, any non-GET request at all, API
 * or form). A change made by another instance, by a background job or straight in the database
 * shows up to visitors within PUBLIC_CACHE_TTL_MS plus the time of one rendering.
 */
export const PUBLIC_CACHE_TTL_MS = 2000;
const MAX_ENTRIES = 1000;
/** Larger answers are not worth keeping (and would let a few URLs fill the memory). */
const MAX_ENTRY_BYTES = 512 * 1024;
/** Below this @fastify/compress sends the answer as it is; so do we. */
const COMPRESS_THRESHOLD = 1024;

export interface CachedEntry<T> {
  value: T;
  expiresAt: number;
}

/** A bounded map whose entries expire; the oldest entry goes first when it is full. */
export class ExpiringCache<T> {
  readonly #entries = new Map<string, CachedEntry<T>>();
  readonly #ttlMs: number;
  readonly #now: () => number;

  constructor(ttlMs: number, now: () => number = Date.now) {
    this.#ttlMs = ttlMs;
    this.#now = now;
  }

  get(key: string): T | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.#now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: T): void {
    this.#entries.delete(key);
    if (this.#entries.size >= MAX_ENTRIES) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(key, { value, expiresAt: this.#now() + this.#ttlMs });
  }

  clear(): void {
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}

/** How long a request waits for the same answer being made by another before making its own. */
const WAIT_FOR_LEADER_MS = 5000;

/**
 * One fresh rendering per key at a time. When an entry expires under load, the first request
 * (the leader) makes the answer and the others wait for it instead of all rendering the same
 * page at once; if the leader's answer cannot be shared (an error, a cookie), they make their own.
 */
export class SingleFlight<T> {
  readonly #pending = new Map<
    string,
    { promise: Promise<T | undefined>; settle(value: T | undefined): void }
  >();

  /** Undefined when the caller leads (and must call `settle`), else the leader's answer. */
  async follow(key: string): Promise<{ led: true } | { led: false; value: T | undefined }> {
    const pending = this.#pending.get(key);
    if (!pending) {
      let settle: (value: T | undefined) => void = () => {};
      const promise = new Promise<T | undefined>((resolve) => {
        settle = resolve;
      });
      this.#pending.set(key, { promise, settle });
      return { led: true };
    }
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<undefined>((resolve) => {
      timer = setTimeout(resolve, WAIT_FOR_LEADER_MS, undefined);
    });
    const value = await Promise.race([pending.promise, timeout]);
    clearTimeout(timer);
    return { led: false, value };
  }

  /** The leader's answer (undefined: not shareable); safe to call more than once. */
  settle(key: string, value: T | undefined): void {
    const pending = this.#pending.get(key);
    if (!pending) return;
    this.#pending.delete(key);
    pending.settle(value);
  }
}

/** A stored API answer: the JSON as sent, and its brotli form made once. */
interface CachedAnswer {
  contentType: string;
  identity: Buffer;
  br: Buffer | undefined;
}

/** The per-visitor values a stored page leaves out: the CSRF token and the script nonce. */
export type PageSlot = 'csrf' | 'nonce';

/** A page's HTML cut at its slots: `slots[i]` goes between `pieces[i]` and `pieces[i + 1]`. */
export interface CutPage {
  pieces: Buffer[];
  slots: PageSlot[];
  /** Each piece compressed once (see gzipAround). */
  deflated: Buffer[];
}

/** A stored page: its HTML cut at the slots, and its headers. */
export interface CachedPage extends CutPage {
  status: number;
  headers: [string, string][];
}

/**
 * Cuts a page rendered with server-made marks (never anything a client sent) in place of the
 * per-visitor values.
 */
export function cutAtSlots(html: string, marks: Record<PageSlot, string>): CutPage {
  const kinds = new Map<string, PageSlot>(
    (Object.entries(marks) as [PageSlot, string][]).map(([slot, mark]) => [mark, slot]),
  );
  const pattern = new RegExp([...kinds.keys()].join('|'), 'g');
  const pieces: Buffer[] = [];
  const slots: PageSlot[] = [];
  let start = 0;
  for (const match of html.matchAll(pattern)) {
    pieces.push(Buffer.from(html.slice(start, match.index)));
    slots.push(kinds.get(match[0]) as PageSlot);
    start = match.index + match[0].length;
  }
  pieces.push(Buffer.from(html.slice(start)));
  return { pieces, slots, deflated: pieces.map(deflatePiece) };
}

/**
 * What may be written into a slot: base64url characters and dots, as the server's CSRF tokens
 * and nonces are. Anything else would be HTML the page did not choose, so it is refused outright.
 */
const SLOT_VALUE = /^[A-Za-z0-9_.-]*$/;

function slotValues(fills: Record<PageSlot, string>): Record<PageSlot, Buffer> {
  for (const value of Object.values(fills)) {
    if (!SLOT_VALUE.test(value)) throw new Error('a page slot may hold only token characters');
  }
  return { csrf: Buffer.from(fills.csrf), nonce: Buffer.from(fills.nonce) };
}

/** The page with each slot filled with this visitor's value. */
export function fillSlots(page: CutPage, fills: Record<PageSlot, string>): Buffer {
  const values = slotValues(fills);
  const body: Buffer[] = [];
  for (const [index, piece] of page.pieces.entries()) {
    if (index > 0) body.push(values[page.slots[index - 1] as PageSlot]);
    body.push(piece);
  }
  return Buffer.concat(body);
}

/** A gzip member header: deflate, no name, no time, unknown OS. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty last block, ending a deflate stream. */
const LAST_BLOCK = zlib.deflateRawSync(Buffer.alloc(0));

/**
 * Raw deflate of one piece ending on a full flush: the output is byte-aligned and refers to
 * nothing before it, so pieces compressed apart can be laid end to end in one deflate stream.
 */
function deflatePiece(piece: Buffer): Buffer {
  return zlib.deflateRawSync(piece, { finishFlush: zlib.constants.Z_FULL_FLUSH });
}

/**
 * The gzip form of the page with its slots filled, from pieces compressed once: only the
 * visitor's values are compressed per request, and the checksum is computed over the joined
 * bytes. Compressing a whole page per visitor costs far more than rendering it from the cache.
 */
export function gzipAround(page: CutPage, fills: Record<PageSlot, string>): Buffer {
  const values = slotValues(fills);
  const deflatedValues = { csrf: deflatePiece(values.csrf), nonce: deflatePiece(values.nonce) };
  const parts: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  for (const [index, piece] of page.pieces.entries()) {
    if (index > 0) {
      const slot = page.slots[index - 1] as PageSlot;
      parts.push(deflatedValues[slot]);
      crc = zlib.crc32(values[slot], crc);
      length += values[slot].length;
    }
    parts.push(page.deflated[index] ?? deflatePiece(piece));
    crc = zlib.crc32(piece, crc);
    length += piece.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  parts.push(LAST_BLOCK, trailer);
  return Buffer.concat(parts);
}

/** Whether a request accepts gzip (every browser does). */
export const acceptsGzip = (headers: FastifyRequest['headers']) =>
  /\bgzip\b/.test(String(headers['accept-encoding'] ?? ''));

interface PublicCaches {
  answers: ExpiringCache<CachedAnswer>;
  pages: ExpiringCache<CachedPage>;
  answersInFlight: SingleFlight<CachedAnswer>;
  pagesInFlight: SingleFlight<CachedPage>;
}

/** One set of caches per server (keyed by its database handle, as each test app has its own). */
const cachesByServer = new WeakMap<object, PublicCaches>();

export function publicCaches(app: FastifyInstance): PublicCaches {
  let caches = cachesByServer.get(app.db);
  if (!caches) {
    caches = {
      answers: new ExpiringCache(PUBLIC_CACHE_TTL_MS),
      pages: new ExpiringCache(PUBLIC_CACHE_TTL_MS),
      answersInFlight: new SingleFlight(),
      pagesInFlight: new SingleFlight(),
    };
    cachesByServer.set(app.db, caches);
  }
  return caches;
}

/** Empties every public cache of this server: after a write its answers may have changed. */
export function forgetPublicAnswers(app: FastifyInstance): void {
  const caches = cachesByServer.get(app.db);
  caches?.answers.clear();
  caches?.pages.clear();
}

/** The cookies of a Cookie header, by name. */
export function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index <= 0) continue;
    cookies.set(part.slice(0, index).trim(), part.slice(index + 1).trim());
  }
  return cookies;
}

/** Cookies that do not make an answer personal: the CSRF token and the cookie-banner choice. */
const NEUTRAL_COOKIES = new Set<string>([cookieNames.csrf, cookieNames.consent]);

/**
 * Whether a request is a visitor's that may share a cached answer: no Authorization header and
 * no cookie besides the CSRF token and the cookie-banner choice (no session, no flash message,
 * no form in progress).
 */
export function isAnonymousRequest(headers: FastifyRequest['headers']): boolean {
  if (headers.authorization !== undefined) return false;
  for (const name of parseCookies(headers.cookie).keys()) {
    if (!NEUTRAL_COOKIES.has(name)) return false;
  }
  return true;
}

/** The cookie-banner choice: pages differ with and without it, so it is part of their key. */
export function consentOf(cookieHeader: string | undefined): string {
  return parseCookies(cookieHeader).get(cookieNames.consent) ?? '';
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** GET answers a visitor may be given from the short-lived public cache. */
    publicCache?: boolean;
  }
}

const acceptsBrotli = (request: FastifyRequest) =>
  /\bbr\b/.test(String(request.headers['accept-encoding'] ?? ''));

function cacheableRequest(request: FastifyRequest): boolean {
  return (
    request.method === 'GET' &&
    request.routeOptions.config.publicCache === true &&
    isAnonymousRequest(request.headers)
  );
}

/**
 * Hooks for one route scope: answers flagged `config: { publicCache: true }` are served from the
 * cache to visitors, stored after a fresh 200 without cookies, and every successful write in the
 * scope empties the caches.
 */
export function usePublicCache(app: FastifyInstance): void {
  const { answers, answersInFlight } = publicCaches(app);
  /** Requests making an answer others may be waiting for. */
  const leaders = new WeakSet<FastifyRequest>();

  function sendCached(request: FastifyRequest, reply: FastifyReply, hit: CachedAnswer) {
    reply.header('content-type', hit.contentType).header('vary', 'accept-encoding');
    reply.header('x-public-cache', 'hit');
    if (hit.br && acceptsBrotli(request)) {
      reply.header('content-encoding', 'br');
      return reply.code(200).send(hit.br);
    }
    return reply.code(200).send(hit.identity);
  }

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!cacheableRequest(request)) return;
    const hit = answers.get(request.url);
    if (hit) return sendCached(request, reply, hit);
    const flight = await answersInFlight.follow(request.url);
    if (flight.led) leaders.add(request);
    else if (flight.value) return sendCached(request, reply, flight.value);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (!leaders.has(request)) return payload;
    let entry: CachedAnswer | undefined;
    if (
      typeof payload === 'string' &&
      reply.statusCode === 200 &&
      !reply.hasHeader('set-cookie') &&
      Buffer.byteLength(payload) <= MAX_ENTRY_BYTES
    ) {
      const identity = Buffer.from(payload);
      entry = {
        contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
        identity,
        // Same settings as the server's own compression of answers made per request.
        br:
          identity.length >= COMPRESS_THRESHOLD
            ? zlib.brotliCompressSync(identity, {
                params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 },
              })
            : undefined,
      };
      answers.set(request.url, entry);
    }
    leaders.delete(request);
    answersInFlight.settle(request.url, entry);
    return payload;
  });

  // A leader that failed before sending (or whose client went away) must not keep others waiting.
  const release = async (request: FastifyRequest) => {
    if (!leaders.has(request)) return;
    leaders.delete(request);
    answersInFlight.settle(request.url, undefined);
  };
  app.addHook('onResponse', async (request, reply) => {
    await release(request);
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) {
      forgetPublicAnswers(app);
    }
  });
  app.addHook('onRequestAbort', release);
}
