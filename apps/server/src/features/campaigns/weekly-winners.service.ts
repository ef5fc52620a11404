import type { TCampaign, TWeeklyWinner } from '@ipatient/contracts';
import type { Database } from '@ipatient/db';
import type { OutboxMailer, Viewer } from '../../lib/service-deps.ts';
import { presentMany } from './campaigns.presenter.ts';
import { weeklyAwardEmail } from './weekly-awards.emails.ts';
import * as awards from './weekly-awards.repository.ts';
import * as repository from './weekly-winners.repository.ts';

// The weekly winners: each finished week (Monday 00:00 Africa/Lagos to the next) goes to the live
// campaign with most likes given that week. campaigns.jobs.ts records them; the API lists them.

/** Recorded winners, newest week first, with their campaigns as the viewer sees them. */
export async function listWeeklyWinners(
  db: Database,
  viewer: Viewer,
  limit: number,
): Promise<TWeeklyWinner[]> {
  const rows = await repository.listWeeklyWinners(db, limit);
  const [campaigns, awarded] = await Promise.all([
    presentMany(db, rows, viewer),
    awards.awardsOfWeeks(
      db,
      rows.map((row) => row.weekStart),
    ),
  ]);
  return rows.map((row, index) => {
    const award = awarded.get(row.weekStart.getTime());
    return {
      weekStart: row.weekStart.toISOString(),
      weekEnd: row.weekEnd.toISOString(),
      likes: row.likes,
      campaign: campaigns[index] as TCampaign,
      award: (award?.awardKobo ?? 0) / 100,
      awardOutcome: award?.outcome ?? 'no_award',
    };
  });
}

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
/** Weeks missed while no server ran are recorded on the next start, up to this many back. */
const MAX_WEEKS_BACK = 8;

/** What paying the weekly award needs to tell the winner's organiser. */
export interface AwardMail {
  mail: OutboxMailer;
  publicUrl: string;
}

/**
 * Records the winners of the weeks that have ended and are not recorded yet, each with its
 * Green-Heart fund award. Safe to run from every instance at any time: the week's primary key
 * lets only one write win, and only that write moves the award. With `awardMail`, the organiser
 * of each new winner is emailed (through the outbox, in the same transaction).
 */
export async function recordFinishedWeeks(
  db: Database,
  now = new Date(),
  awardMail?: AwardMail,
): Promise<number> {
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
    const written = await awards.recordWeeklyWinnerWithAward(
      db,
      start,
      new Date(start.getTime() + WEEK_MS),
      awardMail
        ? (tx, award) =>
            awardMail.mail.enqueue(tx, {
              to: award.organiser.email,
              ...weeklyAwardEmail({
                organiserFirstName: award.organiser.firstName,
                campaignTitle: award.campaign.title,
                campaignUrl: `${awardMail.publicUrl}/campaigns/${award.campaign.id}`,
                amount: award.awardKobo / 100,
                outcome: award.outcome,
              }),
            })
        : undefined,
    );
    if (written) recorded += 1;
  }
  if (recorded > 0) awardMail?.mail.kick();
  return recorded;
}
