import {
  and,
  auditLog,
  campaigns,
  complaints,
  contactMessages,
  containsPattern,
  desc,
  type Executor,
  eq,
  facilityReviews,
  gte,
  isNotNull,
  isNull,
  type SQL,
  sessions,
  sql,
  users,
} from '@ipatient/db';
import type { UserRow } from '../../lib/present-user.ts';

export type AuditRow = typeof auditLog.$inferSelect;
export type ContactMessageRow = typeof contactMessages.$inferSelect;

const contains = containsPattern;

export interface Page {
  page: number;
  limit: number;
}

async function paged<T>(
  rowsQuery: Promise<T[]>,
  countQuery: Promise<{ total: number }[]>,
): Promise<{ rows: T[]; total: number }> {
  const [rows, counted] = await Promise.all([rowsQuery, countQuery]);
  return { rows, total: counted[0]?.total ?? 0 };
}

const countAll = sql<number>`count(*)::int`;

export interface AuditFilters extends Page {
  actorId?: string | undefined;
  entityType?: string | undefined;
  entityId?: string | undefined;
  action?: string | undefined;
  search?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

/** A page of audit entries, newest first, with the number that match. */
export function listAudit(executor: Executor, filters: AuditFilters) {
  const where = and(
    filters.actorId ? eq(auditLog.actorId, filters.actorId) : undefined,
    filters.entityType ? eq(auditLog.entityType, filters.entityType) : undefined,
    filters.entityId ? eq(auditLog.entityId, filters.entityId) : undefined,
    filters.action ? sql`${auditLog.action} ilike ${contains(filters.action)}` : undefined,
    filters.search
      ? sql`(${auditLog.summary} ilike ${contains(filters.search)} or ${auditLog.actorName} ilike ${contains(filters.search)})`
      : undefined,
    filters.from ? gte(auditLog.createdAt, filters.from) : undefined,
    filters.to ? sql`${auditLog.createdAt} <= ${filters.to}` : undefined,
  );
  return paged(
    executor
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(filters.limit)
      .offset((filters.page - 1) * filters.limit),
    executor.select({ total: countAll }).from(auditLog).where(where),
  );
}

export async function listAuditEntityTypes(executor: Executor): Promise<string[]> {
  const rows = await executor
    .selectDistinct({ type: auditLog.entityType })
    .from(auditLog)
    .orderBy(auditLog.entityType);
  return rows.map((row) => row.type);
}

const openComplaint = sql`${complaints.status} not in ('resolved', 'closed')`;
const overdueComplaint = sql`((${complaints.status} = 'submitted' and ${complaints.acknowledgementDueAt} < now()) or (${openComplaint} and ${complaints.responseDueAt} < now()))`;

/** The counts of the admin dashboard, in one round trip. */
export async function dashboardCounts(executor: Executor, dueSoonDays: number) {
  const soon = sql`now() + make_interval(days => ${dueSoonDays})`;
  const dueSoon = sql`(${openComplaint} and not ${overdueComplaint} and ((${complaints.status} = 'submitted' and ${complaints.acknowledgementDueAt} <= ${soon}) or ${complaints.responseDueAt} <= ${soon}))`;
  const rows = await executor.execute<{
    campaigns_awaiting_review: number;
    complaints_overdue: number;
    complaints_due_soon: number;
    pending_reviews: number;
    new_contact_messages: number;
  }>(sql`select
    (select count(*)::int from ${campaigns} where ${campaigns.status} = 'awaiting_review' and ${campaigns.deletedAt} is null) as campaigns_awaiting_review,
    (select count(*)::int from ${complaints} where ${overdueComplaint}) as complaints_overdue,
    (select count(*)::int from ${complaints} where ${dueSoon}) as complaints_due_soon,
    (select count(*)::int from ${facilityReviews} where ${facilityReviews.status} = 'pending') as pending_reviews,
    (select count(*)::int from ${contactMessages} where ${contactMessages.handledAt} is null) as new_contact_messages`);
  const row = rows.rows[0];
  return {
    campaignsAwaitingReview: row?.campaigns_awaiting_review ?? 0,
    complaintsOverdue: row?.complaints_overdue ?? 0,
    complaintsDueSoon: row?.complaints_due_soon ?? 0,
    pendingReviews: row?.pending_reviews ?? 0,
    newContactMessages: row?.new_contact_messages ?? 0,
  };
}

export interface UserFilters extends Page {
  search?: string | undefined;
  /** A phone number the search reads as, in its stored +234 form. */
  searchPhone?: string | undefined;
  role?: UserRow['role'] | undefined;
  advocate?: boolean | undefined;
  suspended?: boolean | undefined;
}

/** A page of users, newest first. */
export function listUsers(executor: Executor, filters: UserFilters) {
  const conditions: (SQL | undefined)[] = [
    filters.role ? eq(users.role, filters.role) : undefined,
    filters.advocate === undefined ? undefined : eq(users.isAdvocate, filters.advocate),
    filters.suspended === undefined
      ? undefined
      : filters.suspended
        ? isNotNull(users.suspendedAt)
        : isNull(users.suspendedAt),
  ];
  if (filters.search) {
    const pattern = contains(filters.search);
    conditions.push(
      sql`((${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern} or ${users.email} ilike ${pattern} or ${users.phone} ilike ${pattern}${
        filters.searchPhone ? sql` or ${users.phone} = ${filters.searchPhone}` : sql``
      })`,
    );
  }
  const where = and(...conditions);
  return paged(
    executor
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(filters.limit)
      .offset((filters.page - 1) * filters.limit),
    executor.select({ total: countAll }).from(users).where(where),
  );
}

export async function findUser(executor: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await executor.select().from(users).where(eq(users.id, id));
  return row;
}

/** Locks the user's row until the transaction ends. */
export async function lockUser(executor: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await executor.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

/**
 * Locks every admin row and returns their ids: two admins demoting each other at once are
 * serialised, so the second one sees the first one's change.
 */
export async function lockAdmins(executor: Executor): Promise<string[]> {
  const rows = await executor
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(users.id)
    .for('update');
  return rows.map((row) => row.id);
}

export async function updateUser(
  executor: Executor,
  id: string,
  patch: Partial<Pick<UserRow, 'role' | 'isAdvocate' | 'suspendedAt' | 'suspendedReason'>>,
): Promise<UserRow | undefined> {
  const [row] = await executor
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** Ends every open session of the user at once (their refresh tokens stop working with them). */
export async function revokeAllSessions(
  executor: Executor,
  userId: string,
  reason: string,
): Promise<number> {
  const rows = await executor
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length;
}

export interface ContactMessageFilters extends Page {
  status: 'new' | 'handled' | 'all';
  search?: string | undefined;
}

/** A page of contact messages, newest first. */
export function listContactMessages(executor: Executor, filters: ContactMessageFilters) {
  const conditions: (SQL | undefined)[] = [
    filters.status === 'new' ? isNull(contactMessages.handledAt) : undefined,
    filters.status === 'handled' ? isNotNull(contactMessages.handledAt) : undefined,
  ];
  if (filters.search) {
    const pattern = contains(filters.search);
    conditions.push(
      sql`((${contactMessages.firstName} || ' ' || ${contactMessages.lastName}) ilike ${pattern} or ${contactMessages.email} ilike ${pattern} or ${contactMessages.phone} ilike ${pattern} or ${contactMessages.message} ilike ${pattern})`,
    );
  }
  const where = and(...conditions);
  return paged(
    executor
      .select()
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(filters.limit)
      .offset((filters.page - 1) * filters.limit),
    executor.select({ total: countAll }).from(contactMessages).where(where),
  );
}

export async function findContactMessage(
  executor: Executor,
  id: string,
): Promise<ContactMessageRow | undefined> {
  const [row] = await executor.select().from(contactMessages).where(eq(contactMessages.id, id));
  return row;
}

/** Marks the message handled (keeping the first time it was) or new again. */
export async function setContactMessageHandled(
  executor: Executor,
  id: string,
  handled: boolean,
): Promise<ContactMessageRow | undefined> {
  const [row] = await executor
    .update(contactMessages)
    .set({ handledAt: handled ? sql`coalesce(${contactMessages.handledAt}, now())` : null })
    .where(eq(contactMessages.id, id))
    .returning();
  return row;
}
