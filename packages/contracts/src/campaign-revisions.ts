import { z } from 'zod';
import { revisionReasonMax } from './campaign-revision-texts.ts';
import { ZCampaignImageSize } from './campaigns.ts';
import { pageNumberParam, ZResultEnvelope, ZResultsEnvelope } from './envelopes.ts';
import { ZVerificationChecklist } from './evidence.ts';

/**
 * A change to a live campaign that waits for review. The campaign stays live with its approved
 * version meanwhile; the admin sees what changed (field, before, after) and approves or rejects.
 */

export const revisionStatuses = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type RevisionStatus = (typeof revisionStatuses)[number];

/**
 * The campaign fields a revision can change, in the order a diff lists them, with the words
 * an admin and an organiser read. Keys are the campaign's own names.
 */
export const revisionFieldLabels = {
  title: 'Title',
  description: 'Story',
  fundraisingFor: 'Beneficiary',
  beneficiaryFirstName: "Beneficiary's first name",
  beneficiaryLastName: "Beneficiary's last name",
  beneficiaryType: 'Beneficiary type',
  amountNeeded: 'Goal (₦)',
  duration: 'Duration',
  diagnosis: 'Diagnosis',
  diagnosisHidden: 'Diagnosis on the public page',
  facilityName: 'Hospital',
  bankName: 'Bank',
  accountNumber: 'Account number',
  accountName: 'Account name',
} as const;
export type RevisionField = keyof typeof revisionFieldLabels;

export const ZRevisionChange = z.object({
  field: z.string(),
  label: z.string(),
  /** The approved value (what visitors see now), as text; null when it had none. */
  before: z.string().nullable(),
  /** The proposed value, as text; null when it is cleared. */
  after: z.string().nullable(),
});
export type TRevisionChange = z.infer<typeof ZRevisionChange>;

export const ZCampaignRevision = z.object({
  _id: z.string(),
  campaignId: z.string(),
  campaignTitle: z.string(),
  organiser: z.object({ _id: z.string(), firstName: z.string(), lastName: z.string() }),
  status: z.enum(revisionStatuses),
  /** When the change was last saved by the organiser (the version an admin decides on). */
  submittedAt: z.string(),
  reviewedAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  changes: z.array(ZRevisionChange),
  /**
   * The proposed values keyed by the campaign's API field names (`title`, `description`,
   * `amountNeeded`, `bankCode`, ...), for the organiser's edit form.
   */
  proposed: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  /** A new cover photo: the approved one (may be empty) and the proposed one's sizes. */
  cover: z
    .object({ before: z.array(ZCampaignImageSize), after: z.array(ZCampaignImageSize) })
    .nullable(),
  /** The bank account changes: payouts wait until the change is approved. */
  bankChanged: z.boolean(),
});
export type TCampaignRevision = z.infer<typeof ZCampaignRevision>;

export const ZCampaignRevisionOrNullResponse = ZResultEnvelope(ZCampaignRevision.nullable());
export const ZCampaignRevisionResponse = ZResultEnvelope(ZCampaignRevision);
export const ZCampaignRevisionListResponse = ZResultsEnvelope(ZCampaignRevision);

/** GET /admin/crowdfunding-changes: the pending changes, oldest first. */
export const ZCampaignRevisionListQuery = z.object({
  page: pageNumberParam('Page', 1, 10_000),
  limit: pageNumberParam('Limit', 20, 100),
});

/**
 * PUT /admin/crowdfunding/{id}/pending-change/approve. `expectedSubmittedAt` is the change as
 * the admin saw it: a newer save by the organiser answers 409. A change of bank account also
 * needs the verification checklist (the same as a campaign's approval), which is recorded with
 * the new account's name.
 */
export const ZRevisionApproveRequest = z.object({
  expectedSubmittedAt: z.iso.datetime({
    offset: true,
    error: 'Give the time of the change you reviewed',
  }),
  checklist: ZVerificationChecklist.optional(),
});
export type TRevisionApproveRequest = z.infer<typeof ZRevisionApproveRequest>;

/** PUT /admin/crowdfunding/{id}/pending-change/reject: why, in words the organiser is sent. */
export const ZRevisionRejectRequest = z.object({
  expectedSubmittedAt: z.iso
    .datetime({ offset: true, error: 'Give the time of the change you reviewed' })
    .optional(),
  reason: z
    .string({ error: 'Give the organiser a reason' })
    .trim()
    .min(1, { error: 'Give the organiser a reason' })
    .max(revisionReasonMax, {
      error: `The reason must be at most ${revisionReasonMax} characters`,
    }),
});
export type TRevisionRejectRequest = z.infer<typeof ZRevisionRejectRequest>;

/** GET /crowdfunding-submissions/{key}: the wizard's draft key, as the submit sends it. */
export const ZSubmissionKeyParams = z.object({
  key: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, { error: 'The submission key is not valid' }),
});

/** Whether this member already submitted the draft with that key (and its campaign). */
export const ZSubmissionStatusResponse = ZResultEnvelope(
  z.object({ submitted: z.boolean(), campaignId: z.string().nullable() }),
);

export { revisionReasonMax, revisionTexts } from './campaign-revision-texts.ts';
