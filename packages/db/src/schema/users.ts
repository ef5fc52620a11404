import type { UserRole } from '@ipatient/contracts/accounts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** A verified account. Emails are stored lower-cased, so the unique index is case-insensitive. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    /**
     * The address as one mailbox: lower-cased, a "+tag" dropped, and for Gmail the dots too, so
     * `ada.obi+x@gmail.com` and `adaobi@gmail.com` are one person. Unique: a second account for
     * the same mailbox is refused. Null once the account is erased.
     */
    emailKey: text('email_key'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** E.164, e.g. +2348031234567. */
    phone: text('phone').notNull(),
    /**
     * When the member proved `phone` is theirs with a code sent to it by SMS. A verified number
     * belongs to one account (the unique index below); only likes from accounts with one count
     * for the weekly winner.
     */
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    /** The member asked for donation receipts and complaint news by SMS too (needs a verified phone). */
    smsUpdates: boolean('sms_updates').notNull().default(false),
    /** The member opted in to news and campaign tips by email (never on by default). */
    marketingEmails: boolean('marketing_emails').notNull().default(false),
    passwordHash: text('password_hash').notNull(),
    role: text('role').$type<UserRole>().notNull().default('member'),
    isAdvocate: boolean('is_advocate').notNull().default(false),
    /** Storage key of the profile photo, served at /images/{image}. */
    image: text('image'),
    age: integer('age'),
    gender: text('gender'),
    address: text('address'),
    state: text('state'),
    lga: text('lga'),
    onboardedAt: timestamp('onboarded_at', { withTimezone: true }),
    /** Set while an admin has suspended the account: it cannot sign in or act. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspendedReason: text('suspended_reason'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true })
      .notNull()
      .defaultNow(),
    /**
     * The member deleted the account: from this moment it cannot sign in and nothing of it is
     * shown publicly. The erasure job then removes or anonymises its personal data.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** When the erasure job finished: the row keeps only what money and case records need. */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_email_key_unique').on(t.emailKey),
    uniqueIndex('users_verified_phone_unique')
      .on(t.phone)
      .where(sql`${t.phoneVerifiedAt} is not null`),
    index('users_deleted_not_erased')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} is not null and ${t.erasedAt} is null`),
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
    check('users_role_known', sql`${t.role} in ('member', 'facility', 'admin')`),
    check('users_age_range', sql`${t.age} is null or ${t.age} between 0 and 120`),
  ],
);

/** A sign-up waiting for its emailed code; becomes a `users` row when the code is right. */
export const pendingRegistrations = pgTable(
  'pending_registrations',
  {
    email: text('email').primaryKey(),
    /** As `users.email_key`: a sign-up for a mailbox that already has an account is refused. */
    emailKey: text('email_key'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone').notNull(),
    passwordHash: text('password_hash').notNull(),
    isAdvocate: boolean('is_advocate').notNull().default(false),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }).notNull(),
    /** The versions of the terms and the privacy notice the person accepted (recorded as consents). */
    termsVersion: text('terms_version'),
    privacyVersion: text('privacy_version'),
    /** Ticked "send me news by email" on the form (off unless ticked). */
    marketingEmails: boolean('marketing_emails').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Sign-ups never finished are purged on a schedule.
  (t) => [index('pending_registrations_updated').on(t.updatedAt)],
);

export const codePurposes = ['signup', 'reset', 'phone'] as const;
export type CodePurpose = (typeof codePurposes)[number];

/**
 * One-time codes (emailed, or for `phone` sent by SMS), stored as keyed hashes. Only the newest
 * open code of an address and purpose is valid: sending a new one closes the older ones. For
 * `phone`, `email` is the member's and `phone` the number the code was sent to.
 */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose').$type<CodePurpose>().notNull(),
    email: text('email').notNull(),
    /** E.164; only for `phone` codes: the number being verified. */
    phone: text('phone'),
    codeHash: text('code_hash').notNull(),
    wrongTries: integer('wrong_tries').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the code was used, superseded or tried too often. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('one_time_codes_email').on(t.purpose, t.email, t.createdAt),
    index('one_time_codes_open_hash').on(t.purpose, t.codeHash).where(sql`${t.closedAt} is null`),
    check('one_time_codes_purpose_known', sql`${t.purpose} in ('signup', 'reset', 'phone')`),
    check(
      'one_time_codes_phone_only_for_phone',
      sql`(${t.phone} is not null) = (${t.purpose} = 'phone')`,
    ),
    index('one_time_codes_expires').on(t.expiresAt),
  ],
);

/** One signed-in device: a family of rotating refresh tokens. Revoking it ends the session. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('sessions_user').on(t.userId), index('sessions_expires').on(t.expiresAt)],
);

/** Refresh tokens, stored as SHA-256 hashes. A used token presented again revokes its session. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_session').on(t.sessionId)],
);

/**
 * Events counted by the abuse limits (failed logins per account and per address, code sends,
 * code checks). Kept in PostgreSQL so every server instance sees the same counts.
 */
export const rateEvents = pgTable(
  'rate_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('rate_events_lookup').on(t.bucket, t.key, t.createdAt),
    index('rate_events_created').on(t.createdAt),
  ],
);

/** What a healthcare facility told us about itself (PUT /facility/onboarding). */
export const facilityProfiles = pgTable('facility_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  service: text('service').notNull(),
  facilityType: text('facility_type').notNull(),
  facilityName: text('facility_name').notNull(),
  rcNumber: text('rc_number').notNull(),
  address: text('address').notNull(),
  state: text('state').notNull(),
  lga: text('lga').notNull(),
  logo: text('logo'),
  regDoc: text('reg_doc'),
  otherDoc: text('other_doc'),
  isOnboarded: boolean('is_onboarded').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What a signed-out visitor typed into a form that needs an account, kept while they sign in or
 * sign up so the form comes back filled in. Keyed by the hash of a random token held in the
 * visitor's HttpOnly cookie and the page the form is on; short-lived and purged on a schedule.
 */
export const formDrafts = pgTable(
  'form_drafts',
  {
    tokenHash: text('token_hash').notNull(),
    /** The page the form is on, e.g. /advocacy or /review/{id}. */
    path: text('path').notNull(),
    fields: jsonb('fields').$type<Record<string, string | string[]>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tokenHash, t.path] }),
    index('form_drafts_expires').on(t.expiresAt),
  ],
);

/** A stored account, as repositories return it (services present it through an allow-list). */
export type UserRow = typeof users.$inferSelect;
