import type { DonationStatus } from '@ipatient/contracts/donation-rules';
import {
  and,
  campaigns,
  desc,
  donations,
  type Executor,
  eq,
  greenHeartFund,
  isNull,
  ne,
  sandboxPayments,
  sql,
  users,
} from '@ipatient/db';

export type DonationRow = typeof donations.$inferSelect;

/** What giving needs of a campaign: whether it takes gifts, who may see it, whom to tell. */
export interface DonatedCampaign {
  campaign: { id: string; title: string; status: string; userId: string };
  /** The campaign's time is over (its kept end, approval + duration + extension days, is past): no more gifts. */
  ended: boolean;
  organiser: { email: string; firstName: string };
}

/** A campaign that is not deleted, with its organiser's address, for donations. */
export async function findDonatedCampaign(
  executor: Executor,
  id: string,
): Promise<DonatedCampaign | undefined> {
  const [row] = await executor
    .select({
      campaign: {
        id: campaigns.id,
        title: campaigns.title,
        status: campaigns.status,
        userId: campaigns.userId,
      },
      ended: sql<boolean>`${campaigns.endsAt} <= now()`,
      organiser: { email: users.email, firstName: users.firstName },
    })
    .from(campaigns)
    .innerJoin(users, eq(users.id, campaigns.userId))
    .where(and(eq(campaigns.id, id), isNull(campaigns.deletedAt)))
    .limit(1);
  return row;
}
export type DonationInsert = typeof donations.$inferInsert;

export async function insertDonation(
  executor: Executor,
  values: DonationInsert,
): Promise<DonationRow> {
  const [row] = await executor.insert(donations).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** A donation by its provider reference; `lock` holds the row until the transaction ends. */
export async function findByReference(
  executor: Executor,
  reference: string,
  options: { lock?: boolean } = {},
): Promise<DonationRow | undefined> {
  const query = executor
    .select()
    .from(donations)
    .where(eq(donations.reference, reference))
    .limit(1);
  const [row] = await (options.lock ? query.for('update') : query);
  return row;
}

/**
 * The one move to `succeeded`: only from a donation not already counted and not flagged, so
 * however many reports arrive, one of them wins.
 */
export async function markSucceeded(
  executor: Executor,
  id: string,
  detail: Record<string, unknown>,
  /** How the donor paid, as the provider reported it. */
  channel: string | null,
): Promise<DonationRow | undefined> {
  const [row] = await executor
    .update(donations)
    .set({
      status: 'succeeded',
      paidAt: sql`now()`,
      channel,
      providerResponse: detail,
      updatedAt: sql`now()`,
    })
    .where(
      and(eq(donations.id, id), ne(donations.status, 'succeeded'), isNull(donations.flagReason)),
    )
    .returning();
  return row;
}

/** Records a failed, abandoned or flagged payment; a counted donation never changes. */
export async function markNotCounted(
  executor: Executor,
  id: string,
  status: Exclude<DonationStatus, 'succeeded'>,
  values: { flagReason?: string; detail?: Record<string, unknown> },
): Promise<DonationRow | undefined> {
  const [row] = await executor
    .update(donations)
    .set({
      status,
      ...(values.flagReason ? { flagReason: values.flagReason } : {}),
      ...(values.detail ? { providerResponse: values.detail } : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(donations.id, id), ne(donations.status, 'succeeded')))
    .returning();
  return row;
}

/**
 * Adds a counted gift to where it was given (same transaction as markSucceeded): a campaign's
 * totals and ledger (donated and available together), or the Green-Heart fund's. `kobo` is what
 * reaches the pot: the amount charged less the provider's fee.
 */
export async function addToPot(
  executor: Executor,
  campaignId: string | null,
  kobo: number,
): Promise<void> {
  if (campaignId === null) {
    await executor
      .update(greenHeartFund)
      .set({
        donatedKobo: sql`${greenHeartFund.donatedKobo} + ${kobo}`,
        availableKobo: sql`${greenHeartFund.availableKobo} + ${kobo}`,
        updatedAt: sql`now()`,
      })
      .where(eq(greenHeartFund.id, 1));
    return;
  }
  await executor
    .update(campaigns)
    .set({
      // Whole naira of what the ledger holds for the campaign (a fee leaves kobo behind).
      amountRaised: sql`(${campaigns.donatedKobo} + ${kobo} + ${campaigns.awardedKobo} - ${campaigns.refundedKobo}) / 100`,
      donationCount: sql`${campaigns.donationCount} + 1`,
      donatedKobo: sql`${campaigns.donatedKobo} + ${kobo}`,
      availableKobo: sql`${campaigns.availableKobo} + ${kobo}`,
    })
    .where(eq(campaigns.id, campaignId));
}

/**
 * One page of the counted gifts to a campaign (or, with `null`, to the Green-Heart fund), newest
 * first, and how many there are.
 */
export async function listSucceeded(
  executor: Executor,
  campaignId: string | null,
  page: { page: number; limit: number },
): Promise<{ rows: DonationRow[]; total: number }> {
  const counted = and(
    campaignId === null ? isNull(donations.campaignId) : eq(donations.campaignId, campaignId),
    eq(donations.status, 'succeeded'),
  );
  const [rows, totals] = await Promise.all([
    executor
      .select()
      .from(donations)
      .where(counted)
      .orderBy(desc(donations.paidAt), donations.id)
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    executor.select({ total: sql<number>`count(*)::int` }).from(donations).where(counted),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** The sandbox checkout's payment with its donation's campaign title (null: the fund). */
export async function findSandboxCheckout(executor: Executor, reference: string) {
  const [row] = await executor
    .select({
      payment: sandboxPayments,
      campaignTitle: campaigns.title,
    })
    .from(sandboxPayments)
    .innerJoin(donations, eq(donations.reference, sandboxPayments.reference))
    // A gift to the Green-Heart fund has no campaign (its title is then null).
    .leftJoin(campaigns, eq(campaigns.id, donations.campaignId))
    .where(eq(sandboxPayments.reference, reference))
    .limit(1);
  return row;
}

/** The title of a gift's campaign; null for a gift to the Green-Heart fund. */
export async function campaignTitleOf(
  executor: Executor,
  campaignId: string | null,
): Promise<string | null> {
  if (campaignId === null) return null;
  const [row] = await executor
    .select({ title: campaigns.title })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId))
    .limit(1);
  return row?.title ?? null;
}

/** A gift with its campaign's title (null: the Green-Heart fund). */
export interface GiftRow {
  donation: DonationRow;
  campaignTitle: string | null;
}

/** One page of a member's own gifts, newest first (the `donations_donor` index), and their count. */
export async function listGiftsOf(
  executor: Executor,
  userId: string,
  page: { page: number; limit: number },
): Promise<{ rows: GiftRow[]; total: number }> {
  const mine = eq(donations.userId, userId);
  const [rows, totals] = await Promise.all([
    executor
      .select({ donation: donations, campaignTitle: campaigns.title })
      .from(donations)
      .leftJoin(campaigns, eq(campaigns.id, donations.campaignId))
      .where(mine)
      .orderBy(desc(donations.createdAt), desc(donations.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    executor.select({ total: sql<number>`count(*)::int` }).from(donations).where(mine),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** A gift by its reference, with its campaign's title. */
export async function findGift(
  executor: Executor,
  reference: string,
): Promise<GiftRow | undefined> {
  const [row] = await executor
    .select({ donation: donations, campaignTitle: campaigns.title })
    .from(donations)
    .leftJoin(campaigns, eq(campaigns.id, donations.campaignId))
    .where(eq(donations.reference, reference))
    .limit(1);
  return row;
}
