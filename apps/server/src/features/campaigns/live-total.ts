import type { Database } from '@ipatient/db';
import * as repository from './campaigns.repository.ts';

/**
 * The number of live campaigns, kept for a few seconds per database: counting 90,000 index
 * entries on every list request would cost more than the page itself. Changes made through this
 * instance reset it at once; another instance's show up within LIVE_TOTAL_TTL_MS.
 */
const LIVE_TOTAL_TTL_MS = 10_000;
const liveTotals = new WeakMap<Database, { value: number; expiresAt: number }>();

export async function liveTotal(db: Database): Promise<number> {
  const cached = liveTotals.get(db);
  if (cached && cached.expiresAt > Date.now()) return cached.value;
  const value = await repository.countLiveCampaigns(db);
  liveTotals.set(db, { value, expiresAt: Date.now() + LIVE_TOTAL_TTL_MS });
  return value;
}

/** A campaign went live or stopped being live: the next list counts again. */
export function liveSetChanged(db: Database): void {
  liveTotals.delete(db);
}
