import { formatDate } from '@ipatient/contracts/format';
import type { TLedger } from '@ipatient/contracts/money';
import { formatKobo, payoutStatusLabels } from '@ipatient/contracts/money-rules';

type LedgerPayout = TLedger['moneyOut']['payouts'][number];

/** Naira from the API (kobo kept) as the ledger shows it: "₦150,000", or "₦1,500.50". */
export function ledgerAmount(naira: number): string {
  return formatKobo(Math.round(naira * 100));
}

/** The week a Green-Heart fund award was for: "Week of 03 March 2025" (the Monday, in Lagos). */
export function awardWeek(weekStart: string): string {
  return `Week of ${formatDate(weekStart)}`;
}

/** When a payout was paid (or reversed), as a date; a payout without one says so. */
export function payoutDate(date: string | null): string {
  return date === null ? 'Not recorded' : formatDate(date);
}

/** A listed payout's state in the words the payout screens use ("Paid", "Reversed: …"). */
export function ledgerPayoutStatus(status: LedgerPayout['status']): string {
  return payoutStatusLabels[status];
}

/** The sentence under "Money out" when no payout is listed. */
export function noPayoutsText(inProgress: number): string {
  return inProgress > 0
    ? 'No payouts paid yet. Payouts under way are listed here once the bank pays them.'
    : 'No payouts yet: nothing has been paid out of this campaign.';
}
