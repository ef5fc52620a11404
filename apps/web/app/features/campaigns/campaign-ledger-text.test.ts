import { describe, expect, it } from 'vitest';
import {
  awardWeek,
  ledgerAmount,
  ledgerPayoutStatus,
  noPayoutsText,
  payoutDate,
} from './campaign-ledger-text.ts';

describe('the public ledger’s texts', () => {
  it('shows naira as the ledger keeps them: whole, or with kobo', () => {
    expect(ledgerAmount(150_000)).toBe('₦150,000');
    expect(ledgerAmount(1500.5)).toBe('₦1,500.50');
    expect(ledgerAmount(0.07)).toBe('₦0.07');
    expect(ledgerAmount(0)).toBe('₦0');
  });

  it('dates awards by their week and payouts by the day, in Lagos', () => {
    // The API sends the Monday at midnight in Lagos, which is Sunday evening in UTC.
    expect(awardWeek('2025-03-02T23:00:00.000Z')).toBe('Week of 03 March 2025');
    expect(payoutDate('2025-03-20T23:30:00.000Z')).toBe('21 March 2025');
    expect(payoutDate(null)).toBe('Not recorded');
  });

  it('words a payout’s state and a ledger without payouts', () => {
    expect(ledgerPayoutStatus('paid')).toBe('Paid');
    expect(ledgerPayoutStatus('reversed')).toBe('Reversed: money returned to the balance');
    expect(noPayoutsText(0)).toBe('No payouts yet: nothing has been paid out of this campaign.');
    expect(noPayoutsText(5000)).toContain('Payouts under way are listed here');
  });
});
