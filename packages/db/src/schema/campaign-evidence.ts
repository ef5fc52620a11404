import type {
  AccountNameMatch,
  CampaignDocumentKind,
  HospitalConfirmation,
} from '@ipatient/contracts/evidence-rules';
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
import { campaigns } from './campaigns.ts';
import { users } from './users.ts';

/**
 * Evidence of a campaign's medical need: the hospital's bill or estimate, a medical report and
 * up to three more. Private: stored under `private/`, never served by the public media route,
 * only through short-lived signed links given to the organiser and admins. A document is
 * uploaded before its campaign exists (`campaign_id` null) and attached when the campaign is
 * submitted; unattached ones are purged after a day.
 */
export const campaignDocuments = pgTable(
  'campaign_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Who uploaded it: only they may attach it to a campaign. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id').references(() => campaigns.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<CampaignDocumentKind>().notNull(),
    storageKey: text('storage_key').notNull().unique('campaign_documents_storage_key_unique'),
    /** The uploaded file's name, cleaned (shown to the organiser and admins only). */
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    attachedAt: timestamp('attached_at', { withTimezone: true }),
  },
  (t) => [
    check('campaign_documents_kind_known', sql`${t.kind} in ('bill', 'medical_report', 'other')`),
    check('campaign_documents_key_private', sql`${t.storageKey} like 'private/%'`),
    check('campaign_documents_size_positive', sql`${t.sizeBytes} > 0`),
    check(
      'campaign_documents_attached_with_campaign',
      sql`(${t.campaignId} is null) = (${t.attachedAt} is null)`,
    ),
    index('campaign_documents_campaign').on(t.campaignId, t.createdAt),
    index('campaign_documents_unattached').on(t.createdAt).where(sql`${t.campaignId} is null`),
    index('campaign_documents_user').on(t.userId),
  ],
);

/**
 * The admin's checklist before a campaign goes live. One row per campaign (the latest check);
 * approval needs it, and the public page's Verified panel says what it records (never the
 * documents themselves).
 */
export const campaignVerifications = pgTable(
  'campaign_verifications',
  {
    campaignId: uuid('campaign_id')
      .primaryKey()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    /** The documents name the beneficiary. */
    documentsNameBeneficiary: boolean('documents_name_beneficiary').notNull(),
    /** How the hospital confirmed the bill: phone call, email or visit. */
    hospitalConfirmedVia: text('hospital_confirmed_via').$type<HospitalConfirmation>().notNull(),
    /** Who at the hospital confirmed it (name and role); shown to admins only. */
    hospitalConfirmedBy: text('hospital_confirmed_by').notNull(),
    hospitalConfirmedOn: timestamp('hospital_confirmed_on', { withTimezone: true }).notNull(),
    /** Whose name the bank account carries. */
    accountNameMatches: text('account_name_matches').$type<AccountNameMatch>().notNull(),
    /** The account's name as the bank lookup gave it when checked. */
    accountName: text('account_name').notNull(),
    note: text('note'),
    checkedBy: uuid('checked_by').references(() => users.id, { onDelete: 'set null' }),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('campaign_verifications_documents_checked', sql`${t.documentsNameBeneficiary}`),
    check(
      'campaign_verifications_via_known',
      sql`${t.hospitalConfirmedVia} in ('phone', 'email', 'visit')`,
    ),
    check(
      'campaign_verifications_match_known',
      sql`${t.accountNameMatches} in ('beneficiary', 'organiser', 'hospital')`,
    ),
  ],
);
