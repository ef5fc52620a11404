import type { WeeklyAwardOutcome } from '@ipatient/contracts/donation-rules';
import {
  campaignLikes,
  campaigns,
  campaignWeeklyWinners,
  type Database,
  type Executor,
  greenHeartFund,
  inArray,
  sql,
  type Transaction,
  users,
} from '@ipatient/db';
import { campaignEndsAtSql } from './campaigns.repository.ts';

/** A week's winner as it was just recorded, with what the Green-Heart fund gave it. */
export interface RecordedAward {
  weekStart: Date;
  weekEnd: Date;
  likes: number;
  campaign: { id: string; title: string };
  organiser: { email: string; firstName: string };
  awardKobo: number;
  outcome: WeeklyAwardOutcome;
}

/**
 * Records the week's winner and pays it the weekly award, in one transaction: the winner is the
 * campaign live at the end of the week (still live, or completed since, and not ended before the
 * week's end) with the most counted likes given in [start, end), ties to the earlier campaign. A
 * like counts only when its member's account had a verified phone by the week's end and is not
 * deleted (docs/decisions/009-campaign-likes-are-counted.md); `likes` stores that count. Only the
 * transaction whose insert wrote the
 * week's row (the week's primary key lets one win, however many instances try) pays the award:
 * under the fund's row lock, the admin's weekly award up to what the fund holds moves from the
 * fund's available money to its awarded money and into the campaign's awarded and available
 * money, with the raised amount shown recomputed in the same statement. `then` runs in the same
 * transaction (the organiser's email through the outbox). Returns undefined when the week was
 * already recorded or nobody liked anything.
 */
export async function recordWeeklyWinnerWithAward(
  db: Database,
  weekStart: Date,
  weekEnd: Date,
  then?: (tx: Transaction, award: RecordedAward) => Promise<void>,
): Promise<RecordedAward | undefined> {
  const start = weekStart.toISOString();
  const end = weekEnd.toISOString();
  return db.transaction(async (tx) => {
    const inserted = await tx.execute<{ campaign_id: string; likes: number }>(sql`
      insert into ${campaignWeeklyWinners} (week_start, week_end, campaign_id, likes)
      select ${start}::timestamptz, ${end}::timestamptz, l.campaign_id, count(*)::int
      from ${campaignLikes} l
      join ${campaigns} c on c.id = l.campaign_id
      join ${users} liker on liker.id = l.user_id
      where l.created_at >= ${start}::timestamptz
        and l.created_at < ${end}::timestamptz
        and liker.phone_verified_at is not null
        and liker.phone_verified_at <= ${end}::timestamptz
        and liker.deleted_at is null
        and c.deleted_at is null
        and (c.status = 'active' or (c.status = 'completed' and c.completed_at >= ${end}::timestamptz))
        and ${campaignEndsAtSql('c')} >= ${end}::timestamptz
      group by l.campaign_id, c.created_at
      order by count(*) desc, c.created_at asc, l.campaign_id asc
      limit 1
      on conflict (week_start) do nothing
      returning campaign_id, likes`);
    const winner = inserted.rows[0];
    if (!winner) return undefined;

    const fund = await tx.execute<{ weekly: string | number; available: string | number }>(sql`
      select weekly_award_kobo as weekly, available_kobo as available
      from ${greenHeartFund} where id = 1 for update`);
    const weekly = Number(fund.rows[0]?.weekly ?? 0);
    const available = Number(fund.rows[0]?.available ?? 0);
    const awardKobo = Math.min(weekly, available);
    const outcome: WeeklyAwardOutcome =
      weekly === 0 ? 'no_award' : awardKobo === 0 ? 'fund_empty' : 'awarded';

    if (outcome === 'awarded') {
      await tx.execute(sql`
        update ${greenHeartFund}
        set available_kobo = available_kobo - ${awardKobo},
            awarded_kobo = awarded_kobo + ${awardKobo},
            updated_at = now()
        where id = 1`);
      await tx.execute(sql`
        update ${campaigns}
        set awarded_kobo = awarded_kobo + ${awardKobo},
            available_kobo = available_kobo + ${awardKobo},
            amount_raised = (donated_kobo + awarded_kobo + ${awardKobo} - refunded_kobo) / 100
        where id = ${winner.campaign_id}`);
      await tx.execute(sql`
        update ${campaignWeeklyWinners}
        set award_kobo = ${awardKobo}, award_outcome = 'awarded'
        where week_start = ${start}::timestamptz`);
    } else if (outcome === 'fund_empty') {
      await tx.execute(sql`
        update ${campaignWeeklyWinners}
        set award_outcome = 'fund_empty'
        where week_start = ${start}::timestamptz`);
    }

    const about = await tx.execute<{ title: string; email: string; first_name: string }>(sql`
      select c.title, u.email, u.first_name
      from ${campaigns} c join ${users} u on u.id = c.user_id
      where c.id = ${winner.campaign_id}`);
    const row = about.rows[0];
    const award: RecordedAward = {
      weekStart,
      weekEnd,
      likes: Number(winner.likes),
      campaign: { id: winner.campaign_id, title: row?.title ?? '' },
      organiser: { email: row?.email ?? '', firstName: row?.first_name ?? '' },
      awardKobo: outcome === 'awarded' ? awardKobo : 0,
      outcome,
    };
    if (then && row) await then(tx, award);
    return award;
  });
}

/** The awards of these weeks (by week start), for the weekly winners list. */
export async function awardsOfWeeks(
  executor: Executor,
  weekStarts: Date[],
): Promise<Map<number, { awardKobo: number; outcome: WeeklyAwardOutcome }>> {
  const awards = new Map<number, { awardKobo: number; outcome: WeeklyAwardOutcome }>();
  if (weekStarts.length === 0) return awards;
  const rows = await executor
    .select({
      weekStart: campaignWeeklyWinners.weekStart,
      awardKobo: campaignWeeklyWinners.awardKobo,
      outcome: campaignWeeklyWinners.awardOutcome,
    })
    .from(campaignWeeklyWinners)
    .where(inArray(campaignWeeklyWinners.weekStart, weekStarts));
  for (const row of rows) {
    awards.set(row.weekStart.getTime(), { awardKobo: row.awardKobo, outcome: row.outcome });
  }
  return awards;
}
