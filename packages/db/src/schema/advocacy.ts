import type { ComplaintStatus } from '@ipatient/contracts/advocacy-rules';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A patient's complaint about the care they received (the advocacy service). `reference` is the
 * number the patient quotes; the two deadlines are fixed at submission (working days, docs/product.md#working-days).
 */
export const complaints = pgTable(
  'complaints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull().unique('complaints_reference_unique'),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hospitalName: text('hospital_name').notNull(),
    hospitalAddress: text('hospital_address').notNull(),
    category: text('category').notNull(),
    complaints: text('complaints').notNull(),
    status: text('status').$type<ComplaintStatus>().notNull().default('submitted'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    acknowledgementDueAt: timestamp('acknowledgement_due_at', { withTimezone: true }).notNull(),
    responseDueAt: timestamp('response_due_at', { withTimezone: true }).notNull(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    /** When it reached resolved or closed. */
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'complaints_status_known',
      sql`${t.status} in ('submitted', 'acknowledged', 'under_review', 'resolved', 'closed')`,
    ),
    index('complaints_owner').on(t.userId, t.submittedAt.desc()),
    index('complaints_by_status').on(t.status, t.submittedAt),
    // Open complaints by the deadline that matters next (the admin's due and overdue queue).
    index('complaints_open_by_response_due')
      .on(t.responseDueAt)
      .where(sql`${t.status} not in ('resolved', 'closed')`),
  ],
);

/** Each status a complaint has had, with the admin's note (the first entry is the submission). */
export const complaintEvents = pgTable(
  'complaint_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    complaintId: uuid('complaint_id')
      .notNull()
      .references(() => complaints.id, { onDelete: 'cascade' }),
    status: text('status').$type<ComplaintStatus>().notNull(),
    note: text('note').notNull().default(''),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'complaint_events_status_known',
      sql`${t.status} in ('submitted', 'acknowledged', 'under_review', 'resolved', 'closed')`,
    ),
    index('complaint_events_by_complaint').on(t.complaintId, t.createdAt),
  ],
);
