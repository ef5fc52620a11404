/**
 * How money leaves a campaign (docs/product.md#payouts): payouts with two keys, refunds, and
 * the Green-Heart fund's weekly award. Amounts in the API are whole naira; the ledger keeps kobo.
 */
export const payoutStatuses = [
  'requested',
  'approved',
  'rejected',
  'cancelled',
  'processing',
  'otp',
  'paid',
  'failed',
  'reversed',
] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];

/** States whose amount is held in `pending_payout_kobo`. */
export const pendingPayoutStatuses: readonly PayoutStatus[] = [
  'requested',
  'approved',
  'processing',
  'otp',
];

export const payoutStatusLabels: Record<PayoutStatus, string> = {
  requested: 'Waiting for approval',
  approved: 'Approved, waiting for release',
  rejected: 'Refused',
  cancelled: 'Cancelled',
  processing: 'Sent to the bank',
  otp: 'Waiting for the transfer code',
  paid: 'Paid',
  failed: 'Failed: money returned to the balance',
  reversed: 'Reversed: money returned to the balance',
};

export const payeeKinds = ['hospital', 'beneficiary'] as const;
export type PayeeKind = (typeof payeeKinds)[number];

export const refundStatuses = ['pending', 'processed', 'failed'] as const;
export type RefundStatus = (typeof refundStatuses)[number];

export const moneyLimits = {
  /** Above this goal (or this much raised), payouts go only to a verified hospital account. */
  hospitalOnlyAboveNairaDefault: 2_000_000,
  purposeMin: 5,
  purposeMax: 300,
  reasonMax: 500,
  otpPattern: /^[0-9]{4,8}$/,
  /** A transfer with no final answer is asked about again after this long. */
  transferVerifyAfterMinutes: 10,
  /** The largest weekly award an admin may set (naira). */
  weeklyAwardMaxNaira: 10_000_000,
} as const;

/** "••4579": the last four digits of an account number, as the public ledger shows it. */
export function maskedAccount(accountNumber: string): string {
  return `••${accountNumber.slice(-4)}`;
}

/** Kobo as naira for the API (whole kobo kept: 150050 → 1500.5). */
export const koboToNaira = (kobo: number) => kobo / 100;

const wholeNaira = new Intl.NumberFormat('en-NG', {
  style: 'currency',
  currency: 'NGN',
  maximumFractionDigits: 0,
});
const nairaAndKobo = new Intl.NumberFormat('en-NG', {
  style: 'currency',
  currency: 'NGN',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Kobo as naira text: "₦150,000", or "₦1,500.50" when there are kobo. */
export function formatKobo(kobo: number): string {
  return kobo % 100 === 0 ? wholeNaira.format(kobo / 100) : nairaAndKobo.format(kobo / 100);
}
