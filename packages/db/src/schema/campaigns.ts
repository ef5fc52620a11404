import type { BeneficiaryType, CampaignStatus } from '@ipatient/contracts/campaigns';
import { type SQL, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
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
import { facilities } from './facilities.ts';
import { users } from './users.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export interface StoredImageSize {
  width: number;
  height: number;
  key: string;
}

/**
 * A medical fundraising campaign. Its likes are counted in `campaign_like_counts`, a narrow row
 * of its own, so a like does not write this wide row again.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    fundraisingFor: text('fundraising_for').notNull(),
    category: text('category').notNull(),
    duration: text('duration').notNull(),
    /** Whole naira. */
    amountNeeded: bigint('amount_needed', { mode: 'number' }).notNull(),
    /**
     * Whole naira shown as raised: counted donations and weekly awards, less refunds. Kept in
     * the same transaction as the ledger columns below.
     */
    amountRaised: bigint('amount_raised', { mode: 'number' }).notNull().default(0),
    /** Succeeded donations not wholly refunded, kept with `amount_raised`. */
    donationCount: integer('donation_count').notNull().default(0),
    // The campaign's ledger in kobo. Money in (donated + awarded) always equals where it is
    // (available + pending payouts + paid out + refunded): the check below holds it at every
    // commit, and each move changes two columns in one statement.
    donatedKobo: bigint('donated_kobo', { mode: 'number' }).notNull().default(0),
    awardedKobo: bigint('awarded_kobo', { mode: 'number' }).notNull().default(0),
    availableKobo: bigint('available_kobo', { mode: 'number' }).notNull().default(0),
    pendingPayoutKobo: bigint('pending_payout_kobo', { mode: 'number' }).notNull().default(0),
    paidOutKobo: bigint('paid_out_kobo', { mode: 'number' }).notNull().default(0),
    refundedKobo: bigint('refunded_kobo', { mode: 'number' }).notNull().default(0),
    /** The treating facility from the directory, or `facility_name` when it is not listed. */
    facilityId: uuid('facility_id').references(() => facilities.id, { onDelete: 'set null' }),
    facilityName: text('facility_name'),
    /**
     * When an admin checked that the bank account's name belongs to the beneficiary, the
     * organiser or the hospital; cleared when the account changes (no payout to it until then).
     */
    accountVerifiedAt: timestamp('account_verified_at', { withTimezone: true }),
    /** Set while payouts are held (a report under review, a suspected fraud). */
    payoutsFrozenAt: timestamp('payouts_frozen_at', { withTimezone: true }),
    payoutsFrozenReason: text('payouts_frozen_reason'),
    state: text('state').notNull(),
    lga: text('lga').notNull(),
    address: text('address').notNull(),
    bankCode: text('bank_code').notNull(),
    bankName: text('bank_name').notNull(),
    accountNumber: text('account_number').notNull(),
    /** As the bank lookup returned it; never typed by a user. */
    accountName: text('account_name').notNull(),
    bankLookupProvider: text('bank_lookup_provider').$type<'paystack' | 'sandbox'>().notNull(),
    beneficiaryType: text('beneficiary_type').$type<BeneficiaryType>(),
    beneficiaryFirstName: text('beneficiary_first_name'),
    beneficiaryLastName: text('beneficiary_last_name'),
    /**
     * For a campaign for someone else: who agreed to it being raised in their name, `beneficiary`
     * (an adult) or `guardian` (for a child or someone who cannot decide), their name, and when
     * the organiser recorded it in the wizard. Null for the organiser's own campaign.
     */
    beneficiaryConsent: text('beneficiary_consent').$type<'beneficiary' | 'guardian'>(),
    beneficiaryConsentName: text('beneficiary_consent_name'),
    beneficiaryConsentAt: timestamp('beneficiary_consent_at', { withTimezone: true }),
    /** The medical condition, in the organiser's words (optional). */
    diagnosis: text('diagnosis'),
    /** The organiser chose to keep the diagnosis off the public page (admins still see it). */
    diagnosisHidden: boolean('diagnosis_hidden').notNull().default(false),
    /** Storage key of the largest size; `image_sizes` holds every size. */
    image: text('image'),
    imageSizes: jsonb('image_sizes').$type<StoredImageSize[]>().notNull().default([]),
    status: text('status').$type<CampaignStatus>().notNull().default('awaiting_review'),
    rejectionReason: text('rejection_reason'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /**
     * The wizard's key for one draft: a second submission of the same draft by the same
     * organiser is refused by the unique index below, however it arrives.
     */
    submissionKey: text('submission_key'),
    /**
     * Days added to the chosen duration by an admin at the organiser's request. A live campaign
     * ends at `approved_at + duration + extension_days`; after that it is not listed, ranked or
     * given to.
     */
    extensionDays: integer('extension_days').notNull().default(0),
    /**
     * When the campaign stops being listed, ranked and given to: `approved_at + duration +
     * extension_days` in UTC, or infinity while it was never approved. Kept by the trigger
     * `campaigns_set_ends_at` (migration 0011) on every insert and on every change of those three
     * columns, so no write path can forget it; indexed for the lists' "not ended" filter and the
     * ending-soon order.
     */
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull().default(sql`'infinity'`),
    /** The organiser asked for more time (cleared when an admin decides). */
    extensionRequestedAt: timestamp('extension_requested_at', { withTimezone: true }),
    extensionRequestReason: text('extension_request_reason'),
    /** How many days the open request asks for (30, 60 or 90). */
    extensionRequestDays: integer('extension_request_days'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** What search looks in: title, who it is for, the story and the state. */
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`to_tsvector('simple'::regconfig, ${campaigns.title} || ' ' || ${campaigns.fundraisingFor} || ' ' || ${campaigns.state} || ' ' || ${campaigns.description})`,
      ),
  },
  (t) => [
    check(
      'campaigns_status_known',
      sql`${t.status} in ('awaiting_review', 'active', 'rejected', 'completed')`,
    ),
    check('campaigns_amount_needed_positive', sql`${t.amountNeeded} > 0`),
    check('campaigns_amount_raised_not_negative', sql`${t.amountRaised} >= 0`),
    check(
      'campaigns_ledger_balances',
      sql`${t.donatedKobo} + ${t.awardedKobo} = ${t.availableKobo} + ${t.pendingPayoutKobo} + ${t.paidOutKobo} + ${t.refundedKobo}`,
    ),
    check(
      'campaigns_ledger_not_negative',
      sql`${t.donatedKobo} >= 0 and ${t.awardedKobo} >= 0 and ${t.availableKobo} >= 0 and ${t.pendingPayoutKobo} >= 0 and ${t.paidOutKobo} >= 0 and ${t.refundedKobo} >= 0`,
    ),
    check('campaigns_facility_one_way', sql`${t.facilityId} is null or ${t.facilityName} is null`),
    check('campaigns_extension_days_range', sql`${t.extensionDays} between 0 and 365`),
    check(
      'campaigns_extension_request_whole',
      sql`(${t.extensionRequestedAt} is null) = (${t.extensionRequestDays} is null) and (${t.extensionRequestedAt} is null) = (${t.extensionRequestReason} is null)`,
    ),
    check(
      'campaigns_beneficiary_consent_known',
      sql`${t.beneficiaryConsent} is null or ${t.beneficiaryConsent} in ('beneficiary', 'guardian')`,
    ),
    check('campaigns_account_number_nuban', sql`${t.accountNumber} ~ '^[0-9]{10}$'`),
    // The hot public reads only ever look at live campaigns: partial indexes keep them small.
    index('campaigns_live_by_approval')
      .on(t.approvedAt.desc(), t.id)
      .where(sql`${t.status} = 'active' and ${t.deletedAt} is null`),
    index('campaigns_live_by_end')
      .on(t.endsAt, t.id)
      .where(sql`${t.status} = 'active' and ${t.deletedAt} is null`),
    index('campaigns_live_search')
      .using('gin', t.search)
      .where(sql`${t.status} = 'active' and ${t.deletedAt} is null`),
    index('campaigns_owner').on(t.userId, t.createdAt.desc()),
    uniqueIndex('campaigns_submission_key_unique')
      .on(t.userId, t.submissionKey)
      .where(sql`${t.submissionKey} is not null`),
    index('campaigns_moderation').on(t.status, t.submittedAt).where(sql`${t.deletedAt} is null`),
  ],
);

/** One Green-Heart per user per campaign: the primary key makes a second like impossible. */
export const campaignLikes = pgTable(
  'campaign_likes',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'campaign_likes_pk', columns: [t.campaignId, t.userId] }),
    // The weekly count reads one week of likes.
    index('campaign_likes_created').on(t.createdAt, t.campaignId),
    index('campaign_likes_user').on(t.userId),
  ],
);

/**
 * How many likes a campaign has, kept in the same statement as each `campaign_likes` insert, so
 * it is exact. A row of its own, four columns and two indexes wide: a like updates this row
 * and nothing of the campaign's (whose row is wide, with a search vector and eight indexes that
 * every update of it would write again). `listed` and `created_at` are the campaign's, copied by
 * the triggers of migration 0013 on every insert of a campaign and every change of its status or
 * deletion, so the most-liked order is one walk of the partial index below; another trigger
 * counts out every like row deleted, whatever deletes it (an account's deletion cascades).
 */
export const campaignLikeCounts = pgTable(
  'campaign_like_counts',
  {
    campaignId: uuid('campaign_id')
      .primaryKey()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    likesCount: integer('likes_count').notNull().default(0),
    /** The campaign is active and not deleted (whether it has ended is the campaign's to say). */
    listed: boolean('listed').notNull(),
    /** The campaign's `created_at`: the order's tie-break. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('campaign_like_counts_not_negative', sql`${t.likesCount} >= 0`),
    index('campaign_like_counts_listed_by_likes')
      .on(t.likesCount.desc(), t.createdAt.asc(), t.campaignId)
      .where(sql`${t.listed}`),
  ],
);

/**
 * The campaign with the most likes in a week (Monday 00:00 Africa/Lagos to the next Monday).
 * The primary key on the week makes recording safe when several server instances try at once.
 */
export const campaignWeeklyWinners = pgTable(
  'campaign_weekly_winners',
  {
    weekStart: timestamp('week_start', { withTimezone: true }).primaryKey(),
    weekEnd: timestamp('week_end', { withTimezone: true }).notNull(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    likes: integer('likes').notNull(),
    /** Kobo moved from the Green-Heart fund to the winner, in the same transaction as this row. */
    awardKobo: bigint('award_kobo', { mode: 'number' }).notNull().default(0),
    /** `awarded`, `fund_empty` (an award was set but the fund had nothing) or `no_award`. */
    awardOutcome: text('award_outcome')
      .$type<'awarded' | 'fund_empty' | 'no_award'>()
      .notNull()
      .default('no_award'),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('campaign_weekly_winners_campaign').on(t.campaignId),
    check(
      'campaign_weekly_winners_award_outcome',
      sql`${t.awardOutcome} in ('awarded', 'fund_empty', 'no_award') and (${t.awardOutcome} = 'awarded') = (${t.awardKobo} > 0)`,
    ),
  ],
);
