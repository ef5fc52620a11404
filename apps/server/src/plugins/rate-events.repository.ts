import { and, type Database, type Executor, eq, gt, rateEvents, sql } from '@ipatient/db';

/** The rate_events table: one row per counted use of a limited action (ADR 006). */

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
    .where(
      and(
        eq(rateEvents.bucket, bucket),
        eq(rateEvents.key, key),
        gt(rateEvents.createdAt, sql`now() - make_interval(secs => ${windowSeconds})`),
      ),
    )
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
