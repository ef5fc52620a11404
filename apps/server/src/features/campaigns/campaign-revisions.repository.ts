import {
  and,
  asc,
  campaignRevisions,
  campaigns,
  type Executor,
  eq,
  facilities,
  inArray,
  isNull,
  type StoredImageSize,
  sql,
  users,
} from '@ipatient/db';

export type RevisionRow = typeof campaignRevisions.$inferSelect;

/** The campaign's change waiting for review; `lock` takes its row for an update. */
export async function findPendingRevision(
  executor: Executor,
  campaignId: string,
  options: { lock?: boolean } = {},
): Promise<RevisionRow | undefined> {
  const query = executor
    .select()
    .from(campaignRevisions)
    .where(
      and(eq(campaignRevisions.campaignId, campaignId), eq(campaignRevisions.status, 'pending')),
    )
    .limit(1);
  const [row] = await (options.lock ? query.for('update') : query);
  return row;
}

export interface RevisionValues {
  changes: Record<string, unknown>;
  previous: Record<string, unknown>;
  imageSizes: StoredImageSize[];
  bankChanged: boolean;
}

/** A new pending revision (the partial unique index allows one per campaign). */
export async function insertRevision(
  executor: Executor,
  campaignId: string,
  userId: string,
  values: RevisionValues,
): Promise<RevisionRow> {
  const [row] = await executor
    .insert(campaignRevisions)
    .values({ campaignId, userId, ...values })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Replaces a pending revision's values; its time moves, so a stale approval is refused. */
export async function replaceRevision(
  executor: Executor,
  id: string,
  values: RevisionValues,
): Promise<RevisionRow> {
  const [row] = await executor
    .update(campaignRevisions)
    .set({
      ...values,
      submittedAt: sql`greatest(clock_timestamp(), ${campaignRevisions.submittedAt} + interval '1 millisecond')`,
    })
    .where(eq(campaignRevisions.id, id))
    .returning();
  if (!row) throw new Error('update returned no row');
  return row;
}

/** Closes a pending revision: approved, rejected (with a reason) or withdrawn. */
export async function closeRevision(
  executor: Executor,
  id: string,
  close: {
    status: 'approved' | 'rejected' | 'withdrawn';
    reviewedBy?: string | undefined;
    rejectionReason?: string | undefined;
  },
): Promise<RevisionRow> {
  const [row] = await executor
    .update(campaignRevisions)
    .set({
      status: close.status,
      reviewedAt: new Date(),
      reviewedBy: close.reviewedBy ?? null,
      rejectionReason: close.rejectionReason ?? null,
    })
    .where(and(eq(campaignRevisions.id, id), eq(campaignRevisions.status, 'pending')))
    .returning();
  if (!row) throw new Error('revision is no longer pending');
  return row;
}

/** The pending revisions of campaigns that are not deleted, oldest first. */
export async function listPendingRevisions(
  executor: Executor,
  page: { page: number; limit: number },
): Promise<{ rows: RevisionRow[]; total: number }> {
  const where = and(eq(campaignRevisions.status, 'pending'), isNull(campaigns.deletedAt));
  const [rows, [count]] = await Promise.all([
    executor
      .select({ revision: campaignRevisions })
      .from(campaignRevisions)
      .innerJoin(campaigns, eq(campaigns.id, campaignRevisions.campaignId))
      .where(where)
      .orderBy(asc(campaignRevisions.submittedAt), asc(campaignRevisions.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    executor
      .select({ total: sql<number>`count(*)::int` })
      .from(campaignRevisions)
      .innerJoin(campaigns, eq(campaigns.id, campaignRevisions.campaignId))
      .where(where),
  ]);
  return { rows: rows.map((row) => row.revision), total: count?.total ?? 0 };
}

/** Names of organisers by id (for the queue). */
export async function organiserNames(
  executor: Executor,
  ids: readonly string[],
): Promise<Map<string, { firstName: string; lastName: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await executor
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(sql`${users.id} in ${ids}`);
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * A campaign of `userId` with the same key, or the same title, story, goal and account (one
 * not deleted or rejected): a second submission of one campaign.
 */
export async function findSubmittedTwin(
  executor: Executor,
  userId: string,
  twin: {
    submissionKey: string | undefined;
    title: string;
    description: string;
    amountNeeded: number;
    bankCode: string;
    accountNumber: string;
  },
): Promise<string | undefined> {
  const sameKey = twin.submissionKey
    ? sql`${campaigns.submissionKey} = ${twin.submissionKey}`
    : sql`false`;
  const [row] = await executor
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.userId, userId),
        sql`(${sameKey} or (
          ${campaigns.deletedAt} is null and ${campaigns.status} <> 'rejected'
          and ${campaigns.title} = ${twin.title}
          and ${campaigns.description} = ${twin.description}
          and ${campaigns.amountNeeded} = ${twin.amountNeeded}
          and ${campaigns.bankCode} = ${twin.bankCode}
          and ${campaigns.accountNumber} = ${twin.accountNumber}
        ))`,
      ),
    )
    .limit(1);
  return row?.id;
}

/** Facilities' names by id. */
export async function facilityNames(
  executor: Executor,
  ids: readonly unknown[],
): Promise<Map<string, string>> {
  const wanted = ids.filter((id): id is string => typeof id === 'string');
  if (wanted.length === 0) return new Map();
  const rows = await executor
    .select({ id: facilities.id, name: facilities.name })
    .from(facilities)
    .where(inArray(facilities.id, wanted));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The campaign (deleted or not) this member submitted with the wizard's draft key. */
export async function findBySubmissionKey(
  executor: Executor,
  userId: string,
  submissionKey: string,
): Promise<string | undefined> {
  const [row] = await executor
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.userId, userId), eq(campaigns.submissionKey, submissionKey)))
    .limit(1);
  return row?.id;
}
