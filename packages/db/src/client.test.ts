import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from './client.ts';

const handle = openDatabase(inject('adminDatabaseUrl'), { max: 1 });
afterAll(() => handle.close());

describe('the connection pool', () => {
  it('keeps a request waiting for a busy connection while the database answers', async () => {
    // The only connection is held for longer than the connect timeout (1.2 s): a queue, not an
    // outage, so the waiting query must run once the connection is free instead of failing.
    const busy = await handle.pool.connect();
    const started = Date.now();
    const waiting = handle.pool.query<{ answer: number }>('SELECT 42 AS answer');
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    busy.release();
    const result = await waiting;
    expect(result.rows[0]?.answer).toBe(42);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_500);
  });

  it('fails at once when the database cannot be reached', async () => {
    const closed = openDatabase('postgres://nobody@127.0.0.1:1/none', { max: 1 });
    const started = Date.now();
    await expect(closed.pool.query('SELECT 1')).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(2_000);
    await closed.close();
  });
});
