import {
  facilityTexts,
  type TAdminFacilityReview,
  type TAdminFacilityReviewListQuery,
  type TFacility,
  type TFacilityDetail,
  type TFacilityListQuery,
  type TFacilityReview,
  type TFacilityReviewListQuery,
  type TFacilityReviewRequest,
  type TFacilityReviewStatusRequest,
  type TMyFacilityReview,
  type TOwnFacilityReview,
} from '@ipatient/contracts/facilities';
import { isTopRated, reviewLimits } from '@ipatient/contracts/facility-rules';
import { isUuid } from '@ipatient/contracts/ids';
import type { Database } from '@ipatient/db';
import type { UserRow } from '../../lib/present-user.ts';
import type { OutboxMailer, Viewer } from '../../lib/service-deps.ts';
import { AppError } from '../../plugins/errors.ts';
import { assertWithinLimit, type Limit, recordEvent } from '../../plugins/rate-limits.ts';
import { reviewDecisionEmail } from './facilities.emails.ts';
import * as repository from './facilities.repository.ts';

export interface FacilitiesDeps {
  db: Database;
  mail: OutboxMailer;
  publicUrl: string;
}

/** Card (400), 2x card (800), detail on a large screen (1200). */
export const FACILITY_IMAGE_WIDTHS = [400, 800, 1200] as const;

const reviewLimit: Limit = {
  bucket: 'facility-review',
  max: reviewLimits.perUserPerDay,
  windowSeconds: 24 * 60 * 60,
  message: 'You have written several reviews today. Please try again in {wait}.',
};

const facilityNotFound = () => AppError.notFound('Facility');
const reviewNotFound = () => AppError.notFound('Review');

/** An id that is not even a uuid names nothing: 404, like an unknown one. */
function assertId(id: string, notFound: () => AppError): void {
  if (!isUuid(id)) throw notFound();
}

const location = (row: { lga: string; state: string }) => `${row.lga}, ${row.state}`;

/**
 * The allow-list of what leaves the server about a facility: of its payout account, only
 * whether a verified one exists (`paysDirect`).
 */
export function presentFacility(row: repository.FacilityListed): TFacility {
  return {
    _id: row.id,
    name: row.name,
    facilityType: row.facilityType,
    services: row.services,
    state: row.state,
    lga: row.lga,
    address: row.address,
    location: location(row),
    image: row.image,
    imageSizes: row.imageSizes.map((size) => ({
      width: size.width,
      height: size.height,
      key: size.key,
    })),
    verified: row.verified,
    averageRating: Number(row.averageRating),
    reviewCount: row.reviewCount,
    isTopRated: isTopRated(Number(row.averageRating), row.reviewCount),
    paysDirect: row.paysDirect,
  };
}

/** A review as the public and its author see it (the author named "Ngozi E."). */
function presentReview(
  { review, author }: repository.ReviewWithAuthor,
  viewer: Viewer,
  usefulByMe: boolean,
): TFacilityReview {
  return {
    _id: review.id,
    facilityId: review.facilityId,
    rating: review.rating,
    title: review.title,
    content: review.content,
    status: review.status,
    verified: review.verified,
    usefulCount: review.usefulCount,
    usefulByMe,
    isMine: viewer?.id === review.userId,
    author: {
      firstName: author.firstName,
      lastInitial: author.lastName.trim().charAt(0).toUpperCase(),
      image: author.image,
    },
    createdAt: review.createdAt.toISOString(),
    updatedAt: review.updatedAt.toISOString(),
    publishedAt: review.publishedAt?.toISOString() ?? null,
  };
}

function presentOwnReview(
  row: repository.ReviewWithAuthor,
  viewer: Viewer,
  usefulByMe = false,
): TOwnFacilityReview {
  return { ...presentReview(row, viewer, usefulByMe), rejectionReason: row.review.rejectionReason };
}

function presentMyReview(row: repository.ReviewWithAuthor, viewer: Viewer): TMyFacilityReview {
  return {
    ...presentOwnReview(row, viewer),
    facility: { _id: row.facility.id, name: row.facility.name, location: location(row.facility) },
  };
}

function presentAdminReview(
  row: repository.ReviewWithAuthor,
  viewer: Viewer,
): TAdminFacilityReview {
  const mine = presentMyReview(row, viewer);
  return {
    ...mine,
    author: {
      ...mine.author,
      lastName: row.author.lastName,
      fullName: `${row.author.firstName} ${row.author.lastName}`.trim(),
      email: row.author.email,
    },
  };
}

export async function listFacilities(db: Database, query: TFacilityListQuery) {
  const { rows, total } = await repository.listFacilities(db, query);
  return {
    results: rows.map(presentFacility),
    meta: { page: query.page, limit: query.limit, total },
  };
}

export async function getFacility(
  db: Database,
  viewer: Viewer,
  id: string,
): Promise<TFacilityDetail> {
  assertId(id, facilityNotFound);
  const row = await repository.findFacility(db, id);
  if (!row) throw facilityNotFound();
  const [breakdown, mine] = await Promise.all([
    repository.ratingBreakdown(db, id),
    viewer ? repository.findUsersReview(db, id, viewer.id) : Promise.resolve(undefined),
  ]);
  return {
    ...presentFacility(row),
    ratingBreakdown: {
      '1': breakdown.get(1) ?? 0,
      '2': breakdown.get(2) ?? 0,
      '3': breakdown.get(3) ?? 0,
      '4': breakdown.get(4) ?? 0,
      '5': breakdown.get(5) ?? 0,
    },
    myReview: mine ? presentOwnReview(mine, viewer) : null,
  };
}

export async function listReviews(
  db: Database,
  viewer: Viewer,
  facilityId: string,
  query: TFacilityReviewListQuery,
) {
  assertId(facilityId, facilityNotFound);
  if (!(await repository.findFacility(db, facilityId))) throw facilityNotFound();
  const { rows, total } = await repository.listApprovedReviews(db, facilityId, query);
  const useful = viewer
    ? await repository.usefulBy(
        db,
        viewer.id,
        rows.map((row) => row.review.id),
      )
    : new Set<string>();
  return {
    results: rows.map((row) => presentReview(row, viewer, useful.has(row.review.id))),
    meta: { page: query.page, limit: query.limit, total },
  };
}

export async function createReview(
  db: Database,
  viewer: UserRow,
  facilityId: string,
  input: TFacilityReviewRequest,
): Promise<TOwnFacilityReview> {
  assertId(facilityId, facilityNotFound);
  const facility = await repository.findFacility(db, facilityId);
  if (!facility) throw facilityNotFound();
  const review = await db.transaction(async (tx) => {
    // One submission of this user at a time: the duplicate check and the daily count hold.
    await repository.lockReviewer(tx, viewer.id);
    if (await repository.findUsersReview(tx, facilityId, viewer.id)) {
      throw new AppError('CONFLICT', facilityTexts.alreadyReviewed);
    }
    await assertWithinLimit(tx, reviewLimit, viewer.id);
    const row = await repository.insertReview(tx, {
      facilityId,
      userId: viewer.id,
      rating: input.rating,
      title: input.title,
      content: input.content,
    });
    await recordEvent(tx, reviewLimit.bucket, viewer.id);
    return row;
  });
  return presentOwnReview(
    {
      review,
      author: viewer,
      facility: { id: facility.id, name: facility.name, state: facility.state, lga: facility.lga },
    },
    viewer,
  );
}

/** The author changes the review: it goes back to the moderators (and out of the average). */
export async function updateReview(
  db: Database,
  viewer: UserRow,
  id: string,
  input: TFacilityReviewRequest,
): Promise<TOwnFacilityReview> {
  assertId(id, reviewNotFound);
  const row = await db.transaction(async (tx) => {
    const current = await repository.findReview(tx, id, { lock: true });
    // Someone else's review is not there for this caller.
    if (!current || current.review.userId !== viewer.id) throw reviewNotFound();
    if (current.review.status === 'approved') {
      await repository.adjustAggregates(tx, current.review.facilityId, current.review.rating, -1);
    }
    const updated = await repository.updateReview(tx, id, {
      rating: input.rating,
      title: input.title,
      content: input.content,
      status: 'pending',
      rejectionReason: null,
      publishedAt: null,
      moderatedAt: null,
      moderatedBy: null,
    });
    if (!updated) throw reviewNotFound();
    return { ...current, review: updated };
  });
  return presentOwnReview(row, viewer);
}

/** The author or an admin deletes a review; an approved one leaves the facility's figures. */
export async function deleteReview(db: Database, viewer: UserRow, id: string): Promise<void> {
  assertId(id, reviewNotFound);
  await db.transaction(async (tx) => {
    const current = await repository.findReview(tx, id, { lock: true });
    if (!current) throw reviewNotFound();
    if (current.review.userId !== viewer.id && viewer.role !== 'admin') throw reviewNotFound();
    if (current.review.status === 'approved') {
      await repository.adjustAggregates(tx, current.review.facilityId, current.review.rating, -1);
    }
    await repository.deleteReview(tx, id);
  });
}

export async function markUseful(
  db: Database,
  viewer: UserRow,
  id: string,
): Promise<{ added: boolean; usefulCount: number }> {
  assertId(id, reviewNotFound);
  return db.transaction(async (tx) => {
    const current = await repository.findReview(tx, id);
    if (current?.review.status !== 'approved') throw reviewNotFound();
    if (current.review.userId === viewer.id) {
      throw new AppError('FORBIDDEN', "You can't mark your own review as useful.");
    }
    return repository.addUseful(tx, id, viewer.id);
  });
}

export async function listMyReviews(
  db: Database,
  viewer: UserRow,
  query: { page: number; limit: number },
) {
  const { rows, total } = await repository.listUsersReviews(db, viewer.id, query);
  return {
    results: rows.map((row) => presentMyReview(row, viewer)),
    meta: { page: query.page, limit: query.limit, total },
  };
}

export async function listForModeration(
  db: Database,
  admin: UserRow,
  query: TAdminFacilityReviewListQuery,
) {
  const { rows, total } = await repository.listForModeration(db, query);
  return {
    results: rows.map((row) => presentAdminReview(row, admin)),
    meta: { page: query.page, limit: query.limit, total },
  };
}

/**
 * Approves or rejects a review. The review's row lock makes each decision see the one before
 * it, so an approval is counted exactly once; the facility's figures change in the same
 * transaction, and the reviewer's email is queued with it.
 */
export async function moderateReview(
  deps: FacilitiesDeps,
  admin: UserRow,
  id: string,
  input: TFacilityReviewStatusRequest,
): Promise<TAdminFacilityReview> {
  assertId(id, reviewNotFound);
  const row = await deps.db.transaction(async (tx) => {
    const current = await repository.findReview(tx, id, { lock: true });
    if (!current) throw reviewNotFound();
    if (current.review.userId === admin.id) {
      throw new AppError('FORBIDDEN', 'Another admin must moderate your own review.');
    }
    const from = current.review.status;
    if (from === input.status) {
      throw new AppError('CONFLICT', `This review is already ${input.status}.`);
    }
    const { facilityId, rating } = current.review;
    if (input.status === 'approved') await repository.adjustAggregates(tx, facilityId, rating, 1);
    if (from === 'approved') await repository.adjustAggregates(tx, facilityId, rating, -1);
    const now = new Date();
    const updated = await repository.updateReview(tx, id, {
      status: input.status,
      moderatedAt: now,
      moderatedBy: admin.id,
      ...(input.verified !== undefined ? { verified: input.verified } : {}),
      ...(input.status === 'approved'
        ? { publishedAt: now, rejectionReason: null }
        : { publishedAt: null, rejectionReason: input.reason ?? null }),
    });
    if (!updated) throw reviewNotFound();
    await deps.mail.enqueue(tx, {
      to: current.author.email,
      ...reviewDecisionEmail({
        outcome: input.status,
        firstName: current.author.firstName,
        facilityName: current.facility.name,
        link:
          input.status === 'approved'
            ? `${deps.publicUrl}/review/${facilityId}`
            : `${deps.publicUrl}/account?tab=reviews`,
        reason: input.reason,
      }),
    });
    return { ...current, review: updated };
  });
  deps.mail.kick();
  return presentAdminReview(row, admin);
}
