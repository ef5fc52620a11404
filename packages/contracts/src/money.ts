import { z } from 'zod';
import { donationStatuses } from './donation-rules.ts';
import { pageNumberParam, ZResultEnvelope, ZResultsEnvelope } from './envelopes.ts';
import { moneyLimits, payeeKinds, payoutStatuses, refundStatuses } from './money-rules.ts';

/**
 * Refunds, the public ledger and the admin's money section (docs/product.md#payouts). Amounts
 * are naira (numbers, kobo kept as two decimals); the server keeps kobo.
 */
export const moneyTexts = {
  refundStarted: 'The refund was sent to the payment service.',
  refundProcessed: 'The refund is done.',
  refundRefused: 'The payment service refused this refund: the money is back where it was.',
  refundWaiting:
    'The payment service is not answering. The refund is kept pending: its webhook settles it, or retry it later.',
  refundUnderWay: 'A refund of this donation is already under way.',
  notSucceeded: 'Only a donation that was paid can be refunded.',
  fullyRefunded:
    'This donation was already refunded in full (all it brought, less the payment provider’s fee).',
  sandboxSettled: 'This sandbox refund was already settled.',
} as const;

/** Naira with at most two decimals (kobo), positive. */
const ZNairaAmount = z
  .number({ error: 'Amount must be a number of naira' })
  .positive({ error: 'Amount must be more than ₦0' })
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, {
    error: 'Amount can have at most two decimals (kobo)',
  });

/** POST /admin/donations/{id}/refund. */
export const ZRefundRequest = z.object({
  /** Naira; the whole amount not yet refunded when left out. */
  amount: ZNairaAmount.optional(),
  reason: z
    .string({ error: 'Give the reason for the refund' })
    .trim()
    .min(1, { error: 'Give the reason for the refund' })
    .max(moneyLimits.reasonMax, {
      error: `Reason must be at most ${moneyLimits.reasonMax} characters`,
    }),
});
export type TRefundRequest = z.infer<typeof ZRefundRequest>;

/** A refund as admins see it. */
export const ZRefund = z.object({
  _id: z.string(),
  donationId: z.string(),
  donationReference: z.string(),
  /** null: a gift to the Green-Heart fund. */
  campaignId: z.string().nullable(),
  campaignTitle: z.string().nullable(),
  donorName: z.string(),
  donorEmail: z.string(),
  amount: z.number(),
  reason: z.string(),
  status: z.enum(refundStatuses),
  /** The payment service has it (its id); null while it never answered. */
  providerRefundId: z.string().nullable(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type TRefund = z.infer<typeof ZRefund>;
export const ZRefundResponse = ZResultEnvelope(ZRefund);

export const ZSandboxRefundSettleRequest = z.object({
  outcome: z.enum(['processed', 'failed'], { error: 'outcome must be processed or failed' }),
});

/** GET /crowdfunding/{id}/ledger: where a campaign's money came from and went. */
export const ZLedgerPayout = z.object({
  /** ISO: when it was paid (or reversed). */
  date: z.string().nullable(),
  amount: z.number(),
  /** "Lagos University Teaching Hospital (verified)" or "beneficiary's account ••4579". */
  payee: z.string(),
  payeeKind: z.enum(payeeKinds),
  purpose: z.string(),
  status: z.enum(['paid', 'reversed']),
});
export const ZLedger = z.object({
  campaignId: z.string(),
  moneyIn: z.object({
    /** Counted gifts (naira), refunds not taken off. */
    donated: z.number(),
    /** Gifts counted and not wholly refunded. */
    donations: z.number(),
    /** Weekly awards from the Green-Heart fund. */
    awarded: z.number(),
    awards: z.array(z.object({ weekStart: z.string(), amount: z.number() })),
  }),
  moneyOut: z.object({
    paidOut: z.number(),
    payouts: z.array(ZLedgerPayout),
    /** Payouts asked for and not yet paid. */
    inProgress: z.number(),
    refunded: z.number(),
  }),
  /** What the campaign holds and may still pay out. */
  balance: z.number(),
});
export type TLedger = z.infer<typeof ZLedger>;
export const ZLedgerResponse = ZResultEnvelope(ZLedger);

const ZDay = z.iso.date({ error: 'Dates are written YYYY-MM-DD' });

/** The filters every admin money list shares (dates are days in Lagos, both included). */
const moneyFilters = {
  campaignId: z
    .union([z.uuid(), z.literal('fund')], { error: 'campaignId is a campaign id or "fund"' })
    .optional(),
  from: ZDay.optional(),
  to: ZDay.optional(),
  search: z.string().trim().max(200, { error: 'Search is at most 200 characters' }).optional(),
  page: pageNumberParam('page', 1, 100_000),
  limit: pageNumberParam('limit', 20, 100),
};

export const ZMoneyDonationQuery = z.object({
  ...moneyFilters,
  status: z.enum(donationStatuses, { error: 'Not a donation status' }).optional(),
});
export type TMoneyDonationQuery = z.infer<typeof ZMoneyDonationQuery>;
export const ZMoneyPayoutQuery = z.object({
  ...moneyFilters,
  status: z.enum(payoutStatuses, { error: 'Not a payout status' }).optional(),
});
export type TMoneyPayoutQuery = z.infer<typeof ZMoneyPayoutQuery>;
export const ZMoneyRefundQuery = z.object({
  ...moneyFilters,
  status: z.enum(refundStatuses, { error: 'Not a refund status' }).optional(),
});
export type TMoneyRefundQuery = z.infer<typeof ZMoneyRefundQuery>;

/** Of the whole filter, not the page. */
export const ZMoneyTotals = z.object({ count: z.number(), amount: z.number() });

export const ZMoneyDonation = z.object({
  _id: z.string(),
  reference: z.string(),
  campaignId: z.string().nullable(),
  campaignTitle: z.string().nullable(),
  donorName: z.string(),
  donorEmail: z.string(),
  anonymous: z.boolean(),
  amount: z.number(),
  /** The payment provider's fee kept from `amount`: a refund returns at most amount - fee. */
  fee: z.number(),
  refunded: z.number(),
  status: z.enum(donationStatuses),
  flagged: z.boolean(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type TMoneyDonation = z.infer<typeof ZMoneyDonation>;

export const ZMoneyPayout = z.object({
  _id: z.string(),
  reference: z.string(),
  campaignId: z.string(),
  campaignTitle: z.string(),
  amount: z.number(),
  payeeKind: z.enum(payeeKinds),
  payeeName: z.string(),
  bankName: z.string(),
  /** Masked ("••4579"). */
  account: z.string(),
  purpose: z.string(),
  status: z.enum(payoutStatuses),
  requestedAt: z.string(),
  paidAt: z.string().nullable(),
});
export type TMoneyPayout = z.infer<typeof ZMoneyPayout>;

function moneyList<T extends z.ZodType>(item: T) {
  return ZResultsEnvelope(item).extend({ totals: ZMoneyTotals });
}
export const ZMoneyDonationListResponse = moneyList(ZMoneyDonation);
export const ZMoneyPayoutListResponse = moneyList(ZMoneyPayout);
export const ZMoneyRefundListResponse = moneyList(ZRefund);

/** The CSV exports take the list's filters without the page (at most `csvMaxRows` rows). */
export const csvMaxRows = 10_000;
export const ZMoneyCsv = z.string();

/** One pot's counters beside the same sums recomputed from its rows (naira). */
const ZLedgerFigures = z.object({
  donated: z.number(),
  awarded: z.number(),
  available: z.number(),
  pendingPayout: z.number(),
  paidOut: z.number(),
  refunded: z.number(),
});
export const ZReconciledCampaign = z.object({
  campaignId: z.string(),
  title: z.string(),
  counters: ZLedgerFigures.extend({ amountRaised: z.number(), donationCount: z.number() }),
  recomputed: ZLedgerFigures.omit({ available: true }).extend({
    amountRaised: z.number(),
    donationCount: z.number(),
  }),
  /** What does not agree, in words ("donated: counter ₦5,000, rows ₦4,000"). */
  problems: z.array(z.string()),
});
export const ZReconciliation = z.object({
  ok: z.boolean(),
  /** Campaigns with any money that were checked. */
  checked: z.number(),
  /** Only those that do not agree. */
  campaigns: z.array(ZReconciledCampaign),
  fund: z.object({
    ok: z.boolean(),
    counters: z.object({
      donated: z.number(),
      awarded: z.number(),
      available: z.number(),
      refunded: z.number(),
    }),
    recomputed: z.object({ donated: z.number(), awarded: z.number(), refunded: z.number() }),
    problems: z.array(z.string()),
  }),
});
export type TReconciliation = z.infer<typeof ZReconciliation>;
export type TReconciledCampaign = z.infer<typeof ZReconciledCampaign>;
export const ZReconciliationResponse = ZResultEnvelope(ZReconciliation);
