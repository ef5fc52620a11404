import { z } from 'zod';
import { blankToUndefined } from './accounts.ts';
import { pageNumberParam, ZResultEnvelope, ZResultsEnvelope } from './envelopes.ts';
import {
  facilityPageSize,
  myReviewsPageSize,
  payoutAccountStatuses,
  ratingFilters,
  reviewLimits,
  reviewSorts,
  reviewStatuses,
} from './facility-rules.ts';
import { findBank, findState } from './reference.ts';

const ratingFilterText = `minRating must be one of ${ratingFilters.join(', ')}`;
const verifiedValues = ['true', 'false', 'on', '1', '0'] as const;

/** GET /facilities: the directory's search and filters (docs/product.md#facilities Facility directory). */
export const ZFacilityListQuery = z.object({
  search: z.preprocess(
    blankToUndefined,
    z
      .string({ error: 'Search must be text' })
      .trim()
      .max(reviewLimits.searchMax, {
        error: `Search must be at most ${reviewLimits.searchMax} characters`,
      })
      .optional(),
  ),
  minRating: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: ratingFilterText })
      .refine((value) => (ratingFilters as readonly number[]).includes(value), {
        error: ratingFilterText,
      })
      .optional(),
  ),
  /** A state name or alias ("abuja"); the canonical name comes out. */
  state: z.preprocess(
    blankToUndefined,
    z
      .string({ error: 'Choose a state from the list' })
      .max(80, { error: 'Choose a state from the list' })
      .transform((value, ctx) => {
        const state = findState(value);
        if (!state) {
          ctx.addIssue({ code: 'custom', message: 'Choose a state from the list' });
          return z.NEVER;
        }
        return state.name;
      })
      .optional(),
  ),
  /** `true` (or a ticked checkbox, `on`): only verified facilities. */
  verified: z
    .preprocess(
      blankToUndefined,
      z.enum(verifiedValues, { error: 'verified must be true or false' }).optional(),
    )
    .transform((value) => value === 'true' || value === 'on' || value === '1'),
  page: pageNumberParam('page', 1, 100_000),
  limit: pageNumberParam('limit', facilityPageSize, reviewLimits.pageMax),
});
export type TFacilityListQuery = z.infer<typeof ZFacilityListQuery>;

/** GET /facilities/{id}/reviews: approved reviews in one of the four orders. */
export const ZFacilityReviewListQuery = z.object({
  sort: z
    .preprocess(
      blankToUndefined,
      z.enum(reviewSorts, { error: `sort must be one of ${reviewSorts.join(', ')}` }).optional(),
    )
    .default('relevant'),
  page: pageNumberParam('page', 1, 100_000),
  limit: pageNumberParam('limit', reviewLimits.reviewsPageSize, reviewLimits.pageMax),
});
export type TFacilityReviewListQuery = z.infer<typeof ZFacilityReviewListQuery>;

/** GET /my-facility-reviews. */
export const ZMyFacilityReviewListQuery = z.object({
  page: pageNumberParam('page', 1, 100_000),
  limit: pageNumberParam('limit', myReviewsPageSize, reviewLimits.pageMax),
});

/** GET /admin/facility-reviews: the moderation queue, optionally of one status. */
export const ZAdminFacilityReviewListQuery = z.object({
  status: z.preprocess(
    blankToUndefined,
    z
      .enum(reviewStatuses, { error: `status must be one of ${reviewStatuses.join(', ')}` })
      .optional(),
  ),
  page: pageNumberParam('page', 1, 100_000),
  limit: pageNumberParam('limit', 20, reviewLimits.pageMax),
});
export type TAdminFacilityReviewListQuery = z.infer<typeof ZAdminFacilityReviewListQuery>;

const ratingText = `Choose a rating from ${reviewLimits.ratingMin} to ${reviewLimits.ratingMax}`;

/** POST /facilities/{id}/reviews and PUT /facility-reviews/{id}. */
export const ZFacilityReviewRequest = z.object({
  rating: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z
      .number({ error: ratingText })
      .int({ error: ratingText })
      .min(reviewLimits.ratingMin, { error: ratingText })
      .max(reviewLimits.ratingMax, { error: ratingText }),
  ),
  title: z.preprocess(
    (value) => (value === undefined || value === null ? '' : value),
    z
      .string({ error: 'Title must be text' })
      .trim()
      .max(reviewLimits.titleMax, {
        error: `Title must be at most ${reviewLimits.titleMax} characters`,
      }),
  ),
  content: z.preprocess(
    (value) => (value === undefined || value === null ? '' : value),
    z
      .string({ error: 'Write your review' })
      .transform((value) =>
        value
          .replace(/\r\n?/g, '\n')
          .replace(/[^\S\n]+$/gm, '')
          .trim(),
      )
      .pipe(
        z
          .string()
          .min(1, { error: 'Write your review' })
          .min(reviewLimits.contentMin, {
            error: `Your review must be at least ${reviewLimits.contentMin} characters`,
          })
          .max(reviewLimits.contentMax, {
            error: `Your review must be at most ${reviewLimits.contentMax.toLocaleString('en-NG')} characters`,
          }),
      ),
  ),
});
export type TFacilityReviewRequest = z.infer<typeof ZFacilityReviewRequest>;

export const moderationDecisions = ['approved', 'rejected'] as const;

/** PUT /admin/facility-reviews/{id}/status: approve or reject (with a reason). */
export const ZFacilityReviewStatusRequest = z
  .object({
    status: z.enum(moderationDecisions, {
      error: `status must be one of ${moderationDecisions.join(', ')}`,
    }),
    reason: z.preprocess(
      blankToUndefined,
      z
        .string({ error: 'Reason must be text' })
        .trim()
        .min(reviewLimits.rejectionReasonMin, {
          error: `Reason must be at least ${reviewLimits.rejectionReasonMin} characters`,
        })
        .max(reviewLimits.rejectionReasonMax, {
          error: `Reason must be at most ${reviewLimits.rejectionReasonMax} characters`,
        })
        .optional(),
    ),
    /** The moderator confirmed the visit: the review shows the 'Verified' badge. */
    verified: z.preprocess(
      (value) => (value === 'true' ? true : value === 'false' ? false : value),
      z.boolean({ error: 'verified must be true or false' }).optional(),
    ),
  })
  .superRefine((body, ctx) => {
    if (body.status === 'rejected' && !body.reason) {
      ctx.addIssue({
        code: 'custom',
        path: ['reason'],
        message: 'Give the reviewer a reason for the rejection',
      });
    }
  });
export type TFacilityReviewStatusRequest = z.infer<typeof ZFacilityReviewStatusRequest>;

/** The limits of a facility's fields (the admin's facility form). */
export const facilityFieldLimits = {
  nameMax: 160,
  typeMax: 80,
  addressMax: 300,
  serviceMax: 80,
  servicesMax: 30,
} as const;

function facilityText(label: string, max: number) {
  return z.preprocess(
    blankToUndefined,
    z
      .string({ error: `Enter the ${label}` })
      .trim()
      .min(1, { error: `Enter the ${label}` })
      .max(max, { error: `The ${label} must be at most ${max} characters` }),
  );
}

/** "Maternity, Laboratory" or one per line; empty entries and repeats are dropped. */
const facilityServices = z.string({ error: 'Services must be text' }).transform((value, ctx) => {
  const list = [
    ...new Set(
      value
        .split(/[,\n]/)
        .map((item) => item.trim())
        .filter(Boolean),
    ),
  ];
  if (list.length > facilityFieldLimits.servicesMax) {
    ctx.addIssue({
      code: 'custom',
      message: `List at most ${facilityFieldLimits.servicesMax} services`,
    });
    return z.NEVER;
  }
  if (list.some((item) => item.length > facilityFieldLimits.serviceMax)) {
    ctx.addIssue({
      code: 'custom',
      message: `Each service must be at most ${facilityFieldLimits.serviceMax} characters`,
    });
    return z.NEVER;
  }
  return list;
});

const facilityVerifiedValues = ['true', 'false', 'on', '1', '0', 'off'] as const;
const facilityVerified = z
  .enum(facilityVerifiedValues, { error: 'verified must be true or false' })
  .transform((value) => value === 'true' || value === 'on' || value === '1');

const facilityFieldShape = {
  name: facilityText('facility name', facilityFieldLimits.nameMax),
  facilityType: facilityText('facility type', facilityFieldLimits.typeMax),
  services: facilityServices,
  state: facilityText('state', 80),
  lga: facilityText('LGA', 120),
  address: facilityText('address', facilityFieldLimits.addressMax),
  verified: facilityVerified,
};

/** POST /admin/facilities: every field but services, verified and the image is required. */
export const ZFacilityCreateFields = z.object({
  ...facilityFieldShape,
  services: facilityFieldShape.services.optional(),
  verified: z.preprocess(blankToUndefined, facilityFieldShape.verified.optional()),
});

/** PUT /admin/facilities/{id}: any subset; a field sent blank is a mistake, not "no change". */
export const ZFacilityUpdateFields = z.object({
  name: facilityFieldShape.name.optional(),
  facilityType: facilityFieldShape.facilityType.optional(),
  services: facilityFieldShape.services.optional(),
  state: facilityFieldShape.state.optional(),
  lga: facilityFieldShape.lga.optional(),
  address: facilityFieldShape.address.optional(),
  verified: z.preprocess(blankToUndefined, facilityFieldShape.verified.optional()),
});

export const ZFacilityImageSize = z.object({
  width: z.number(),
  height: z.number(),
  /** Storage key, served under /images like campaign covers. */
  key: z.string(),
});

/** A facility of the directory; the rating figures cover approved reviews only. */
export const ZFacility = z.object({
  _id: z.string(),
  name: z.string(),
  facilityType: z.string(),
  services: z.array(z.string()),
  state: z.string(),
  lga: z.string(),
  address: z.string(),
  /** "lga, state" */
  location: z.string(),
  /** The largest size's storage key; `imageSizes` lists every width for `srcset`. */
  image: z.string().nullable(),
  imageSizes: z.array(ZFacilityImageSize),
  verified: z.boolean(),
  /** Two decimal places, 0 without reviews. */
  averageRating: z.number(),
  reviewCount: z.number(),
  isTopRated: z.boolean(),
  /** A verified payout account exists: donations can be paid straight to the facility. */
  paysDirect: z.boolean(),
});
export type TFacility = z.infer<typeof ZFacility>;

/** A reviewer in public: "Ngozi E." (see `reviewerName`). */
export const ZReviewAuthor = z.object({
  firstName: z.string(),
  /** One capital letter, without the full stop. */
  lastInitial: z.string(),
  image: z.string().nullable(),
});

export const ZFacilityReview = z.object({
  _id: z.string(),
  facilityId: z.string(),
  rating: z.number(),
  title: z.string(),
  content: z.string(),
  status: z.enum(reviewStatuses),
  verified: z.boolean(),
  usefulCount: z.number(),
  usefulByMe: z.boolean(),
  isMine: z.boolean(),
  author: ZReviewAuthor,
  createdAt: z.string(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
});
export type TFacilityReview = z.infer<typeof ZFacilityReview>;

/** The reviewer's own review (any status), with the moderator's reason when it was rejected. */
export const ZOwnFacilityReview = ZFacilityReview.extend({
  rejectionReason: z.string().nullable(),
});
export type TOwnFacilityReview = z.infer<typeof ZOwnFacilityReview>;

export const ZReviewedFacility = z.object({
  _id: z.string(),
  name: z.string(),
  location: z.string(),
});

/** A row of the account's Hospital Reviews tab. */
export const ZMyFacilityReview = ZOwnFacilityReview.extend({ facility: ZReviewedFacility });
export type TMyFacilityReview = z.infer<typeof ZMyFacilityReview>;

/** A row of the moderation queue: the author's full name and email for the moderator. */
export const ZAdminFacilityReview = ZMyFacilityReview.extend({
  author: ZReviewAuthor.extend({ lastName: z.string(), fullName: z.string(), email: z.string() }),
});
export type TAdminFacilityReview = z.infer<typeof ZAdminFacilityReview>;

export const ZRatingBreakdown = z.object({
  '1': z.number(),
  '2': z.number(),
  '3': z.number(),
  '4': z.number(),
  '5': z.number(),
});
export type TRatingBreakdown = z.infer<typeof ZRatingBreakdown>;

export const ZFacilityDetail = ZFacility.extend({
  /** Approved reviews per star. */
  ratingBreakdown: ZRatingBreakdown,
  /** The signed-in user's own review of this facility in any status; null for visitors. */
  myReview: ZOwnFacilityReview.nullable(),
});
export type TFacilityDetail = z.infer<typeof ZFacilityDetail>;

export const ZFacilityListResponse = ZResultsEnvelope(ZFacility);
export const ZFacilityDetailResponse = ZResultEnvelope(ZFacilityDetail);
export const ZFacilityReviewListResponse = ZResultsEnvelope(ZFacilityReview);
export const ZOwnFacilityReviewResponse = ZResultEnvelope(ZOwnFacilityReview);
export const ZMyFacilityReviewListResponse = ZResultsEnvelope(ZMyFacilityReview);
export const ZAdminFacilityReviewListResponse = ZResultsEnvelope(ZAdminFacilityReview);
export const ZAdminFacilityReviewResponse = ZResultEnvelope(ZAdminFacilityReview);
export const ZReviewUsefulResponse = ZResultEnvelope(
  z.object({ usefulCount: z.number(), usefulByMe: z.literal(true) }),
);

/** PUT /admin/facilities/{id}/payout-account: the bank account; its name comes from the bank. */
export const ZFacilityPayoutAccountRequest = z.object({
  bankCode: z
    .string({ error: 'Choose a bank from the list' })
    .trim()
    .refine((code) => findBank(code) !== undefined, { error: 'Choose a bank from the list' }),
  accountNumber: z
    .string({ error: 'Account number is required' })
    .trim()
    .regex(/^\d{10}$/, { error: 'Account number must be 10 digits' }),
  /**
   * Sandbox only: the admin has checked that the account is the facility's (the sandbox makes
   * names up). With Paystack the bank's name must match, whatever this says.
   */
  confirmNameMatches: z.preprocess(
    (value) =>
      value === 'true' || value === 'on' || value === '1'
        ? true
        : value === 'false' || value === 'off' || value === '0' || value === ''
          ? false
          : value,
    z.boolean({ error: 'confirmNameMatches must be true or false' }).optional(),
  ),
});
export type TFacilityPayoutAccountRequest = z.infer<typeof ZFacilityPayoutAccountRequest>;

const ZPayoutAccountAdmin = z.object({ _id: z.string(), name: z.string() });

/** A facility's payout account, as admins see it (never public). */
export const ZFacilityPayoutAccount = z.object({
  facilityId: z.string(),
  facilityName: z.string(),
  bankCode: z.string(),
  bankName: z.string(),
  accountNumber: z.string(),
  /** "••4579", for lists. */
  maskedAccountNumber: z.string(),
  /** As the bank lookup returned it. */
  accountName: z.string(),
  lookupProvider: z.enum(['paystack', 'sandbox']),
  /** The account's name matches the facility's name as it is now. */
  nameMatches: z.boolean(),
  status: z.enum(payoutAccountStatuses),
  addedBy: ZPayoutAccountAdmin.nullable(),
  addedAt: z.string(),
  verifiedBy: ZPayoutAccountAdmin.nullable(),
  verifiedAt: z.string().nullable(),
});
export type TFacilityPayoutAccount = z.infer<typeof ZFacilityPayoutAccount>;
/** What a change answers (and the audit log keeps): the account without its full number. */
export const ZFacilityPayoutAccountSummary = ZFacilityPayoutAccount.omit({ accountNumber: true });
export type TFacilityPayoutAccountSummary = z.infer<typeof ZFacilityPayoutAccountSummary>;
export const ZFacilityPayoutAccountResponse = ZResultEnvelope(ZFacilityPayoutAccountSummary);
export const ZFacilityPayoutAccountOrNullResponse = ZResultEnvelope(
  ZFacilityPayoutAccount.nullable(),
);

/** The texts of the API that the web shows as they are. */
export const facilityTexts = {
  reviewSubmitted: 'Thank you. Your review will appear once it is approved.',
  alreadyReviewed: 'You have already reviewed this facility. You can edit your review instead.',
  reviewUpdated: 'Your review was updated. It will appear again once it is approved.',
  reviewDeleted: 'Your review was deleted.',
  markedUseful: 'Thank you for your feedback.',
  alreadyUseful: 'You already marked this review as useful.',
} as const;
