import {
  campaignLikes,
  campaigns,
  campaignWeeklyWinners,
  type Executor,
  sql,
  users,
} from '@ipatient/db';

// The admins' weekly review: the week's like figures per campaign, read only.

/** The like `l` came from an account `u` made at most `hours` before it. */
function newAccount(hours: number) {
  return sql`u.created_at <= l.created_at
    and u.created_at >= l.created_at - make_interval(hours => ${hours}::int)`;
}

export type ReviewFiguresRow = {
  campaign_id: string;
  title: string;
  status: string;
  all_likes: number;
  counted_likes: number;
  new_account_likes: number;
};

/**
 * The campaigns (not deleted) with most counted likes given in [start, end), ties to the earlier
 * campaign as the weekly winner's count breaks them. A like counts when its member's phone was
 * verified by the week's end and the account is not deleted (as weekly-awards.repository.ts
 * counts); it is from a new account when the account was `newAccountHours` old or less.
 */
export async function topCampaignsOfWeek(
  executor: Executor,
  week: { start: Date; end: Date },
  options: { limit: number; newAccountHours: number },
): Promise<ReviewFiguresRow[]> {
  const start = week.start.toISOString();
  const end = week.end.toISOString();
  const result = await executor.execute<ReviewFiguresRow>(sql`
    select c.id as campaign_id, c.title, c.status,
      count(*)::int as all_likes,
      (count(*) filter (where u.phone_verified_at is not null
        and u.phone_verified_at <= ${end}::timestamptz and u.deleted_at is null))::int as counted_likes,
      (count(*) filter (where ${newAccount(options.newAccountHours)}))::int as new_account_likes
    from ${campaignLikes} l
    join ${campaigns} c on c.id = l.campaign_id
    join ${users} u on u.id = l.user_id
    where l.created_at >= ${start}::timestamptz and l.created_at < ${end}::timestamptz
      and c.deleted_at is null
    group by c.id
    order by counted_likes desc, c.created_at asc, c.id asc
    limit ${options.limit}`);
  return result.rows.map((row) => ({
    ...row,
    all_likes: Number(row.all_likes),
    counted_likes: Number(row.counted_likes),
    new_account_likes: Number(row.new_account_likes),
  }));
}

export type BurstRow = {
  campaign_id: string;
  started_at: Date | string;
  likes: number;
};

/**
 * Per campaign, the window of `windowMinutes` (from one like from a new account) that holds the
 * most likes from new accounts in the week, and how many.
 */
export async function busiestNewAccountWindows(
  executor: Executor,
  week: { start: Date; end: Date },
  campaignIds: string[],
  options: { windowMinutes: number; newAccountHours: number },
): Promise<BurstRow[]> {
  if (campaignIds.length === 0) return [];
  const start = week.start.toISOString();
  const end = week.end.toISOString();
  const ids = sql.join(
    campaignIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = await executor.execute<BurstRow>(sql`
    select distinct on (campaign_id) campaign_id, created_at as started_at, in_window::int as likes
    from (
      select l.campaign_id, l.created_at,
        count(*) over (partition by l.campaign_id order by l.created_at
          range between current row and ${`${options.windowMinutes} minutes`}::interval following)
          as in_window
      from ${campaignLikes} l
      join ${users} u on u.id = l.user_id
      where l.created_at >= ${start}::timestamptz and l.created_at < ${end}::timestamptz
        and l.campaign_id in (${ids})
        and ${newAccount(options.newAccountHours)}
    ) as w
    order by campaign_id, in_window desc, created_at asc`);
  return result.rows.map((row) => ({ ...row, likes: Number(row.likes) }));
}

export type RecordedWinnerRow = {
  campaign_id: string;
  title: string;
  likes: number;
  award_kobo: number | string;
  award_outcome: 'awarded' | 'fund_empty' | 'no_award';
};

/** The week's recorded winner, if the week was recorded. */
export async function recordedWinner(
  executor: Executor,
  weekStart: Date,
): Promise<RecordedWinnerRow | undefined> {
  const result = await executor.execute<RecordedWinnerRow>(sql`
    select w.campaign_id, c.title, w.likes, w.award_kobo, w.award_outcome
    from ${campaignWeeklyWinners} w join ${campaigns} c on c.id = w.campaign_id
    where w.week_start = ${weekStart.toISOString()}::timestamptz`);
  return result.rows[0];
}
