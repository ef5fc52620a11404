import {
  and,
  campaigns,
  campaignWeeklyWinners,
  desc,
  type Executor,
  eq,
  greenHeartFund,
  inArray,
  isNull,
  sql,
} from '@ipatient/db';

export type FundRow = typeof greenHeartFund.$inferSelect;

/** The fund's one row (written by the money migration). */
export async function findFund(executor: Executor): Promise<FundRow> {
  const [row] = await executor.select().from(greenHeartFund).where(eq(greenHeartFund.id, 1));
  if (!row) throw new Error('the Green-Heart fund row is missing');
  return row;
}

/** The fund's row before a change, under its lock (the weekly award job takes the same lock). */
export async function lockFund(executor: Executor): Promise<FundRow> {
  const [row] = await executor
    .select()
    .from(greenHeartFund)
    .where(eq(greenHeartFund.id, 1))
    .for('update');
  if (!row) throw new Error('the Green-Heart fund row is missing');
  return row;
}

/** Sets the weekly award (kobo) and who set it. */
export async function setWeeklyAward(
  executor: Executor,
  kobo: number,
  by: string,
): Promise<FundRow> {
  const [row] = await executor
    .update(greenHeartFund)
    .set({ weeklyAwardKobo: kobo, updatedBy: by, updatedAt: sql`now()` })
    .where(eq(greenHeartFund.id, 1))
    .returning();
  if (!row) throw new Error('the Green-Heart fund row is missing');
  return row;
}

/** The latest recorded weeks with what the fund gave each winner, newest first. */
export async function listRecentAwards(executor: Executor, limit: number) {
  return executor
    .select({
      weekStart: campaignWeeklyWinners.weekStart,
      awardKobo: campaignWeeklyWinners.awardKobo,
      outcome: campaignWeeklyWinners.awardOutcome,
      campaign: { id: campaigns.id, title: campaigns.title },
    })
    .from(campaignWeeklyWinners)
    .innerJoin(campaigns, eq(campaigns.id, campaignWeeklyWinners.campaignId))
    .where(and(isNull(campaigns.deletedAt), inArray(campaigns.status, ['active', 'completed'])))
    .orderBy(desc(campaignWeeklyWinners.weekStart))
    .limit(limit);
}
