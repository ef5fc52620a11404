import type { ReviewStatus } from '@ipatient/contracts/facility-rules';
import { type SQL, sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { StoredImageSize } from './campaigns.ts';
import { users } from './users.ts';

/**
 * A hospital, clinic or other facility in the directory. `review_count` and `rating_total` cover
 * approved reviews only and are kept in the same transaction as each moderation decision.
 */
export const facilities = pgTable(
  'facilities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Hospital, Clinic, Diagnostic centre, ... */
    facilityType: text('facility_type').notNull(),
    services: text('services').array().notNull().default(sql`'{}'::text[]`),
    state: text('state').notNull(),
    lga: text('lga').notNull(),
    address: text('address').notNull(),
    /** Storage key of the largest size; `image_sizes` holds every size. */
    image: text('image'),
    imageSizes: jsonb('image_sizes').$type<StoredImageSize[]>().notNull().default([]),
    verified: boolean('verified').notNull().default(false),
    reviewCount: integer('review_count').notNull().default(0),
    ratingTotal: integer('rating_total').notNull().default(0),
    /** The average of approved reviews to two places, 0 with none. */
    averageRating: numeric('average_rating', { precision: 3, scale: 2, mode: 'number' })
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`case when ${facilities.reviewCount} > 0 then round(${facilities.ratingTotal}::numeric / ${facilities.reviewCount}, 2) else 0 end`,
      ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('facilities_review_count_not_negative', sql`${t.reviewCount} >= 0`),
    check(
      'facilities_rating_total_in_range',
      sql`${t.ratingTotal} between ${t.reviewCount} and 5 * ${t.reviewCount}`,
    ),
    index('facilities_by_rating').on(t.averageRating.desc(), t.reviewCount.desc(), t.id),
    index('facilities_by_state').on(t.state, t.averageRating.desc()),
    index('facilities_by_name').on(t.name, t.id),
  ],
);

/** One review per user per facility; only approved ones are shown and counted. */
export const facilityReviews = pgTable(
  'facility_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    facilityId: uuid('facility_id')
      .notNull()
      .references(() => facilities.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    title: text('title').notNull().default(''),
    content: text('content').notNull(),
    status: text('status').$type<ReviewStatus>().notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    /** Set by the moderator when the visit was confirmed (the 'Verified' badge). */
    verified: boolean('verified').notNull().default(false),
    usefulCount: integer('useful_count').notNull().default(0),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    moderatedBy: uuid('moderated_by').references(() => users.id, { onDelete: 'set null' }),
    /** When it was last approved: 'Most recent' sorts by this. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('facility_reviews_one_per_user').on(t.facilityId, t.userId),
    check('facility_reviews_rating_1_to_5', sql`${t.rating} between 1 and 5`),
    check('facility_reviews_status_known', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check('facility_reviews_useful_not_negative', sql`${t.usefulCount} >= 0`),
    index('facility_reviews_approved')
      .on(t.facilityId, t.publishedAt.desc())
      .where(sql`${t.status} = 'approved'`),
    index('facility_reviews_owner').on(t.userId, t.updatedAt.desc()),
    index('facility_reviews_moderation').on(t.status, t.updatedAt),
  ],
);

/** 'Useful' marks: the primary key makes a second mark by the same user impossible. */
export const facilityReviewUseful = pgTable(
  'facility_review_useful',
  {
    reviewId: uuid('review_id')
      .notNull()
      .references(() => facilityReviews.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'facility_review_useful_pk', columns: [t.reviewId, t.userId] })],
);
