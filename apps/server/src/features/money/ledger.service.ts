import { campaignReadableBy } from '@ipatient/contracts/campaign-rules';
import type { TLedger } from '@ipatient/contracts/money';
import { koboToNaira, maskedAccount } from '@ipatient/contracts/money-rules';
import type { Database } from '@ipatient/db';
import type { Viewer } from '../../lib/service-deps.ts';
import { AppError } from '../../plugins/errors.ts';
import { sharedReadFor } from '../../plugins/public-cache.ts';
import * as repository from './ledger.repository.ts';

/** How the ledger names who was paid: never more than an account's last four digits. */
function payeeText(row: {
  payeeKind: 'hospital' | 'beneficiary';
  facilityName: string | null;
  payeeName: string;
  accountNumber: string;
}): string {
  if (row.payeeKind === 'hospital') return `${row.facilityName ?? row.payeeName} (verified)`;
  return `beneficiary's account ${maskedAccount(row.accountNumber)}`;
}

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

/** GET /crowdfunding/{id}/ledger, for whoever may read the campaign. */
export async function campaignLedger(
  db: Database,
  viewer: Viewer,
  campaignId: string,
): Promise<TLedger> {
  // Alike for everyone who may see the campaign: one reading for all of them.
  return sharedReadFor(db, viewer, `ledger:${campaignId}`, (who) =>
    readLedger(db, who, campaignId),
  );
}

async function readLedger(db: Database, viewer: Viewer, campaignId: string): Promise<TLedger> {
  const campaign = await repository.findLedgerCampaign(db, campaignId);
  if (!campaign || !campaignReadableBy(campaign, viewer)) throw AppError.notFound('Campaign');
  const [awards, payouts] = await Promise.all([
    repository.listAwards(db, campaignId),
    repository.listLedgerPayouts(db, campaignId),
  ]);
  return {
    campaignId,
    moneyIn: {
      donated: koboToNaira(campaign.donatedKobo),
      donations: campaign.donationCount,
      awarded: koboToNaira(campaign.awardedKobo),
      awards: awards.map((award) => ({
        weekStart: award.weekStart.toISOString(),
        amount: koboToNaira(award.awardKobo),
      })),
    },
    moneyOut: {
      paidOut: koboToNaira(campaign.paidOutKobo),
      payouts: payouts.map((payout) => ({
        date: iso(payout.when),
        amount: koboToNaira(payout.amountKobo),
        payee: payeeText(payout),
        payeeKind: payout.payeeKind,
        purpose: payout.purpose,
        status: payout.status === 'paid' ? ('paid' as const) : ('reversed' as const),
      })),
      inProgress: koboToNaira(campaign.pendingPayoutKobo),
      refunded: koboToNaira(campaign.refundedKobo),
    },
    balance: koboToNaira(campaign.availableKobo),
  };
}
