import type { PayeeKind, PayoutStatus, RefundStatus } from '@ipatient/contracts/money-rules';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { campaignDocuments } from './campaign-evidence.ts';
import { campaigns } from './campaigns.ts';
import { donations } from './donations.ts';
import { facilities } from './facilities.ts';
import { users } from './users.ts';

/**
 * A facility's bank account for payouts. The name comes from the bank lookup and must match the
 * facility; an admin verifies it, which registers it with the provider as a transfer recipient.
 */
export const facilityPayoutAccounts = pgTable(
  'facility_payout_accounts',
  {
    facilityId: uuid('facility_id')
      .primaryKey()
      .references(() => facilities.id, { onDelete: 'cascade' }),
    bankCode: text('bank_code').notNull(),
    bankName: text('bank_name').notNull(),
    accountNumber: text('account_number').notNull(),
    /** As the bank lookup returned it; never typed by a person. */
    accountName: text('account_name').notNull(),
    lookupProvider: text('lookup_provider').$type<'paystack' | 'sandbox'>().notNull(),
    /** The provider's transfer recipient (RCP_…), set when the account is verified. */
    recipientCode: text('recipient_code'),
    addedBy: uuid('added_by').references(() => users.id, { onDelete: 'set null' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    verifiedBy: uuid('verified_by').references(() => users.id, { onDelete: 'set null' }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
  },
  (t) => [
    check('facility_payout_accounts_nuban', sql`${t.accountNumber} ~ '^[0-9]{10}$'`),
    check(
      'facility_payout_accounts_verified_with_recipient',
      sql`(${t.verifiedAt} is null) = (${t.recipientCode} is null)`,
    ),
  ],
);

/**
 * Money out of a campaign, with two keys: the organiser requests it against a bill, an admin
 * approves, a different admin releases (the provider's transfer). The amount leaves
 * `available_kobo` for `pending_payout_kobo` when requested, moves to `paid_out_kobo` when the
 * transfer succeeds, and returns to `available_kobo` when it is refused, fails or is reversed.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The transfer reference sent to the provider: one transfer per payout, ever. */
    reference: text('reference').notNull().unique('payouts_reference_unique'),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'restrict' }),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    payeeKind: text('payee_kind').$type<PayeeKind>().notNull(),
    facilityId: uuid('facility_id').references(() => facilities.id, { onDelete: 'set null' }),
    /** Who is paid, as the ledger shows it: the facility's name, or the account's name. */
    payeeName: text('payee_name').notNull(),
    bankCode: text('bank_code').notNull(),
    bankName: text('bank_name').notNull(),
    accountNumber: text('account_number').notNull(),
    accountName: text('account_name').notNull(),
    recipientCode: text('recipient_code'),
    /** The provider's transfer code (TRF_…), known once the transfer is started. */
    transferCode: text('transfer_code'),
    /** What the payout pays for, in the organiser's words (shown on the public ledger). */
    purpose: text('purpose').notNull(),
    billDocumentId: uuid('bill_document_id')
      .notNull()
      .references(() => campaignDocuments.id, { onDelete: 'restrict' }),
    status: text('status').$type<PayoutStatus>().notNull().default('requested'),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    releasedBy: uuid('released_by').references(() => users.id, { onDelete: 'set null' }),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    /** Why an admin refused it, or why the provider failed or reversed it. */
    reason: text('reason'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When the last state came from the provider (webhook or verify). */
    settledAt: timestamp('settled_at', { withTimezone: true }),
    providerResponse: jsonb('provider_response'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('payouts_amount_positive', sql`${t.amountKobo} > 0`),
    check('payouts_payee_known', sql`${t.payeeKind} in ('hospital', 'beneficiary')`),
    check(
      'payouts_status_known',
      sql`${t.status} in ('requested', 'approved', 'rejected', 'cancelled', 'processing', 'otp', 'paid', 'failed', 'reversed')`,
    ),
    check(
      'payouts_hospital_has_facility',
      sql`${t.payeeKind} <> 'hospital' or ${t.facilityId} is not null`,
    ),
    // Four eyes: nobody approves their own request or releases their own approval.
    check(
      'payouts_approver_not_requester',
      sql`${t.approvedBy} is null or ${t.requestedBy} is null or ${t.approvedBy} <> ${t.requestedBy}`,
    ),
    check(
      'payouts_releaser_not_approver',
      sql`${t.releasedBy} is null or (${t.approvedBy} is not null and ${t.releasedBy} <> ${t.approvedBy} and (${t.requestedBy} is null or ${t.releasedBy} <> ${t.requestedBy}))`,
    ),
    check('payouts_paid_when_paid', sql`(${t.status} = 'paid') = (${t.paidAt} is not null)`),
    index('payouts_campaign').on(t.campaignId, t.requestedAt.desc()),
    index('payouts_by_status').on(t.status, t.updatedAt),
  ],
);

/**
 * Money returned to a donor through the provider. Started: the amount leaves the pot's
 * available money for `refunded_kobo` at once; a failed refund puts it back. One refund of a
 * donation is pending at a time, so the provider's events match it without doubt.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    donationId: uuid('donation_id')
      .notNull()
      .references(() => donations.id, { onDelete: 'restrict' }),
    /** The donation's campaign, or null for a gift to the Green-Heart fund. */
    campaignId: uuid('campaign_id').references(() => campaigns.id, { onDelete: 'restrict' }),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    status: text('status').$type<RefundStatus>().notNull().default('pending'),
    /** The provider's id for the refund, when it gave one. */
    providerRefundId: text('provider_refund_id'),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    providerResponse: jsonb('provider_response'),
  },
  (t) => [
    check('refunds_amount_positive', sql`${t.amountKobo} > 0`),
    check('refunds_status_known', sql`${t.status} in ('pending', 'processed', 'failed')`),
    uniqueIndex('refunds_one_pending_per_donation')
      .on(t.donationId)
      .where(sql`${t.status} = 'pending'`),
    index('refunds_campaign').on(t.campaignId, t.createdAt.desc()),
    index('refunds_by_date').on(t.createdAt.desc()),
  ],
);

/**
 * The Green-Heart fund (one row): gifts to it, less refunds, less the weekly awards it paid to
 * winning campaigns, is what it holds. The check holds the sum at every commit.
 */
export const greenHeartFund = pgTable(
  'green_heart_fund',
  {
    id: smallint('id').primaryKey().default(1),
    donatedKobo: bigint('donated_kobo', { mode: 'number' }).notNull().default(0),
    refundedKobo: bigint('refunded_kobo', { mode: 'number' }).notNull().default(0),
    awardedKobo: bigint('awarded_kobo', { mode: 'number' }).notNull().default(0),
    availableKobo: bigint('available_kobo', { mode: 'number' }).notNull().default(0),
    /** The weekly award an admin set (kobo); 0: no award. Paid up to what the fund holds. */
    weeklyAwardKobo: bigint('weekly_award_kobo', { mode: 'number' }).notNull().default(0),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('green_heart_fund_one_row', sql`${t.id} = 1`),
    check(
      'green_heart_fund_balances',
      sql`${t.donatedKobo} = ${t.availableKobo} + ${t.awardedKobo} + ${t.refundedKobo}`,
    ),
    check(
      'green_heart_fund_not_negative',
      sql`${t.donatedKobo} >= 0 and ${t.refundedKobo} >= 0 and ${t.awardedKobo} >= 0 and ${t.availableKobo} >= 0 and ${t.weeklyAwardKobo} >= 0`,
    ),
  ],
);
