import type { ReviewSort, ReviewStatus } from '@ipatient/contracts/facility-rules';
import {
  and,
  containsPattern,
  type Executor,
  eq,
  facilities,
  facilityReviews,
  facilityReviewUseful,
  getTableColumns,
  inArray,
  type SQL,
  sql,
  users,
} from '@ipatient/db';
import { paysDirectColumn } from './facility-payout.repository.ts';

export type FacilityRow = typeof facilities.$inferSelect;
/** A facility with whether it has a verified payout account (the public `paysDirect`). */
export type FacilityListed = FacilityRow & { paysDirect: boolean };

const listedColumns = { ...getTableColumns(facilities), paysDirect: paysDirectColumn };
export type FacilityInsert = typeof facilities.$inferInsert;
export type ReviewRow = typeof facilityReviews.$inferSelect;

export interface Reviewer {
  id: string;
  firstName: string;
  lastName: string;
  image: string | null;
  email: string;
}

/** A review with its author and the facility it is about. */
export interface ReviewWithAuthor {
  review: ReviewRow;
  author: Reviewer;
  facility: { id: string; name: string; state: string; lga: string };
}

const authorColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  image: users.image,
  email: users.email,
};

const facilitySummaryColumns = {
  id: facilities.id,
  name: facilities.name,
  state: facilities.state,
  lga: facilities.lga,
};

export interface FacilityFilters {
  search?: string | undefined;
  minRating?: number | undefined;
  state?: string | undefined;
  verified: boolean;
  page: number;
  limit: number;
}

/** One page of the directory and how many facilities match, best rated first. */
export async function listFacilities(
  executor: Executor,
  filters: FacilityFilters,
): Promise<{ rows: FacilityListed[]; total: number }> {
  const conditions: SQL[] = [];
  if (filters.search) {
    const pattern = containsPattern(filters.search);
    conditions.push(
      sql`(${facilities.name} ilike ${pattern} or exists (select 1 from unnest(${facilities.services}) as service where service ilike ${pattern}))`,
    );
  }
  if (filters.minRating !== undefined) {
    conditions.push(sql`${facilities.averageRating} >= ${filters.minRating}`);
  }
  if (filters.state) conditions.push(eq(facilities.state, filters.state));
  if (filters.verified) conditions.push(eq(facilities.verified, true));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, counted] = await Promise.all([
    executor
      .select(listedColumns)
      .from(facilities)
      .where(where)
      .orderBy(
        sql`${facilities.averageRating} desc, ${facilities.reviewCount} desc, ${facilities.name} asc, ${facilities.id} asc`,
      )
      .limit(filters.limit)
      .offset((filters.page - 1) * filters.limit),
    executor.select({ total: sql<number>`count(*)::int` }).from(facilities).where(where),
  ]);
  return { rows, total: counted[0]?.total ?? 0 };
}

export async function findFacility(
  executor: Executor,
  id: string,
): Promise<FacilityListed | undefined> {
  const [row] = await executor
    .select(listedColumns)
    .from(facilities)
    .where(eq(facilities.id, id))
    .limit(1);
  return row;
}

export async function insertFacility(
  executor: Executor,
  values: FacilityInsert,
): Promise<FacilityRow> {
  const [row] = await executor.insert(facilities).values(values).returning();
  if (!row) throw new Error('facility insert returned no row');
  return row;
}

export async function countFacilities(executor: Executor): Promise<number> {
  const [row] = await executor.select({ total: sql<number>`count(*)::int` }).from(facilities);
  return row?.total ?? 0;
}

/** Approved reviews per star of one facility. */
export async function ratingBreakdown(
  executor: Executor,
  facilityId: string,
): Promise<Map<number, number>> {
  const rows = await executor
    .select({ rating: facilityReviews.rating, count: sql<number>`count(*)::int` })
    .from(facilityReviews)
    .where(and(eq(facilityReviews.facilityId, facilityId), eq(facilityReviews.status, 'approved')))
    .groupBy(facilityReviews.rating);
  return new Map(rows.map((row) => [row.rating, row.count]));
}

function reviewQuery(executor: Executor) {
  return executor
    .select({ review: facilityReviews, author: authorColumns, facility: facilitySummaryColumns })
    .from(facilityReviews)
    .innerJoin(users, eq(users.id, facilityReviews.userId))
    .innerJoin(facilities, eq(facilities.id, facilityReviews.facilityId));
}

/** One review with its author; `lock` takes the review row for an update. */
export async function findReview(
  executor: Executor,
  id: string,
  options: { lock?: boolean } = {},
): Promise<ReviewWithAuthor | undefined> {
  const query = reviewQuery(executor).where(eq(facilityReviews.id, id)).limit(1);
  const [row] = await (options.lock ? query.for('update', { of: facilityReviews }) : query);
  return row;
}

export async function findUsersReview(
  executor: Executor,
  facilityId: string,
  userId: string,
): Promise<ReviewWithAuthor | undefined> {
  const [row] = await reviewQuery(executor)
    .where(and(eq(facilityReviews.facilityId, facilityId), eq(facilityReviews.userId, userId)))
    .limit(1);
  return row;
}

const REVIEW_ORDER: Record<ReviewSort, SQL> = {
  relevant: sql`${facilityReviews.usefulCount} desc, ${facilityReviews.verified} desc, ${facilityReviews.publishedAt} desc, ${facilityReviews.id} asc`,
  recent: sql`${facilityReviews.publishedAt} desc, ${facilityReviews.id} asc`,
  highest: sql`${facilityReviews.rating} desc, ${facilityReviews.publishedAt} desc, ${facilityReviews.id} asc`,
  lowest: sql`${facilityReviews.rating} asc, ${facilityReviews.publishedAt} desc, ${facilityReviews.id} asc`,
};

/** One page of a facility's approved reviews. */
export async function listApprovedReviews(
  executor: Executor,
  facilityId: string,
  options: { sort: ReviewSort; page: number; limit: number },
): Promise<{ rows: ReviewWithAuthor[]; total: number }> {
  const where = and(
    eq(facilityReviews.facilityId, facilityId),
    eq(facilityReviews.status, 'approved'),
  );
  const [rows, counted] = await Promise.all([
    reviewQuery(executor)
      .where(where)
      .orderBy(REVIEW_ORDER[options.sort])
      .limit(options.limit)
      .offset((options.page - 1) * options.limit),
    executor.select({ total: sql<number>`count(*)::int` }).from(facilityReviews).where(where),
  ]);
  return { rows, total: counted[0]?.total ?? 0 };
}

/** A user's reviews, newest change first. */
export async function listUsersReviews(
  executor: Executor,
  userId: string,
  options: { page: number; limit: number },
): Promise<{ rows: ReviewWithAuthor[]; total: number }> {
  const where = eq(facilityReviews.userId, userId);
  const [rows, counted] = await Promise.all([
    reviewQuery(executor)
      .where(where)
      .orderBy(sql`${facilityReviews.updatedAt} desc, ${facilityReviews.id} asc`)
      .limit(options.limit)
      .offset((options.page - 1) * options.limit),
    executor.select({ total: sql<number>`count(*)::int` }).from(facilityReviews).where(where),
  ]);
  return { rows, total: counted[0]?.total ?? 0 };
}

/** The moderation queue: oldest change first, optionally of one status. */
export async function listForModeration(
  executor: Executor,
  options: { status?: ReviewStatus | undefined; page: number; limit: number },
): Promise<{ rows: ReviewWithAuthor[]; total: number }> {
  const where = options.status ? eq(facilityReviews.status, options.status) : undefined;
  const [rows, counted] = await Promise.all([
    reviewQuery(executor)
      .where(where)
      .orderBy(sql`${facilityReviews.updatedAt} asc, ${facilityReviews.id} asc`)
      .limit(options.limit)
      .offset((options.page - 1) * options.limit),
    executor.select({ total: sql<number>`count(*)::int` }).from(facilityReviews).where(where),
  ]);
  return { rows, total: counted[0]?.total ?? 0 };
}

/** Which of these reviews the user has marked useful. */
export async function usefulBy(
  executor: Executor,
  userId: string,
  reviewIds: string[],
): Promise<Set<string>> {
  if (reviewIds.length === 0) return new Set();
  const rows = await executor
    .select({ reviewId: facilityReviewUseful.reviewId })
    .from(facilityReviewUseful)
    .where(
      and(
        eq(facilityReviewUseful.userId, userId),
        inArray(facilityReviewUseful.reviewId, reviewIds),
      ),
    );
  return new Set(rows.map((row) => row.reviewId));
}

/** Serialises one user's review submissions until the transaction ends. */
export async function lockReviewer(executor: Executor, userId: string): Promise<void> {
  await executor.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`facility-review:${userId}`}))`,
  );
}

export async function insertReview(
  executor: Executor,
  values: typeof facilityReviews.$inferInsert,
): Promise<ReviewRow> {
  const [row] = await executor.insert(facilityReviews).values(values).returning();
  if (!row) throw new Error('review insert returned no row');
  return row;
}

export async function updateReview(
  executor: Executor,
  id: string,
  patch: Partial<typeof facilityReviews.$inferInsert>,
): Promise<ReviewRow | undefined> {
  const [row] = await executor
    .update(facilityReviews)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(facilityReviews.id, id))
    .returning();
  return row;
}

export async function deleteReview(executor: Executor, id: string): Promise<void> {
  await executor.delete(facilityReviews).where(eq(facilityReviews.id, id));
}

/**
 * Adds an approved rating to (sign 1) or takes it out of (sign -1) the facility's figures. The
 * caller holds the review's row lock, so a rating is never counted twice; the update itself
 * locks the facility row, so concurrent changes of different reviews add up.
 */
export async function adjustAggregates(
  executor: Executor,
  facilityId: string,
  rating: number,
  sign: 1 | -1,
): Promise<void> {
  await executor
    .update(facilities)
    .set({
      reviewCount: sql`${facilities.reviewCount} + ${sign}`,
      ratingTotal: sql`${facilities.ratingTotal} + ${sign * rating}`,
      updatedAt: sql`now()`,
    })
    .where(eq(facilities.id, facilityId));
}

/**
 * Records a 'useful' mark and counts it, in the caller's transaction. The primary key decides
 * whether it is new, so two requests at once cannot both count. Returns the review's count.
 */
export async function addUseful(
  executor: Executor,
  reviewId: string,
  userId: string,
): Promise<{ added: boolean; usefulCount: number }> {
  const inserted = await executor
    .insert(facilityReviewUseful)
    .values({ reviewId, userId })
    .onConflictDoNothing()
    .returning({ reviewId: facilityReviewUseful.reviewId });
  const added = inserted.length > 0;
  const [row] = added
    ? await executor
        .update(facilityReviews)
        .set({ usefulCount: sql`${facilityReviews.usefulCount} + 1` })
        .where(eq(facilityReviews.id, reviewId))
        .returning({ usefulCount: facilityReviews.usefulCount })
    : await executor
        .select({ usefulCount: facilityReviews.usefulCount })
        .from(facilityReviews)
        .where(eq(facilityReviews.id, reviewId));
  return { added, usefulCount: row?.usefulCount ?? 0 };
}

export async function updateFacility(
  executor: Executor,
  id: string,
  patch: Partial<FacilityInsert>,
): Promise<FacilityRow | undefined> {
  const [row] = await executor
    .update(facilities)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(facilities.id, id))
    .returning();
  return row;
}

/** Removes a facility; its reviews (and their 'useful' marks) go with it by cascade. */
export async function deleteFacility(
  executor: Executor,
  id: string,
): Promise<FacilityRow | undefined> {
  const [row] = await executor.delete(facilities).where(eq(facilities.id, id)).returning();
  return row;
}

export async function findFacilityForUpdate(
  executor: Executor,
  id: string,
): Promise<FacilityRow | undefined> {
  const [row] = await executor
    .select()
    .from(facilities)
    .where(eq(facilities.id, id))
    .limit(1)
    .for('update');
  return row;
}

/**
 * A facility under a share lock until the transaction ends: it waits for a change under way
 * (which locks the row for update) and stops one from starting, without blocking readers.
 */
export async function findFacilityShared(
  executor: Executor,
  id: string,
): Promise<FacilityRow | undefined> {
  const [row] = await executor
    .select()
    .from(facilities)
    .where(eq(facilities.id, id))
    .limit(1)
    .for('share');
  return row;
}
