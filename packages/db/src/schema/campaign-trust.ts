import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { campaigns, type StoredImageSize } from './campaigns.ts';
import { users } from './users.ts';

/**
 * An organiser's change to a live campaign that waits for review. The campaign stays live with
 * its approved version; `changes` holds the proposed values (keyed by the campaign's column
 * names, bank details already looked up) and `previous` the approved values they replace, so
 * the admin sees a diff. Approving copies `changes` onto the campaign; rejecting leaves it as it
 * was. At most one revision per campaign is pending: a further edit replaces its values.
 */
export const campaignRevisions = pgTable(
  'campaign_revisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull(),
    previous: jsonb('previous').$type<Record<string, unknown>>().notNull(),
    /** A new cover photo's sizes (stored, not shown until approved). */
    imageSizes: jsonb('image_sizes').$type<StoredImageSize[]>().notNull().default([]),
    /** The bank account changed: payouts are held until the revision is approved. */
    bankChanged: boolean('bank_changed').notNull().default(false),
    status: text('status')
      .$type<'pending' | 'approved' | 'rejected' | 'withdrawn'>()
      .notNull()
      .default('pending'),
    rejectionReason: text('rejection_reason'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check(
      'campaign_revisions_status_known',
      sql`${t.status} in ('pending', 'approved', 'rejected', 'withdrawn')`,
    ),
    uniqueIndex('campaign_revisions_one_pending')
      .on(t.campaignId)
      .where(sql`${t.status} = 'pending'`),
    index('campaign_revisions_queue').on(t.status, t.submittedAt),
    index('campaign_revisions_campaign').on(t.campaignId, t.submittedAt.desc()),
  ],
);

/**
 * An organiser's update on a campaign: shown at once on the campaign's timeline (an admin can
 * hide one) and emailed to the donors who asked to be kept informed.
 */
export const campaignUpdates = pgTable(
  'campaign_updates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    /** Storage key of the largest size; `image_sizes` holds every size. */
    image: text('image'),
    imageSizes: jsonb('image_sizes').$type<StoredImageSize[]>().notNull().default([]),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenBy: uuid('hidden_by').references(() => users.id, { onDelete: 'set null' }),
    hiddenReason: text('hidden_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('campaign_updates_body_length', sql`char_length(${t.body}) between 1 and 2000`),
    index('campaign_updates_timeline').on(t.campaignId, t.createdAt.desc()),
  ],
);

/**
 * A visitor's report that a campaign may be fraudulent or wrong. Admins work the queue: they
 * may hold the campaign's payouts while they look, and close the report as upheld or
 * dismissed; the reporter (when they gave an email) is told it arrived and how it ended.
 */
export const campaignReports = pgTable(
  'campaign_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    details: text('details').notNull(),
    reporterEmail: text('reporter_email'),
    reporterUserId: uuid('reporter_user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').$type<'open' | 'upheld' | 'dismissed'>().notNull().default('open'),
    /** What the admin decided, in words sent to the reporter. */
    outcome: text('outcome'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('campaign_reports_status_known', sql`${t.status} in ('open', 'upheld', 'dismissed')`),
    check(
      'campaign_reports_resolved_together',
      sql`(${t.status} = 'open') = (${t.resolvedAt} is null)`,
    ),
    index('campaign_reports_queue').on(t.status, t.createdAt),
    index('campaign_reports_campaign').on(t.campaignId, t.createdAt.desc()),
  ],
);
