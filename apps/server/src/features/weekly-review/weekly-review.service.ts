import {
  lagosWeekBounds,
  lagosWeekOf,
  shiftWeek,
  type TWeeklyReview,
  type TWeeklyReviewQuery,
  weeklyReviewRules,
} from '@ipatient/contracts/weekly-review';
import type { Database } from '@ipatient/db';
import * as repository from './weekly-review.repository.ts';

/**
 * A week's review for admins: the week's bounds, its recorded winner, and the leading campaigns
 * by counted likes with all likes, likes from new accounts and any burst of them. `now` decides
 * the current week (the default) and whether a next week exists.
 */
export async function weeklyReview(
  db: Database,
  query: TWeeklyReviewQuery,
  now = new Date(),
): Promise<TWeeklyReview> {
  const current = lagosWeekOf(now);
  const week = query.week ?? current;
  const bounds = lagosWeekBounds(week);
  const [figures, winner] = await Promise.all([
    repository.topCampaignsOfWeek(db, bounds, {
      limit: weeklyReviewRules.topCampaigns,
      newAccountHours: weeklyReviewRules.newAccountHours,
    }),
    repository.recordedWinner(db, bounds.start),
  ]);
  const bursts = await repository.busiestNewAccountWindows(
    db,
    bounds,
    figures
      .filter((row) => row.new_account_likes >= weeklyReviewRules.burstMinLikes)
      .map((row) => row.campaign_id),
    {
      windowMinutes: weeklyReviewRules.burstWindowMinutes,
      newAccountHours: weeklyReviewRules.newAccountHours,
    },
  );
  const burstOf = new Map(bursts.map((row) => [row.campaign_id, row]));
  return {
    week,
    weekStart: bounds.start.toISOString(),
    weekEnd: bounds.end.toISOString(),
    previousWeek: shiftWeek(week, -1),
    nextWeek: week < current ? shiftWeek(week, 1) : null,
    inProgress: week === current,
    winner: winner
      ? {
          campaignId: winner.campaign_id,
          title: winner.title,
          likes: Number(winner.likes),
          awardOutcome: winner.award_outcome,
          award: Number(winner.award_kobo) / 100,
        }
      : null,
    campaigns: figures.map((row) => {
      const burst = burstOf.get(row.campaign_id);
      return {
        campaignId: row.campaign_id,
        title: row.title,
        status: row.status,
        allLikes: row.all_likes,
        countedLikes: row.counted_likes,
        newAccountLikes: row.new_account_likes,
        burst:
          burst && burst.likes >= weeklyReviewRules.burstMinLikes
            ? { startedAt: new Date(burst.started_at).toISOString(), likes: burst.likes }
            : null,
      };
    }),
  };
}
