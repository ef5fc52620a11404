/**
 * A donation is `pending` until the payment provider confirms it; it becomes `succeeded` exactly
 * once. Payments that fail or are given up stay recorded as `failed` / `abandoned`.
 */
export const donationStatuses = ['pending', 'succeeded', 'failed', 'abandoned'] as const;
export type DonationStatus = (typeof donationStatuses)[number];

/** How a donation's status reads to its donor. */
export const donationStatusLabels: Record<DonationStatus, string> = {
  pending: 'Waiting for the payment service',
  succeeded: 'Received',
  failed: 'Did not go through',
  abandoned: 'Not finished',
};

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

/**
 * The ways a donor can pay at the provider's checkout (Paystack's `channels`): a card, a bank
 * transfer to an account made for the payment, a USSD code dialled on any phone, or a bank
 * account. Every checkout offers all four.
 */
export const paymentChannels = ['card', 'bank_transfer', 'ussd', 'bank'] as const;
export type PaymentChannel = (typeof paymentChannels)[number];

export const paymentChannelLabels: Record<PaymentChannel, string> = {
  card: 'Card',
  bank_transfer: 'Bank transfer',
  ussd: 'USSD',
  bank: 'Bank account',
};

/** How a recorded channel reads ("Bank transfer"); a channel we do not know reads as given. */
export function paymentChannelText(channel: string | null): string {
  if (channel === null) return 'Not known yet';
  return paymentChannelLabels[channel as PaymentChannel] ?? channel;
}
