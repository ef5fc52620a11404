import { z } from 'zod';
import { personNameRules } from './account-rules.ts';
import { blankToUndefined, ZEmail, ZPersonName } from './accounts.ts';
import {
  donationStatuses,
  paymentChannels,
  paymentProviders,
  weeklyAwardOutcomes,
} from './donation-rules.ts';
import { pageNumberParam, ZResultEnvelope, ZResultsEnvelope } from './envelopes.ts';
import { moneyLimits } from './money-rules.ts';

export const donationLimits = {
  /** Whole naira. */
  amountMin: 100,
  amountMax: 10_000_000,
  nameMax: personNameRules.maxLength,
  messageMax: 500,
  /** Initializations per network address per window. */
  initializationsPerAddress: 10,
  initializationWindowMinutes: 10,
  pageDefault: 10,
  pageMax: 50,
} as const;

export const donationTexts = {
  initialized: 'Donation started',
  notAccepting: 'This campaign is not accepting donations.',
  providerDown: 'The payment service is not answering. Please try again in a few minutes.',
  tooMany:
    'You have started several donations in the last few minutes. Please try again in {wait}.',
  anonymousName: 'Anonymous',
  noTarget: 'Choose a campaign to give to, or give to the Green-Heart fund',
  bothTargets: 'Give to a campaign or to the Green-Heart fund, not both',
  /** How a gift to the fund is named on receipts and on the sandbox checkout. */
  fundName: 'the Green-Heart fund',
  awardSet: 'The weekly award is saved.',
  ended: 'This campaign has ended and no longer takes donations.',
  totalDoesNotAddUp:
    'The total does not add up for this gift. Please check the amount and try again.',
} as const;

/** Control characters other than tab and newline. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

const checkbox = (field: string) =>
  z.preprocess(
    (value) =>
      value === 'on' || value === 'true' || value === '1' || value === 'yes'
        ? true
        : value === 'false' ||
            value === '0' ||
            value === 'no' ||
            value === '' ||
            value === undefined
          ? false
          : value,
    z.boolean({ error: `${field} must be true or false` }),
  );

/**
 * POST /donations/initialize (JSON or a form's fields): a gift to one campaign (`campaignId`) or
 * to the Green-Heart fund (`fund: true`), never both.
 */
export const ZDonationInitializeRequest = z
  .object({
    campaignId: z.preprocess(blankToUndefined, z.uuid({ error: 'Not a campaign id' }).optional()),
    fund: checkbox('fund').default(false),
    amount: z.preprocess(
      (value) =>
        typeof value === 'string' && value.trim() !== ''
          ? Number(value.replace(/[\s,₦]/g, ''))
          : value,
      z
        .number({ error: 'Amount is required' })
        .int({ error: 'Amount must be a whole number of naira' })
        .min(donationLimits.amountMin, {
          error: `Amount must be at least ₦${donationLimits.amountMin}`,
        })
        .max(donationLimits.amountMax, {
          error: `Amount must be at most ₦${donationLimits.amountMax.toLocaleString('en-NG')}`,
        }),
    ),
    name: z.preprocess(blankToUndefined, ZPersonName('Name').optional()),
    anonymous: checkbox('anonymous').default(false),
    /** "Email me how the money is used": the donor hears of payouts and awards from it. */
    keepInformed: checkbox('keepInformed').default(false),
    email: ZEmail,
    /** "Add the fee so the campaign gets the whole gift": the charge is grossed up. */
    coverFee: checkbox('coverFee').default(false),
    /**
     * The total the form showed (naira, to the kobo), when it showed one: the server works it out
     * again and refuses the donation when it differs.
     */
    total: z.preprocess(
      (value) =>
        typeof value === 'string'
          ? value.trim() === ''
            ? undefined
            : Number(value.replace(/[\s,₦]/g, ''))
          : value,
      z
        .number({ error: 'Total must be a number of naira' })
        .positive({ error: 'Total must be more than ₦0' })
        .refine(
          (value) =>
            Number.isInteger(Math.round(value * 100)) &&
            Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
          {
            error: 'Total must be in naira and kobo',
          },
        )
        .optional(),
    ),
    message: z.preprocess(
      blankToUndefined,
      z
        .string({ error: 'Message must be text' })
        .transform((value) => value.replace(CONTROL, ' ').replace(/\r\n?/g, '\n').trim())
        .pipe(
          z.string().max(donationLimits.messageMax, {
            error: `Message must be at most ${donationLimits.messageMax} characters`,
          }),
        )
        .optional(),
    ),
  })
  .superRefine((body, ctx) => {
    if (body.fund && body.campaignId) {
      ctx.addIssue({ code: 'custom', path: ['fund'], message: donationTexts.bothTargets });
    } else if (!body.fund && !body.campaignId) {
      ctx.addIssue({ code: 'custom', path: ['campaignId'], message: donationTexts.noTarget });
    }
    if (!body.anonymous && !body.name) {
      ctx.addIssue({
        code: 'custom',
        path: ['name'],
        message: 'Name is required (or give anonymously)',
      });
    }
  });
export type TDonationInitializeRequest = z.infer<typeof ZDonationInitializeRequest>;

export const ZDonationInitialized = z.object({
  reference: z.string(),
  /** Where to send the donor: Paystack's checkout or the sandbox checkout page. */
  authorizationUrl: z.string(),
  provider: z.enum(paymentProviders),
  /** Naira (to the kobo): what the donor is charged, the provider's fee, what the campaign receives. */
  total: z.number(),
  fee: z.number(),
  received: z.number(),
});
export type TDonationInitialized = z.infer<typeof ZDonationInitialized>;
export const ZDonationInitializeResponse = ZResultEnvelope(ZDonationInitialized);

export const ZDonationReferenceParams = z.object({
  reference: z.string().regex(/^IPD-[A-Z2-7]{20}$/, { error: 'Not a donation reference' }),
});

/** GET /donations/verify/{reference}: what the return page shows. */
export const ZDonationVerification = z.object({
  reference: z.string(),
  status: z.enum(donationStatuses),
  /** Whole naira. */
  amount: z.number(),
  /** null for a gift to the Green-Heart fund. */
  campaignId: z.string().nullable(),
  /** The provider reported a payment that differs from what was asked: not counted. */
  flagged: z.boolean(),
  /** Naira (to the kobo): the provider's fee and what the campaign (or fund) receives. */
  fee: z.number(),
  received: z.number(),
  /** The campaign's title, or the fund's name. */
  campaignTitle: z.string(),
  /** How the donor paid, as the provider reported it; null until it is known. */
  channel: z.string().nullable(),
});
export type TDonationVerification = z.infer<typeof ZDonationVerification>;
export const ZDonationVerificationResponse = ZResultEnvelope(ZDonationVerification);

export const sandboxPaymentStatuses = ['pending', 'success', 'failed'] as const;

/** GET /donations/sandbox/{reference}: the sandbox checkout page (no real money). */
export const ZSandboxCheckout = z.object({
  reference: z.string(),
  /** Whole naira. */
  amount: z.number(),
  currency: z.string(),
  email: z.string(),
  campaignTitle: z.string(),
  status: z.enum(sandboxPaymentStatuses),
  /** The ways this checkout offers (the initialize call's channels). */
  channels: z.array(z.enum(paymentChannels)),
  /** The way chosen, once the payment is decided. */
  channel: z.string().nullable(),
  /** Pay with Transfer: the account made for this payment (sandbox: made up from the reference). */
  transferAccount: z.object({ bankName: z.string(), accountNumber: z.string() }),
  /** The USSD code to dial for this payment. */
  ussdCode: z.string(),
});
export type TSandboxCheckout = z.infer<typeof ZSandboxCheckout>;
export const ZSandboxCheckoutResponse = ZResultEnvelope(ZSandboxCheckout);

export const sandboxOutcomes = ['success', 'failed'] as const;
export const ZSandboxCompleteRequest = z.object({
  outcome: z.enum(sandboxOutcomes, { error: 'outcome must be success or failed' }),
  /** How the donor paid at the sandbox checkout (card when not given). */
  channel: z
    .enum(paymentChannels, { error: 'channel must be card, bank_transfer, ussd or bank' })
    .default('card'),
});
export type TSandboxCompleteRequest = z.infer<typeof ZSandboxCompleteRequest>;
export const ZSandboxCompleteResponse = ZResultEnvelope(z.object({ redirectUrl: z.string() }));

/** GET /crowdfunding/{id}/donations: succeeded gifts, newest first. */
export const ZDonationListQuery = z.object({
  page: pageNumberParam('page', 1, 100_000),
  limit: pageNumberParam('limit', donationLimits.pageDefault, donationLimits.pageMax),
});
export type TDonationListQuery = z.infer<typeof ZDonationListQuery>;

export const ZPublicDonation = z.object({
  _id: z.string(),
  /** 'Anonymous' for anonymous gifts. */
  name: z.string(),
  /** Whole naira. */
  amount: z.number(),
  message: z.string().nullable(),
  /** ISO. */
  paidAt: z.string(),
});
export type TPublicDonation = z.infer<typeof ZPublicDonation>;
export const ZDonationListResponse = ZResultsEnvelope(ZPublicDonation);

/** One week's winner as the Green-Heart fund page lists it. */
export const ZFundAward = z.object({
  /** Monday 00:00 Africa/Lagos, ISO. */
  weekStart: z.string(),
  campaign: z.object({ id: z.string(), title: z.string() }),
  /** Whole naira moved from the fund to the campaign (0 unless `outcome` is `awarded`). */
  amount: z.number(),
  outcome: z.enum(weeklyAwardOutcomes),
});
export type TFundAward = z.infer<typeof ZFundAward>;

/**
 * GET /green-heart-fund: what the fund holds (whole naira). Gifts in (`donated`) always equal
 * what it holds (`available`), what it gave to winning campaigns (`awarded`) and what was
 * refunded to donors (`refunded`).
 */
export const ZGreenHeartFund = z.object({
  available: z.number(),
  donated: z.number(),
  awarded: z.number(),
  refunded: z.number(),
  /** What the next week's winner receives, up to what the fund holds; 0: no award is set. */
  weeklyAward: z.number(),
  recentAwards: z.array(ZFundAward),
});
export type TGreenHeartFund = z.infer<typeof ZGreenHeartFund>;
export const ZGreenHeartFundResponse = ZResultEnvelope(ZGreenHeartFund);

/** PUT /admin/green-heart-fund/award (JSON or a form's field). */
export const ZFundAwardRequest = z.object({
  amount: z.preprocess(
    (value) =>
      typeof value === 'string' && value.trim() !== ''
        ? Number(value.replace(/[\s,₦]/g, ''))
        : value,
    z
      .number({ error: 'Amount is required (0 for no award)' })
      .int({ error: 'Amount must be a whole number of naira' })
      .min(0, { error: 'Amount must be 0 (no award) or more' })
      .max(moneyLimits.weeklyAwardMaxNaira, {
        error: `Amount must be at most ₦${moneyLimits.weeklyAwardMaxNaira.toLocaleString('en-NG')}`,
      }),
  ),
});
export type TFundAwardRequest = z.infer<typeof ZFundAwardRequest>;

/** The weekly award as it was saved (whole naira), with what the fund holds. */
export const ZFundAwardSetting = z.object({ weeklyAward: z.number(), available: z.number() });
export type TFundAwardSetting = z.infer<typeof ZFundAwardSetting>;
export const ZFundAwardResponse = ZResultEnvelope(ZFundAwardSetting);

/** GET /donations/mine: the signed-in member's own gifts, newest first. */
export const ZMyDonationsQuery = ZDonationListQuery;
export type TMyDonationsQuery = z.infer<typeof ZMyDonationsQuery>;

/** One of the member's gifts (naira to the kobo), with the link to its receipt page. */
export const ZMyDonation = z.object({
  reference: z.string(),
  /** null for a gift to the Green-Heart fund. */
  campaignId: z.string().nullable(),
  campaignTitle: z.string(),
  amount: z.number(),
  fee: z.number(),
  received: z.number(),
  feeCovered: z.boolean(),
  status: z.enum(donationStatuses),
  channel: z.string().nullable(),
  /** ISO. */
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** The receipt page's path with its signature (/donations/receipt?ref=...&sig=...). */
  receiptPath: z.string(),
});
export type TMyDonation = z.infer<typeof ZMyDonation>;
export const ZMyDonationsResponse = ZResultsEnvelope(ZMyDonation);

/** GET /donations/receipt?ref=&sig=: a gift seen through the signed link in its receipt. */
export const ZDonationReceiptQuery = z.object({
  ref: z.string().regex(/^IPD-[A-Z2-7]{20}$/, { error: 'Not a donation reference' }),
  sig: z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: 'Not a receipt signature' }),
});
export type TDonationReceiptQuery = z.infer<typeof ZDonationReceiptQuery>;

export const ZDonationReceipt = ZMyDonation.omit({ receiptPath: true });
export type TDonationReceipt = z.infer<typeof ZDonationReceipt>;
export const ZDonationReceiptResponse = ZResultEnvelope(ZDonationReceipt);
