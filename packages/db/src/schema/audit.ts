import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Every admin write: who, what (the action, e.g. "PUT /admin/crowdfunding/{id}/status"), which
 * record, a one-line summary and the record before and after (trimmed), and when.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept as written at the time, so the entry still reads right if the account goes. */
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    summary: text('summary').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    requestId: text('request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_recent').on(t.createdAt.desc()),
    index('audit_log_by_entity').on(t.entityType, t.entityId, t.createdAt.desc()),
    index('audit_log_by_actor').on(t.actorId, t.createdAt.desc()),
    index('audit_log_action').on(sql`lower(${t.action})`),
  ],
);
