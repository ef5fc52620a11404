import type { PayoutStatus } from '@ipatient/contracts/money-rules';
import {
  and,
  campaignDocuments,
  campaigns,
  desc,
  donations,
  type Executor,
  eq,
  facilities,
  facilityPayoutAccounts,
  gte,
  inArray,
  isNull,
  lt,
  payouts,
  type SQL,
  sql,
  users,
} from '@ipatient/db';

export type PayoutRow = typeof payouts.$inferSelect;
export type PayoutInsert = typeof payouts.$inferInsert;
/** A payout with its campaign's title, as lists show it. */
export type ListedPayout = PayoutRow & { campaignTitle: string };

/** What a payout needs of its campaign: state, ledger, payees, organiser. */
export interface PayoutCampaign {
  id: string;
  title: string;
  userId: string;
  status: string;
  deleted: boolean;
  amountNeeded: number;
  donatedKobo: number;
  awardedKobo: number;
  availableKobo: number;
  pendingPayoutKobo: number;
  paidOutKobo: number;
  refundedKobo: number;
  facilityId: string | null;
  accountVerifiedAt: Date | null;
  payoutsFrozenAt: Date | null;
  payoutsFrozenReason: string | null;
  /** A change of bank account waits for review: no payout until it is approved. */
  bankChangePending: boolean;
  bankCode: string;
  bankName: string;
  accountNumber: string;
  accountName: string;
  facilityName: string | null;
  /** The facility's payout account, when it has one (verified or not). */
  facilityAccount: {
    bankCode: string;
    bankName: string;
    accountNumber: string;
    accountName: string;
    recipientCode: string | null;
    verifiedAt: Date | null;
  } | null;
  organiser: { email: string; firstName: string };
}

export async function findCampaign(
  executor: Executor,
  id: string,
): Promise<PayoutCampaign | undefined> {
  const [row] = await executor
    .select({
      id: campaigns.id,
      title: campaigns.title,
      userId: campaigns.userId,
      status: campaigns.status,
      deletedAt: campaigns.deletedAt,
      amountNeeded: campaigns.amountNeeded,
      donatedKobo: campaigns.donatedKobo,
      awardedKobo: campaigns.awardedKobo,
      availableKobo: campaigns.availableKobo,
      pendingPayoutKobo: campaigns.pendingPayoutKobo,
      paidOutKobo: campaigns.paidOutKobo,
      refundedKobo: campaigns.refundedKobo,
      facilityId: campaigns.facilityId,
      accountVerifiedAt: campaigns.accountVerifiedAt,
      payoutsFrozenAt: campaigns.payoutsFrozenAt,
      payoutsFrozenReason: campaigns.payoutsFrozenReason,
      bankChangePending: sql<boolean>`exists (
        select 1 from campaign_revisions r
        where r.campaign_id = ${campaigns.id} and r.status = 'pending' and r.bank_changed
      )`,
      bankCode: campaigns.bankCode,
      bankName: campaigns.bankName,
      accountNumber: campaigns.accountNumber,
      accountName: campaigns.accountName,
      facilityName: facilities.name,
      account: {
        facilityId: facilityPayoutAccounts.facilityId,
        bankCode: facilityPayoutAccounts.bankCode,
        bankName: facilityPayoutAccounts.bankName,
        accountNumber: facilityPayoutAccounts.accountNumber,
        accountName: facilityPayoutAccounts.accountName,
        recipientCode: facilityPayoutAccounts.recipientCode,
        verifiedAt: facilityPayoutAccounts.verifiedAt,
      },
      organiser: { email: users.email, firstName: users.firstName },
    })
    .from(campaigns)
    .innerJoin(users, eq(users.id, campaigns.userId))
    .leftJoin(facilities, eq(facilities.id, campaigns.facilityId))
    .leftJoin(facilityPayoutAccounts, eq(facilityPayoutAccounts.facilityId, campaigns.facilityId))
    .where(eq(campaigns.id, id))
    .limit(1);
  if (!row) return undefined;
  const { deletedAt, account, ...rest } = row;
  const { facilityId: accountFacility, ...details } = account ?? { facilityId: null };
  return {
    ...rest,
    deleted: deletedAt !== null,
    facilityAccount: accountFacility ? (details as PayoutCampaign['facilityAccount']) : null,
  };
}

/** A document attached to the campaign (its kind), or undefined. */
export async function findAttachedDocument(
  executor: Executor,
  id: string,
  campaignId: string,
): Promise<{ id: string; kind: string } | undefined> {
  const [row] = await executor
    .select({ id: campaignDocuments.id, kind: campaignDocuments.kind })
    .from(campaignDocuments)
    .where(and(eq(campaignDocuments.id, id), eq(campaignDocuments.campaignId, campaignId)))
    .limit(1);
  return row;
}

export async function insertPayout(executor: Executor, values: PayoutInsert): Promise<PayoutRow> {
  const [row] = await executor.insert(payouts).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** The campaign ledger's columns a payout moves money between. */
export type LedgerColumn = 'available' | 'pending' | 'paidOut';
const ledgerColumns = {
  available: { key: 'availableKobo', column: campaigns.availableKobo },
  pending: { key: 'pendingPayoutKobo', column: campaigns.pendingPayoutKobo },
  paidOut: { key: 'paidOutKobo', column: campaigns.paidOutKobo },
} as const;

/**
 * Moves `kobo` between two ledger columns of a campaign in one UPDATE (the balance check holds
 * at every statement). Only when `from` holds enough (and, with `unlessFrozen`, payouts are not
 * frozen): false otherwise, and nothing moved.
 */
export async function moveLedger(
  executor: Executor,
  campaignId: string,
  from: LedgerColumn,
  to: LedgerColumn,
  kobo: number,
  options: { unlessFrozen?: boolean } = {},
): Promise<boolean> {
  const source = ledgerColumns[from];
  const target = ledgerColumns[to];
  const rows = await executor
    .update(campaigns)
    .set({
      [source.key]: sql`${source.column} - ${kobo}`,
      [target.key]: sql`${target.column} + ${kobo}`,
    })
    .where(
      and(
        eq(campaigns.id, campaignId),
        gte(source.column, kobo),
        options.unlessFrozen ? isNull(campaigns.payoutsFrozenAt) : undefined,
      ),
    )
    .returning({ id: campaigns.id });
  return rows.length === 1;
}

export async function findPayout(
  executor: Executor,
  id: string,
  options: { lock?: boolean } = {},
): Promise<PayoutRow | undefined> {
  const query = executor.select().from(payouts).where(eq(payouts.id, id)).limit(1);
  const [row] = await (options.lock ? query.for('update') : query);
  return row;
}

export async function findPayoutByReference(
  executor: Executor,
  reference: string,
  options: { lock?: boolean } = {},
): Promise<PayoutRow | undefined> {
  const query = executor.select().from(payouts).where(eq(payouts.reference, reference)).limit(1);
  const [row] = await (options.lock ? query.for('update') : query);
  return row;
}

/**
 * The one way a payout changes state: only from one of `from`, so a replay or a race changes
 * it once. Undefined when it was not in such a state.
 */
export async function movePayout(
  executor: Executor,
  id: string,
  from: readonly PayoutStatus[],
  values: Partial<PayoutInsert>,
): Promise<PayoutRow | undefined> {
  const [row] = await executor
    .update(payouts)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(payouts.id, id), inArray(payouts.status, [...from])))
    .returning();
  return row;
}

/** Records the provider's transfer code and recipient without changing the state. */
export async function recordTransferDetails(
  executor: Executor,
  id: string,
  values: { recipientCode?: string; transferCode?: string },
): Promise<void> {
  await executor.update(payouts).set(values).where(eq(payouts.id, id));
}

const withTitle = { payout: payouts, campaignTitle: campaigns.title };
const flatten = (rows: { payout: PayoutRow; campaignTitle: string }[]): ListedPayout[] =>
  rows.map((row) => ({ ...row.payout, campaignTitle: row.campaignTitle }));

export async function findListedPayout(
  executor: Executor,
  id: string,
): Promise<ListedPayout | undefined> {
  const rows = await executor
    .select(withTitle)
    .from(payouts)
    .innerJoin(campaigns, eq(campaigns.id, payouts.campaignId))
    .where(eq(payouts.id, id))
    .limit(1);
  return flatten(rows)[0];
}

export async function listCampaignPayouts(
  executor: Executor,
  campaignId: string,
): Promise<ListedPayout[]> {
  const rows = await executor
    .select(withTitle)
    .from(payouts)
    .innerJoin(campaigns, eq(campaigns.id, payouts.campaignId))
    .where(eq(payouts.campaignId, campaignId))
    .orderBy(desc(payouts.requestedAt), desc(payouts.id));
  return flatten(rows);
}

export async function listPayouts(
  executor: Executor,
  filter: { status?: PayoutStatus; campaignId?: string; page: number; limit: number },
): Promise<{ rows: ListedPayout[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(payouts.status, filter.status));
  if (filter.campaignId) conditions.push(eq(payouts.campaignId, filter.campaignId));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, totals] = await Promise.all([
    executor
      .select(withTitle)
      .from(payouts)
      .innerJoin(campaigns, eq(campaigns.id, payouts.campaignId))
      .where(where)
      .orderBy(desc(payouts.requestedAt), desc(payouts.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    executor.select({ total: sql<number>`count(*)::int` }).from(payouts).where(where),
  ]);
  return { rows: flatten(rows), total: totals[0]?.total ?? 0 };
}

/** Payouts sent to the provider with no final answer since before `cutoff`, oldest first. */
export async function listUnsettled(
  executor: Executor,
  cutoff: Date,
  limit: number,
): Promise<PayoutRow[]> {
  return executor
    .select()
    .from(payouts)
    .where(and(inArray(payouts.status, ['processing', 'otp']), lt(payouts.updatedAt, cutoff)))
    .orderBy(payouts.updatedAt)
    .limit(limit);
}

/**
 * Claims a transfer that never started (processing, no transfer code, untouched since before
 * `cutoff`) for one restart: the claim moves its `updated_at` to now, so of several instances
 * only the first goes on.
 */
export async function claimRestart(
  executor: Executor,
  id: string,
  cutoff: Date,
  /** The job's clock: a claim made at `now` is never older than the cutoff of the same run. */
  now: Date,
): Promise<PayoutRow | undefined> {
  const [row] = await executor
    .update(payouts)
    .set({ updatedAt: now })
    .where(
      and(
        eq(payouts.id, id),
        eq(payouts.status, 'processing'),
        isNull(payouts.transferCode),
        lt(payouts.updatedAt, cutoff),
      ),
    )
    .returning();
  return row;
}

/** Distinct addresses of the campaign's counted donors who asked to be kept informed. */
export async function informedDonorEmails(
  executor: Executor,
  campaignId: string,
): Promise<string[]> {
  const rows = await executor
    .selectDistinct({ email: sql<string>`lower(${donations.donorEmail})` })
    .from(donations)
    .where(
      and(
        eq(donations.campaignId, campaignId),
        eq(donations.status, 'succeeded'),
        eq(donations.keepInformed, true),
      ),
    );
  return rows.map((row) => row.email);
}
