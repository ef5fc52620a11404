import type { Database } from '@ipatient/db';
import * as repository from './campaigns.repository.ts';

/**
 * The number of listed campaigns, kept for a few seconds per database: counting 90,000 index
 * entries on every list request would cost more than the page itself. Changes made through this
 * instance reset it at once; another instance's (and campaigns reaching their end) show up
 * within LIVE_TOTAL_KEPT_MS.
 *
 * One count at a time: requests that find it missing share the count being made rather than each
 * starting its own (fifty lists arriving together used to run fifty counts). Once the number is
 * older than LIVE_TOTAL_TTL_MS, the next request starts a count and every request is given the
 * number it has meanwhile, up to LIVE_TOTAL_KEPT_MS: under load the count waits for a pooled
 * connection behind the requests that would otherwise all wait for it.
 */
const LIVE_TOTAL_TTL_MS = 10_000;
const LIVE_TOTAL_KEPT_MS = 2 * LIVE_TOTAL_TTL_MS;

interface Entry {
  /** The last count made (undefined until the first one ends). */
  total?: { value: number; countedAt: number };
  /** The count under way, if any. */
  counting?: Promise<number>;
}

const liveTotals = new WeakMap<Database, Entry>();

export function liveTotal(db: Database, now: () => number = Date.now): Promise<number> {
  let entry = liveTotals.get(db);
  if (!entry) {
    entry = {};
    liveTotals.set(db, entry);
  }
  const { total } = entry;
  const age = total ? now() - total.countedAt : Number.POSITIVE_INFINITY;
  if (total && age <= LIVE_TOTAL_TTL_MS) return Promise.resolve(total.value);
  const counting = entry.counting ?? count(db, entry, now);
  if (total && age <= LIVE_TOTAL_KEPT_MS) return Promise.resolve(total.value);
  return counting;
}

function count(db: Database, entry: Entry, now: () => number): Promise<number> {
  const counting = repository.countLiveCampaigns(db);
  entry.counting = counting;
  counting.then(
    (value) => {
      // Kept only if nothing changed the live set while it was counted.
      if (liveTotals.get(db) === entry) entry.total = { value, countedAt: now() };
      if (entry.counting === counting) entry.counting = undefined;
    },
    // A failed count is not kept: the next request counts again.
    () => {
      if (entry.counting === counting) entry.counting = undefined;
    },
  );
  return counting;
}

/** Resolves once the count under way, if any, has ended (and been kept or not). */
export async function countUnderWay(db: Database): Promise<void> {
  await liveTotals
    .get(db)
    ?.counting?.then(() => undefined)
    .catch(() => undefined);
}

/** A campaign went live or stopped being live: the next list counts again. */
export function liveSetChanged(db: Database): void {
  liveTotals.delete(db);
}
