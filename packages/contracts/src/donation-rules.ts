/**
 * A donation is `pending` until the payment provider confirms it; it becomes `succeeded` exactly
 * once. Payments that fail or are given up stay recorded as `failed` / `abandoned`.
 */
export const donationStatuses = ['pending', 'succeeded', 'failed', 'abandoned'] as const;
export type DonationStatus = (typeof donationStatuses)[number];

export const paymentProviders = ['paystack', 'sandbox'] as const;
export type PaymentProvider = (typeof paymentProviders)[number];

/**
 * What the Green-Heart fund did for a week's winner: `awarded` (the award moved to the campaign),
 * `fund_empty` (an award was set but the fund held nothing) or `no_award` (none was set).
 */
export const weeklyAwardOutcomes = ['awarded', 'fund_empty', 'no_award'] as const;
export type WeeklyAwardOutcome = (typeof weeklyAwardOutcomes)[number];

/** How a week's award reads next to its winner ("₦50,000 weekly funding"). */
export function weeklyAwardText(outcome: WeeklyAwardOutcome, amountText: string): string {
  if (outcome === 'awarded') return `${amountText} weekly funding`;
  if (outcome === 'fund_empty') return 'the fund was empty this week';
  return 'no weekly funding was set this week';
}
