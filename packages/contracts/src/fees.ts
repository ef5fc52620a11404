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

/**
 * What the donor pays so the campaign receives exactly `giftKobo` ("add the fee"): the smallest
 * charge T with T - fee(T) >= gift. The fee only grows with the charge, so T = gift + fee(T) is
 * reached by adding the fee of the last guess until it stops changing (each step adds at most
 * 1.5% of the last one, or the ₦100 once). T - fee(T) moves by at most one kobo per kobo of T
 * (apart from the drop where the ₦100 starts), so the campaign receives the gift exactly.
 */
export function grossUpKobo(giftKobo: number): number {
  if (!Number.isInteger(giftKobo) || giftKobo <= 0) return 0;
  let total = giftKobo;
  for (;;) {
    const next = giftKobo + localFeeKobo(total);
    if (next === total) return total;
    total = next;
  }
}

/** What a gift of `giftNaira` costs and brings, in kobo: charged, fee kept, campaign receives. */
export interface GiftSplit {
  chargeKobo: number;
  feeKobo: number;
  receivedKobo: number;
}

/** The split of a gift: charged as given, or grossed up when the donor covers the fee. */
export function giftSplit(giftNaira: number, coverFee: boolean): GiftSplit {
  const giftKobo = Math.round(giftNaira * 100);
  const chargeKobo = coverFee ? grossUpKobo(giftKobo) : giftKobo;
  const feeKobo = localFeeKobo(chargeKobo);
  return { chargeKobo, feeKobo, receivedKobo: chargeKobo - feeKobo };
}

const withKobo = new Intl.NumberFormat('en-NG', {
  style: 'currency',
  currency: 'NGN',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const wholeNaira = new Intl.NumberFormat('en-NG', {
  style: 'currency',
  currency: 'NGN',
  maximumFractionDigits: 0,
});

/** Kobo as naira, with the kobo only when there are some: 1025381 → "₦10,253.81", 100000 → "₦1,000". */
export function formatKobo(kobo: number): string {
  return kobo % 100 === 0 ? wholeNaira.format(kobo / 100) : withKobo.format(kobo / 100);
}

/** The fee rule in words, for pages and forms that cannot work it out for a typed amount. */
export function localFeeRuleText(): string {
  return `${localFee.percent}% plus ${formatKobo(localFee.flatKobo)} (the ${formatKobo(localFee.flatKobo)} is waived on gifts under ${formatKobo(localFee.flatWaivedBelowKobo)}), never more than ${formatKobo(localFee.capKobo)}`;
}
