import type { DonationStatus, PaymentProvider } from '@ipatient/contracts/donation-rules';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { campaigns } from './campaigns.ts';
import { users } from './users.ts';

/**
 * A gift to a campaign. `reference` is the one sent to the payment provider (unique, so a
 * payment is counted once however many times it is reported). Amounts are in kobo, exactly as
 * the provider reports them; the campaign's `amount_raised` (whole naira) and
 * `donation_count` change in the same transaction as the move to `succeeded`.
 */
export const donations = pgTable(
  'donations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull().unique('donations_reference_unique'),
    /** The campaign given to; null for a gift to the Green-Heart fund. */
    campaignId: uuid('campaign_id').references(() => campaigns.id, { onDelete: 'restrict' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    provider: text('provider').$type<PaymentProvider>().notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('NGN'),
    donorName: text('donor_name').notNull(),
    anonymous: boolean('anonymous').notNull().default(false),
    donorEmail: text('donor_email').notNull(),
    message: text('message'),
    /** The donor asked to hear how the money is used (payouts to the hospital, updates). */
    keepInformed: boolean('keep_informed').notNull().default(false),
    /**
     * The payment provider's fee on this gift (kobo), kept from `amount_kobo`: the campaign is
     * credited `amount_kobo - fee_kobo`. Gifts from before fees were passed on have 0.
     */
    feeKobo: bigint('fee_kobo', { mode: 'number' }).notNull().default(0),
    /** The donor added the fee to their gift so the campaign receives the whole gift. */
    feeCovered: boolean('fee_covered').notNull().default(false),
    /** How the donor paid, as the provider reported it (card, bank_transfer, ussd, bank). */
    channel: text('channel'),
    /** A word of support an admin hid (it stays on the gift, never shown publicly). */
    messageHiddenAt: timestamp('message_hidden_at', { withTimezone: true }),
    /** The organiser reported the word of support to the admins. */
    messageReportedAt: timestamp('message_reported_at', { withTimezone: true }),
    /** The organiser thanked the donor (emailed once). */
    thankedAt: timestamp('thanked_at', { withTimezone: true }),
    /** Kobo returned to the donor by refunds that were started (not failed). */
    refundedKobo: bigint('refunded_kobo', { mode: 'number' }).notNull().default(0),
    status: text('status').$type<DonationStatus>().notNull().default('pending'),
    /** Why a reported payment was not counted (amount or currency differs from what was asked). */
    flagReason: text('flag_reason'),
    /** The provider's last answer about this payment, trimmed (for support). */
    providerResponse: jsonb('provider_response'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'donations_status_known',
      sql`${t.status} in ('pending', 'succeeded', 'failed', 'abandoned')`,
    ),
    check('donations_amount_positive', sql`${t.amountKobo} > 0`),
    check('donations_fee_within_amount', sql`${t.feeKobo} >= 0 and ${t.feeKobo} < ${t.amountKobo}`),
    check(
      'donations_refund_within_amount',
      sql`${t.refundedKobo} >= 0 and ${t.refundedKobo} <= ${t.amountKobo} - ${t.feeKobo} and (${t.refundedKobo} = 0 or ${t.status} = 'succeeded')`,
    ),
    check(
      'donations_paid_when_succeeded',
      sql`(${t.status} = 'succeeded') = (${t.paidAt} is not null)`,
    ),
    index('donations_campaign_succeeded')
      .on(t.campaignId, t.paidAt.desc(), t.id)
      .where(sql`${t.status} = 'succeeded'`),
    index('donations_by_status').on(t.status, t.createdAt),
    index('donations_donor').on(t.userId, t.createdAt.desc()),
    index('donations_fund_succeeded')
      .on(t.paidAt.desc(), t.id)
      .where(sql`${t.status} = 'succeeded' and ${t.campaignId} is null`),
  ],
);

/**
 * The sandbox payment provider's own record of a checkout (the embedded default: no real
 * money). It stands where Paystack's records would: the donation code reads it only through
 * the provider interface.
 */
export const sandboxPayments = pgTable('sandbox_payments', {
  reference: text('reference').primaryKey(),
  amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  email: text('email').notNull(),
  callbackUrl: text('callback_url').notNull(),
  /** pending until the sandbox checkout's Pay or Fail button: success or failed. */
  status: text('status').$type<'pending' | 'success' | 'failed'>().notNull().default('pending'),
  /** The ways the checkout offers (the initialize call's `channels`). */
  channels: jsonb('channels')
    .$type<string[]>()
    .notNull()
    .default(['card', 'bank_transfer', 'ussd', 'bank']),
  /** The way the donor chose at the sandbox checkout. */
  channel: text('channel'),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The sandbox provider's own record of a transfer (standing where Paystack's would). */
export const sandboxTransfers = pgTable('sandbox_transfers', {
  reference: text('reference').primaryKey(),
  transferCode: text('transfer_code').notNull().unique('sandbox_transfers_code_unique'),
  recipientCode: text('recipient_code').notNull(),
  amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
  reason: text('reason').notNull(),
  /** otp until finalized (when the sandbox asks for one), then pending until the sandbox bank decides. */
  status: text('status').$type<'otp' | 'pending' | 'success' | 'failed' | 'reversed'>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The sandbox provider's own record of a refund. */
export const sandboxRefunds = pgTable('sandbox_refunds', {
  id: text('id').primaryKey(),
  transactionReference: text('transaction_reference').notNull(),
  amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
  status: text('status').$type<'pending' | 'processed' | 'failed'>().notNull().default('pending'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
