/**
 * The payment provider's fee on a local gift (Paystack Nigeria, local cards, bank transfer and
 * USSD): 1.5% plus ₦100, the ₦100 waived on gifts under ₦2,500, the whole fee capped at ₦2,000.
 * Kept here once: the donate form, the how-it-works page and the ledger read it from here.
 */
export const localFee = {
  percent: 1.5,
  flatKobo: 100_00,
  flatWaivedBelowKobo: 2_500_00,
  capKobo: 2_000_00,
} as const;

/** The fee on a gift of `amountKobo`, in kobo (rounded up to the kobo, as the provider does). */
export function localFeeKobo(amountKobo: number): number {
  if (!Number.isInteger(amountKobo) || amountKobo <= 0) return 0;
  const percent = Math.ceil((amountKobo * localFee.percent) / 100);
  const flat = amountKobo < localFee.flatWaivedBelowKobo ? 0 : localFee.flatKobo;
  return Math.min(percent + flat, localFee.capKobo);
}
