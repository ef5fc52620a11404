import pg from 'pg';
import { afterAll, afterEach, describe, expect, inject, it, vi } from 'vitest';
import { isDatabaseUnavailableError, openDatabase } from './client.ts';

const handle = openDatabase(inject('adminDatabaseUrl'), { max: 1 });
afterAll(() => handle.close());
afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * Counts the pool's own requests for a connection (pg-pool's `connect`, underneath the patient
 * pool's), and calls `onCall` with each count.
 */
function countConnectCalls(onCall: (calls: number) => void = () => {}) {
  const original = pg.Pool.prototype.connect;
  let calls = 0;
  vi.spyOn(pg.Pool.prototype, 'connect').mockImplementation(function (
    this: pg.Pool,
    ...args: unknown[]
  ) {
    calls += 1;
    onCall(calls);
    return (original as (...a: unknown[]) => unknown).apply(this, args) as never;
  });
  return () => calls;
}

describe('the connection pool', () => {
  it('keeps waiting requests in their place while the database answers', async () => {
    // The only connection is held for longer than the connect timeout (here 100 ms): a queue,
    // not an outage. The waiting queries must neither fail nor ask again at the back of the
    // queue, so they run in the order they came, each with one request for a connection.
    const quick = openDatabase(inject('adminDatabaseUrl'), { max: 1, connectTimeoutMs: 100 });
    try {
      const busy = await quick.pool.connect();
      const calls = countConnectCalls();
      const order: number[] = [];
      const first = quick.pool.query('SELECT 1').then(() => order.push(1));
      await new Promise((resolve) => setTimeout(resolve, 350));
      const second = quick.pool.query('SELECT 2').then(() => order.push(2));
      await new Promise((resolve) => setTimeout(resolve, 50));
      busy.release();
      await Promise.all([first, second]);
      expect(order).toEqual([1, 2]);
      expect(calls()).toBe(2);
    } finally {
      await quick.close();
    }
  });

  it('prepares a statement with parameters once per connection, and reuses it', async () => {
    // The pool's only connection runs the same statement three times with different values.
    const text = 'SELECT $1::int + 1 AS answer /* prepared once */';
    for (const value of [1, 2, 3]) {
      const result = await handle.pool.query<{ answer: number }>({ text, values: [value] });
      expect(result.rows[0]?.answer).toBe(value + 1);
    }
    const statements = await handle.pool.query<{ name: string }>(
      `SELECT name FROM pg_prepared_statements WHERE statement = $1`,
      [text],
    );
    // One prepared statement on the server for the text, named by its digest.
    expect(statements.rows).toHaveLength(1);
    expect(statements.rows[0]?.name).toMatch(/^s[\w-]{27}$/);
  });

  it('hands back the connection of a transaction whose BEGIN failed', async () => {
    // A BEGIN the server refuses stands in for one on a connection that dropped at checkout.
    const error = await handle.db
      .transaction(async () => {}, { isolationLevel: 'no such level' as never })
      .then(
        () => undefined,
        (failure: unknown) => failure,
      );
    expect(error).toBeInstanceOf(Error);
    // Nothing stays checked out: the pool's only connection is free for the next query.
    expect(handle.pool.totalCount - handle.pool.idleCount).toBe(0);
    const result = await handle.pool.query<{ answer: number }>('SELECT 7 AS answer');
    expect(result.rows[0]?.answer).toBe(7);
  });

  it('fails at once when the database cannot be reached', async () => {
    const closed = openDatabase('postgres://nobody@127.0.0.1:1/none', { max: 1 });
    try {
      const calls = countConnectCalls();
      const error = await closed.pool.query('SELECT 1').then(
        () => undefined,
        (failure: unknown) => failure,
      );
      expect(isDatabaseUnavailableError(error)).toBe(true);
      // A refused connection is an outage, not a busy pool: it is not asked for again.
      expect(calls()).toBe(1);
    } finally {
      await closed.close();
    }
  });
});
