import {
  and,
  campaigns,
  campaignUpdates,
  desc,
  donations,
  type Executor,
  eq,
  isNotNull,
  isNull,
  type SQL,
  sql,
  users,
} from '@ipatient/db';

export type UpdateRow = typeof campaignUpdates.$inferSelect;
export type DonationRow = typeof donations.$inferSelect;

/** What updates need of a campaign: who runs it, whether it is public, whom to write as. */
export interface UpdatedCampaign {
  id: string;
  title: string;
  status: string;
  userId: string;
  organiserFirstName: string;
  organiserLastName: string;
}

/** A campaign that is not deleted; `lock` holds its row until the transaction ends. */
export async function findCampaign(
  executor: Executor,
  id: string,
  options: { lock?: boolean } = {},
): Promise<UpdatedCampaign | undefined> {
  const query = executor
    .select({
      id: campaigns.id,
      title: campaigns.title,
      status: campaigns.status,
      userId: campaigns.userId,
      organiserFirstName: users.firstName,
      organiserLastName: users.lastName,
    })
    .from(campaigns)
    .innerJoin(users, eq(users.id, campaigns.userId))
    .where(and(eq(campaigns.id, id), isNull(campaigns.deletedAt)))
    .limit(1);
  const [row] = options.lock ? await query.for('update', { of: campaigns }) : await query;
  return row;
}

export async function insertUpdate(
  executor: Executor,
  values: typeof campaignUpdates.$inferInsert,
): Promise<UpdateRow> {
  const [row] = await executor.insert(campaignUpdates).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

const visibleUpdate = (campaignId: string) =>
  and(eq(campaignUpdates.campaignId, campaignId), isNull(campaignUpdates.hiddenAt));

/**
 * A word of support: a counted gift's message that no admin hid, of a gift not refunded in full
 * (a gift refunded in full no longer supports the campaign).
 */
export const isWordOfSupport: SQL = sql`${donations.status} = 'succeeded'
  and ${donations.message} is not null and btrim(${donations.message}) <> ''
  and ${donations.messageHiddenAt} is null
  and ${donations.refundedKobo} < ${donations.amountKobo} - ${donations.feeKobo}`;

const wordsOf = (campaignId: string) =>
  and(eq(donations.campaignId, campaignId), isWordOfSupport) as SQL;

/** The newest visible updates and words of support of a campaign, and how many there are. */
export async function timeline(executor: Executor, campaignId: string, max: number) {
  const [updates, updateCount, words, wordCount] = await Promise.all([
    executor
      .select()
      .from(campaignUpdates)
      .where(visibleUpdate(campaignId))
      .orderBy(desc(campaignUpdates.createdAt), desc(campaignUpdates.id))
      .limit(max),
    executor
      .select({ total: sql<number>`count(*)::int` })
      .from(campaignUpdates)
      .where(visibleUpdate(campaignId)),
    executor
      .select()
      .from(donations)
      .where(wordsOf(campaignId))
      .orderBy(desc(donations.paidAt), desc(donations.id))
      .limit(max),
    executor
      .select({ total: sql<number>`count(*)::int` })
      .from(donations)
      .where(wordsOf(campaignId)),
  ]);
  return {
    updates,
    updatesTotal: updateCount[0]?.total ?? 0,
    words,
    wordsTotal: wordCount[0]?.total ?? 0,
  };
}

/** Every update of a campaign, hidden ones too, newest first. */
export async function allUpdates(executor: Executor, campaignId: string): Promise<UpdateRow[]> {
  return executor
    .select()
    .from(campaignUpdates)
    .where(eq(campaignUpdates.campaignId, campaignId))
    .orderBy(desc(campaignUpdates.createdAt), desc(campaignUpdates.id));
}

/** The newest counted gifts of a campaign, for its organiser to thank or report. */
export async function recentGifts(
  executor: Executor,
  campaignId: string,
  max: number,
): Promise<DonationRow[]> {
  return executor
    .select()
    .from(donations)
    .where(and(eq(donations.campaignId, campaignId), eq(donations.status, 'succeeded')))
    .orderBy(desc(donations.paidAt), desc(donations.id))
    .limit(max);
}

/**
 * The distinct addresses (as first written, compared without case) that asked for this
 * campaign's updates with a counted gift.
 */
export async function subscriberEmails(executor: Executor, campaignId: string): Promise<string[]> {
  const rows = await executor
    .selectDistinctOn([sql`lower(${donations.donorEmail})`], { email: donations.donorEmail })
    .from(donations)
    .where(
      and(
        eq(donations.campaignId, campaignId),
        eq(donations.status, 'succeeded'),
        eq(donations.keepInformed, true),
      ),
    )
    .orderBy(sql`lower(${donations.donorEmail})`, donations.createdAt);
  return rows.map((row) => row.email);
}

/** Whether one address still gets a campaign's updates (a counted gift that asked for them). */
export async function isSubscribed(
  executor: Executor,
  campaignId: string,
  email: string,
): Promise<boolean> {
  const [row] = await executor
    .select({ id: donations.id })
    .from(donations)
    .where(
      and(
        eq(donations.campaignId, campaignId),
        sql`lower(${donations.donorEmail}) = lower(${email})`,
        eq(donations.status, 'succeeded'),
        eq(donations.keepInformed, true),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Stops the updates to one address: every gift of it to the campaign. */
export async function unsubscribe(
  executor: Executor,
  campaignId: string,
  email: string,
): Promise<number> {
  const stopped = await executor
    .update(donations)
    .set({ keepInformed: false, updatedAt: new Date() })
    .where(
      and(
        eq(donations.campaignId, campaignId),
        sql`lower(${donations.donorEmail}) = lower(${email})`,
        eq(donations.keepInformed, true),
      ),
    )
    .returning({ id: donations.id });
  return stopped.length;
}

/** A counted gift of a campaign; `lock` holds its row until the transaction ends. */
export async function findGift(
  executor: Executor,
  campaignId: string,
  donationId: string,
  options: { lock?: boolean } = {},
): Promise<DonationRow | undefined> {
  const query = executor
    .select()
    .from(donations)
    .where(
      and(
        eq(donations.id, donationId),
        eq(donations.campaignId, campaignId),
        eq(donations.status, 'succeeded'),
      ),
    )
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function setGift(
  executor: Executor,
  id: string,
  values: Partial<Pick<DonationRow, 'thankedAt' | 'messageReportedAt' | 'messageHiddenAt'>>,
): Promise<DonationRow> {
  const [row] = await executor
    .update(donations)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(donations.id, id))
    .returning();
  if (!row) throw new Error('update returned no row');
  return row;
}

/** An update with its campaign, for admins; `lock` holds the update's row. */
export async function findUpdateForAdmin(
  executor: Executor,
  id: string,
  options: { lock?: boolean } = {},
) {
  const query = executor
    .select({ update: campaignUpdates, campaign: { id: campaigns.id, title: campaigns.title } })
    .from(campaignUpdates)
    .innerJoin(campaigns, eq(campaigns.id, campaignUpdates.campaignId))
    .where(eq(campaignUpdates.id, id))
    .limit(1);
  const [row] = options.lock ? await query.for('update', { of: campaignUpdates }) : await query;
  return row;
}

export async function hideUpdate(
  executor: Executor,
  id: string,
  values: { hiddenBy: string; hiddenReason: string },
): Promise<UpdateRow> {
  const [row] = await executor
    .update(campaignUpdates)
    .set({ ...values, hiddenAt: new Date() })
    .where(eq(campaignUpdates.id, id))
    .returning();
  if (!row) throw new Error('update returned no row');
  return row;
}

/** A gift with a message and its campaign, for admins; `lock` holds the gift's row. */
export async function findMessageForAdmin(
  executor: Executor,
  donationId: string,
  options: { lock?: boolean } = {},
) {
  const query = executor
    .select({ gift: donations, campaign: { id: campaigns.id, title: campaigns.title } })
    .from(donations)
    .innerJoin(campaigns, eq(campaigns.id, donations.campaignId))
    .where(
      and(
        eq(donations.id, donationId),
        eq(donations.status, 'succeeded'),
        isNotNull(donations.message),
      ),
    )
    .limit(1);
  const [row] = options.lock ? await query.for('update', { of: donations }) : await query;
  return row;
}

/** Admins' lists: recent updates, and messages with reported ones first (one page of each). */
export async function adminLists(
  executor: Executor,
  filter: { campaignId?: string | undefined; page: number; limit: number },
) {
  const updateWhere = filter.campaignId
    ? eq(campaignUpdates.campaignId, filter.campaignId)
    : undefined;
  const messageWhere = and(
    filter.campaignId
      ? eq(donations.campaignId, filter.campaignId)
      : isNotNull(donations.campaignId),
    eq(donations.status, 'succeeded'),
    sql`${donations.message} is not null and btrim(${donations.message}) <> ''`,
  );
  const offset = (filter.page - 1) * filter.limit;
  const [updates, updateCount, words, wordCount] = await Promise.all([
    executor
      .select({ update: campaignUpdates, campaign: { id: campaigns.id, title: campaigns.title } })
      .from(campaignUpdates)
      .innerJoin(campaigns, eq(campaigns.id, campaignUpdates.campaignId))
      .where(updateWhere)
      .orderBy(desc(campaignUpdates.createdAt), desc(campaignUpdates.id))
      .limit(filter.limit)
      .offset(offset),
    executor.select({ total: sql<number>`count(*)::int` }).from(campaignUpdates).where(updateWhere),
    executor
      .select({ gift: donations, campaign: { id: campaigns.id, title: campaigns.title } })
      .from(donations)
      .innerJoin(campaigns, eq(campaigns.id, donations.campaignId))
      .where(messageWhere)
      .orderBy(
        // Reported and not yet hidden first, newest report first; then the newest gifts.
        sql`(${donations.messageReportedAt} is not null and ${donations.messageHiddenAt} is null) desc`,
        desc(donations.messageReportedAt),
        desc(donations.paidAt),
        desc(donations.id),
      )
      .limit(filter.limit)
      .offset(offset),
    executor.select({ total: sql<number>`count(*)::int` }).from(donations).where(messageWhere),
  ]);
  return {
    updates,
    updatesTotal: updateCount[0]?.total ?? 0,
    words,
    wordsTotal: wordCount[0]?.total ?? 0,
  };
}
