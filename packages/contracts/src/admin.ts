import { z } from 'zod';
import { blankToUndefined, userRoles, ZUser } from './accounts.ts';
import { pageNumberParam, ZResultEnvelope, ZResultsEnvelope } from './envelopes.ts';

export const adminLimits = {
  pageDefault: 20,
  pageMax: 100,
  searchMax: 100,
  /** The before/after of an audit entry is trimmed to this many bytes of JSON. */
  auditSnapshotMaxBytes: 4096,
  /** A complaint counts as "due soon" when a deadline falls within this many days. */
  dueSoonDays: 2,
} as const;

/** `page` and `limit` of an admin list: the admin page size unless asked otherwise. */
export const adminPagination = {
  page: pageNumberParam('page', 1, 100_000),
  limit: pageNumberParam('limit', adminLimits.pageDefault, adminLimits.pageMax),
};

const search = z.preprocess(
  blankToUndefined,
  z
    .string({ error: 'Search must be text' })
    .trim()
    .max(adminLimits.searchMax, {
      error: `Search must be at most ${adminLimits.searchMax} characters`,
    })
    .optional(),
);

/** Filter text: trimmed, at most `max` characters, blank counts as not given. */
export const filterText = (label: string, max: number) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: `${label} must be text` })
      .trim()
      .max(max, { error: `${label} must be at most ${max} characters` })
      .optional(),
  );

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * An ISO date (2025-03-01, the whole day in UTC) or date and time with its offset
 * (2025-03-01T09:30:00Z). `end` makes a date-only value mean the end of that day.
 */
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

/** A filter by user id; blank counts as not given. */
export const userIdFilter = (label: string) =>
  z.preprocess(blankToUndefined, z.uuid({ error: `${label} must be a user id` }).optional());

/** Refuses a `to` before `from` (both are dates once parsed, or not given). */
function toNotBeforeFrom(query: { from?: unknown; to?: unknown }, ctx: z.RefinementCtx): void {
  if (query.from instanceof Date && query.to instanceof Date && query.from > query.to) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must not be before from' });
  }
}

/**
 * The query of an admin log (the audit log, the access log), newest first: `page` and `limit`,
 * the log's own `filters`, then `from` and `to` (a date-only `to` takes in that whole day), `to`
 * not before `from`. Every filter is optional.
 */
export function ZAdminLogQuery<T extends z.ZodRawShape>(filters: T) {
  return z
    .object({
      ...adminPagination,
      ...filters,
      from: isoDate('from', false),
      to: isoDate('to', true),
    })
    .superRefine(toNotBeforeFrom);
}

/** GET /admin/audit: newest first; every filter optional. */
export const ZAuditListQuery = ZAdminLogQuery({
  actorId: userIdFilter('actorId'),
  entityType: filterText('entityType', 60),
  entityId: filterText('entityId', 200),
  /** Part of the action, e.g. "crowdfunding" or "PUT /api/v1/admin/crowdfunding/{id}/status". */
  action: filterText('action', 200),
  /** Matches the summary or the actor's name. */
  search,
});
export type TAuditListQuery = z.infer<typeof ZAuditListQuery>;

/**
 * An audit entry told as a sentence, in parts so a page can link the record:
 * `{actor} {verb} {object.label}{rest}`. `text` is the whole sentence.
 */
export const ZAuditSentence = z.object({
  text: z.string(),
  /** The admin, by name as it was when they acted. */
  actor: z.string(),
  /** What they did, with the kind of record: "approved the campaign", "suspended the member". */
  verb: z.string(),
  /** The record by its title or name; `href` is its admin page when it has one. */
  object: z
    .object({ label: z.string(), quoted: z.boolean(), href: z.string().nullable() })
    .nullable(),
  /** What follows the record, with its own punctuation: ": spam", " to Acknowledged", or "". */
  rest: z.string(),
});
export type TAuditSentence = z.infer<typeof ZAuditSentence>;

/** One recorded admin write. `before`/`after` are trimmed JSON snapshots (secrets removed). */
export const ZAuditEntry = z.object({
  _id: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string(),
  /** "PUT /api/v1/admin/crowdfunding/{id}/status" */
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  summary: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  requestId: z.string().nullable(),
  createdAt: z.string(),
  /** The entry as a sentence: "Ada Obi approved the campaign 'Help Chidi walk again'". */
  sentence: ZAuditSentence,
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const ZAuditListResponse = ZResultsEnvelope(ZAuditEntry);
/** GET /admin/audit/entity-types: every entity type that has entries, sorted. */
export const ZAuditEntityTypesResponse = ZResultsEnvelope(z.string());

/** GET /admin/dashboard: what needs an admin's attention. */
export const ZAdminDashboard = z.object({
  campaignsAwaitingReview: z.number(),
  /** Open complaints past a deadline (acknowledgement while submitted, or the response). */
  complaintsOverdue: z.number(),
  /** Open complaints not overdue with a deadline within `adminLimits.dueSoonDays` days. */
  complaintsDueSoon: z.number(),
  pendingReviews: z.number(),
  /** Contact messages not yet marked handled. */
  newContactMessages: z.number(),
});
export type TAdminDashboard = z.infer<typeof ZAdminDashboard>;
export const ZAdminDashboardResponse = ZResultEnvelope(ZAdminDashboard);

const trueFalse = (label: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .enum(['true', 'false'], { error: `${label} must be true or false` })
      .transform((value) => value === 'true')
      .optional(),
  );

/** GET /admin/users: newest first; search matches name, email or phone. */
export const ZAdminUserListQuery = z.object({
  ...adminPagination,
  search,
  role: z.preprocess(
    blankToUndefined,
    z.enum(userRoles, { error: `role must be one of ${userRoles.join(', ')}` }).optional(),
  ),
  advocate: trueFalse('advocate'),
  /** true: suspended accounts only; false: accounts that are not suspended. */
  suspended: trueFalse('suspended'),
});
export type TAdminUserListQuery = z.infer<typeof ZAdminUserListQuery>;

/** A user as the admin console sees them: the profile and whether the account is suspended. */
export const ZAdminUser = ZUser.extend({
  suspendedAt: z.string().nullable(),
  suspendedReason: z.string().nullable(),
});
export type TAdminUser = z.infer<typeof ZAdminUser>;

export const ZAdminUserListResponse = ZResultsEnvelope(ZAdminUser);
export const ZAdminUserResponse = ZResultEnvelope(ZAdminUser);

export const suspensionLimits = { reasonMin: 3, reasonMax: 500 } as const;

/** PUT /admin/users/{id}/suspension: suspend with a reason the admins see (the member does not). */
export const ZUserSuspendRequest = z.object({
  reason: z
    .string({ error: 'Please give a reason for the suspension' })
    .trim()
    .min(suspensionLimits.reasonMin, {
      error: `Please give a reason for the suspension (at least ${suspensionLimits.reasonMin} characters)`,
    })
    .max(suspensionLimits.reasonMax, {
      error: `The reason must be at most ${suspensionLimits.reasonMax} characters`,
    }),
});
export type TUserSuspendRequest = z.infer<typeof ZUserSuspendRequest>;

/** The roles an admin can give: facility accounts are made by facility sign-up only. */
export const assignableRoles = ['admin', 'member'] as const;

/** PUT /admin/users/{id}/role */
export const ZUserRoleRequest = z.object({
  role: z.enum(assignableRoles, { error: `role must be one of ${assignableRoles.join(', ')}` }),
});
export type TUserRoleRequest = z.infer<typeof ZUserRoleRequest>;

/** PUT /admin/users/{id}/advocate */
export const ZUserAdvocateRequest = z.object({
  isAdvocate: z.boolean({ error: 'isAdvocate must be true or false' }),
});
export type TUserAdvocateRequest = z.infer<typeof ZUserAdvocateRequest>;

export const adminUserTexts = {
  ownAdminRole: 'You cannot remove your own admin role.',
  lastAdmin: 'The site must keep at least one admin.',
  facilityRole: 'Facility accounts keep their role; it cannot be changed here.',
  ownSuspension: 'You cannot suspend your own account.',
  adminSuspension:
    'Administrators cannot be suspended, so that no admin can lock the others out. Remove their admin role first if you must.',
  suspendedAdmin: 'This account is suspended. Lift the suspension before making it an admin.',
  /** What a suspended account is told when it tries to sign in. */
  suspended: 'This account is suspended. Contact us if you think this is a mistake.',
} as const;

export const contactMessageStatuses = ['new', 'handled', 'all'] as const;

/** GET /admin/contact-messages: newest first; status defaults to all. */
export const ZContactMessageListQuery = z.object({
  ...adminPagination,
  status: z.preprocess(
    blankToUndefined,
    z
      .enum(contactMessageStatuses, {
        error: `status must be one of ${contactMessageStatuses.join(', ')}`,
      })
      .default('all'),
  ),
  /** Matches the sender's name, email, phone or the message. */
  search,
});
export type TContactMessageListQuery = z.infer<typeof ZContactMessageListQuery>;

export const ZContactMessage = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  message: z.string(),
  handled: z.boolean(),
  handledAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TContactMessage = z.infer<typeof ZContactMessage>;

export const ZContactMessageListResponse = ZResultsEnvelope(ZContactMessage);
export const ZContactMessageResponse = ZResultEnvelope(ZContactMessage);

/** PUT /admin/contact-messages/{id}/handled */
export const ZContactMessageHandledRequest = z.object({
  handled: z.boolean({ error: 'handled must be true or false' }),
});
export type TContactMessageHandledRequest = z.infer<typeof ZContactMessageHandledRequest>;
