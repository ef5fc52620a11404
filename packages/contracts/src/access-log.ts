import { z } from 'zod';
import { blankToUndefined } from './accounts.ts';
import { adminLimits } from './admin.ts';
import { pageNumberParam, ZResultsEnvelope } from './envelopes.ts';

/** What kind of private record an access-log entry is about. */
export const accessSubjectTypes = [
  'campaign_document',
  'complaint',
  'complaint_document',
  'facility_document',
  'data_export',
] as const;
export type AccessSubjectType = (typeof accessSubjectTypes)[number];

/** How the record was opened. */
export const accessActions = ['view', 'download', 'list'] as const;

/** Words for the admin page: what was opened, and how. */
export const accessSubjectLabels: Record<AccessSubjectType, string> = {
  campaign_document: 'Campaign document',
  complaint: 'Complaint',
  complaint_document: 'Complaint file',
  facility_document: 'Facility document',
  data_export: 'Data export',
};
export const accessActionLabels: Record<(typeof accessActions)[number], string> = {
  view: 'Opened',
  download: 'Downloaded',
  list: 'Listed',
};

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** An ISO date (the whole day in UTC) or date and time; `end` makes a date mean its last moment. */
const isoDate = (label: string, end: boolean) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: `${label} must be a date` })
      .trim()
      .transform((value, ctx) => {
        const dateOnly = DATE_ONLY.test(value);
        const parsed = dateOnly || DATE_TIME.test(value) ? new Date(value) : undefined;
        if (
          !parsed ||
          Number.isNaN(parsed.getTime()) ||
          (dateOnly && parsed.toISOString().slice(0, 10) !== value)
        ) {
          ctx.addIssue({
            code: 'custom',
            message: `${label} must be a date like 2025-03-01 or 2025-03-01T09:30:00Z`,
          });
          return z.NEVER;
        }
        if (dateOnly && end) return new Date(parsed.getTime() + 24 * 60 * 60 * 1000 - 1);
        return parsed;
      })
      .optional(),
  );

const userId = (label: string) =>
  z.preprocess(blankToUndefined, z.uuid({ error: `${label} must be a user id` }).optional());

/** GET /admin/access-log: newest first; every filter optional. */
export const ZAccessLogQuery = z
  .object({
    page: pageNumberParam('page', 1, 100_000),
    limit: pageNumberParam('limit', adminLimits.pageDefault, adminLimits.pageMax),
    subjectType: z.preprocess(
      blankToUndefined,
      z.enum(accessSubjectTypes, { error: 'subjectType is not a kind of record' }).optional(),
    ),
    subjectId: z.preprocess(
      blankToUndefined,
      z
        .string({ error: 'subjectId must be text' })
        .trim()
        .max(200, { error: 'subjectId must be at most 200 characters' })
        .optional(),
    ),
    actorId: userId('actorId'),
    ownerId: userId('ownerId'),
    from: isoDate('from', false),
    to: isoDate('to', true),
  })
  .superRefine((query, ctx) => {
    if (query.from && query.to && query.from > query.to) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must not be before from' });
    }
  });
export type TAccessLogQuery = z.infer<typeof ZAccessLogQuery>;

/** One recorded opening of a private record. */
export const ZAccessLogEntry = z.object({
  _id: z.string(),
  actorId: z.string().nullable(),
  /** The actor's name now, or null (a signed link used without a session, an erased account). */
  actorName: z.string().nullable(),
  actorRole: z.string(),
  subjectType: z.string(),
  subjectId: z.string(),
  ownerId: z.string().nullable(),
  ownerName: z.string().nullable(),
  action: z.string(),
  requestId: z.string().nullable(),
  createdAt: z.string(),
  /** The record's admin page, when it has one. */
  href: z.string().nullable(),
});
export type TAccessLogEntry = z.infer<typeof ZAccessLogEntry>;

export const ZAccessLogResponse = ZResultsEnvelope(ZAccessLogEntry);
