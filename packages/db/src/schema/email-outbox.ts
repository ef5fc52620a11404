import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const emailStatuses = ['pending', 'sent', 'failed'] as const;
export type EmailStatus = (typeof emailStatuses)[number];

/**
 * Every email is written here in the same transaction as the change that caused it, then
 * delivered by the mail worker, so a message is never lost when the mail server is down.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /**
     * The one-click unsubscribe address of a message someone may stop (a campaign's update
     * emails): sent as the List-Unsubscribe header, with List-Unsubscribe-Post.
     */
    listUnsubscribe: text('list_unsubscribe'),
    status: text('status').$type<EmailStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** How it left: 'smtp', or 'mailbox' for the local development mailbox. */
    deliveredVia: text('delivered_via'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('email_outbox_due').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('email_outbox_to').on(t.to, t.createdAt),
    check('email_outbox_status_known', sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
);
