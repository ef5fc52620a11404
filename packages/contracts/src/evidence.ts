import { z } from 'zod';
import { blankToUndefined } from './accounts.ts';
import { ZResultEnvelope, ZResultsEnvelope } from './envelopes.ts';
import {
  accountNameMatches,
  campaignDocumentKinds,
  documentTypes,
  evidenceLimits,
  hospitalConfirmations,
} from './evidence-rules.ts';
import { isUuid } from './ids.ts';

/**
 * Evidence of medical need (docs/product.md#verification): the private documents an organiser
 * uploads, the admin's checklist before a campaign goes live, and what the public page may say
 * about that check.
 */

/** POST /campaign-documents (multipart): the text field beside the `file`. */
export const ZCampaignDocumentUploadFields = z.object({
  kind: z.enum(campaignDocumentKinds, {
    error: `kind must be one of ${campaignDocumentKinds.join(', ')}`,
  }),
});

/** An uploaded document as its owner (and admins) see it: never its storage key. */
export const ZCampaignDocument = z.object({
  id: z.string(),
  kind: z.enum(campaignDocumentKinds),
  /** The uploaded file's name, cleaned (no folders, no control characters). */
  fileName: z.string(),
  sizeBytes: z.number(),
  /** Decided by the file's first bytes, never by its name. */
  contentType: z.enum(documentTypes),
});
export type TCampaignDocument = z.infer<typeof ZCampaignDocument>;
export const ZCampaignDocumentResponse = ZResultEnvelope(ZCampaignDocument);

/** A campaign's document with a short-lived signed link to download it. */
export const ZCampaignDocumentWithLink = ZCampaignDocument.extend({
  createdAt: z.string(),
  /** GET /campaign-documents/{id}/file?expires=…&signature=… (under /api/v1), valid briefly. */
  downloadUrl: z.string(),
  /** When the link stops working (ISO). */
  linkExpiresAt: z.string(),
});
export type TCampaignDocumentWithLink = z.infer<typeof ZCampaignDocumentWithLink>;
export const ZCampaignDocumentsResponse = ZResultsEnvelope(ZCampaignDocumentWithLink);

/** GET /campaign-documents/{id}/file: the signed link's query. */
export const ZDocumentLinkQuery = z.object({
  expires: z.string().max(20).optional(),
  signature: z.string().max(128).optional(),
});

/**
 * A campaign's treating facility: one from the directory (`listed`, with its id) or a name the
 * organiser typed because it is not listed.
 */
export const ZCampaignFacility = z.object({
  id: z.string().nullable(),
  name: z.string(),
  listed: z.boolean(),
});
export type TCampaignFacility = z.infer<typeof ZCampaignFacility>;

/**
 * What the public page's Verified panel says: what was checked and when, never the documents,
 * their names or who at the hospital confirmed the bill.
 */
export const ZPublicVerification = z.object({
  checkedAt: z.string(),
  /** The kinds of document that were checked, e.g. ['bill', 'medical_report']. */
  documents: z.array(z.enum(campaignDocumentKinds)),
  hospitalConfirmedVia: z.enum(hospitalConfirmations),
  /** YYYY-MM-DD. */
  hospitalConfirmedOn: z.string(),
  accountNameMatches: z.enum(accountNameMatches),
});
export type TPublicVerification = z.infer<typeof ZPublicVerification>;

/** A campaign's treating facility from the directory (its id)… */
export const ZFacilityIdField = z.preprocess(
  blankToUndefined,
  z.uuid({ error: 'Choose the hospital from the list' }).optional(),
);

/** …or its name, when it is not listed. */
export const ZFacilityNameField = z.preprocess(
  blankToUndefined,
  z
    .string()
    .trim()
    .min(2, { error: 'Give the name of the hospital' })
    .max(evidenceLimits.facilityNameMax, {
      error: `The hospital's name must be at most ${evidenceLimits.facilityNameMax} characters`,
    })
    .optional(),
);

/**
 * The uploaded documents (POST /campaign-documents) to attach: their ids, separated by commas
 * ("id1,id2,id3"); a JSON body may send an array.
 */
export const ZDocumentIdsField = z.preprocess(
  blankToUndefined,
  z
    .string()
    .transform((value, ctx) => {
      const list = [
        ...new Set(
          value
            .split(',')
            .map((id) => id.trim().toLowerCase())
            .filter(Boolean),
        ),
      ];
      if (list.some((id) => !isUuid(id))) {
        ctx.addIssue({
          code: 'custom',
          message: 'documentIds must be document ids, separated by commas',
        });
        return z.NEVER;
      }
      if (list.length > evidenceLimits.documentsPerCampaignMax) {
        ctx.addIssue({
          code: 'custom',
          message: `A campaign can have at most ${evidenceLimits.documentsPerCampaignMax} documents`,
        });
        return z.NEVER;
      }
      return list;
    })
    .optional(),
);

/** Today's date in Lagos (UTC+1 all year), YYYY-MM-DD. */
export function lagosToday(now = Date.now()): string {
  return new Date(now + 60 * 60 * 1000).toISOString().slice(0, 10);
}

/**
 * The admin's checklist, sent with `status: 'active'` to approve a campaign. Every item is
 * required; each missing or false one is named in the 400 answer.
 */
export const ZVerificationChecklist = z.object({
  documentsNameBeneficiary: z.literal(true, {
    error: 'Confirm that the documents name the beneficiary',
  }),
  hospitalConfirmedVia: z.enum(hospitalConfirmations, {
    error: `Say how the hospital confirmed the bill: ${hospitalConfirmations.join(', ')}`,
  }),
  hospitalConfirmedBy: z.preprocess(
    blankToUndefined,
    z
      .string({ error: 'Say who at the hospital confirmed the bill (name and role)' })
      .trim()
      .max(evidenceLimits.confirmedByMax, {
        error: `Who confirmed it must be at most ${evidenceLimits.confirmedByMax} characters`,
      }),
  ),
  hospitalConfirmedOn: z
    .string({ error: 'Give the date the hospital confirmed the bill' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'The confirmation date must be YYYY-MM-DD' })
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), {
      error: 'The confirmation date is not a date',
    })
    .refine((value) => value <= lagosToday(), {
      error: 'The confirmation date cannot be in the future',
    }),
  accountNameMatches: z.enum(accountNameMatches, {
    error: `Say whose name the bank account carries: ${accountNameMatches.join(', ')}`,
  }),
  note: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(evidenceLimits.noteMax, {
        error: `The note must be at most ${evidenceLimits.noteMax} characters`,
      })
      .optional(),
  ),
});
export type TVerificationChecklist = z.infer<typeof ZVerificationChecklist>;
export const checklistRequiredText =
  'Approving needs the checklist: the documents, the hospital’s confirmation and the account’s name';

/** The recorded check as admins see it (everything, the hospital contact included). */
export const ZAdminVerification = z.object({
  documentsNameBeneficiary: z.boolean(),
  hospitalConfirmedVia: z.enum(hospitalConfirmations),
  hospitalConfirmedBy: z.string(),
  hospitalConfirmedOn: z.string(),
  accountNameMatches: z.enum(accountNameMatches),
  /** The account's name as it was when checked. */
  accountName: z.string(),
  note: z.string().nullable(),
  checkedBy: z.string().nullable(),
  checkedAt: z.string(),
});
export type TAdminVerification = z.infer<typeof ZAdminVerification>;

/** What an admin needs beside the campaign to decide on it. */
export const ZCampaignReview = z.object({
  documents: z.array(ZCampaignDocumentWithLink),
  /** `{id, name}` from the directory, or `{name, listed: false}`; null when none was given. */
  facility: ZCampaignFacility.nullable(),
  accountNameCheck: z.object({
    accountName: z.string(),
    /** Whose name the account carries as far as the names say; null: nobody's (a mismatch). */
    owner: z.enum(accountNameMatches).nullable(),
    /** The warning to show when `owner` is null. */
    mismatch: z.string().nullable(),
  }),
  verification: ZAdminVerification.nullable(),
  /** Set when an admin checked the account's name; cleared when the account changes. */
  accountVerifiedAt: z.string().nullable(),
});
export type TCampaignReview = z.infer<typeof ZCampaignReview>;
