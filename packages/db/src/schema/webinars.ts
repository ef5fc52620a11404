import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A 'Watch On-Demand' registration. `webinar_id` names one of the sample webinars in the
 * contracts; one registration per email per webinar.
 */
export const webinarRegistrations = pgTable(
  'webinar_registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    webinarId: text('webinar_id').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webinar_registrations_one_per_email').on(t.webinarId, sql`lower(${t.email})`),
    index('webinar_registrations_recent').on(t.createdAt.desc()),
  ],
);
