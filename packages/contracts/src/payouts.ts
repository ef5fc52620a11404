import { z } from 'zod';
import { pageNumberParam, ZResultEnvelope, ZResultsEnvelope } from './envelopes.ts';
import { moneyLimits, payeeKinds, payoutStatuses } from './money-rules.ts';

/**
 * Payouts (docs/product.md#payouts): the organiser asks for money against a bill, an admin
 * approves, a different admin releases the transfer. Amounts are naira (kobo kept: 1500.5).
 */

/** Control characters other than tab and newline. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** A free text of `label`, cleaned (control characters, line ends), between min and max. */
function ZText(label: string, min: number, max: number) {
  return z
    .string({ error: `${label} is required` })
    .transform((value) => value.replace(CONTROL, ' ').replace(/\r\n?/g, '\n').trim())
    .pipe(
      z
        .string()
        .min(min, { error: `${label} must be at least ${min} characters` })
        .max(max, { error: `${label} must be at most ${max} characters` }),
    );
}

/** Naira with at most two decimals (whole kobo), from JSON or a form field ("₦150,000"). */
export const ZPayoutAmount = z.preprocess(
  (value) =>
    typeof value === 'string' && value.trim() !== '' ? Number(value.replace(/[\s,₦]/g, '')) : value,
  z
    .number({ error: 'Amount is required' })
    .positive({ error: 'Amount must be more than ₦0' })
    .refine((naira) => Math.abs(naira * 100 - Math.round(naira * 100)) < 1e-6, {
      error: 'Amount must be in whole kobo (at most two decimals)',
    }),
);

/** POST /crowdfunding/{id}/payouts: the organiser's request. */
export const ZPayoutRequest = z.object({
  amount: ZPayoutAmount,
  purpose: ZText('Purpose', moneyLimits.purposeMin, moneyLimits.purposeMax),
  billDocumentId: z.uuid({ error: 'Choose the bill this payout pays' }),
  /** Left out: the hospital when its payout account is verified, else the beneficiary's account. */
  payee: z.preprocess(
    blankToUndefined,
    z.enum(payeeKinds, { error: 'payee must be hospital or beneficiary' }).optional(),
  ),
});
export type TPayoutRequest = z.infer<typeof ZPayoutRequest>;

export const ZPayoutRejectRequest = z.object({
  reason: ZText('Reason', 3, moneyLimits.reasonMax),
});
export type TPayoutRejectRequest = z.infer<typeof ZPayoutRejectRequest>;

export const ZPayoutFinalizeRequest = z.object({
  otp: z
    .string({ error: 'Enter the transfer code' })
    .trim()
    .regex(moneyLimits.otpPattern, { error: 'The transfer code is 4 to 8 digits' }),
});
export type TPayoutFinalizeRequest = z.infer<typeof ZPayoutFinalizeRequest>;

export const sandboxTransferOutcomes = ['success', 'failed', 'reversed'] as const;
export const ZPayoutSandboxSettleRequest = z.object({
  outcome: z.enum(sandboxTransferOutcomes, {
    error: 'outcome must be success, failed or reversed',
  }),
});

/** GET /admin/payouts */
export const ZPayoutListQuery = z.object({
  status: z.preprocess(
    blankToUndefined,
    z.enum(payoutStatuses, { error: 'Not a payout status' }).optional(),
  ),
  campaignId: z.preprocess(blankToUndefined, z.uuid({ error: 'Not a campaign id' }).optional()),
  page: pageNumberParam('page', 1, 100_000),
  limit: pageNumberParam('limit', 20, 100),
});
export type TPayoutListQuery = z.infer<typeof ZPayoutListQuery>;

export const ZPayout = z.object({
  _id: z.string(),
  reference: z.string(),
  campaignId: z.string(),
  campaignTitle: z.string(),
  /** Naira. */
  amount: z.number(),
  purpose: z.string(),
  billDocumentId: z.string(),
  payee: z.object({
    kind: z.enum(payeeKinds),
    /** The facility's name, or the account's name. */
    name: z.string(),
    bankName: z.string(),
    /** In full for admins; "••4579" for the organiser. */
    accountNumber: z.string(),
    accountName: z.string(),
  }),
  status: z.enum(payoutStatuses),
  statusLabel: z.string(),
  /** Why an admin refused it, or why the bank failed or reversed it. */
  reason: z.string().nullable(),
  requestedBy: z.string().nullable(),
  requestedAt: z.string(),
  approvedBy: z.string().nullable(),
  approvedAt: z.string().nullable(),
  releasedBy: z.string().nullable(),
  releasedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  /** The provider's transfer code (admins only; null for the organiser). */
  transferCode: z.string().nullable(),
});
export type TPayout = z.infer<typeof ZPayout>;
export const ZPayoutResponse = ZResultEnvelope(ZPayout);
export const ZPayoutListResponse = ZResultsEnvelope(ZPayout);

/** Whether a kind of payee can be paid now, and if not, why. */
export const ZPayeeOption = z.object({
  allowed: z.boolean(),
  /** The facility's name, or the account's name. */
  name: z.string().nullable(),
  reason: z.string().nullable(),
});

/** GET /crowdfunding/{id}/payouts: the campaign's payouts, its balance and who can be paid. */
export const ZCampaignPayoutsResponse = z.object({
  message: z.string(),
  results: z.array(ZPayout),
  balance: z.object({
    /** Naira that can be requested now. */
    available: z.number(),
    pendingPayout: z.number(),
    paidOut: z.number(),
    refunded: z.number(),
  }),
  payees: z.object({
    defaultPayee: z.enum(payeeKinds).nullable(),
    hospital: ZPayeeOption,
    beneficiary: ZPayeeOption,
  }),
  /** Why no payout can be requested now (frozen, not live), or null. */
  blocked: z.string().nullable(),
});
export type TCampaignPayouts = z.infer<typeof ZCampaignPayoutsResponse>;

export const payoutTexts = {
  requested: 'Payout requested. An admin will check it against the bill.',
  cancelled: 'Payout cancelled: the money is back in the balance.',
  approved: 'Payout approved. A different admin must now release it.',
  rejected: 'Payout refused: the money is back in the balance.',
  otp: 'Transfer started: enter the transfer code (OTP) the bank sent to finish it.',
  processing: 'Transfer sent to the bank.',
  paid: 'Payout paid.',
  failed: 'The transfer failed: the money is back in the balance.',
  reversed: 'The transfer was reversed: the money is back in the balance.',
  sentNoAnswer: 'Sent; the bank’s answer will follow.',
  ownApproval: 'You cannot approve your own request.',
  ownRelease:
    'A different admin must release this payout: not the one who approved or requested it.',
  ownFinalize:
    'A different admin must enter the transfer code: not the one who approved or requested it.',
  notLive: 'Payouts are only made from a live or completed campaign.',
  frozen: 'Payouts from this campaign are frozen',
  hospitalOnly: (limit: string) =>
    `Above ${limit}, payouts go only to a verified hospital account.`,
  noHospital: 'This campaign’s hospital has no verified payout account yet.',
  accountUnverified:
    'The campaign’s bank account has not been verified by our team (or it changed since): it cannot be paid yet.',
  notEnough: (available: string) => `Only ${available} is available.`,
  billMissing: 'Choose a bill or invoice attached to this campaign.',
} as const;
