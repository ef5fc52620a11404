import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import { cookieNames } from '@ipatient/contracts/constants';
import { deflatePiece, gzipSplice } from '@ipatient/contracts/gzip-splice.server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { readCookies } from '../lib/cookies.ts';
import { AppError } from './errors.ts';
import type { MemberPage } from './web-member-pages.ts';

/**
 * A short-lived in-process cache of what anonymous visitors are shown: the public campaign and
 * blog reads of the API, and server-rendered pages (plugins/web.ts). A visitor's answer never
 * depends on who they are, so one rendering serves everyone asking for the same URL within
 * `PUBLIC_CACHE_TTL_MS`; signed-in users (a Bearer header or a session cookie) never get a cached
 * answer or page, and an answer that sets a cookie is never stored. Beside them, the data behind
 * the campaign reads (`sharedRead`) is shared by visitors and members alike, each member's own
 * part added per request.
 *
 * Staleness: a successful write through this instance (any non-GET request, API or form)
 * empties every one of these caches at once (app.ts). A change made by another instance, by a
 * background job or straight in the database shows up within PUBLIC_CACHE_TTL_MS plus the time
 * of one rendering; in the shared reads and members' pages, which are given past their lifetime
 * while one request makes them anew, within SHARED_READ_KEPT_MS.
 */
export const PUBLIC_CACHE_TTL_MS = 2000;
const MAX_ENTRIES = 1000;
/** Larger answers are not worth keeping (and would let a few URLs fill the memory). */
const MAX_ENTRY_BYTES = 512 * 1024;
/**
 * What one cache may hold at most, all entries together. An entry lives 2 s, so this bounds the
 * distinct answers asked for within 2 s (some 500 pages), not the site's size.
 */
const MAX_CACHE_BYTES = 16 * 1024 * 1024;
/** Below this @fastify/compress sends the answer as it is; so do we. */
const COMPRESS_THRESHOLD = 1024;
/** How long a request waits for the same answer being made by another before making its own. */
const WAIT_FOR_LEADER_MS = 5000;

/**
 * A cache of answers for PUBLIC_CACHE_TTL_MS, on lru-cache: bounded in entries and bytes, the
 * least recently used going first, and one making of an answer per key at a time. `fetch(key,
 * { context })` returns the stored answer, or calls `context` to make it (the leader); requests
 * asking for the same key meanwhile (followers) wait for that same promise. A leader's answer of
 * undefined (an error, a cookie: not shareable) is not stored, and the next request leads again.
 * Emptying the cache (a write) drops the answers being made as well: they may be out of date.
 */
export type PublicCache<T extends {}> = LRUCache<string, T, () => Promise<T | undefined>>;

export function createPublicCache<T extends {}>(options: {
  sizeOf(value: T): number;
  /** The clock of the entries' lifetime (tests move it by hand). */
  now?: () => number;
  /** How long an entry is kept at most (PUBLIC_CACHE_TTL_MS unless said). */
  ttl?: number;
}): PublicCache<T> {
  return new LRUCache<string, T, () => Promise<T | undefined>>({
    max: MAX_ENTRIES,
    maxSize: MAX_CACHE_BYTES,
    maxEntrySize: MAX_ENTRY_BYTES,
    sizeCalculation: (value) => Math.max(1, options.sizeOf(value)),
    ttl: options.ttl ?? PUBLIC_CACHE_TTL_MS,
    // An entry past its time is dropped then, not when the cache next fills: the memory an
    // answer took is given back within its lifetime. (A test's hand-moved clock drops nothing.)
    ...(options.now ? { perf: { now: options.now }, ttlResolution: 0 } : { ttlAutopurge: true }),
    fetchMethod: (_key, _stale, { context }) => context(),
  });
}

/**
 * What a follower is given: the leader's answer, or undefined when it cannot be shared, the cache
 * was emptied meanwhile, or the leader takes longer than WAIT_FOR_LEADER_MS (the follower then
 * makes its own).
 */
export async function leadersAnswer<T>(flight: Promise<T | undefined>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(resolve, WAIT_FOR_LEADER_MS, undefined);
  });
  try {
    return await Promise.race([flight.catch(() => undefined), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** A stored API answer: the JSON as sent, and its brotli form made once. */
interface CachedAnswer {
  contentType: string;
  identity: Buffer;
  br: Buffer | undefined;
}

/** An answer's text as stored, with its brotli form when it is worth compressing. */
function storedAnswer(text: string | ArrayBuffer | Buffer, contentType: string): CachedAnswer {
  const identity = typeof text === 'string' ? Buffer.from(text) : Buffer.from(text as ArrayBuffer);
  return {
    contentType,
    identity,
    // Made once per stored answer, so the smaller brotli form is worth its cost here.
    br:
      identity.length >= COMPRESS_THRESHOLD
        ? zlib.brotliCompressSync(identity, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 },
          })
        : undefined,
  };
}

/**
 * Whether a request accepts this content coding, as the compression plugin reads Accept-Encoding
 * (the same negotiator): named or `*`, and not refused with q=0.
 */
function acceptsCoding(headers: FastifyRequest['headers'], coding: 'gzip' | 'br'): boolean {
  const header = headers['accept-encoding'];
  return typeof header === 'string' && negotiate(header.toLowerCase(), [coding]) === coding;
}

/** Whether a request accepts gzip (every browser does). */
export const acceptsGzip = (headers: FastifyRequest['headers']) => acceptsCoding(headers, 'gzip');

/**
 * Sends a stored answer as it is: brotli to clients that accept it, else the text (which the
 * compression plugin gzips for clients that accept that).
 */
function sendStored(request: FastifyRequest, reply: FastifyReply, stored: CachedAnswer) {
  reply.header('content-type', stored.contentType).header('vary', 'accept-encoding');
  if (stored.br && acceptsCoding(request.headers, 'br')) {
    reply.header('content-encoding', 'br');
    return reply.code(200).send(stored.br);
  }
  return reply.code(200).send(stored.identity);
}

/**
 * The per-visitor values a stored page leaves out: the CSRF token and the script nonce.
 *
 * Why the page is stored cut at them and sent as gzip spliced around them (below), rather than
 * stored whole and compressed per request: every visitor must get their own token (forms carry
 * it before any script runs, ADR 007) and their own nonce, so no two answers have the same bytes,
 * and compressing a whole page for each visitor is what would cost. Measured on the built pages
 * (40-93 KB of HTML: /, /campaigns, /blog, /signup, /login; Node 24, 2 cores), per answer: brotli
 * at quality 4 1.5-3.2 ms, gzip 2-3.4 ms, brotli quality 1
 * 0.2-1 ms, against 0.05-0.15 ms for the splice; a whole page served from this cache costs
 * about 0.3 ms (`npm run bench:api`, 3,700 pages a second), so compressing per visitor would
 * cut the visitors' page throughput several times over. What it costs instead: a stored page
 * travels as gzip, 10-17% larger than brotli at quality 4 (home page: 17.3 against 14.8 KB).
 */
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

/**
 * The gzip form of the page with its slots filled, from pieces compressed once: only the
 * visitor's values are added per request (`gzipSplice`), and the checksum is computed over the
 * joined bytes. Compressing a whole page per visitor costs far more than rendering it from the
 * cache.
 */
export function gzipAround(page: CutPage, fills: Record<PageSlot, string>): Buffer {
  const values = slotValues(fills);
  return gzipSplice(
    page.pieces,
    page.pieces.map((piece, index) => page.deflated[index] ?? deflatePiece(piece)),
    page.slots.map((slot) => values[slot]),
  );
}

/** A read every viewer is shown alike, with the size of its JSON. */
interface SharedRead {
  value: object;
  bytes: number;
}

/**
 * How long a shared read is kept at most: fresh for PUBLIC_CACHE_TTL_MS, then for as long again
 * it is still given at once while one request makes it anew (below).
 */
export const SHARED_READ_KEPT_MS = 2 * PUBLIC_CACHE_TTL_MS;

/**
 * The shared reads of one server (`sharedRead` below), on lru-cache. Each key is made once for
 * everyone asking. Once a read is older than PUBLIC_CACHE_TTL_MS, the next request starts its
 * making anew and, like every request until that making ends, is given the read it has at once
 * (stale-while-revalidate). Under load that matters: the making queues for a pooled connection
 * behind the very requests that wait for it, so making every request wait for it stalled them
 * all for several queries' worth of queueing every PUBLIC_CACHE_TTL_MS. A read older than
 * SHARED_READ_KEPT_MS is never given: the request waits for a new one. Emptying the cache (a
 * write) drops the makings under way, so nothing read before a write is kept after it.
 */
export interface SharedReads {
  read<T extends object>(key: string, make: () => Promise<T>): Promise<T>;
  /** Reads kept and being made. */
  readonly size: number;
  clear(): void;
}

export function createSharedReads(options: { now?: () => number } = {}): SharedReads {
  const cache = createPublicCache<SharedRead>({
    sizeOf: (read) => read.bytes,
    ttl: SHARED_READ_KEPT_MS,
    now: options.now,
  });
  return {
    async read<T extends object>(key: string, make: () => Promise<T>): Promise<T> {
      let made: Promise<T> | undefined;
      const context = async () => {
        made = make();
        const value = await made;
        sharedValues.add(value);
        return { value, bytes: JSON.stringify(value).length };
      };
      // 0 when the key is not kept (a miss: the request waits for the making), below 0 once it
      // is older than SHARED_READ_KEPT_MS (never given, even while it is being made anew).
      const left = cache.getRemainingTTL(key);
      try {
        const read = await cache.fetch(key, {
          context,
          allowStale: left > 0,
          forceRefresh: left < SHARED_READ_KEPT_MS - PUBLIC_CACHE_TTL_MS,
        });
        if (read) return read.value as T;
      } catch {
        // The making was dropped (a write emptied the cache meanwhile) or failed: see below.
      }
      // This request made it and it failed: that failure is the answer. Another's making was
      // dropped: make our own, as it is now.
      return made ?? make();
    },
    get size() {
      return cache.size;
    },
    clear: () => cache.clear(),
  };
}

interface PublicCaches {
  answers: PublicCache<CachedAnswer>;
  pages: PublicCache<CachedPage>;
  reads: SharedReads;
  /** Members' static pages as shared renderings (plugins/web-member-pages.ts). */
  members: PublicCache<MemberPage>;
}

/** One set of caches per server (keyed by its database handle, as each test app has its own). */
const cachesByServer = new WeakMap<object, PublicCaches>();

function cachesOf(db: object): PublicCaches {
  let caches = cachesByServer.get(db);
  if (!caches) {
    caches = {
      answers: createPublicCache<CachedAnswer>({
        sizeOf: (answer) => answer.identity.length + (answer.br?.length ?? 0),
      }),
      pages: createPublicCache<CachedPage>({
        sizeOf: (page) =>
          [...page.pieces, ...page.deflated].reduce((sum, piece) => sum + piece.length, 0),
      }),
      reads: createSharedReads(),
      // Kept as long again as they are given: an ended one is given while made anew.
      members: createPublicCache<MemberPage>({
        sizeOf: (page) => page.bytes,
        ttl: SHARED_READ_KEPT_MS,
      }),
    };
    cachesByServer.set(db, caches);
  }
  return caches;
}

export function publicCaches(app: FastifyInstance): PublicCaches {
  return cachesOf(app.db);
}

/**
 * The data behind a public answer, made once per key for every reader, signed in or not, and
 * kept as the public answers are (PUBLIC_CACHE_TTL_MS, emptied with them by this server's writes,
 * one making per key at a time). Members' reads take it and add what is theirs (their own
 * Green-Hearts, say) with a small query of their own, rather than each making the whole read
 * again. `make` must return what a visitor may see, never anything about one viewer.
 */
export async function sharedRead<T extends object>(
  db: object,
  key: string,
  make: () => Promise<T>,
): Promise<T> {
  return cachesOf(db).reads.read(key, make);
}

/** What shared reads made: an answer built on one as it is reads alike for every member. */
const sharedValues = new WeakSet<object>();
/** Members' answers made once from a shared read, by route, kept as long as the read is. */
const answersOfReads = new WeakMap<object, Map<string, CachedAnswer>>();

/**
 * A member's answer built on a shared read. When the service gave the shared read back as it is
 * (nothing of the member's own differs, such as a Green-Heart they gave), the answer is the same
 * for every member: serialised by the route's own serializer and compressed once per read, then
 * sent as made, rather than serialised and compressed again per request. Otherwise, and for
 * visitors (whose answers the public cache above keeps), `answer()` is returned as usual.
 * `answer()` must be made of `read` alone: its bytes are kept for every member of that read.
 */
export function answerFromRead<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  read: object,
  answer: () => T,
): T | FastifyReply {
  if (!request.auth || !sharedValues.has(read) || reply.statusCode !== 200) return answer();
  let byRoute = answersOfReads.get(read);
  if (!byRoute) {
    byRoute = new Map();
    answersOfReads.set(read, byRoute);
  }
  const route = `${request.method} ${request.routeOptions.url}`;
  let stored = byRoute.get(route);
  if (!stored) {
    stored = storedAnswer(reply.serialize(answer()), 'application/json; charset=utf-8');
    byRoute.set(route, stored);
  }
  return sendStored(request, reply, stored);
}

/**
 * A read that every viewer allowed to see it sees alike (a campaign's donations, its ledger, its
 * timeline): the visitors' reading, shared as `sharedRead` shares it. A viewer who may see what
 * visitors may not (the organiser or an admin, on a campaign that is not public) is read alone.
 */
export async function sharedReadFor<T extends object, V>(
  db: object,
  viewer: V | undefined,
  key: string,
  read: (viewer: V | undefined) => Promise<T>,
): Promise<T> {
  try {
    return await sharedRead(db, key, () => read(undefined));
  } catch (error) {
    if (viewer !== undefined && error instanceof AppError && error.code === 'NOT_FOUND') {
      return read(viewer);
    }
    throw error;
  }
}

/** Empties every public cache of this server: after a write its answers may have changed. */
export function forgetPublicAnswers(app: FastifyInstance): void {
  const caches = cachesByServer.get(app.db);
  if (!caches) return;
  // An empty cache is left as it is: emptying one walks every slot of its arrays (MAX_ENTRIES
  // of them, whatever it holds), and every write of a member comes here.
  for (const cache of [caches.answers, caches.pages, caches.reads, caches.members]) {
    if (cache.size > 0) cache.clear();
  }
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
  for (const name of Object.keys(readCookies(headers.cookie))) {
    if (!NEUTRAL_COOKIES.has(name)) return false;
  }
  return true;
}

/** The cookie-banner choice: pages differ with and without it, so it is part of their key. */
export function consentOf(cookieHeader: string | undefined): string {
  return readCookies(cookieHeader)[cookieNames.consent] ?? '';
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * GET answers a visitor may be given from the short-lived public cache (and anyone, when
     * the endpoint's access is public).
     */
    publicCache?: boolean;
  }
}

/**
 * A GET of a flagged route, by a visitor; or by anyone when the route is public: a public route
 * reads nothing about who asks (no session, no cookie), so its answer is everyone's.
 */
function cacheableRequest(request: FastifyRequest): boolean {
  const config = request.routeOptions.config;
  return (
    request.method === 'GET' &&
    config.publicCache === true &&
    (config.access === 'public' || isAnonymousRequest(request.headers))
  );
}

/**
 * Hooks for one route scope: answers flagged `config: { publicCache: true }` are served from the
 * cache to visitors, stored after a fresh 200 without cookies, and every successful write in the
 * scope empties the caches.
 */
export function usePublicCache(app: FastifyInstance): void {
  const { answers } = publicCaches(app);
  /** Requests making an answer others may be waiting for, with how to hand it over. */
  const leaders = new WeakMap<FastifyRequest, (answer: CachedAnswer | undefined) => void>();

  function sendCached(request: FastifyRequest, reply: FastifyReply, hit: CachedAnswer) {
    reply.header('x-public-cache', 'hit');
    return sendStored(request, reply, hit);
  }

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!cacheableRequest(request)) return;
    const stored = answers.get(request.url);
    if (stored) return sendCached(request, reply, stored);
    // The answer is made by the route's handler, after this hook: the leader goes on to it and
    // hands the answer over in onSend; lru-cache keeps the others waiting until then.
    const led: { handOver?: (answer: CachedAnswer | undefined) => void } = {};
    const flight = answers.fetch(request.url, {
      context: () =>
        new Promise<CachedAnswer | undefined>((resolve) => {
          led.handOver = resolve;
        }),
    });
    if (led.handOver) {
      leaders.set(request, led.handOver);
      flight.catch(() => {});
      return;
    }
    const hit = await leadersAnswer(flight);
    if (hit) return sendCached(request, reply, hit);
  });

  /** Hands the leader's answer (undefined: not shareable) to the cache and its followers. */
  const handOver = (request: FastifyRequest, answer: CachedAnswer | undefined) => {
    const settle = leaders.get(request);
    if (!settle) return;
    leaders.delete(request);
    settle(answer);
  };

  app.addHook('onSend', async (request, reply, payload) => {
    if (!leaders.has(request)) return payload;
    let entry: CachedAnswer | undefined;
    if (
      typeof payload === 'string' &&
      reply.statusCode === 200 &&
      !reply.hasHeader('set-cookie') &&
      Buffer.byteLength(payload) <= MAX_ENTRY_BYTES
    ) {
      entry = storedAnswer(
        payload,
        String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
      );
    }
    handOver(request, entry);
    return payload;
  });

  // A leader that failed before sending (or whose client went away) must not keep others waiting.
  // (The server empties the caches after every successful write itself: app.ts.)
  app.addHook('onResponse', async (request) => handOver(request, undefined));
  app.addHook('onRequestAbort', async (request) => handOver(request, undefined));
}
