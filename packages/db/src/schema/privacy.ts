import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const consentKinds = [
  'terms',
  'privacy',
  'marketing_emails',
  'sms_updates',
  'cookies',
  'donor_updates',
] as const;
export type ConsentKind = (typeof consentKinds)[number];

/**
 * Every consent a member gave or withdrew, in order: which version of the terms or privacy
 * notice they accepted and when, and each change of an opt-in (emails, SMS, cookies). The
 * newest row of a kind is the member's current choice; the rows before it are the record.
 */
export const consents = pgTable(
  'consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ConsentKind>().notNull(),
    /**
     * The document's version for `terms` and `privacy`; for cookies the choice's name; for
     * `donor_updates` the title of the campaign whose updates were asked for or stopped.
     */
    version: text('version'),
    granted: boolean('granted').notNull(),
    /** Where it was given: `signup`, `account`, `unsubscribe`, `cookie_banner`, `donation`. */
    source: text('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('consents_user').on(t.userId, t.kind, t.createdAt.desc()),
    check(
      'consents_kind_known',
      sql`${t.kind} in ('terms', 'privacy', 'marketing_emails', 'sms_updates', 'cookies', 'donor_updates')`,
    ),
  ],
);

export const dataExportStatuses = ['pending', 'ready', 'failed'] as const;
export type DataExportStatus = (typeof dataExportStatuses)[number];

/**
 * A member's request for a copy of their data: prepared in the background as one zip (JSON and
 * their files), stored privately, and offered by a link whose token is kept here only as a hash
 * and which expires. Only the member who asked can use it, signed in.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<DataExportStatus>().notNull().default('pending'),
    /** SHA-256 of the download link's token. */
    tokenHash: text('token_hash'),
    /** Where the zip is stored (private storage). */
    storageKey: text('storage_key'),
    sizeBytes: integer('size_bytes'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    downloadedAt: timestamp('downloaded_at', { withTimezone: true }),
  },
  (t) => [
    index('data_exports_user').on(t.userId, t.createdAt.desc()),
    index('data_exports_pending').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    index('data_exports_expires').on(t.expiresAt),
    check('data_exports_status_known', sql`${t.status} in ('pending', 'ready', 'failed')`),
  ],
);

/**
 * Who opened which private record: campaign documents, complaints and their files, facility
 * documents, data exports. Kept beside the audit log (which holds admin writes) so a breach can
 * be traced to the records it touched and the people they belong to.
 */
export const accessLog = pgTable(
  'access_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The actor's role at the time (`member`, `facility`, `admin`, or `advocate`). */
    actorRole: text('actor_role').notNull(),
    /** What was opened: `campaign_document`, `complaint`, `complaint_document`, `facility_document`, `data_export`. */
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    /** Whose data it is, when known. */
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** `view`, `download` or `list`. */
    action: text('action').notNull(),
    requestId: text('request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('access_log_recent').on(t.createdAt.desc()),
    index('access_log_subject').on(t.subjectType, t.subjectId, t.createdAt.desc()),
    index('access_log_actor').on(t.actorId, t.createdAt.desc()),
    index('access_log_owner').on(t.ownerId, t.createdAt.desc()),
  ],
);
