import type { CampaignSort, CampaignStatus } from '@ipatient/contracts/campaigns';
import {
  and,
  campaignLikes,
  campaigns,
  campaignWeeklyWinners,
  type Executor,
  eq,
  getTableColumns,
  inArray,
  isNull,
  prefixQuery,
  type SQL,
  sql,
  users,
} from '@ipatient/db';

const { search: _search, ...campaignColumns } = getTableColumns(campaigns);

export type CampaignRow = Omit<typeof campaigns.$inferSelect, 'search'>;
export type CampaignInsert = Omit<typeof campaigns.$inferInsert, 'search'>;

export interface Organiser {
  id: string;
  firstName: string;
  lastName: string;
  image: string | null;
  email: string;
}

export interface CampaignWithOrganiser {
  campaign: CampaignRow;
  organiser: Organiser;
}

const organiserColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  image: users.image,
  email: users.email,
};

const live = and(eq(campaigns.status, 'active'), isNull(campaigns.deletedAt)) as SQL;

/** Serialises one organiser's submissions until the transaction ends. */
export async function lockOrganiser(executor: Executor, userId: string): Promise<void> {
  await executor.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`campaign-submit:${userId}`}))`,
  );
}

export async function insertCampaign(
  executor: Executor,
  values: CampaignInsert,
): Promise<CampaignRow> {
  const [row] = await executor.insert(campaigns).values(values).returning(campaignColumns);
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** A campaign that is not deleted, with its organiser; `lock` takes the row for an update. */
export async function findCampaign(
  executor: Executor,
  id: string,
  options: { lock?: boolean } = {},
): Promise<CampaignWithOrganiser | undefined> {
  const query = executor
    .select({ campaign: campaignColumns, organiser: organiserColumns })
    .from(campaigns)
    .innerJoin(users, eq(users.id, campaigns.userId))
    .where(and(eq(campaigns.id, id), isNull(campaigns.deletedAt)))
    .limit(1);
  const [row] = await (options.lock ? query.for('update', { of: campaigns }) : query);
  return row;
}

const ORDER: Record<CampaignSort, SQL> = {
  // Both match the partial indexes of the schema exactly, so a page is an index range.
  likes: sql`${campaigns.likesCount} desc nulls last, ${campaigns.createdAt} asc, ${campaigns.id} asc`,
  recent: sql`${campaigns.approvedAt} desc nulls last, ${campaigns.id} asc`,
};

/** Search matches are counted up to this many: "1,000+" is as useful as an exact 28,654. */
export const SEARCH_COUNT_CAP = 1000;

/** A listed campaign with what the viewer needs to see on its card. */
export interface CampaignListRow extends CampaignWithOrganiser {
  likedByMe: boolean;
  weeklyWins: Date[];
}

/** The viewer's like and the weeks won, as columns of a campaign query. */
function viewerColumns(viewerId: string | undefined) {
  return {
    likedByMe: viewerId
      ? sql<boolean>`exists (select 1 from ${campaignLikes} where ${campaignLikes.campaignId} = ${campaigns.id} and ${campaignLikes.userId} = ${viewerId})`
      : sql<boolean>`false`,
    weeklyWins: sql<
      string[]
    >`coalesce((select json_agg(${campaignWeeklyWinners.weekStart} order by ${campaignWeeklyWinners.weekStart} desc) from ${campaignWeeklyWinners} where ${campaignWeeklyWinners.campaignId} = ${campaigns.id}), '[]'::json)`,
  };
}

function withDates<T extends { weeklyWins: string[] }>(row: T): T & { weeklyWins: Date[] } {
  return { ...row, weeklyWins: row.weeklyWins.map((week) => new Date(week)) } as T & {
    weeklyWins: Date[];
  };
}

/** A campaign that is not deleted, with the viewer's like and the weeks it won: one query. */
export async function findCampaignForViewer(
  executor: Executor,
  id: string,
  viewerId: string | undefined,
): Promise<CampaignListRow | undefined> {
  const [row] = await executor
    .select({
      campaign: campaignColumns,
      organiser: organiserColumns,
      ...viewerColumns(viewerId),
    })
    .from(campaigns)
    .innerJoin(users, eq(users.id, campaigns.userId))
    .where(and(eq(campaigns.id, id), isNull(campaigns.deletedAt)))
    .limit(1);
  return row ? withDates(row) : undefined;
}

/**
 * One page of live campaigns and how many there are, in one round trip each (they run side by
 * side). The page is chosen on the index alone (ids only) and only those rows are read, so a
 * deep page does not fetch the rows it skips; the viewer's like and the weeks won come along.
 */
export async function listLiveCampaigns(
  executor: Executor,
  options: {
    page: number;
    limit: number;
    sort: CampaignSort;
    search?: string | undefined;
    viewerId?: string | undefined;
    /** The number of live campaigns, when the caller knows it (a short-lived cache). */
    knownTotal?: number | undefined;
  },
): Promise<{ rows: CampaignListRow[]; total: number; totalIsCapped: boolean }> {
  const query = options.search ? prefixQuery(options.search) : undefined;
  const where = query
    ? and(live, sql`${campaigns.search} @@ to_tsquery('simple', ${query})`)
    : live;
  const pageIds = executor
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(where)
    .orderBy(ORDER[options.sort])
    .limit(options.limit)
    .offset((options.page - 1) * options.limit);
  const { likedByMe, weeklyWins } = viewerColumns(options.viewerId);
  const [found, total] = await Promise.all([
    executor
      .select({ campaign: campaignColumns, organiser: organiserColumns, likedByMe, weeklyWins })
      .from(campaigns)
      .innerJoin(users, eq(users.id, campaigns.userId))
      .where(inArray(campaigns.id, pageIds))
      .orderBy(ORDER[options.sort]),
    query
      ? executor
          .execute<{ total: number }>(
            // In the list's own order: a common word is counted by walking the live index until
            // the cap (no sequential scan of the table), a rare one through the search index.
            sql`select count(*)::int as total from (select 1 from ${campaigns} where ${where} order by ${ORDER[options.sort]} limit ${SEARCH_COUNT_CAP + 1}) matches`,
          )
          .then((result) => result.rows[0]?.total ?? 0)
      : options.knownTotal !== undefined
        ? Promise.resolve(options.knownTotal)
        : countLiveCampaigns(executor),
  ]);
  const rows = found.map(withDates);
  const capped = query !== undefined && total > SEARCH_COUNT_CAP;
  return { rows, total: capped ? SEARCH_COUNT_CAP : total, totalIsCapped: capped };
}

/** How many campaigns are live (an index-only count over the live partial index). */
export async function countLiveCampaigns(executor: Executor): Promise<number> {
  const [row] = await executor
    .select({ total: sql<number>`count(*)::int` })
    .from(campaigns)
    .where(live);
  return row?.total ?? 0;
}

/** Every campaign of one organiser that is not deleted, newest first. */
export async function listOwnCampaigns(
  executor: Executor,
  userId: string,
): Promise<CampaignWithOrganiser[]> {
  return executor
    .select({ campaign: campaignColumns, organiser: organiserColumns })
    .from(campaigns)
    .innerJoin(users, eq(users.id, campaigns.userId))
    .where(and(eq(campaigns.userId, userId), isNull(campaigns.deletedAt)))
    .orderBy(sql`${campaigns.createdAt} desc`)
    .limit(100);
}

/** Campaigns for moderators, oldest submission first, optionally of one status. */
export async function listForModeration(
  executor: Executor,
  options: {
    page: number;
    limit: number;
    status?: CampaignStatus | undefined;
    /** Words of the title, story or place (prefix match). */
    search?: string | undefined;
  },
): Promise<{ rows: CampaignWithOrganiser[]; total: number }> {
  const query = options.search ? prefixQuery(options.search) : undefined;
  const where = and(
    isNull(campaigns.deletedAt),
    options.status ? eq(campaigns.status, options.status) : undefined,
    query ? sql`${campaigns.search} @@ to_tsquery('simple', ${query})` : undefined,
  );
  const [rows, counted] = await Promise.all([
    executor
      .select({ campaign: campaignColumns, organiser: organiserColumns })
      .from(campaigns)
      .innerJoin(users, eq(users.id, campaigns.userId))
      .where(where)
      .orderBy(sql`${campaigns.submittedAt} asc, ${campaigns.id} asc`)
      .limit(options.limit)
      .offset((options.page - 1) * options.limit),
    executor.select({ total: sql<number>`count(*)::int` }).from(campaigns).where(where),
  ]);
  return { rows, total: counted[0]?.total ?? 0 };
}

export async function updateCampaign(
  executor: Executor,
  id: string,
  patch: Partial<CampaignInsert>,
): Promise<CampaignRow | undefined> {
  const [row] = await executor
    .update(campaigns)
    // `updated_at` is the version an admin approves: every change must move it, and by at least
    // a millisecond, the precision it has in JSON (two changes within one millisecond, or in one
    // transaction where now() stands still, would otherwise look like one version).
    .set({
      ...patch,
      updatedAt: sql`greatest(clock_timestamp(), ${campaigns.updatedAt} + interval '1 millisecond')`,
    })
    .where(and(eq(campaigns.id, id), isNull(campaigns.deletedAt)))
    .returning(campaignColumns);
  return row;
}

/** Which of these campaigns the user has liked. */
export async function likedBy(
  executor: Executor,
  userId: string,
  campaignIds: string[],
): Promise<Set<string>> {
  if (campaignIds.length === 0) return new Set();
  const rows = await executor
    .select({ campaignId: campaignLikes.campaignId })
    .from(campaignLikes)
    .where(and(eq(campaignLikes.userId, userId), inArray(campaignLikes.campaignId, campaignIds)));
  return new Set(rows.map((row) => row.campaignId));
}

/**
 * Records a like and counts it, in the caller's transaction. The primary key decides whether
 * it is new, so two requests at once cannot both count.
 */
export async function addLike(
  executor: Executor,
  campaignId: string,
  userId: string,
): Promise<boolean> {
  const inserted = await executor
    .insert(campaignLikes)
    .values({ campaignId, userId })
    .onConflictDoNothing()
    .returning({ campaignId: campaignLikes.campaignId });
  if (inserted.length === 0) return false;
  await executor
    .update(campaigns)
    .set({ likesCount: sql`${campaigns.likesCount} + 1` })
    .where(eq(campaigns.id, campaignId));
  return true;
}

/** The weeks each of these campaigns won. */
export async function weeklyWinsOf(
  executor: Executor,
  campaignIds: string[],
): Promise<Map<string, Date[]>> {
  const wins = new Map<string, Date[]>();
  if (campaignIds.length === 0) return wins;
  const rows = await executor
    .select({
      campaignId: campaignWeeklyWinners.campaignId,
      weekStart: campaignWeeklyWinners.weekStart,
    })
    .from(campaignWeeklyWinners)
    .where(inArray(campaignWeeklyWinners.campaignId, campaignIds))
    .orderBy(sql`${campaignWeeklyWinners.weekStart} desc`);
  for (const row of rows)
    wins.set(row.campaignId, [...(wins.get(row.campaignId) ?? []), row.weekStart]);
  return wins;
}

export interface WeeklyWinnerRow extends CampaignWithOrganiser {
  weekStart: Date;
  weekEnd: Date;
  likes: number;
}

/** Recorded winners, newest week first, whose campaigns are still shown (live or completed). */
export async function listWeeklyWinners(
  executor: Executor,
  limit: number,
): Promise<WeeklyWinnerRow[]> {
  return executor
    .select({
      weekStart: campaignWeeklyWinners.weekStart,
      weekEnd: campaignWeeklyWinners.weekEnd,
      likes: campaignWeeklyWinners.likes,
      campaign: campaignColumns,
      organiser: organiserColumns,
    })
    .from(campaignWeeklyWinners)
    .innerJoin(campaigns, eq(campaigns.id, campaignWeeklyWinners.campaignId))
    .innerJoin(users, eq(users.id, campaigns.userId))
    .where(and(isNull(campaigns.deletedAt), inArray(campaigns.status, ['active', 'completed'])))
    .orderBy(sql`${campaignWeeklyWinners.weekStart} desc`)
    .limit(limit);
}

/** Start of the Lagos week (Monday 00:00 Africa/Lagos) that `at` falls in. */
export async function lagosWeekStart(executor: Executor, at: Date): Promise<Date> {
  const result = await executor.execute<{ start: Date | string }>(
    sql`select (date_trunc('week', ${at.toISOString()}::timestamptz at time zone 'Africa/Lagos') at time zone 'Africa/Lagos') as start`,
  );
  return new Date(result.rows[0]?.start ?? at);
}

export async function latestRecordedWeek(executor: Executor): Promise<Date | undefined> {
  const [row] = await executor
    .select({ weekStart: campaignWeeklyWinners.weekStart })
    .from(campaignWeeklyWinners)
    .orderBy(sql`${campaignWeeklyWinners.weekStart} desc`)
    .limit(1);
  return row?.weekStart;
}

/**
 * Records the week's winner: the campaign live at the end of the week (still live, or completed
 * since) with the most likes given in [start, end), ties to the earlier campaign. Nothing happens when the week is already recorded (by this or another
 * instance) or nobody liked anything. Returns whether a row was written.
 */
export async function recordWeeklyWinner(
  executor: Executor,
  weekStart: Date,
  weekEnd: Date,
): Promise<boolean> {
  const result = await executor.execute(sql`
    insert into ${campaignWeeklyWinners} (week_start, week_end, campaign_id, likes)
    select ${weekStart.toISOString()}::timestamptz, ${weekEnd.toISOString()}::timestamptz, l.campaign_id, count(*)::int
    from ${campaignLikes} l
    join ${campaigns} c on c.id = l.campaign_id
    where l.created_at >= ${weekStart.toISOString()}::timestamptz
      and l.created_at < ${weekEnd.toISOString()}::timestamptz
      and c.deleted_at is null
      and (c.status = 'active' or (c.status = 'completed' and c.completed_at >= ${weekEnd.toISOString()}::timestamptz))
    group by l.campaign_id, c.created_at
    order by count(*) desc, c.created_at asc, l.campaign_id asc
    limit 1
    on conflict (week_start) do nothing`);
  return (result.rowCount ?? 0) > 0;
}
