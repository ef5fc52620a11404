import { and, type Database, type Executor, eq, gt, rateEvents, sql } from '@ipatient/db';

/** The rate_events table: one row per counted use of a limited action (ADR 006). */

/** The events of a bucket and key inside the window, by the database's clock. */
const inWindow = (bucket: string, key: string, windowSeconds: number) =>
  and(
    eq(rateEvents.bucket, bucket),
    eq(rateEvents.key, key),
    gt(rateEvents.createdAt, sql`now() - make_interval(secs => ${windowSeconds})`),
  );

/** When the latest `max` events of a bucket and key inside the window happened, newest first. */
export async function latestEventTimes(
  executor: Executor,
  bucket: string,
  key: string,
  windowSeconds: number,
  max: number,
): Promise<Date[]> {
  const rows = await executor
    .select({ createdAt: rateEvents.createdAt })
    .from(rateEvents)
    .where(inWindow(bucket, key, windowSeconds))
    .orderBy(sql`${rateEvents.createdAt} desc`)
    .limit(max);
  return rows.map((row) => row.createdAt);
}

export async function insertEvent(executor: Executor, bucket: string, key: string): Promise<void> {
  await executor.insert(rateEvents).values({ bucket, key });
}

export async function deleteEvents(executor: Executor, bucket: string, key: string): Promise<void> {
  await executor
    .delete(rateEvents)
    .where(and(eq(rateEvents.bucket, bucket), eq(rateEvents.key, key)));
}

/**
 * How many abuse events a key has in the window and how long ago the newest was, both by the
 * database's clock: what the account slowdown (a delay that doubles) is worked out from.
 */
export async function eventHistory(
  executor: Executor,
  bucket: string,
  key: string,
  windowSeconds: number,
): Promise<{ count: number; secondsSinceLast: number }> {
  const [row] = await executor
    .select({
      count: sql<number>`count(*)::int`,
      secondsSinceLast: sql<
        number | null
      >`extract(epoch from now() - max(${rateEvents.createdAt}))::float8`,
    })
    .from(rateEvents)
    .where(inWindow(bucket, key, windowSeconds));
  return {
    count: row?.count ?? 0,
    secondsSinceLast: row?.secondsSinceLast ?? Number.POSITIVE_INFINITY,
  };
}

/** Deletes the events older than a day. */
export async function deleteEventsOlderThanADay(executor: Executor): Promise<void> {
  await executor.delete(rateEvents).where(sql`${rateEvents.createdAt} < now() - interval '1 day'`);
}

/** Runs `work` in a transaction holding an advisory lock on `lockKey` until it commits. */
export async function underAdvisoryLock<T>(
  db: Database,
  lockKey: string,
  work: (tx: Executor) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${lockKey}))`);
    return work(tx);
  });
}
