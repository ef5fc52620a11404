import type { Database, Executor } from '@ipatient/db';
import { AppError } from './errors.ts';
import {
  deleteEvents,
  deleteEventsOlderThanADay,
  eventHistory,
  insertEvent,
  latestEventTimes,
  underAdvisoryLock,
} from './rate-events.repository.ts';

/**
 * Abuse limits counted in PostgreSQL (table rate_events), so every server instance sees the
 * same counts without another service. See docs/decisions/006-abuse-limits-in-postgresql.md.
 */
export interface Limit {
  bucket: string;
  max: number;
  windowSeconds: number;
  /** The text of the 429 answer; `{wait}` becomes "30 seconds" or "12 minutes". */
  message: string;
}

/** How many events a key has in the window and seconds since the newest, by the database's clock. */
export const recentEvents = eventHistory;

/** Seconds until the oldest counted event leaves the window, or 0 when under the limit. */
export async function secondsUntilAllowed(
  executor: Executor,
  limit: Limit,
  key: string,
): Promise<number> {
  const times = await latestEventTimes(executor, limit.bucket, key, limit.windowSeconds, limit.max);
  if (times.length < limit.max) return 0;
  const oldest = times[times.length - 1] ?? new Date();
  const freeAt = oldest.getTime() + limit.windowSeconds * 1000;
  return Math.max(1, Math.ceil((freeAt - Date.now()) / 1000));
}

/** "1 second", "30 seconds", "2 minutes": how long to wait, in words. */
export function waitText(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}

/** Throws 429 with a retry time when the key is at its limit. */
export async function assertWithinLimit(
  executor: Executor,
  limit: Limit,
  key: string,
): Promise<void> {
  const wait = await secondsUntilAllowed(executor, limit, key);
  if (wait > 0) {
    throw new AppError('RATE_LIMITED', limit.message.replace('{wait}', waitText(wait)), {
      retryAfter: wait,
    });
  }
}

export async function recordEvent(executor: Executor, bucket: string, key: string): Promise<void> {
  await insertEvent(executor, bucket, key);
}

export async function clearEvents(executor: Executor, bucket: string, key: string): Promise<void> {
  await deleteEvents(executor, bucket, key);
}

/** Events older than a day count for nothing (the hourly housekeeping of plugins/auth). */
export async function pruneEvents(executor: Executor): Promise<void> {
  await deleteEventsOlderThanADay(executor);
}

/**
 * Counts one use of a limited action, or refuses it (429): checked and recorded under an advisory
 * lock on the bucket and key, so requests sent at once cannot all slip under the limit.
 */
export async function claimWithinLimit(db: Database, limit: Limit, key: string): Promise<void> {
  await underAdvisoryLock(db, `${limit.bucket}:${key}`, async (tx) => {
    await assertWithinLimit(tx, limit, key);
    await recordEvent(tx, limit.bucket, key);
  });
}
