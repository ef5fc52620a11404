import type { ComplaintStatus } from '@ipatient/contracts/advocacy-rules';
import {
  and,
  asc,
  complaintEvents,
  complaints,
  containsPattern,
  type Executor,
  eq,
  inArray,
  type SQL,
  siteDocuments,
  sql,
  users,
} from '@ipatient/db';

export type ComplaintRow = typeof complaints.$inferSelect;
export type ComplaintInsert = typeof complaints.$inferInsert;

export interface ComplaintOwner {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

export interface ComplaintWithOwner {
  complaint: ComplaintRow;
  owner: ComplaintOwner;
}

export interface ComplaintEventRow {
  complaintId: string;
  status: ComplaintStatus;
  note: string;
  createdAt: Date;
  actor: { firstName: string; lastName: string } | null;
}

const ownerColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
};

/** Serialises one user's submissions until the transaction ends (the daily limit). */
export async function lockSubmitter(executor: Executor, userId: string): Promise<void> {
  await executor.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`complaint-submit:${userId}`}))`,
  );
}

/**
 * The submitter's complaint with exactly this hospital, category and text sent since `since`,
 * if any: the same complaint sent twice. Read under `lockSubmitter`, so two sent at once cannot
 * both miss each other.
 */
export async function findSameComplaint(
  executor: Executor,
  userId: string,
  values: Pick<ComplaintInsert, 'hospitalName' | 'category' | 'complaints'>,
  since: Date,
): Promise<ComplaintRow | undefined> {
  const [row] = await executor
    .select()
    .from(complaints)
    .where(
      and(
        eq(complaints.userId, userId),
        eq(complaints.hospitalName, values.hospitalName),
        eq(complaints.category, values.category),
        eq(complaints.complaints, values.complaints),
        sql`${complaints.createdAt} >= ${since}`,
      ),
    )
    .limit(1);
  return row;
}

/**
 * Inserts the complaint unless its reference is taken: then nothing is written and undefined
 * comes back, without aborting the caller's transaction, so it can try another reference.
 */
export async function insertComplaint(
  executor: Executor,
  values: ComplaintInsert,
): Promise<ComplaintRow | undefined> {
  const [row] = await executor
    .insert(complaints)
    .values(values)
    .onConflictDoNothing({ target: complaints.reference })
    .returning();
  return row;
}

export async function insertEvent(
  executor: Executor,
  values: typeof complaintEvents.$inferInsert,
): Promise<void> {
  await executor.insert(complaintEvents).values(values);
}

/** A complaint with its patient; `lock` takes the row for an update. */
export async function findComplaint(
  executor: Executor,
  id: string,
  options: { lock?: boolean } = {},
): Promise<ComplaintWithOwner | undefined> {
  const query = executor
    .select({ complaint: complaints, owner: ownerColumns })
    .from(complaints)
    .innerJoin(users, eq(users.id, complaints.userId))
    .where(eq(complaints.id, id))
    .limit(1);
  const [row] = await (options.lock ? query.for('update', { of: complaints }) : query);
  return row;
}

/** The history of several complaints, oldest first, with the names of who made each change. */
export async function eventsOf(
  executor: Executor,
  complaintIds: string[],
): Promise<Map<string, ComplaintEventRow[]>> {
  const byComplaint = new Map<string, ComplaintEventRow[]>();
  if (complaintIds.length === 0) return byComplaint;
  const rows = await executor
    .select({
      complaintId: complaintEvents.complaintId,
      status: complaintEvents.status,
      note: complaintEvents.note,
      createdAt: complaintEvents.createdAt,
      actorFirstName: users.firstName,
      actorLastName: users.lastName,
    })
    .from(complaintEvents)
    .leftJoin(users, eq(users.id, complaintEvents.actorId))
    .where(inArray(complaintEvents.complaintId, complaintIds))
    .orderBy(asc(complaintEvents.createdAt), asc(complaintEvents.id));
  for (const row of rows) {
    const list = byComplaint.get(row.complaintId) ?? [];
    list.push({
      complaintId: row.complaintId,
      status: row.status,
      note: row.note,
      createdAt: row.createdAt,
      actor:
        row.actorFirstName !== null && row.actorLastName !== null
          ? { firstName: row.actorFirstName, lastName: row.actorLastName }
          : null,
    });
    byComplaint.set(row.complaintId, list);
  }
  return byComplaint;
}

/** Late now: acknowledgement while still submitted, or the response while still open. */
const overdueNow = sql`((${complaints.status} = 'submitted' and ${complaints.acknowledgementDueAt} < now()) or (${complaints.status} not in ('resolved', 'closed') and ${complaints.responseDueAt} < now()))`;

export interface ComplaintListOptions {
  page: number;
  limit: number;
  userId?: string | undefined;
  status?: ComplaintStatus | undefined;
  overdue?: boolean | undefined;
  search?: string | undefined;
}

/** A page of complaints, newest first, with the number that match. */
export async function listComplaints(
  executor: Executor,
  options: ComplaintListOptions,
): Promise<{ rows: ComplaintWithOwner[]; total: number }> {
  const conditions: (SQL | undefined)[] = [
    options.userId ? eq(complaints.userId, options.userId) : undefined,
    options.status ? eq(complaints.status, options.status) : undefined,
    options.overdue === true ? overdueNow : undefined,
    options.overdue === false ? sql`not ${overdueNow}` : undefined,
  ];
  if (options.search) {
    const pattern = containsPattern(options.search);
    conditions.push(
      sql`(${complaints.reference} ilike ${pattern} or ${complaints.hospitalName} ilike ${pattern})`,
    );
  }
  const where = and(...conditions);
  const [rows, counted] = await Promise.all([
    executor
      .select({ complaint: complaints, owner: ownerColumns })
      .from(complaints)
      .innerJoin(users, eq(users.id, complaints.userId))
      .where(where)
      .orderBy(sql`${complaints.submittedAt} desc, ${complaints.id} desc`)
      .limit(options.limit)
      .offset((options.page - 1) * options.limit),
    executor.select({ total: sql<number>`count(*)::int` }).from(complaints).where(where),
  ]);
  return { rows, total: counted[0]?.total ?? 0 };
}

export async function updateComplaint(
  executor: Executor,
  id: string,
  patch: Partial<ComplaintInsert>,
): Promise<ComplaintRow | undefined> {
  const [row] = await executor
    .update(complaints)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(complaints.id, id))
    .returning();
  return row;
}

/** Removes the complaint; its history goes with it (on delete cascade). */
export async function deleteComplaint(executor: Executor, id: string): Promise<void> {
  await executor.delete(complaints).where(eq(complaints.id, id));
}

/** The contact address of the website documents, if one is set. */
export async function findSiteContactEmail(executor: Executor): Promise<string | undefined> {
  const [row] = await executor
    .select({ contactUs: siteDocuments.contactUs })
    .from(siteDocuments)
    .limit(1);
  return row?.contactUs?.email || undefined;
}
