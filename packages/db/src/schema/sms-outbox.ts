import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const smsStatuses = ['pending', 'sending', 'sent', 'failed'] as const;
export type SmsStatus = (typeof smsStatuses)[number];

/**
 * Every text message is written here in the same transaction as the change that caused it, then
 * delivered by the SMS worker (a provider such as Termii, or the local SMS inbox), so a message
 * is never lost when the gateway is down. `sending` marks a message handed to the provider whose
 * answer has not been recorded yet: it is never sent again blindly (exactly once).
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** E.164, e.g. +2348031234567. */
    to: text('to').notNull(),
    text: text('text').notNull(),
    /** What the message is for: `code`, `receipt`, `complaint` (kept for the logs and purges). */
    kind: text('kind').notNull(),
    status: text('status').$type<SmsStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** How it left: the provider's name (`termii`), or `inbox` for the local SMS inbox. */
    deliveredVia: text('delivered_via'),
    /** The provider's id of the message, when it gave one. */
    providerMessageId: text('provider_message_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sms_outbox_due').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('sms_outbox_to').on(t.to, t.createdAt),
    index('sms_outbox_created').on(t.createdAt),
    check('sms_outbox_status_known', sql`${t.status} in ('pending', 'sending', 'sent', 'failed')`),
  ],
);
