/**
 * A donation is `pending` until the payment provider confirms it; it becomes `succeeded` exactly
 * once. Payments that fail or are given up stay recorded as `failed` / `abandoned`.
 */
export const donationStatuses = ['pending', 'succeeded', 'failed', 'abandoned'] as const;
export type DonationStatus = (typeof donationStatuses)[number];

export const paymentProviders = ['paystack', 'sandbox'] as const;
export type PaymentProvider = (typeof paymentProviders)[number];
