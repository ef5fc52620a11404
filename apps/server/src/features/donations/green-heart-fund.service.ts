import type {
  TDonationListQuery,
  TFundAwardRequest,
  TFundAwardSetting,
  TGreenHeartFund,
  TPublicDonation,
} from '@ipatient/contracts/donations';
import type { Database } from '@ipatient/db';
import * as repository from './donations.repository.ts';
import { presentDonation } from './donations.service.ts';
import * as fund from './green-heart-fund.repository.ts';

// The Green-Heart fund: gifts to it wait there until a week's winner receives the weekly award an
// admin set (weekly-awards.repository.ts in the campaigns feature moves it, once per week).

/** How many recorded weeks the fund's page lists. */
export const RECENT_AWARDS = 8;

const naira = (kobo: number) => kobo / 100;

/** GET /green-heart-fund: its balances in naira and the latest weeks' awards. */
export async function fundSummary(db: Database): Promise<TGreenHeartFund> {
  const [row, awards] = await Promise.all([
    fund.findFund(db),
    fund.listRecentAwards(db, RECENT_AWARDS),
  ]);
  return {
    available: naira(row.availableKobo),
    donated: naira(row.donatedKobo),
    awarded: naira(row.awardedKobo),
    refunded: naira(row.refundedKobo),
    weeklyAward: naira(row.weeklyAwardKobo),
    recentAwards: awards.map((award) => ({
      weekStart: award.weekStart.toISOString(),
      campaign: award.campaign,
      amount: naira(award.awardKobo),
      outcome: award.outcome,
    })),
  };
}

/** GET /green-heart-fund/donations: the fund's counted gifts, newest first. */
export async function listFundDonations(
  db: Database,
  query: TDonationListQuery,
): Promise<{ results: TPublicDonation[]; meta: { page: number; limit: number; total: number } }> {
  const { rows, total } = await repository.listSucceeded(db, null, query);
  return {
    results: rows.map(presentDonation),
    meta: { page: query.page, limit: query.limit, total },
  };
}

/** The weekly award as the audit log records it before a change. */
export async function awardSetting(db: Database): Promise<TFundAwardSetting> {
  const row = await fund.findFund(db);
  return { weeklyAward: naira(row.weeklyAwardKobo), available: naira(row.availableKobo) };
}

/**
 * PUT /admin/green-heart-fund/award: the award each later week's winner receives, up to what the
 * fund holds (0: none). Under the fund's lock, so it never changes in the middle of a week's
 * award being paid.
 */
export async function setWeeklyAward(
  db: Database,
  adminId: string,
  input: TFundAwardRequest,
): Promise<TFundAwardSetting> {
  const row = await db.transaction(async (tx) => {
    await fund.lockFund(tx);
    return fund.setWeeklyAward(tx, input.amount * 100, adminId);
  });
  return { weeklyAward: naira(row.weeklyAwardKobo), available: naira(row.availableKobo) };
}
