import {
  and,
  campaigns,
  campaignWeeklyWinners,
  desc,
  type Executor,
  eq,
  facilities,
  gt,
  inArray,
  isNull,
  payouts,
  sql,
} from '@ipatient/db';

/** A campaign that is not deleted, with its ledger columns and who may read it. */
export async function findLedgerCampaign(executor: Executor, id: string) {
  const [row] = await executor
    .select({
      id: campaigns.id,
      status: campaigns.status,
      userId: campaigns.userId,
      donationCount: campaigns.donationCount,
      donatedKobo: campaigns.donatedKobo,
      awardedKobo: campaigns.awardedKobo,
      availableKobo: campaigns.availableKobo,
      pendingPayoutKobo: campaigns.pendingPayoutKobo,
      paidOutKobo: campaigns.paidOutKobo,
      refundedKobo: campaigns.refundedKobo,
    })
    .from(campaigns)
    .where(and(eq(campaigns.id, id), isNull(campaigns.deletedAt)))
    .limit(1);
  return row;
}

/** The weeks the campaign won an award from the Green-Heart fund, newest first. */
export function listAwards(executor: Executor, campaignId: string) {
  return executor
    .select({
      weekStart: campaignWeeklyWinners.weekStart,
      awardKobo: campaignWeeklyWinners.awardKobo,
    })
    .from(campaignWeeklyWinners)
    .where(
      and(eq(campaignWeeklyWinners.campaignId, campaignId), gt(campaignWeeklyWinners.awardKobo, 0)),
    )
    .orderBy(desc(campaignWeeklyWinners.weekStart));
}

/**
 * Paid and reversed payouts, newest first, with only what the public ledger may show: the
 * facility's name, the account's last digits (cut by the caller), the purpose.
 */
export function listLedgerPayouts(executor: Executor, campaignId: string) {
  const when = sql<Date>`coalesce(${payouts.paidAt}, ${payouts.settledAt}, ${payouts.updatedAt})`;
  return executor
    .select({
      when,
      amountKobo: payouts.amountKobo,
      payeeKind: payouts.payeeKind,
      facilityName: facilities.name,
      payeeName: payouts.payeeName,
      accountNumber: payouts.accountNumber,
      purpose: payouts.purpose,
      status: payouts.status,
    })
    .from(payouts)
    .leftJoin(facilities, eq(facilities.id, payouts.facilityId))
    .where(and(eq(payouts.campaignId, campaignId), inArray(payouts.status, ['paid', 'reversed'])))
    .orderBy(desc(when), desc(payouts.id));
}
