import type { Database } from '@ipatient/db';
import * as repository from './campaigns.repository.ts';

/**
 * The number of listed campaigns, kept for a few seconds per database: counting 90,000 index
 * entries on every list request would cost more than the page itself. Changes made through this
 * instance reset it at once; another instance's (and campaigns reaching their end) show up
 * within LIVE_TOTAL_TTL_MS.
 *
 * One count at a time: requests that find it missing or out of date share the count being made
 * rather than each starting its own (fifty lists arriving together used to run fifty counts).
 */
const LIVE_TOTAL_TTL_MS = 10_000;

interface Entry {
  value: Promise<number>;
  expiresAt: number;
}

const liveTotals = new WeakMap<Database, Entry>();

export function liveTotal(db: Database, now: () => number = Date.now): Promise<number> {
  const cached = liveTotals.get(db);
  if (cached && cached.expiresAt > now()) return cached.value;
  const value = repository.countLiveCampaigns(db);
  const entry: Entry = { value, expiresAt: Number.POSITIVE_INFINITY };
  liveTotals.set(db, entry);
  value.then(
    () => {
      entry.expiresAt = now() + LIVE_TOTAL_TTL_MS;
    },
    // A failed count is not kept: the next request counts again.
    () => {
      if (liveTotals.get(db) === entry) liveTotals.delete(db);
    },
  );
  return value;
}

/** A campaign went live or stopped being live: the next list counts again. */
export function liveSetChanged(db: Database): void {
  liveTotals.delete(db);
}
