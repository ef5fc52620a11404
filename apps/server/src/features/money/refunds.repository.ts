import {
  and,
  campaigns,
  donations,
  type Executor,
  eq,
  greenHeartFund,
  inArray,
  isNull,
  ne,
  refunds,
  type SQL,
  sql,
  users,
} from '@ipatient/db';

export type RefundRow = typeof refunds.$inferSelect;
export type DonationRow = typeof donations.$inferSelect;

/** A donation under a row lock, with what a refund needs to tell its campaign's organiser. */
export async function lockDonation(
  executor: Executor,
  id: string,
): Promise<DonationRow | undefined> {
  const [row] = await executor
    .select()
    .from(donations)
    .where(eq(donations.id, id))
    .limit(1)
    .for('update');
  return row;
}

export async function findCampaignOrganiser(executor: Executor, campaignId: string) {
  const [row] = await executor
    .select({
      id: campaigns.id,
      title: campaigns.title,
      email: users.email,
      firstName: users.firstName,
    })
    .from(campaigns)
    .innerJoin(users, eq(users.id, campaigns.userId))
    .where(eq(campaigns.id, campaignId))
    .limit(1);
  return row;
}

export async function hasPendingRefund(executor: Executor, donationId: string): Promise<boolean> {
  const [row] = await executor
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.donationId, donationId), eq(refunds.status, 'pending')))
    .limit(1);
  return row !== undefined;
}

/** What a pot holds and may still refund or pay out (kobo). */
export async function availableKobo(executor: Executor, campaignId: string | null) {
  if (campaignId === null) {
    const [fund] = await executor
      .select({ available: greenHeartFund.availableKobo })
      .from(greenHeartFund)
      .where(eq(greenHeartFund.id, 1));
    return fund?.available ?? 0;
  }
  const [row] = await executor
    .select({ available: campaigns.availableKobo })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId));
  return row?.available ?? 0;
}

/**
 * Moves `kobo` between a pot's available and refunded money in one statement (the ledger's
 * check holds): `sign` 1 starts a refund, -1 puts a failed one back. A campaign's amount raised
 * is recomputed from its columns, and its count of gifts changes by `countChange`. Starting a
 * refund only takes money that is available: false when the pot does not hold it.
 */
export async function moveRefunded(
  executor: Executor,
  campaignId: string | null,
  kobo: number,
  sign: 1 | -1,
  countChange: number,
): Promise<boolean> {
  const delta = sign * kobo;
  if (campaignId === null) {
    const moved = await executor
      .update(greenHeartFund)
      .set({
        availableKobo: sql`${greenHeartFund.availableKobo} - ${delta}`,
        refundedKobo: sql`${greenHeartFund.refundedKobo} + ${delta}`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(greenHeartFund.id, 1),
          sign === 1 ? sql`${greenHeartFund.availableKobo} >= ${kobo}` : undefined,
        ),
      )
      .returning({ id: greenHeartFund.id });
    return moved.length > 0;
  }
  const moved = await executor
    .update(campaigns)
    .set({
      availableKobo: sql`${campaigns.availableKobo} - ${delta}`,
      refundedKobo: sql`${campaigns.refundedKobo} + ${delta}`,
      amountRaised: sql`(${campaigns.donatedKobo} + ${campaigns.awardedKobo} - (${campaigns.refundedKobo} + ${delta})) / 100`,
      donationCount: sql`greatest(${campaigns.donationCount} + ${countChange}, 0)`,
    })
    .where(
      and(
        eq(campaigns.id, campaignId),
        sign === 1 ? sql`${campaigns.availableKobo} >= ${kobo}` : undefined,
      ),
    )
    .returning({ id: campaigns.id });
  return moved.length > 0;
}

/** Changes a donation's refunded kobo (same transaction as the pot's move). */
export async function changeDonationRefunded(
  executor: Executor,
  donationId: string,
  delta: number,
): Promise<void> {
  await executor
    .update(donations)
    .set({
      refundedKobo: sql`${donations.refundedKobo} + ${delta}`,
      updatedAt: sql`now()`,
    })
    .where(eq(donations.id, donationId));
}

/**
 * What a refund's provider answer holds while the refund is being sent: the time the send
 * began (the database's clock). A second send waits until the answer replaces it, or until it is
 * older than a send can take (the process that sent it died).
 */
const sendingNow = sql`jsonb_build_object('sendingSince', now())`;

/** A new refund, marked as being sent (the caller sends it after the commit). */
export async function insertRefund(
  executor: Executor,
  values: Omit<typeof refunds.$inferInsert, 'providerResponse'>,
): Promise<RefundRow> {
  const [row] = await executor
    .insert(refunds)
    .values({ ...values, providerResponse: sendingNow })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/**
 * Claims a pending refund the provider never acknowledged for one send, in one conditional
 * UPDATE: undefined when it is not pending, has the provider's id, or is being sent by another
 * request (a claim younger than `staleSeconds`).
 */
export async function claimSend(
  executor: Executor,
  id: string,
  staleSeconds: number,
): Promise<RefundRow | undefined> {
  const since = sql`(${refunds.providerResponse} ->> 'sendingSince')::timestamptz`;
  const [row] = await executor
    .update(refunds)
    .set({ providerResponse: sendingNow })
    .where(
      and(
        eq(refunds.id, id),
        eq(refunds.status, 'pending'),
        isNull(refunds.providerRefundId),
        sql`(${refunds.providerResponse} ->> 'sendingSince' is null or ${since} < now() - make_interval(secs => ${staleSeconds}))`,
      ),
    )
    .returning();
  return row;
}

/** Ends a send that got no answer: the refund may be retried at once. */
export async function releaseSend(
  executor: Executor,
  id: string,
  detail: Record<string, unknown>,
): Promise<void> {
  await executor
    .update(refunds)
    .set({ providerResponse: detail })
    .where(
      and(
        eq(refunds.id, id),
        eq(refunds.status, 'pending'),
        sql`${refunds.providerResponse} ? 'sendingSince'`,
      ),
    );
}

/** Which of the provider's refund ids a refund row other than `refundId` already holds. */
export async function providerIdsHeldElsewhere(
  executor: Executor,
  providerIds: string[],
  refundId: string,
): Promise<Set<string>> {
  if (providerIds.length === 0) return new Set();
  const rows = await executor
    .select({ providerRefundId: refunds.providerRefundId })
    .from(refunds)
    .where(and(inArray(refunds.providerRefundId, providerIds), ne(refunds.id, refundId)));
  return new Set(rows.map((row) => row.providerRefundId ?? ''));
}

/** Keeps what the payment service answered (its refund id, when it gave one). */
export async function recordProviderAnswer(
  executor: Executor,
  id: string,
  values: { providerRefundId: string | undefined; detail: Record<string, unknown> },
): Promise<void> {
  await executor
    .update(refunds)
    .set({
      ...(values.providerRefundId ? { providerRefundId: values.providerRefundId } : {}),
      providerResponse: values.detail,
    })
    .where(eq(refunds.id, id));
}

/**
 * The one move out of `pending` (processed or failed): replays find nothing to move. The
 * provider's refund id is kept when the row did not have it yet (so no later refund adopts it).
 */
export async function settleRefundRow(
  executor: Executor,
  id: string,
  status: 'processed' | 'failed',
  detail: Record<string, unknown>,
  providerRefundId?: string,
): Promise<RefundRow | undefined> {
  const [row] = await executor
    .update(refunds)
    .set({
      status,
      settledAt: sql`now()`,
      providerResponse: detail,
      ...(providerRefundId
        ? { providerRefundId: sql`coalesce(${refunds.providerRefundId}, ${providerRefundId})` }
        : {}),
    })
    .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')))
    .returning();
  return row;
}

export async function findRefundRow(
  executor: Executor,
  id: string,
): Promise<RefundRow | undefined> {
  const [row] = await executor.select().from(refunds).where(eq(refunds.id, id)).limit(1);
  return row;
}

/**
 * The refund a provider event is about: by the provider's refund id when the event carries one
 * we know (`byId`), else the pending refund of the donation paid with `transactionReference`
 * (one at most: the caller checks the amount).
 */
export async function findRefundForEvent(
  executor: Executor,
  providerIds: string[],
  transactionReference: string | undefined,
): Promise<{ refund: RefundRow; byId: boolean } | undefined> {
  if (providerIds.length > 0) {
    const [known] = await executor
      .select()
      .from(refunds)
      .where(inArray(refunds.providerRefundId, providerIds))
      .limit(1);
    if (known) return { refund: known, byId: true };
  }
  if (!transactionReference) return undefined;
  const [row] = await executor
    .select({ refund: refunds })
    .from(refunds)
    .innerJoin(donations, eq(donations.id, refunds.donationId))
    .where(and(eq(donations.reference, transactionReference), eq(refunds.status, 'pending')))
    .limit(1);
  return row ? { refund: row.refund, byId: false } : undefined;
}

/** The reference the donation was paid with (what the provider refunds). */
export async function donationReference(
  executor: Executor,
  donationId: string,
): Promise<string | undefined> {
  const [row] = await executor
    .select({ reference: donations.reference })
    .from(donations)
    .where(eq(donations.id, donationId))
    .limit(1);
  return row?.reference;
}

/** A refund with its donation and campaign, as admins see it. */
export function refundView() {
  return {
    refund: refunds,
    donationReference: donations.reference,
    donorName: donations.donorName,
    donorEmail: donations.donorEmail,
    campaignTitle: campaigns.title,
  };
}

export type RefundView = {
  refund: RefundRow;
  donationReference: string;
  donorName: string;
  donorEmail: string;
  campaignTitle: string | null;
};

export async function findRefundViews(executor: Executor, where: SQL | undefined) {
  return executor
    .select(refundView())
    .from(refunds)
    .innerJoin(donations, eq(donations.id, refunds.donationId))
    .leftJoin(campaigns, eq(campaigns.id, refunds.campaignId))
    .where(where);
}

export async function findRefundView(
  executor: Executor,
  id: string,
): Promise<RefundView | undefined> {
  const [row] = await findRefundViews(executor, eq(refunds.id, id));
  return row;
}
