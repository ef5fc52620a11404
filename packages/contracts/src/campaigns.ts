import { z } from 'zod';
import { blankToUndefined, checkPlace } from './accounts.ts';
import {
  type CampaignField,
  type ConsentGiver,
  campaignFieldProblem,
  campaignLimits,
  consentGivers,
  consentTexts,
  isTicked,
  parseNairaAmount,
} from './campaign-rules.ts';
import {
  beneficiaryTypes,
  campaignCategories,
  type campaignDurations,
  campaignStatuses,
} from './constants.ts';
import { pageNumberParam, ZResultEnvelope, ZResultsEnvelope } from './envelopes.ts';
import {
  checklistRequiredText,
  ZCampaignFacility,
  ZCampaignReview,
  ZDocumentIdsField,
  ZFacilityIdField,
  ZFacilityNameField,
  ZPublicVerification,
  ZVerificationChecklist,
} from './evidence.ts';
import { findBank, findState } from './reference.ts';

export type CampaignStatus = (typeof campaignStatuses)[number];
export type CampaignCategory = (typeof campaignCategories)[number];
export type CampaignDuration = (typeof campaignDurations)[number];
export type BeneficiaryType = (typeof beneficiaryTypes)[number];

/** A form field checked by the shared rule, so the API and the wizard say the same thing. */
function ruled(field: CampaignField, required: boolean) {
  const check = z.string().superRefine((value, ctx) => {
    const problem = campaignFieldProblem(field, value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
  const text = z.preprocess(
    (value) => (typeof value === 'number' ? String(value) : value),
    z.string({ error: `${field} is required` }).pipe(check),
  );
  return required
    ? z.preprocess((value) => (value === undefined || value === null ? '' : value), text)
    : z.preprocess(blankToUndefined, text.optional());
}

const trimmed = <T extends z.ZodType<string | undefined>>(schema: T) =>
  schema.transform((value) => value?.trim());

const tickBox = z.preprocess(
  (value) => (value === undefined || value === null ? undefined : isTicked(value)),
  z.boolean().optional(),
);

const fields = (required: boolean) => ({
  title: trimmed(ruled('title', required)),
  description: ruled('description', required).transform((value) =>
    value
      ?.replace(/\r\n?/g, '\n')
      .replace(/[^\S\n]+$/gm, '')
      .trim(),
  ),
  fundraisingFor: trimmed(ruled('fundraisingFor', required)),
  category: trimmed(ruled('category', required)).transform(
    (value) => value as CampaignCategory | undefined,
  ),
  duration: trimmed(ruled('duration', required)).transform(
    (value) => value as CampaignDuration | undefined,
  ),
  amountNeeded: ruled('amountNeeded', required).transform((value) =>
    value === undefined ? undefined : (parseNairaAmount(value) as number),
  ),
  state: z.preprocess(blankToUndefined, z.string().trim().max(80).optional()),
  lga: z.preprocess(blankToUndefined, z.string().trim().max(80).optional()),
  address: trimmed(ruled('address', required)),
  bankCode: trimmed(ruled('bankCode', required)),
  accountNumber: trimmed(ruled('accountNumber', required)),
  beneficiaryType: trimmed(ruled('beneficiaryType', false)).transform(
    (value) => (value || undefined) as BeneficiaryType | undefined,
  ),
  firstName: trimmed(ruled('firstName', false)),
  lastName: trimmed(ruled('lastName', false)),
  facilityId: ZFacilityIdField,
  facilityName: ZFacilityNameField,
  documentIds: ZDocumentIdsField,
  /** Optional; a blank one clears it when editing. */
  diagnosis: z.preprocess(
    (value) => (typeof value === 'number' ? String(value) : value),
    z
      .string({ error: 'Diagnosis must be text' })
      .trim()
      .max(campaignLimits.diagnosisMax, {
        error: `Diagnosis must be at most ${campaignLimits.diagnosisMax} characters`,
      })
      .optional(),
  ),
  /** A checkbox: "on" (or "true") keeps the diagnosis off the public page; blank shows it. */
  diagnosisHidden: tickBox,
  /** For a campaign for someone else: who agreed to it (`consentProblems`). */
  beneficiaryConsent: z.preprocess(
    blankToUndefined,
    z.enum(consentGivers, { error: consentTexts.consentMissing }).optional(),
  ),
  consentName: trimmed(ruled('consentName', false)),
  /** A checkbox: the organiser confirms the person agreed. */
  consentGiven: tickBox,
});

const bothFacilities = 'Choose the hospital from the list or type its name, not both';

/**
 * What a new campaign lacks of its evidence, by field (empty when nothing): exactly one hospital
 * and at least one document (the kinds are checked by the server, which knows the documents).
 */
export function campaignEvidenceProblems(
  input: Pick<TCampaignCreateRequest, 'facilityId' | 'facilityName' | 'documentIds'>,
): Record<string, string> {
  const problems: Record<string, string> = {};
  if (input.facilityId !== undefined && input.facilityName !== undefined) {
    problems.facilityName = bothFacilities;
  } else if (input.facilityId === undefined && input.facilityName === undefined) {
    problems.facilityId =
      'Choose the hospital treating the patient, or type its name if it is not listed';
  }
  if (!input.documentIds?.length) {
    problems.documentIds = 'Add the hospital bill or estimate and a medical report';
  }
  return problems;
}

/**
 * The fields of POST /post-crowedFunding (multipart; the cover comes as the `image` file).
 * `bank` and `accountName` may be sent but are ignored: the bank name comes from the bank list
 * and the account name from the server's own lookup.
 */
/**
 * The fields of POST /post-crowedFunding. The hospital (`facilityId` or `facilityName`, exactly
 * one) and the documents are required too: see `campaignEvidenceProblems`, checked after these.
 */
export const ZCampaignCreateRequest = z
  .object({
    ...fields(true),
    /**
     * The wizard's key for this draft (made when the draft starts): a second submission with
     * the same key is refused, however it is sent.
     */
    submissionKey: z.preprocess(
      blankToUndefined,
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{16,64}$/, { error: 'The submission key is not valid' })
        .optional(),
    ),
  })
  .transform((body, ctx) => checkPlace(body, ctx, true) as TCampaignCreateRequest);

/** A valid new campaign: trimmed, the place canonical, the goal a number. */
export interface TCampaignCreateRequest {
  title: string;
  description: string;
  fundraisingFor: string;
  category: CampaignCategory;
  duration: CampaignDuration;
  amountNeeded: number;
  state: string;
  lga: string;
  address: string;
  bankCode: string;
  accountNumber: string;
  beneficiaryType: BeneficiaryType | undefined;
  firstName: string | undefined;
  lastName: string | undefined;
  facilityId: string | undefined;
  facilityName: string | undefined;
  /** Undefined when none were sent (a submission without documents is refused). */
  documentIds: string[] | undefined;
  submissionKey?: string | undefined;
  /** Trimmed; blank when not given (cleared, when editing). */
  diagnosis?: string | undefined;
  diagnosisHidden?: boolean | undefined;
  beneficiaryConsent?: ConsentGiver | undefined;
  consentName?: string | undefined;
  consentGiven?: boolean | undefined;
}

/** PUT /update-crowedFunding/{id}: the same fields, each optional. */
export const ZCampaignUpdateRequest = z
  .object(fields(false))
  .superRefine((body, ctx) => {
    if (body.facilityId !== undefined && body.facilityName !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['facilityName'], message: bothFacilities });
    }
    if ((body.bankCode === undefined) !== (body.accountNumber === undefined)) {
      const path = body.bankCode === undefined ? 'bankCode' : 'accountNumber';
      ctx.addIssue({
        code: 'custom',
        path: [path],
        message: 'Send the bank and the account number together',
      });
    }
    if ((body.state === undefined) !== (body.lga === undefined)) {
      const path = body.state === undefined ? 'state' : 'lga';
      ctx.addIssue({
        code: 'custom',
        path: [path],
        message: 'Send the state and the LGA together',
      });
    }
  })
  .transform((body, ctx) => checkPlace(body, ctx, false) as Partial<TCampaignCreateRequest>);
export type TCampaignUpdateRequest = Partial<TCampaignCreateRequest>;

/**
 * The orders of the public list: newest approval first (`recent`), most Green-Hearts (`likes`),
 * nearly funded (the highest share of the goal raised first, only those not yet fully funded)
 * and ending soon (the soonest end first).
 */
export const campaignSorts = ['recent', 'likes', 'nearly-funded', 'ending-soon'] as const;
export type CampaignSort = (typeof campaignSorts)[number];

/** How each order is named where people choose it. */
export const campaignSortLabels: Record<CampaignSort, string> = {
  recent: 'Newest',
  likes: 'Most Green-Hearts',
  'nearly-funded': 'Nearly funded',
  'ending-soon': 'Ending soon',
};

/**
 * GET /get-crowedFundings: live campaigns that have not ended, optionally of one category and one
 * Nigerian state, in one of the `campaignSorts` orders.
 */
export const ZCampaignListQuery = z.object({
  page: pageNumberParam('page', 1, 100_000),
  limit: pageNumberParam('limit', campaignLimits.pageDefault, campaignLimits.pageMax),
  search: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(campaignLimits.searchMax, {
        error: `Search must be at most ${campaignLimits.searchMax} characters`,
      })
      .optional(),
  ),
  sort: z
    .preprocess(
      blankToUndefined,
      z
        .enum(campaignSorts, { error: `sort must be one of ${campaignSorts.join(', ')}` })
        .optional(),
    )
    .default('recent'),
  category: z.preprocess(
    blankToUndefined,
    z
      .enum(campaignCategories, {
        error: `category must be one of ${campaignCategories.join(', ')}`,
      })
      .optional(),
  ),
  /** A Nigerian state by its name (or a known alias); answered by its canonical name. */
  state: z.preprocess(
    blankToUndefined,
    z
      .string({ error: 'state must be a Nigerian state' })
      .trim()
      .max(80, { error: 'state must be a Nigerian state' })
      .transform((value, ctx) => {
        const found = findState(value);
        if (!found) {
          ctx.addIssue({ code: 'custom', message: 'state must be a Nigerian state' });
          return z.NEVER;
        }
        return found.name;
      })
      .optional(),
  ),
});
export type TCampaignListQuery = z.infer<typeof ZCampaignListQuery>;

/** GET /admin/crowdfunding: every campaign, filtered by status, oldest submission first. */
export const ZAdminCampaignListQuery = z.object({
  page: pageNumberParam('page', 1, 100_000),
  limit: pageNumberParam('limit', 20, campaignLimits.pageMax),
  status: z.preprocess(
    blankToUndefined,
    z
      .enum(campaignStatuses, { error: `status must be one of ${campaignStatuses.join(', ')}` })
      .optional(),
  ),
});

export const moderationStatuses = ['active', 'rejected', 'completed'] as const;

/**
 * PUT /admin/crowdfunding/{id}/status: approve, reject (with a reason) or complete.
 * `expectedUpdatedAt` is the campaign's `updatedAt` as the admin saw it: the change is refused
 * (409) when the campaign changed since. Approving needs it, because approval publishes the
 * story and the bank account donors pay into; rejecting, taking down and completing check it
 * when it is sent, and work without it, so an organiser who keeps editing cannot hold off a
 * take-down.
 */
export const ZCampaignStatusRequest = z
  .object({
    status: z.enum(moderationStatuses, {
      error: `status must be one of ${moderationStatuses.join(', ')}`,
    }),
    expectedUpdatedAt: z.preprocess(
      blankToUndefined,
      z.iso
        .datetime({
          offset: true,
          error: "expectedUpdatedAt must be the campaign's updatedAt, an ISO date and time",
        })
        .optional(),
    ),
    reason: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .min(campaignLimits.rejectionReasonMin, {
          error: `Reason must be at least ${campaignLimits.rejectionReasonMin} characters`,
        })
        .max(campaignLimits.rejectionReasonMax, {
          error: `Reason must be at most ${campaignLimits.rejectionReasonMax} characters`,
        })
        .optional(),
    ),
    /** Required to approve: what the admin checked (see ZVerificationChecklist). */
    checklist: ZVerificationChecklist.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.status === 'active' && !body.checklist) {
      ctx.addIssue({ code: 'custom', path: ['checklist'], message: checklistRequiredText });
    }
    if (body.status === 'rejected' && !body.reason) {
      ctx.addIssue({
        code: 'custom',
        path: ['reason'],
        message: 'Give the organiser a reason for the rejection',
      });
    }
    if (body.status === 'active' && !body.expectedUpdatedAt) {
      ctx.addIssue({
        code: 'custom',
        path: ['expectedUpdatedAt'],
        message: 'Approving needs expectedUpdatedAt: the updatedAt of the campaign you reviewed',
      });
    }
  });
export type TCampaignStatusRequest = z.infer<typeof ZCampaignStatusRequest>;

export const ZCampaignImageSize = z.object({
  width: z.number(),
  height: z.number(),
  /** Relative path on the image server, like `image`. */
  path: z.string(),
});

/**
 * A campaign as the API shows it (docs/product.md#green-hearts). `likes` holds the viewer's own like only (see
 * docs/decisions/009-campaign-likes-are-counted.md); `likesCount` is the count. The account
 * number is masked for everyone but the organiser and admins.
 */
export const ZCampaign = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  fundraisingFor: z.string(),
  category: z.string(),
  duration: z.string(),
  amountNeeded: z.number(),
  amountRaised: z.number(),
  /** Succeeded donations. */
  donationCount: z.number(),
  state: z.string(),
  lga: z.string(),
  location: z.object({ state: z.string(), lga: z.string() }),
  address: z.string(),
  bank: z.string(),
  bankCode: z.string(),
  accountNumber: z.string(),
  accountName: z.string(),
  beneficiaryType: z.enum(beneficiaryTypes).nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  /** The largest stored size; `imageSizes` lists every width for `srcset`. */
  image: z.string().nullable(),
  imageWidth: z.number().nullable(),
  imageHeight: z.number().nullable(),
  imageSizes: z.array(ZCampaignImageSize),
  status: z.enum(campaignStatuses),
  /** Shown to the organiser (and admins) when a campaign was rejected. */
  rejectionReason: z.string().nullable(),
  likes: z.array(z.object({ user: z.object({ _id: z.string() }) })),
  likesCount: z.number(),
  likedByMe: z.boolean(),
  user: z.object({
    _id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    image: z.string().nullable(),
  }),
  /** Start dates (ISO) of the weeks this campaign won. */
  weeklyWins: z.array(z.string()),
  isOwner: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  approvedAt: z.string().nullable(),
  /**
   * When the campaign ends (ISO): its approval plus its duration plus any days added; null
   * before it was approved. An ended campaign is not listed, ranked, liked or given to.
   */
  endsAt: z.string().nullable(),
  ended: z.boolean(),
  /** Days an admin added at the organiser's request. */
  extensionDays: z.number(),
  /**
   * Only on the organiser's own answers that load it (their campaigns list): true while an edit
   * of theirs waits for review (the public page still shows the approved version). Absent for
   * everyone else.
   */
  changeAwaitingReview: z.boolean().optional(),
  /** The organiser's open request for more time (null when none; only they and admins see it). */
  extensionRequest: z
    .object({ requestedAt: z.string(), days: z.number(), reason: z.string() })
    .nullable(),
  /**
   * Up to `limits.avatarStackMax` of the latest named supporters (succeeded, not anonymous
   * gifts; one per donor), newest first: the name they gave and the member's photo when they
   * gave signed in and have one. `donationCount` less these is the "+N".
   */
  supporters: z.array(z.object({ name: z.string(), image: z.string().nullable() })),
  /**
   * The diagnosis or medical condition: null when none was given, and for everyone but the
   * organiser and admins when the organiser keeps it off the public page.
   */
  diagnosis: z.string().nullable().optional(),
  /** Only for the organiser and admins: whether the diagnosis is kept off the public page. */
  diagnosisHidden: z.boolean().optional(),
  /**
   * Only for the organiser and admins: who agreed to a campaign for someone else, their name
   * and when it was recorded (null when none was needed).
   */
  beneficiaryConsent: z
    .object({ by: z.enum(consentGivers), name: z.string(), at: z.string() })
    .nullable()
    .optional(),
  /** The treating facility; absent on answers that do not load it (older rows have none: null). */
  facility: ZCampaignFacility.nullable().optional(),
  /**
   * The admin's check before launch, as the public may see it: null when not verified; absent
   * on lists, which do not load it (the detail always has it).
   */
  verification: ZPublicVerification.nullable().optional(),
});
export type TCampaign = z.infer<typeof ZCampaign>;

/** GET /admin/crowdfunding/{id}: the campaign with what an admin needs to decide on it. */
export const ZAdminCampaign = ZCampaign.extend({ review: ZCampaignReview });
export type TAdminCampaign = z.infer<typeof ZAdminCampaign>;
export const ZAdminCampaignResponse = ZResultEnvelope(ZAdminCampaign);

export const ZCampaignResponse = ZResultEnvelope(ZCampaign);
export const ZCampaignOrNullResponse = ZResultEnvelope(ZCampaign.nullable());
export const ZCampaignListResponse = ZResultsEnvelope(ZCampaign);

/**
 * One of the signed-in organiser's own campaigns, as their account's Campaign tab shows it: what
 * a card of theirs needs, with no story, bank details, supporters or check (the whole campaign is
 * GET /single-crowedfunding/{id}). See docs/decisions/012-an-organisers-list-is-a-summary.md.
 */
export const ZOwnCampaign = ZCampaign.pick({
  _id: true,
  title: true,
  fundraisingFor: true,
  category: true,
  duration: true,
  amountNeeded: true,
  amountRaised: true,
  donationCount: true,
  state: true,
  lga: true,
  beneficiaryType: true,
  firstName: true,
  lastName: true,
  image: true,
  imageWidth: true,
  imageHeight: true,
  imageSizes: true,
  status: true,
  rejectionReason: true,
  likesCount: true,
  user: true,
  createdAt: true,
  updatedAt: true,
  approvedAt: true,
  endsAt: true,
  ended: true,
  extensionDays: true,
  extensionRequest: true,
}).extend({
  /** True while an edit of theirs waits for review (the public page shows the approved version). */
  changeAwaitingReview: z.boolean(),
});
export type TOwnCampaign = z.infer<typeof ZOwnCampaign>;
export const ZOwnCampaignListResponse = ZResultsEnvelope(ZOwnCampaign);

export const ZWeeklyWinner = z.object({
  /** Monday 00:00 Africa/Lagos, ISO. */
  weekStart: z.string(),
  weekEnd: z.string(),
  likes: z.number(),
  campaign: ZCampaign,
  /** Whole naira the Green-Heart fund gave the winner that week (0 unless `awarded`). */
  award: z.number(),
  awardOutcome: z.enum(['awarded', 'fund_empty', 'no_award']),
});
export type TWeeklyWinner = z.infer<typeof ZWeeklyWinner>;
export const ZWeeklyWinnersResponse = ZResultsEnvelope(ZWeeklyWinner);

export const ZBank = z.object({ id: z.string(), name: z.string(), code: z.string() });
export const ZBanksResponse = ZResultsEnvelope(ZBank);

export const ZVerifyBankAccountRequest = z.object({
  accountNumber: z
    .string({ error: 'Account number is required' })
    .trim()
    .regex(/^\d{10}$/, { error: 'Account number must be 10 digits' }),
  bankCode: z
    .string({ error: 'Bank is required' })
    .trim()
    .refine((code) => findBank(code) !== undefined, { error: 'Choose a bank from the list' }),
});

export const ZBankAccount = z.object({
  accountName: z.string(),
  accountNumber: z.string(),
  bankCode: z.string(),
  bank: z.string(),
  /** `sandbox`: the embedded default's demo names, not a real bank lookup. */
  provider: z.enum(['paystack', 'sandbox']),
  /** The CBN NUBAN check digit matches: a hint, never a rejection. */
  checkDigitMatches: z.boolean(),
});
export type TBankAccount = z.infer<typeof ZBankAccount>;
export const ZBankAccountResponse = ZResultEnvelope(ZBankAccount);
