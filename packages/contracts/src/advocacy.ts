import { z } from 'zod';
import { blankToUndefined } from './accounts.ts';
import {
  type ComplaintCategory,
  type ComplaintField,
  complaintFieldProblem,
  complaintLimits,
  complaintStatuses,
} from './advocacy-rules.ts';
import { pageNumberParam, ZResultEnvelope, ZResultsEnvelope } from './envelopes.ts';

export type { ComplaintCategory, ComplaintStatus } from './advocacy-rules.ts';

/** The texts of the complaints API, so the web can match on them and tests can assert them. */
export const complaintMessages = {
  created: 'Your complaint has been submitted',
  updated: 'Your complaint has been updated',
  deleted: 'Complaint deleted',
  fetched: 'Complaint fetched',
  listed: 'Complaints fetched',
  statusChanged: 'Complaint status updated',
  filesFetched: 'Advocacy resources fetched',
  notEditable: 'This complaint has been acknowledged and can no longer be edited.',
  notDeletable: 'This complaint has been acknowledged and can no longer be deleted.',
  finished: 'This complaint is already resolved or closed.',
  backwards: 'A complaint cannot go back to an earlier status.',
  otherUsersList: 'You can only view your own complaints.',
  onlyOwnerEdits: 'Only the patient who sent this complaint can edit it.',
  /** The same complaint sent again (a double tap, a lost answer, a second tab): `{reference}`. */
  alreadySent:
    'You have already sent this complaint (reference {reference}). You can follow it in your account.',
  rateLimited:
    'You have submitted several complaints in the last 24 hours. Please try again in {wait}.',
} as const;

/** Control characters other than tab and newline: PostgreSQL refuses NUL in text outright. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

const LABELS: Record<ComplaintField, string> = {
  hospitalName: 'Hospital name',
  hospitalAddress: 'Hospital address',
  category: 'Category',
  complaints: 'Complaint',
};

/** A text field checked by the shared rule; absent counts as empty ("... is required"). */
function ruled(field: ComplaintField, normalise: (value: string) => string) {
  return z.preprocess(
    (value) => (value === undefined || value === null ? '' : value),
    z
      .string({ error: `${LABELS[field]} must be text` })
      .transform(normalise)
      .superRefine((value, ctx) => {
        const problem = complaintFieldProblem(field, value);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
  );
}

/** One line: control characters and runs of spaces become one space (it goes into subjects). */
const oneLine = (value: string) => value.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
/** Paragraphs kept: Windows line ends unified, control characters dropped, trailing spaces cut. */
const multiLine = (value: string) =>
  value
    .replace(/\r\n?/g, '\n')
    .replace(CONTROL, '')
    .replace(/[^\S\n]+$/gm, '')
    .trim();

/** POST /create-advocacy and PUT /update-advocacy/{id}: the whole complaint. */
export const ZComplaintRequest = z.object({
  hospitalName: ruled('hospitalName', oneLine),
  hospitalAddress: ruled('hospitalAddress', oneLine),
  category: ruled('category', (value) => value.trim()).transform(
    (value) => value as ComplaintCategory,
  ),
  complaints: ruled('complaints', multiLine),
});
export type TComplaintRequest = z.infer<typeof ZComplaintRequest>;

const statusChoice = `Choose one of: ${complaintStatuses.join(', ')}`;

/**
 * PUT /update-advocacy-status/{id} (admin): no body, or no status, moves to the next status;
 * the note is emailed to the patient and kept in the history.
 */
export const ZComplaintStatusRequest = z.preprocess(
  (value) => (value === undefined || value === null ? {} : value),
  z.object({
    status: z.preprocess(
      blankToUndefined,
      z.enum(complaintStatuses, { error: statusChoice }).optional(),
    ),
    note: z.preprocess(
      blankToUndefined,
      z
        .string({ error: 'Note must be text' })
        .transform(multiLine)
        .pipe(
          z.string().max(complaintLimits.noteMax, {
            error: `Note must be at most ${complaintLimits.noteMax.toLocaleString('en-NG')} characters`,
          }),
        )
        .optional(),
    ),
  }),
);
export type TComplaintStatusRequest = z.infer<typeof ZComplaintStatusRequest>;

const pagination = {
  page: pageNumberParam('page', 1, 100_000),
  limit: pageNumberParam('limit', complaintLimits.pageDefault, complaintLimits.pageMax),
};

/** GET /get-user-advocacies/{userId}. */
export const ZUserComplaintsQuery = z.object(pagination);
export type TUserComplaintsQuery = z.infer<typeof ZUserComplaintsQuery>;

/** GET /get-all-advocacies (admin): filters by status, overdue, reference or hospital name. */
export const ZAdminComplaintsQuery = z.object({
  ...pagination,
  status: z.preprocess(
    blankToUndefined,
    z.enum(complaintStatuses, { error: statusChoice }).optional(),
  ),
  overdue: z.preprocess(
    blankToUndefined,
    z
      .enum(['true', 'false'], { error: 'overdue must be true or false' })
      .transform((value) => value === 'true')
      .optional(),
  ),
  search: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(complaintLimits.searchMax, {
        error: `Search must be at most ${complaintLimits.searchMax} characters`,
      })
      .optional(),
  ),
});
export type TAdminComplaintsQuery = z.infer<typeof ZAdminComplaintsQuery>;

const ZPersonName = z.object({ firstName: z.string(), lastName: z.string() });

export const ZComplaintHistoryEntry = z.object({
  status: z.enum(complaintStatuses),
  /** The admin's note, null when none was given. */
  note: z.string().nullable(),
  at: z.string(),
  /** Who made the change; null once that account is gone. */
  by: ZPersonName.nullable(),
});
export type TComplaintHistoryEntry = z.infer<typeof ZComplaintHistoryEntry>;

/** A complaint as the API answers it (dates ISO; the overdue flags computed when read). */
export const ZComplaint = z.object({
  _id: z.string(),
  reference: z.string(),
  hospitalName: z.string(),
  hospitalAddress: z.string(),
  category: z.string(),
  complaints: z.string(),
  status: z.enum(complaintStatuses),
  submittedAt: z.string(),
  acknowledgementDueAt: z.string(),
  responseDueAt: z.string(),
  acknowledgedAt: z.string().nullable(),
  respondedAt: z.string().nullable(),
  overdue: z.object({ acknowledgement: z.boolean(), response: z.boolean() }),
  isOverdue: z.boolean(),
  user: z.object({ _id: z.string(), firstName: z.string(), lastName: z.string() }),
  /** Oldest first; the first entry is the submission. */
  history: z.array(ZComplaintHistoryEntry),
});
export type TComplaint = z.infer<typeof ZComplaint>;

export const ZComplaintResponse = ZResultEnvelope(ZComplaint);
export const ZComplaintListResponse = ZResultsEnvelope(ZComplaint);
/** A user's complaints: `results` with `meta`, and the same array as `result` (docs/architecture.md#api-conventions). */
export const ZUserComplaintListResponse = ZComplaintListResponse.extend({
  result: z.array(ZComplaint),
});

export const ZAdvocacyResource = z.object({
  /** The slug: the guide reads at /advocacy/resources/{_id}. */
  _id: z.string(),
  kind: z.enum(['ebook', 'video']),
  title: z.string(),
  summary: z.string(),
  minutes: z.number(),
  available: z.boolean(),
});
export type TAdvocacyResource = z.infer<typeof ZAdvocacyResource>;
export const ZAdvocacyFilesResponse = ZResultsEnvelope(ZAdvocacyResource);
