import type { TReconciledCampaign, TReconciliation } from '@ipatient/contracts/money';
import { koboToNaira, pendingPayoutStatuses } from '@ipatient/contracts/money-rules';
import type { Database } from '@ipatient/db';
import { nairaText } from './money.emails.ts';
import * as repository from './reconciliation.repository.ts';

/** "donated: counter ₦5,000, rows ₦4,000" when they differ. */
function compare(problems: string[], name: string, counter: number, rows: number) {
  if (counter !== rows) {
    problems.push(`${name}: counter ${nairaText(counter)}, rows ${nairaText(rows)}`);
  }
}

function checkCampaign(c: repository.CampaignSums): TReconciledCampaign {
  const problems: string[] = [];
  const moneyIn = c.donatedKobo + c.awardedKobo;
  const moneyWhere = c.availableKobo + c.pendingPayoutKobo + c.paidOutKobo + c.refundedKobo;
  if (moneyIn !== moneyWhere) {
    problems.push(
      `does not balance: donated + awarded ${nairaText(moneyIn)}, available + pending + paid out + refunded ${nairaText(moneyWhere)}`,
    );
  }
  compare(problems, 'donated', c.donatedKobo, c.rowsDonated);
  compare(problems, 'awarded', c.awardedKobo, c.rowsAwarded);
  compare(problems, 'refunded', c.refundedKobo, c.rowsRefunded);
  compare(problems, 'paid out', c.paidOutKobo, c.rowsPaidOut);
  compare(problems, 'pending payouts', c.pendingPayoutKobo, c.rowsPending);
  const raised = Math.floor((c.donatedKobo + c.awardedKobo - c.refundedKobo) / 100);
  if (c.amountRaised !== raised) {
    problems.push(
      `amount raised: shown ₦${c.amountRaised.toLocaleString('en-NG')}, ledger ₦${raised.toLocaleString('en-NG')}`,
    );
  }
  if (c.donationCount !== c.rowsCounted) {
    problems.push(`donation count: shown ${c.donationCount}, rows ${c.rowsCounted}`);
  }
  return {
    campaignId: c.id,
    title: c.title,
    counters: {
      donated: koboToNaira(c.donatedKobo),
      awarded: koboToNaira(c.awardedKobo),
      available: koboToNaira(c.availableKobo),
      pendingPayout: koboToNaira(c.pendingPayoutKobo),
      paidOut: koboToNaira(c.paidOutKobo),
      refunded: koboToNaira(c.refundedKobo),
      amountRaised: c.amountRaised,
      donationCount: c.donationCount,
    },
    recomputed: {
      donated: koboToNaira(c.rowsDonated),
      awarded: koboToNaira(c.rowsAwarded),
      pendingPayout: koboToNaira(c.rowsPending),
      paidOut: koboToNaira(c.rowsPaidOut),
      refunded: koboToNaira(c.rowsRefunded),
      amountRaised: Math.floor((c.rowsDonated + c.rowsAwarded - c.rowsRefunded) / 100),
      donationCount: c.rowsCounted,
    },
    problems,
  };
}

/** GET /admin/money/reconciliation: every pot's counters against the sums of its rows. */
export async function reconcile(db: Database): Promise<TReconciliation> {
  const [sums, fund] = await Promise.all([
    repository.campaignSums(db, pendingPayoutStatuses),
    repository.fundSums(db),
  ]);
  const checked = sums.map(checkCampaign);
  const wrong = checked.filter((campaign) => campaign.problems.length > 0);
  const fundProblems: string[] = [];
  if (fund.donatedKobo !== fund.availableKobo + fund.awardedKobo + fund.refundedKobo) {
    fundProblems.push(
      `does not balance: donated ${nairaText(fund.donatedKobo)}, available + awarded + refunded ${nairaText(fund.availableKobo + fund.awardedKobo + fund.refundedKobo)}`,
    );
  }
  compare(fundProblems, 'donated', fund.donatedKobo, fund.rowsDonated);
  compare(fundProblems, 'refunded', fund.refundedKobo, fund.rowsRefunded);
  compare(fundProblems, 'awarded', fund.awardedKobo, fund.rowsAwarded);
  return {
    ok: wrong.length === 0 && fundProblems.length === 0,
    checked: checked.length,
    campaigns: wrong,
    fund: {
      ok: fundProblems.length === 0,
      counters: {
        donated: koboToNaira(fund.donatedKobo),
        awarded: koboToNaira(fund.awardedKobo),
        available: koboToNaira(fund.availableKobo),
        refunded: koboToNaira(fund.refundedKobo),
      },
      recomputed: {
        donated: koboToNaira(fund.rowsDonated),
        awarded: koboToNaira(fund.rowsAwarded),
        refunded: koboToNaira(fund.rowsRefunded),
      },
      problems: fundProblems,
    },
  };
}
