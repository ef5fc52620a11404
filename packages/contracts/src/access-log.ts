import { z } from 'zod';
import { blankToUndefined } from './accounts.ts';
import { filterText, userIdFilter, ZAdminLogQuery } from './admin.ts';
import { ZResultsEnvelope } from './envelopes.ts';

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
export type AccessAction = (typeof accessActions)[number];

/** Words for the admin page: what was opened, and how. */
export const accessSubjectLabels: Record<AccessSubjectType, string> = {
  campaign_document: 'Campaign document',
  complaint: 'Complaint',
  complaint_document: 'Complaint file',
  facility_document: 'Facility document',
  data_export: 'Data export',
};
export const accessActionLabels: Record<AccessAction, string> = {
  view: 'Opened',
  download: 'Downloaded',
  list: 'Listed',
};

/** GET /admin/access-log: newest first; every filter optional. */
export const ZAccessLogQuery = ZAdminLogQuery({
  subjectType: z.preprocess(
    blankToUndefined,
    z.enum(accessSubjectTypes, { error: 'subjectType is not a kind of record' }).optional(),
  ),
  subjectId: filterText('subjectId', 200),
  actorId: userIdFilter('actorId'),
  ownerId: userIdFilter('ownerId'),
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
