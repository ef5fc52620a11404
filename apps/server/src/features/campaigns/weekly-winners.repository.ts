import {
  and,
  campaigns,
  campaignWeeklyWinners,
  type Executor,
  eq,
  inArray,
  isNull,
  sql,
  users,
} from '@ipatient/db';
import {
  type CampaignWithOrganiser,
  campaignColumns,
  organiserColumns,
} from './campaigns.repository.ts';

// The weekly winners' reads (recording a week is in weekly-awards.repository.ts, with its award).

export interface WeeklyWinnerRow extends CampaignWithOrganiser {
  weekStart: Date;
  weekEnd: Date;
  likes: number;
}

/** Recorded winners, newest week first, whose campaigns are still shown (live or completed). */
export async function listWeeklyWinners(
  executor: Executor,
  limit: number,
): Promise<WeeklyWinnerRow[]> {
  return executor
    .select({
      weekStart: campaignWeeklyWinners.weekStart,
      weekEnd: campaignWeeklyWinners.weekEnd,
      likes: campaignWeeklyWinners.likes,
      campaign: campaignColumns,
      organiser: organiserColumns,
    })
    .from(campaignWeeklyWinners)
    .innerJoin(campaigns, eq(campaigns.id, campaignWeeklyWinners.campaignId))
    .innerJoin(users, eq(users.id, campaigns.userId))
    .where(and(isNull(campaigns.deletedAt), inArray(campaigns.status, ['active', 'completed'])))
    .orderBy(sql`${campaignWeeklyWinners.weekStart} desc`)
    .limit(limit);
}

/** Start of the Lagos week (Monday 00:00 Africa/Lagos) that `at` falls in. */
export async function lagosWeekStart(executor: Executor, at: Date): Promise<Date> {
  const result = await executor.execute<{ start: Date | string }>(
    sql`select (date_trunc('week', ${at.toISOString()}::timestamptz at time zone 'Africa/Lagos') at time zone 'Africa/Lagos') as start`,
  );
  return new Date(result.rows[0]?.start ?? at);
}

export async function latestRecordedWeek(executor: Executor): Promise<Date | undefined> {
  const [row] = await executor
    .select({ weekStart: campaignWeeklyWinners.weekStart })
    .from(campaignWeeklyWinners)
    .orderBy(sql`${campaignWeeklyWinners.weekStart} desc`)
    .limit(1);
  return row?.weekStart;
}
