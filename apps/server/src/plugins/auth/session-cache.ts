import { LRUCache } from 'lru-cache';
import pg from 'pg';
import type { UserRow } from '../../lib/present-user.ts';

/**
 * What this instance has read of live sessions, so a signed-in request does not pay a database
 * round trip to learn who is asking. It is only used while it cannot be out of date:
 *
 * - Every change to a `users` or `sessions` row (sign-out, suspension, a new name, a password
 *   change, a deletion) makes PostgreSQL notify the channel `auth_changed` with the user's id
 *   when it commits (migration 0012), on every instance; this one drops that user's entries.
 * - The cache is used only while this instance listens. Until the listening connection is up,
 *   and from the moment it fails until it is back, every request reads the database, and the
 *   cache is emptied (notifications may have been missed).
 * - An entry also ends with its session's expiry and after SESSION_CACHE_TTL_MS at most.
 */
export const SESSION_CACHE_TTL_MS = 60_000;
const MAX_ENTRIES = 20_000;
const RECONNECT_MS = 1000;
export const AUTH_CHANGED_CHANNEL = 'auth_changed';

export interface SessionEntry {
  user: UserRow;
  /** When the session itself expires (ms since the epoch). */
  expiresAt: number;
}

export interface SessionCache {
  /** The cached user of a session, or undefined (not cached, expired, or not listening). */
  get(sessionId: string, userId: string, now?: number): UserRow | undefined;
  /** Taken before reading a session from the database, and given back to `set`. */
  stamp(): number;
  /**
   * Keeps what was read, unless a change was heard since `stamp` (what was read may already be
   * out of date) or the cache is not listening.
   */
  set(sessionId: string, entry: SessionEntry, stamp: number): void;
  /**
   * The user of a live session: from the cache, else from `load` (the database), kept as `set`
   * keeps it. Requests for the same session at once share one load (a page's API calls all ask
   * together), unless a change to that user is heard meanwhile: later requests then load again.
   */
  read(
    sessionId: string,
    userId: string,
    load: () => Promise<SessionEntry | undefined>,
  ): Promise<UserRow | undefined>;
  /** Drops every entry of the user (their rows changed). */
  forgetUser(userId: string): void;
  /**
   * Resolves once every change committed before the call has been heard: one round trip on the
   * listening connection, since PostgreSQL hands a session the notices committed before it
   * answers. Called before a write's answer is sent, so a sign-out answered here is never
   * followed by a request that still finds the session in this cache.
   */
  settle(): Promise<void>;
  /** Whether the notifications are heard, so entries can be trusted. */
  readonly listening: boolean;
  close(): Promise<void>;
}

export function createSessionCache(options: {
  /** A connection string for the listening connection (the pool's own). */
  connectionString: string | undefined;
  log?: (message: string, error?: unknown) => void;
}): SessionCache {
  const entries = new LRUCache<string, SessionEntry>({
    max: MAX_ENTRIES,
    ttl: SESSION_CACHE_TTL_MS,
    dispose: (entry, sessionId) => sessionsOf.get(entry.user.id)?.delete(sessionId),
  });
  const sessionsOf = new Map<string, Set<string>>();
  /** Loads under way, by session, that later requests may join. */
  const loading = new Map<string, { userId: string; entry: Promise<SessionEntry | undefined> }>();
  let client: pg.Client | undefined;
  let listening = false;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  /** Moves on with every change heard and every loss of the connection. */
  let changes = 0;

  const forgetUser = (userId: string) => {
    changes += 1;
    for (const [sessionId, load] of loading) {
      if (load.userId === userId) loading.delete(sessionId);
    }
    const ids = sessionsOf.get(userId);
    if (!ids) return;
    sessionsOf.delete(userId);
    for (const sessionId of ids) entries.delete(sessionId);
  };
  const lost = (error?: unknown) => {
    if (listening || error) options.log?.('not listening for session changes', error);
    listening = false;
    changes += 1;
    entries.clear();
    sessionsOf.clear();
    loading.clear();
    const old = client;
    client = undefined;
    old?.removeAllListeners();
    old?.on('error', () => {});
    void old?.end().catch(() => {});
    if (!closed && !timer) {
      timer = setTimeout(() => {
        timer = undefined;
        void listen();
      }, RECONNECT_MS);
      timer.unref();
    }
  };
  async function listen() {
    if (closed || !options.connectionString) return;
    const next = new pg.Client({ connectionString: options.connectionString, keepAlive: true });
    client = next;
    next.on('error', lost);
    next.on('end', () => {
      if (client === next) lost();
    });
    next.on('notification', (message) => {
      if (message.channel === AUTH_CHANGED_CHANNEL && message.payload) forgetUser(message.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${AUTH_CHANGED_CHANNEL}`);
      if (client === next && !closed) {
        // What was read before this point was read while nobody listened.
        changes += 1;
        listening = true;
      }
    } catch (error) {
      if (client === next) lost(error);
    }
  }
  void listen();

  /** One round trip on the listening connection. */
  async function round() {
    const current = client;
    if (!listening || !current) return;
    try {
      await current.query('SELECT 1');
    } catch (error) {
      if (client === current) lost(error);
    }
  }
  /**
   * Writes answered together share round trips: a caller arriving while one is under way (sent,
   * perhaps, before its own commit) waits for the next one, which every caller arriving meanwhile
   * shares. At most two rounds are in line however many writes wait.
   */
  let underWay: Promise<void> | undefined;
  let next: Promise<void> | undefined;
  function settle(): Promise<void> {
    if (!underWay) {
      underWay = round().finally(() => {
        underWay = undefined;
      });
      return underWay;
    }
    next ??= underWay.then(() => {
      next = undefined;
      return settle();
    });
    return next;
  }

  const get = (sessionId: string, userId: string, now = Date.now()) => {
    if (!listening) return undefined;
    const entry = entries.get(sessionId);
    if (!entry || entry.user.id !== userId || entry.expiresAt <= now) return undefined;
    return entry.user;
  };
  const set = (sessionId: string, entry: SessionEntry, stamp: number) => {
    if (!listening || stamp !== changes) return;
    entries.set(sessionId, entry);
    let ids = sessionsOf.get(entry.user.id);
    if (!ids) {
      ids = new Set();
      sessionsOf.set(entry.user.id, ids);
    }
    ids.add(sessionId);
  };

  return {
    get,
    stamp: () => changes,
    set,
    async read(sessionId, userId, load) {
      const cached = get(sessionId, userId);
      if (cached) return cached;
      let current = loading.get(sessionId);
      if (!current || current.userId !== userId) {
        const stamp = changes;
        const entry = load();
        const started = { userId, entry };
        current = started;
        loading.set(sessionId, started);
        const done = () => {
          if (loading.get(sessionId) === started) loading.delete(sessionId);
        };
        entry.then((found) => {
          done();
          if (found && found.user.id === userId) set(sessionId, found, stamp);
        }, done);
      }
      const found = await current.entry;
      return found && found.user.id === userId && found.expiresAt > Date.now()
        ? found.user
        : undefined;
    },
    forgetUser,
    settle,
    get listening() {
      return listening;
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      listening = false;
      entries.clear();
      loading.clear();
      const old = client;
      client = undefined;
      old?.removeAllListeners();
      old?.on('error', () => {});
      await old?.end().catch(() => {});
    },
  };
}
