import type { TCampaign, TWeeklyWinner } from '@ipatient/contracts';
import type { Database } from '@ipatient/db';
import type { Viewer } from '../../lib/service-deps.ts';
import { presentMany } from './campaigns.presenter.ts';
import * as repository from './campaigns.repository.ts';

// The weekly winners: each finished week (Monday 00:00 Africa/Lagos to the next) goes to the live
// campaign with most likes given that week. campaigns.jobs.ts records them; the API lists them.

/** Recorded winners, newest week first, with their campaigns as the viewer sees them. */
export async function listWeeklyWinners(
  db: Database,
  viewer: Viewer,
  limit: number,
): Promise<TWeeklyWinner[]> {
  const rows = await repository.listWeeklyWinners(db, limit);
  const campaigns = await presentMany(db, rows, viewer);
  return rows.map((row, index) => ({
    weekStart: row.weekStart.toISOString(),
    weekEnd: row.weekEnd.toISOString(),
    likes: row.likes,
    campaign: campaigns[index] as TCampaign,
  }));
}

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
/** Weeks missed while no server ran are recorded on the next start, up to this many back. */
const MAX_WEEKS_BACK = 8;

/**
 * Records the winners of the weeks that have ended and are not recorded yet. Safe to run from
 * every instance at any time: the week's primary key lets only one write win.
 */
export async function recordFinishedWeeks(db: Database, now = new Date()): Promise<number> {
  const currentWeek = await repository.lagosWeekStart(db, now);
  const latest = await repository.latestRecordedWeek(db);
  let recorded = 0;
  const weeks: Date[] = [];
  for (let back = 1; back <= MAX_WEEKS_BACK; back++) {
    const start = new Date(currentWeek.getTime() - back * WEEK_MS);
    if (latest && start.getTime() <= latest.getTime()) break;
    weeks.push(start);
  }
  // Oldest first, so a week is never skipped because a later one was recorded first.
  for (const start of weeks.reverse()) {
    if (await repository.recordWeeklyWinner(db, start, new Date(start.getTime() + WEEK_MS))) {
      recorded += 1;
    }
  }
  return recorded;
}
