import { createHash } from 'node:crypto';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Database = NodePgDatabase<typeof schema>;
/** A transaction handle; repositories accept one so services can compose them. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** Connections per server instance. */
  max?: number;
  /**
   * Longest wait for a new connection before the query fails as "database unavailable"; also how
   * often a request waiting for a busy connection checks that the server still answers. Short,
   * so a request never hangs on a database that is down.
   */
  connectTimeoutMs?: number;
  /**
   * How long a query may run before the pool checks, over a fresh connection, that the server
   * still answers. A query on a server that does not answer is abandoned; a slow query on a
   * server that answers is left to finish (locks, big reports).
   */
  checkAfterMs?: number;
  /** How long that check may take before the server counts as not answering. */
  checkTimeoutMs?: number;
}

/** Together these stay under 2 s: a request fails fast rather than hang on a dead database. */
const CONNECT_TIMEOUT_MS = 1200;
/**
 * Longest wait for a free connection while the database still answers: under a burst every
 * connection can be busy for longer than the connect timeout, and that is a queue, not an outage.
 */
const BUSY_POOL_WAIT_MS = 15_000;
const CHECK_AFTER_MS = 1000;
const CHECK_TIMEOUT_MS = 600;

/** PostgreSQL error classes and codes that mean "the server is not there right now". */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: the server is stopping
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or in recovery
  '53300', // too_many_connections
]);
/** Network failures reaching the server. */
const UNAVAILABLE_NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** node-postgres and pg-pool report these conditions by message only. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/, // a dropped connection
  /^timeout exceeded when trying to connect$/, // no free connection in time
  /^timeout expired$/, // a new connection not made within its timeout
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
  /^Query read timeout$/,
  /^Connection ended unexpectedly$/,
  /^Cannot use a pool after calling end on the pool$/, // the server is shutting down
];

/**
 * True when an error means the database could not be reached or stopped answering, as opposed
 * to a query the database refused (a bug, a constraint): the first is worth a "try again", the
 * second is not. Looks through Drizzle's wrapping (`cause`) and Node's `AggregateError`s.
 */
export function isDatabaseUnavailableError(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string') {
    if (code.startsWith('08') && code.length === 5) return true; // connection_exception class
    if (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_NETWORK_CODES.has(code)) return true;
  }
  if (
    typeof message === 'string' &&
    UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))
  ) {
    return true;
  }
  if (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailableError(e, depth + 1))) {
    return true;
  }
  return isDatabaseUnavailableError(cause, depth + 1);
}

/** The socket of a node-postgres client; closing it fails every query queued on the client. */
function destroyConnection(client: pg.Client): void {
  (
    client as unknown as { connection?: { stream?: { destroy(): void } } }
  ).connection?.stream?.destroy();
}

/**
 * Whether the server answers a fresh connection with `SELECT 1` within `timeoutMs`. Calls made
 * while one check runs share it, so a hundred stuck queries cost one check.
 */
function serverCheck(options: pg.PoolConfig, timeoutMs: number): () => Promise<boolean> {
  let running: Promise<boolean> | undefined;
  const check = async (): Promise<boolean> => {
    const client = new pg.Client({ ...options, connectionTimeoutMillis: timeoutMs });
    client.on('error', () => {});
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    try {
      const answered = (async () => {
        await client.connect();
        await client.query('SELECT 1');
        return true;
      })().catch(() => false);
      return await Promise.race([answered, timedOut]);
    } finally {
      clearTimeout(timer);
      // Not end(): a server that does not answer would never acknowledge it.
      destroyConnection(client);
    }
  };
  return () => {
    running ??= check().finally(() => {
      running = undefined;
    });
    return running;
  };
}

type QueryCallback = (error: Error | null, result: unknown) => void;

/**
 * A pool client that never hangs on a database that stopped answering (a stopped or cut-off
 * server keeps TCP connections open, so the driver alone would wait forever), and never crashes
 * the process when its connection drops while it is checked out.
 */
function guardedClientClass(
  checkAfterMs: number,
  serverAnswers: () => Promise<boolean>,
  connectTimeoutMs: number,
) {
  return class GuardedClient extends pg.Client {
    constructor(config?: pg.ClientConfig) {
      super({ ...config, connectionTimeoutMillis: connectTimeoutMs });
      // A connection lost while a request holds the client is reported to the query in flight;
      // without a listener the 'error' event would also be thrown as an uncaught exception.
      // The pool drops the broken client when it is released.
      this.on('error', () => {});
    }

    // biome-ignore lint/suspicious/noExplicitAny: the driver's overloaded signature, passed through
    override query(...args: any[]): any {
      args[0] = prepared(args[0]);
      const last = args.length - 1;
      const callback = typeof args[last] === 'function' ? (args[last] as QueryCallback) : undefined;
      let finished = false;
      let timer: NodeJS.Timeout | undefined;
      const watch = () => {
        timer = setTimeout(() => {
          void serverAnswers().then((answers) => {
            if (finished) return;
            if (answers) {
              watch();
              return;
            }
            // The connection's state is unknown (a transaction may be open on it): close it so
            // it is never reused. Its queries fail with "Connection terminated unexpectedly".
            destroyConnection(this);
          });
        }, checkAfterMs);
        timer.unref();
      };
      const done = () => {
        finished = true;
        clearTimeout(timer);
      };
      const opensTransaction = BEGIN.test(queryText(args[0]));
      const failed = (error: unknown) => {
        // Drizzle's pooled transaction() runs BEGIN before the try/finally that releases its
        // client, so a BEGIN that fails (a connection dropped or frozen at checkout) would keep
        // the connection checked out for good and, one failure at a time, empty the pool.
        // Handing it back broken here closes it; the pool's release is made idempotent below.
        if (opensTransaction)
          releaseOf(this)?.(error instanceof Error ? error : new Error(String(error)));
      };
      watch();
      if (callback) {
        args[last] = (error: Error | null, result: unknown) => {
          done();
          if (error) failed(error);
          callback(error, result);
        };
        return super.query(...(args as Parameters<pg.Client['query']>));
      }
      const result = super.query(...(args as Parameters<pg.Client['query']>)) as unknown;
      if (result instanceof Promise) {
        result.then(done, (error: unknown) => {
          done();
          failed(error);
        });
      } else done();
      return result;
    }
  };
}

/**
 * How many different statements get a name (and so are prepared once per connection); any
 * others run unnamed, parsed and planned each time as before. Statements come from the code,
 * so there are a few hundred at most; the bound only keeps a surprise from growing without end.
 */
const NAMED_STATEMENTS_MAX = 500;
const statementNames = new Map<string, string>();

/**
 * A query with parameters (what Drizzle sends: `{ text, values, rowMode }`) as a named prepared
 * statement: node-postgres then parses it once per connection and afterwards sends only its
 * parameters, and PostgreSQL keeps its plan instead of parsing and planning the same text for
 * every request (measured on the bench data, planning took longer than running most of the
 * members' statements). The name is a digest of the text, so one text has one name everywhere.
 * Plain strings (BEGIN, COMMIT, migrations) and queries that already have a name pass unchanged.
 */
function prepared(query: unknown): unknown {
  if (query === null || typeof query !== 'object') return query;
  const { text, name } = query as { text?: unknown; name?: unknown };
  if (typeof text !== 'string' || name !== undefined) return query;
  let statement = statementNames.get(text);
  if (statement === undefined) {
    if (statementNames.size >= NAMED_STATEMENTS_MAX) return query;
    statement = `s${createHash('sha1').update(text).digest('base64url')}`;
    statementNames.set(text, statement);
  }
  return { ...query, name: statement };
}

/** A BEGIN, however drizzle spells it (`begin`, `begin isolation level …`). */
const BEGIN = /^\s*begin\b/i;

function queryText(query: unknown): string {
  if (typeof query === 'string') return query;
  const text = (query as { text?: unknown } | null | undefined)?.text;
  return typeof text === 'string' ? text : '';
}

type Release = (error?: Error | boolean) => void;

/** The release function of a client checked out of the pool; undefined for a lone client. */
function releaseOf(client: pg.Client): Release | undefined {
  return (client as unknown as { release?: Release }).release;
}

/**
 * Makes this checkout's release safe to call twice (pg-pool throws on a second call): the guard
 * above may hand back a client whose BEGIN failed before its owner does.
 */
function releasedOnce(client: pg.PoolClient): pg.PoolClient {
  const release = client.release;
  let released = false;
  client.release = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    release(error);
  };
  return client;
}

/** What a request for a connection is told when it gives up waiting (matched above). */
const NO_CONNECTION_IN_TIME = 'timeout exceeded when trying to connect';

/**
 * A pool whose requests for a connection keep their place in its queue. Every `checkEveryMs` of
 * waiting, the server is asked whether it still answers: when it does, every connection is just
 * busy (a queue, not an outage) and the request goes on waiting, up to BUSY_POOL_WAIT_MS; when
 * it does not, the request fails at once and the page gets its 503. A connection handed over
 * after its request gave up goes straight back to the pool.
 *
 * pg-pool's own queue timeout is off: a request it timed out would have to ask again at the back
 * of the queue, behind every request that came later, so under a burst the unlucky ones waited
 * several times as long as the rest. Opening a new connection keeps its own timeout (the
 * client's), so a server that accepts connections but never answers is still found out quickly.
 */
function patientPoolClass(serverAnswers: () => Promise<boolean>, checkEveryMs: number) {
  return class PatientPool extends pg.Pool {
    // biome-ignore lint/suspicious/noExplicitAny: pg-pool's overloaded connect(), passed through
    override connect(callback?: any): any {
      const client = new Promise<pg.PoolClient>((resolve, reject) => {
        const started = Date.now();
        let waiting = true;
        let timer: NodeJS.Timeout | undefined;
        const giveUp = (error: Error) => {
          if (!waiting) return;
          waiting = false;
          clearTimeout(timer);
          reject(error);
        };
        const watch = () => {
          timer = setTimeout(async () => {
            const answers = Date.now() - started < BUSY_POOL_WAIT_MS && (await serverAnswers());
            if (!waiting) return;
            if (answers) watch();
            else giveUp(new Error(NO_CONNECTION_IN_TIME));
          }, checkEveryMs);
          timer.unref();
        };
        watch();
        super.connect().then((connected) => {
          if (!waiting) {
            connected.release();
            return;
          }
          waiting = false;
          clearTimeout(timer);
          resolve(connected);
        }, giveUp);
      }).then(releasedOnce);
      if (!callback) return client;
      client.then(
        (connected) => callback(undefined, connected, connected.release),
        (error) => callback(error),
      );
      return undefined;
    }
  };
}

/** Opens a connection pool and the Drizzle client over it. */
export function openDatabase(url: string, options: DatabaseOptions = {}): DatabaseHandle {
  const connection: pg.PoolConfig = { connectionString: url, keepAlive: true };
  const check = serverCheck(connection, options.checkTimeoutMs ?? CHECK_TIMEOUT_MS);
  const connectTimeoutMs = options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS;
  const pool = new (patientPoolClass(check, connectTimeoutMs))({
    ...connection,
    max: options.max ?? 10,
    idleTimeoutMillis: 30_000,
    // No timeout in the pool's queue (see patientPoolClass); each new connection has its own.
    connectionTimeoutMillis: 0,
    Client: guardedClientClass(options.checkAfterMs ?? CHECK_AFTER_MS, check, connectTimeoutMs),
  });
  // A dropped idle connection must not crash the server; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}

/** What PostgreSQL says about a refused query: its SQLSTATE and the constraint, if any. */
export interface DatabaseRefusal {
  code?: string;
  constraint?: string;
}

/** The PostgreSQL error behind an error, looking through Drizzle's wrapping (`cause`). */
export function databaseRefusalOf(error: unknown): DatabaseRefusal {
  const outer = error as (DatabaseRefusal & { cause?: unknown }) | null | undefined;
  if (typeof outer?.code === 'string') return outer;
  const inner = outer?.cause as DatabaseRefusal | null | undefined;
  return typeof inner?.code === 'string' ? inner : {};
}

/** Whether a query was refused with this SQLSTATE (and this constraint, when one is named). */
export function isViolation(error: unknown, code: string, constraint?: string): boolean {
  const refusal = databaseRefusalOf(error);
  return refusal.code === code && (constraint === undefined || refusal.constraint === constraint);
}

/**
 * A query Drizzle builds once per database handle, then runs with its `sql.placeholder`s filled.
 * Building a select's SQL (every selected column checked, escaped and ordered) cost more of the
 * server's CPU than PostgreSQL spent running the members' statements: profiled on the account's
 * data, a third of the request. `build` gets the executor and returns `….prepare(name)`; the
 * name (unique per query) makes node-postgres parse it once per connection. A transaction
 * handle gets its own, built once for that transaction.
 */
export function builtOnce<Q>(build: (executor: Executor) => Q): (executor: Executor) => Q {
  const built = new WeakMap<Executor, Q>();
  return (executor) => {
    let query = built.get(executor);
    if (query === undefined) {
      query = build(executor);
      built.set(executor, query);
    }
    return query;
  };
}
