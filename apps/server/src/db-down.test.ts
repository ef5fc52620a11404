import net from 'node:net';
import { contactMessages, isDatabaseUnavailableError, openDatabase, sql } from '@ipatient/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testConfig } from '../test/helpers.ts';
import { buildApp } from './app.ts';
import { DATABASE_UNAVAILABLE_MESSAGE } from './plugins/errors.ts';

/**
 * A loopback TCP relay in front of the test PostgreSQL that can play the outages of an external
 * database: refuse connections (server stopped), keep them open without a word (server frozen or
 * the network cut), and come back.
 */
class DatabaseRelay {
  readonly #target: { host: string; port: number };
  #server: net.Server | undefined;
  #sockets = new Set<net.Socket>();
  #frozen = false;
  #waiting: (() => void)[] = [];
  port = 0;

  constructor(target: { host: string; port: number }) {
    this.#target = target;
  }

  async start(): Promise<void> {
    const server = net.createServer((client) => this.#relay(client));
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as net.AddressInfo).port;
    this.#server = server;
  }

  #relay(client: net.Socket): void {
    this.#sockets.add(client);
    client.on('error', () => {});
    client.on('close', () => this.#sockets.delete(client));
    const connect = () => {
      if (client.destroyed) return;
      const upstream = net.connect(this.#target);
      this.#sockets.add(upstream);
      upstream.on('error', () => client.destroy());
      upstream.on('close', () => {
        this.#sockets.delete(upstream);
        client.destroy();
      });
      client.on('close', () => upstream.destroy());
      client.on('data', (chunk) => {
        if (this.#frozen) this.#waiting.push(() => upstream.write(chunk));
        else upstream.write(chunk);
      });
      upstream.on('data', (chunk) => {
        if (this.#frozen) this.#waiting.push(() => client.write(chunk));
        else client.write(chunk);
      });
    };
    if (this.#frozen) this.#waiting.push(connect);
    else connect();
  }

  /** Stopped server: open connections drop, new ones are refused. */
  async stop(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    for (const socket of this.#sockets) socket.destroy();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }

  /** Frozen server: connections stay open and accepted, but nothing is answered. */
  freeze(): void {
    this.#frozen = true;
  }

  thaw(): void {
    this.#frozen = false;
    const waiting = this.#waiting;
    this.#waiting = [];
    for (const resume of waiting) resume();
  }
}

const HOST = '127.0.0.1';
/** The promise every answer must keep during an outage. */
const MAX_ANSWER_MS = 2000;

let database: TestDatabase;
let relay: DatabaseRelay;
let app: FastifyInstance;
let close: () => Promise<void>;

beforeAll(async () => {
  database = await createTestDatabase();
  const direct = new URL(database.url);
  relay = new DatabaseRelay({ host: direct.hostname, port: Number(direct.port) });
  await relay.start();
  const relayed = new URL(database.url);
  relayed.hostname = HOST;
  relayed.port = String(relay.port);
  const handle = openDatabase(relayed.toString(), { max: 4 });
  const config = testConfig();
  app = await buildApp({ config, db: handle.db, pool: handle.pool, web: false });
  app.get('/api/v1/test/broken-query', async () => {
    await app.db.execute(sql`SELECT * FROM no_such_table`);
    return { message: 'unreachable' };
  });
  app.get('/api/v1/test/slow-query', async () => {
    await app.db.execute(sql`SELECT pg_sleep(1.4)`);
    return { message: 'finished' };
  });
  app.get('/api/v1/test/hold-transaction', async () => {
    await app.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1`);
      // The connection drops here, between two queries of the transaction.
      await relay.stop();
      await new Promise((resolve) => setTimeout(resolve, 50));
      await tx.execute(sql`SELECT 2`);
    });
    return { message: 'unreachable' };
  });
  await app.ready();
  close = async () => {
    await app.close();
    await handle.close().catch(() => {});
    await database.destroy();
  };
});
afterAll(async () => {
  relay.thaw();
  await relay.stop();
  await close();
});

let contactCounter = 0;
function contact() {
  contactCounter += 1;
  return {
    email: 'amaka.obi@example.ng',
    firstName: 'Amaka',
    lastName: 'Obi',
    phone: '0803 123 4567',
    message: `Message number ${contactCounter} about a clinic in Enugu.`,
  };
}

let readCounter = 0;
/**
 * A campaign search of its own: anonymous list reads are kept for a moment in the public cache,
 * and these must reach the database.
 */
function freshRead(): string {
  readCounter += 1;
  return `/api/v1/get-crowedFundings?search=clinic${readCounter}`;
}

async function timed(method: 'GET' | 'POST', url: string, payload?: object) {
  const started = performance.now();
  const response = await app.inject({
    method,
    url,
    remoteAddress: `10.9.0.${contactCounter}`,
    ...(payload ? { payload } : {}),
  });
  return { response, ms: performance.now() - started };
}

/** Readiness, a read and a write: all 503 in the API's error format, quickly. */
async function expectUnavailable() {
  const ready = await timed('GET', '/readyz');
  expect(ready.response.statusCode).toBe(503);
  expect(ready.response.json()).toEqual({ status: 'not ready', database: 'down' });
  expect(ready.ms).toBeLessThan(MAX_ANSWER_MS);

  for (const call of [
    await timed('GET', freshRead()),
    await timed('POST', '/api/v1/contact-us', contact()),
  ]) {
    expect(call.response.statusCode).toBe(503);
    expect(call.response.json()).toEqual({
      message: DATABASE_UNAVAILABLE_MESSAGE,
      code: 'UNAVAILABLE',
      retryAfter: 30,
    });
    expect(call.response.headers['retry-after']).toBe('30');
    expect(call.ms).toBeLessThan(MAX_ANSWER_MS);
  }
}

/** The server comes back by itself once the database does. */
async function expectRecovered() {
  const deadline = Date.now() + 10_000;
  let status = 0;
  while (Date.now() < deadline) {
    status = (await app.inject({ method: 'GET', url: '/readyz' })).statusCode;
    if (status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(status).toBe(200);
  const read = await timed('GET', freshRead());
  expect(read.response.statusCode).toBe(200);
  const write = await timed('POST', '/api/v1/contact-us', contact());
  expect(write.response.statusCode).toBe(200);
}

describe('the database down', () => {
  it('serves normally while the database answers', async () => {
    expect((await timed('GET', '/readyz')).response.statusCode).toBe(200);
    expect((await timed('GET', freshRead())).response.statusCode).toBe(200);
  });

  it('answers 503 quickly while connections are refused, and recovers', async () => {
    await relay.stop();
    try {
      await expectUnavailable();
    } finally {
      await relay.start();
    }
    await expectRecovered();
  });

  it('answers 503 within 2 s while the database accepts connections but never answers', async () => {
    // Warm connections first, so the frozen ones are both pooled and new.
    await timed('GET', freshRead());
    relay.freeze();
    try {
      await expectUnavailable();
    } finally {
      relay.thaw();
    }
    await expectRecovered();
  });

  it('survives a connection dropped in the middle of a transaction', async () => {
    const held = await timed('GET', '/api/v1/test/hold-transaction');
    await relay.start();
    expect(held.response.statusCode).toBe(503);
    expect(held.response.json().code).toBe('UNAVAILABLE');
    await expectRecovered();
  });

  it('keeps every answered write, and stores none of the refused ones twice', async () => {
    const stored = await database.db.select().from(contactMessages);
    // Each recovery check stored one message; every outage write was refused with a 503.
    expect(stored).toHaveLength(3);
  });
});

describe('failures that are not an outage', () => {
  it('still answers a broken query with a 500, not a 503', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/test/broken-query' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'An error occurred', code: 'INTERNAL' });
  });

  it('lets a slow query on a healthy database finish', async () => {
    const slow = await timed('GET', '/api/v1/test/slow-query');
    expect(slow.response.statusCode).toBe(200);
    expect(slow.ms).toBeGreaterThan(1400);
  });
});

describe('isDatabaseUnavailableError', () => {
  const withCode = (code: string, message = 'failed') =>
    Object.assign(new Error(message), { code });

  it('recognises the ways a database is unreachable, also behind a wrapper', () => {
    const unreachable = [
      withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
      withCode('ECONNRESET', 'read ECONNRESET'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P03', 'the database system is starting up'),
      withCode('08006', 'connection failure'),
      withCode('53300', 'sorry, too many clients already'),
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated due to connection timeout'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Client has encountered a connection error and is not queryable'),
      new Error('Cannot use a pool after calling end on the pool'),
      // Node's dual-stack connect reports every address it tried.
      new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], 'connect failed'),
      // Drizzle's wrapper quotes the query and keeps the driver's error as the cause.
      new Error('Failed query: select 1', { cause: withCode('57P01') }),
    ];
    for (const error of unreachable)
      expect(isDatabaseUnavailableError(error), error.message).toBe(true);
  });

  it('leaves refusals and bugs alone', () => {
    const refused = [
      withCode('23505', 'duplicate key value violates unique constraint'),
      withCode('42P01', 'relation "no_such_table" does not exist'),
      withCode('57014', 'canceling statement due to statement timeout'),
      withCode('ERR_INVALID_ARG_TYPE', 'The argument must be of type string'),
      new Error('Failed query: select 1', { cause: withCode('42601', 'syntax error') }),
      new Error('secret internal detail'),
      undefined,
      'Connection terminated',
    ];
    for (const error of refused)
      expect(isDatabaseUnavailableError(error), String(error)).toBe(false);
  });
});
