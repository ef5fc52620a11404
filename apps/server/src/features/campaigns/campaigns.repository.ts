import type { CampaignSort, CampaignStatus } from '@ipatient/contracts/campaigns';
import { limits } from '@ipatient/contracts/constants';
import type { CampaignDocumentKind } from '@ipatient/contracts/evidence-rules';
import {
  and,
  builtOnce,
  campaignDocuments,
  campaignLikeCounts,
  campaignLikes,
  campaignRevisions,
  campaigns,
  campaignVerifications,
  campaignWeeklyWinners,
  donations,
  type Executor,
  eq,
  facilities,
  getTableColumns,
  inArray,
  isNull,
  prefixQuery,
  type SQL,
  sql,
  users,
} from '@ipatient/db';
import { askedTogether, together } from '../../lib/asked-together.ts';

// The search vector and the end (kept by the database, infinity before approval, which a JS
// Date cannot hold) are for filtering and ordering in SQL, never read into rows.
const { search: _search, endsAt: _endsAt, ...ownColumns } = getTableColumns(campaigns);

/**
 * The campaign's likes, from its row of `campaign_like_counts` (every campaign has one from its
 * insert on; none yet in an insert's own RETURNING, hence 0), as a column of any query over
 * `campaigns` under its own name.
 */
const likesCountColumn = sql<number>`coalesce((select ${campaignLikeCounts.likesCount} from ${campaignLikeCounts} where ${campaignLikeCounts.campaignId} = ${campaigns.id}), 0)`;

/** A campaign as the app reads it: its own columns and its likes. */
export const campaignColumns = { ...ownColumns, likesCount: likesCountColumn };

export type CampaignRow = Omit<typeof campaigns.$inferSelect, 'search' | 'endsAt'> & {
  likesCount: number;
};
export type CampaignInsert = Omit<typeof campaigns.$inferInsert, 'search' | 'endsAt'>;

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

export const organiserColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  image: users.image,
  email: users.email,
};

const live = and(eq(campaigns.status, 'active'), isNull(campaigns.deletedAt)) as SQL;

/**
 * When a campaign ends, as SQL over the row (or over the table's alias in a hand-written query):
 * the `ends_at` column, which a trigger keeps equal to its approval plus its duration plus the
 * days added, in UTC, as `campaignEndsAt` in the contracts reckons it (infinity when it was never
 * approved).
 */
export function campaignEndsAtSql(alias?: string): SQL {
  return sql.raw(alias ? `${alias}.ends_at` : '"campaigns"."ends_at"');
}

/** Not ended yet (a campaign that was never approved has no end). */
export function notEndedSql(alias?: string): SQL {
  return sql`${campaignEndsAtSql(alias)} > now()`;
}

/** Live and not ended: what the public lists, counts and ranks. */
const listed = and(live, notEndedSql()) as SQL;

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
  // These three match the partial indexes of the schema exactly, so a page is an index range
  // (most liked: of `campaign_like_counts`, which `listLiveCampaigns` joins for that order).
  likes: sql`${campaignLikeCounts.likesCount} desc nulls last, ${campaignLikeCounts.createdAt} asc, ${campaignLikeCounts.campaignId} asc`,
  recent: sql`${campaigns.approvedAt} desc nulls last, ${campaigns.id} asc`,
  'nearly-funded': sql`(${campaigns.amountRaised}::numeric / ${campaigns.amountNeeded}) desc, ${campaigns.approvedAt} desc nulls last, ${campaigns.id} asc`,
  'ending-soon': sql`${campaigns.endsAt} asc, ${campaigns.id} asc`,
};

/** Only what an order lists besides every listed campaign (nearly funded: not yet funded). */
const SORT_FILTER: Partial<Record<CampaignSort, SQL>> = {
  'nearly-funded': sql`${campaigns.amountRaised} < ${campaigns.amountNeeded}`,
};

/**
 * The latest named supporters of the campaign of the outer query: succeeded gifts not wholly
 * refunded and not anonymous, one per donor (a member by account, anyone else by name), newest
 * first, with the member's photo. Read from the campaign's succeeded-gifts index; names only,
 * never an email.
 */
const supportersColumn = sql<Supporter[]>`coalesce((
  select json_agg(json_build_object('name', latest.name, 'image', latest.image) order by latest.paid_at desc)
  from (
    select one.name, one.image, one.paid_at
    from (
      select distinct on (recent.donor) recent.name, recent.image, recent.paid_at
      from (
        select coalesce(dn.user_id::text, lower(dn.donor_name)) as donor,
          dn.donor_name as name, du.image as image, dn.paid_at as paid_at
        from ${donations} dn
        left join ${users} du on du.id = dn.user_id
        where dn.campaign_id = "campaigns"."id"
          and dn.status = 'succeeded'
          and not dn.anonymous
          and dn.refunded_kobo < dn.amount_kobo - dn.fee_kobo
        order by dn.paid_at desc
        limit 50
      ) recent
      order by recent.donor, recent.paid_at desc
    ) one
    order by one.paid_at desc
    limit ${limits.avatarStackMax}
  ) latest
), '[]'::json)`;

export interface Supporter {
  name: string;
  image: string | null;
}

/** Search matches are counted up to this many: "1,000+" is as useful as an exact 28,654. */
export const SEARCH_COUNT_CAP = 1000;

/** A listed campaign with what the viewer needs to see on its card. */
export interface CampaignListRow extends CampaignWithOrganiser {
  likedByMe: boolean;
  weeklyWins: Date[];
  supporters: Supporter[];
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
    supporters: supportersColumn,
  };
}

function withDates<T extends { weeklyWins: string[] }>(row: T): T & { weeklyWins: Date[] } {
  return { ...row, weeklyWins: row.weeklyWins.map((week) => new Date(week)) } as T & {
    weeklyWins: Date[];
  };
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
    /** One category (exact) and one state (its canonical name). */
    category?: string | undefined;
    state?: string | undefined;
    viewerId?: string | undefined;
    /** The number of listed campaigns, when the caller knows it (a short-lived cache). */
    knownTotal?: number | undefined;
  },
): Promise<{ rows: CampaignListRow[]; total: number; totalIsCapped: boolean }> {
  const query = options.search ? prefixQuery(options.search) : undefined;
  const sortFilter = SORT_FILTER[options.sort];
  const where = and(
    listed,
    query ? sql`${campaigns.search} @@ to_tsquery('simple', ${query})` : undefined,
    options.category ? eq(campaigns.category, options.category) : undefined,
    options.state ? eq(campaigns.state, options.state) : undefined,
    sortFilter,
  ) as SQL;
  // The cached total counts every listed campaign: only right when nothing narrows the list.
  const narrowed = Boolean(options.category || options.state || sortFilter);
  // The most-liked order is the counts' partial index, walked with each campaign it passes.
  const byLikes = options.sort === 'likes';
  const counts = eq(campaignLikeCounts.campaignId, campaigns.id);
  const inOrder = byLikes ? (and(where, sql`${campaignLikeCounts.listed}`) as SQL) : where;
  const idsFrom = executor.select({ id: campaigns.id }).from(campaigns);
  const pageIds = (byLikes ? idsFrom.innerJoin(campaignLikeCounts, counts) : idsFrom)
    .where(inOrder)
    .orderBy(ORDER[options.sort])
    .limit(options.limit)
    .offset((options.page - 1) * options.limit);
  const { likedByMe, weeklyWins, supporters } = viewerColumns(options.viewerId);
  const pageFrom = executor
    .select({
      campaign: campaignColumns,
      organiser: organiserColumns,
      likedByMe,
      weeklyWins,
      supporters,
    })
    .from(campaigns)
    .innerJoin(users, eq(users.id, campaigns.userId));
  const [found, total] = await Promise.all([
    (byLikes ? pageFrom.innerJoin(campaignLikeCounts, counts) : pageFrom)
      .where(inArray(campaigns.id, pageIds))
      .orderBy(ORDER[options.sort]),
    query
      ? executor
          .execute<{ total: number }>(
            // In the list's own order: a common word is counted by walking the live index until
            // the cap (no sequential scan of the table), a rare one through the search index.
            sql`select count(*)::int as total from (select 1 from ${campaigns} ${byLikes ? sql`join ${campaignLikeCounts} on ${counts}` : sql``} where ${inOrder} order by ${ORDER[options.sort]} limit ${SEARCH_COUNT_CAP + 1}) matches`,
          )
          .then((result) => result.rows[0]?.total ?? 0)
      : narrowed
        ? executor
            .select({ total: sql<number>`count(*)::int` })
            .from(campaigns)
            .where(where)
            .then((counted) => counted[0]?.total ?? 0)
        : options.knownTotal !== undefined
          ? Promise.resolve(options.knownTotal)
          : countLiveCampaigns(executor),
  ]);
  const rows = found.map(withDates);
  const capped = query !== undefined && total > SEARCH_COUNT_CAP;
  return { rows, total: capped ? SEARCH_COUNT_CAP : total, totalIsCapped: capped };
}

/** How many campaigns are listed: live and not ended (a walk of the live partial index). */
export async function countLiveCampaigns(executor: Executor): Promise<number> {
  const [row] = await executor
    .select({ total: sql<number>`count(*)::int` })
    .from(campaigns)
    .where(listed);
  return row?.total ?? 0;
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
export function likedBy(
  executor: Executor,
  userId: string,
  campaignIds: string[],
): Promise<Set<string>> {
  return campaignsLikedTogether(executor, userId, campaignIds);
}

/** Members' likes among campaigns, the asks of one turn of the event loop in one statement. */
const campaignsLikedTogether = askedTogether<Executor>((executor) => async (userIds, ids) => {
  const rows = await likesOf(executor).execute({ userIds, campaignIds: ids });
  return rows.map((row) => ({ userId: row.userId, id: row.campaignId }));
});

const likesOf = builtOnce((executor) =>
  executor
    .select({ userId: campaignLikes.userId, campaignId: campaignLikes.campaignId })
    .from(campaignLikes)
    .where(
      sql`(${campaignLikes.campaignId}, ${campaignLikes.userId}) in (select * from unnest(${sql.placeholder('campaignIds')}::uuid[], ${sql.placeholder('userIds')}::uuid[]))`,
    )
    .prepare('campaigns_liked_by'),
);

/** What presenting a campaign adds to its row, for one viewer (campaignExtras). */
export interface CampaignExtras {
  id: string;
  /** Whether the viewer gave it their Green-Heart (false for visitors). */
  liked: boolean;
  /** The weeks it won, newest first. */
  weeklyWins: Date[];
  supporters: Supporter[];
  /** The name of its listed facility, when it has one. */
  facilityName: string | null;
  /** Whether an edit of it waits for review. */
  pendingRevision: boolean;
  /** Its recorded check, with the kinds of document the check covered. */
  verification:
    | (typeof campaignVerifications.$inferSelect & {
        documentKinds: CampaignDocumentKind[];
      })
    | null;
}

/** The columns of CampaignExtras, over `campaigns` left-joined to `campaign_verifications`. */
/** What presenting a campaign adds, for the viewer `viewer` (an id, or a column). */
const extrasColumnsFor = (viewer: SQL) => ({
  liked: sql<boolean>`exists (select 1 from ${campaignLikes} l
    where l.campaign_id = "campaigns"."id" and l.user_id = ${viewer})`,
  weeks: sql<string[]>`coalesce((select json_agg(w.week_start order by w.week_start desc)
    from ${campaignWeeklyWinners} w where w.campaign_id = "campaigns"."id"), '[]'::json)`,
  supporters: supportersColumn,
  facilityName: sql<
    string | null
  >`(select f.name from ${facilities} f where f.id = "campaigns"."facility_id")`,
  pendingRevision: sql<boolean>`exists (select 1 from ${campaignRevisions} r
    where r.campaign_id = "campaigns"."id" and r.status = 'pending')`,
  verification: campaignVerifications,
  documentKinds: sql<
    CampaignDocumentKind[]
  >`coalesce((select array_agg(distinct d.kind order by d.kind) from ${campaignDocuments} d where d.campaign_id = ${campaignVerifications.campaignId} and d.attached_at <= ${campaignVerifications.checkedAt}), '{}'::text[])`,
});

const extrasColumns = extrasColumnsFor(sql`${sql.placeholder('viewerId')}::uuid`);

interface ExtrasRow {
  liked: boolean;
  weeks: string[];
  supporters: Supporter[];
  facilityName: string | null;
  pendingRevision: boolean;
  verification: typeof campaignVerifications.$inferSelect | null;
  documentKinds: CampaignDocumentKind[];
}

function extrasOf(id: string, row: ExtrasRow): CampaignExtras {
  return {
    id,
    liked: row.liked,
    weeklyWins: row.weeks.map((week) => new Date(week)),
    supporters: row.supporters,
    facilityName: row.facilityName,
    pendingRevision: row.pendingRevision,
    verification: row.verification && { ...row.verification, documentKinds: row.documentKinds },
  };
}

const extrasQuery = builtOnce((executor) =>
  executor
    .select({ id: campaigns.id, ...extrasColumns })
    .from(campaigns)
    .leftJoin(campaignVerifications, eq(campaignVerifications.campaignId, campaigns.id))
    .where(sql`${campaigns.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('campaign_extras'),
);

/**
 * Everything presenting these campaigns adds to their rows, in one statement (one round trip
 * where it took five): the viewer's likes, the weeks won, the latest supporters, the listed
 * facility's name, a pending edit and the recorded check.
 */
export async function campaignExtras(
  executor: Executor,
  campaignIds: string[],
  viewerId: string | undefined,
): Promise<Map<string, CampaignExtras>> {
  if (campaignIds.length === 0) return new Map();
  const rows = await extrasQuery(executor).execute({
    ids: campaignIds,
    viewerId: viewerId ?? null,
  });
  return new Map(rows.map((row) => [row.id, extrasOf(row.id, row)]));
}

/** Campaigns with their organiser and what presenting them to a viewer adds (campaignExtras). */
const selectWithExtras = <E extends typeof extrasColumns>(
  executor: Pick<Executor, 'select'>,
  extras: E,
) =>
  executor
    .select({ campaign: campaignColumns, organiser: organiserColumns, ...extras })
    .from(campaigns)
    .innerJoin(users, eq(users.id, campaigns.userId))
    .leftJoin(campaignVerifications, eq(campaignVerifications.campaignId, campaigns.id));

const campaignWithExtras = builtOnce((executor) =>
  selectWithExtras(executor, extrasColumns)
    .where(and(eq(campaigns.id, sql.placeholder('id')), isNull(campaigns.deletedAt)))
    .limit(1)
    .prepare('campaign_with_extras'),
);

/**
 * Gives a campaign the user's like, counts it, and reads the campaign with what presenting it
 * to them adds, in one statement (one round trip, one snapshot, no transaction held open across
 * round trips). The like is stored only on a live campaign that has not ended and that the
 * user does not own; the primary key decides whether it is new, so two likes at once cannot
 * both count. The read sees the statement's snapshot, from before the like, so the count comes
 * from the update itself (`likesNow`, when the like was added).
 */
const likeAndReadQuery = builtOnce((executor) => {
  const target = executor.$with('target', { id: sql<string>`id`.as('id') }).as(sql`
    select id, user_id, status, coalesce(ends_at <= now(), false) as ended
    from ${campaigns}
    where id = ${sql.placeholder('id')}::uuid and deleted_at is null`);
  const stored = executor
    .$with('stored', { campaignId: sql<string>`campaign_id`.as('campaign_id') })
    .as(sql`
    insert into ${campaignLikes} (campaign_id, user_id)
    select id, ${sql.placeholder('userId')}::uuid from target
    where status = 'active' and not ended and user_id <> ${sql.placeholder('userId')}::uuid
    on conflict do nothing
    returning campaign_id`);
  const counted = executor
    .$with('counted', { likesCount: sql<number>`likes_count`.as('likes_count') })
    .as(sql`
    update ${campaignLikeCounts} set likes_count = likes_count + 1
    where campaign_id in (select campaign_id from stored)
    returning likes_count`);
  return selectWithExtras(executor.with(target, stored, counted), {
    ...extrasColumnsFor(sql`${sql.placeholder('userId')}::uuid`),
    ended: sql<boolean>`coalesce(${campaigns.endsAt} <= now(), false)`,
    likesNow: sql<number | null>`(select likes_count from counted)`,
  })
    .where(and(eq(campaigns.id, sql.placeholder('id')), isNull(campaigns.deletedAt)))
    .limit(1)
    .prepare('campaign_like_and_read');
});

/**
 * The user's like given (stored once, see above) and the campaign as it is then, for presenting
 * to them; undefined when there is no such campaign (or it is deleted): otherwise the caller
 * tells the user why nothing was stored.
 */
export async function likeAndRead(
  executor: Executor,
  campaignId: string,
  userId: string,
): Promise<
  (CampaignWithOrganiser & { extras: CampaignExtras; ended: boolean; added: boolean }) | undefined
> {
  const [row] = await likeAndReadQuery(executor).execute({ id: campaignId, userId });
  if (!row) return undefined;
  const added = row.likesNow !== null;
  const extras = extrasOf(row.campaign.id, row);
  return {
    campaign: added ? { ...row.campaign, likesCount: row.likesNow ?? 0 } : row.campaign,
    organiser: row.organiser,
    extras: { ...extras, liked: extras.liked || added },
    ended: row.ended,
    added,
  };
}

/**
 * A campaign that is not deleted, with what presenting it to this viewer adds (campaignExtras),
 * in one statement built once.
 */
export async function findCampaignWithExtras(
  executor: Executor,
  id: string,
  viewerId: string | undefined,
): Promise<(CampaignWithOrganiser & { extras: CampaignExtras }) | undefined> {
  const [row] = await campaignWithExtras(executor).execute({ id, viewerId: viewerId ?? null });
  return (
    row && {
      campaign: row.campaign,
      organiser: row.organiser,
      extras: extrasOf(row.campaign.id, row),
    }
  );
}

/**
 * What an organiser's own list shows of each campaign (contracts' `ZOwnCampaign`): the card's
 * columns, its likes and whether an edit of theirs waits for review. No story, bank details,
 * supporters or check: the list is read on every visit to the account's Campaign tab.
 */
const ownSummaryColumns = {
  id: campaigns.id,
  userId: campaigns.userId,
  title: campaigns.title,
  fundraisingFor: campaigns.fundraisingFor,
  category: campaigns.category,
  duration: campaigns.duration,
  amountNeeded: campaigns.amountNeeded,
  amountRaised: campaigns.amountRaised,
  donationCount: campaigns.donationCount,
  state: campaigns.state,
  lga: campaigns.lga,
  beneficiaryType: campaigns.beneficiaryType,
  beneficiaryFirstName: campaigns.beneficiaryFirstName,
  beneficiaryLastName: campaigns.beneficiaryLastName,
  image: campaigns.image,
  imageSizes: campaigns.imageSizes,
  status: campaigns.status,
  rejectionReason: campaigns.rejectionReason,
  createdAt: campaigns.createdAt,
  updatedAt: campaigns.updatedAt,
  approvedAt: campaigns.approvedAt,
  extensionDays: campaigns.extensionDays,
  extensionRequestedAt: campaigns.extensionRequestedAt,
  extensionRequestDays: campaigns.extensionRequestDays,
  extensionRequestReason: campaigns.extensionRequestReason,
  likesCount: likesCountColumn,
  pendingRevision: sql<boolean>`exists (select 1 from ${campaignRevisions} r
    where r.campaign_id = "campaigns"."id" and r.status = 'pending')`,
};

/**
 * Organisers' own campaigns that are not deleted, newest first (100 each at most), as their
 * list shows them: for every organiser asked at once (`ownSummariesTogether`).
 */
const ownSummaries = builtOnce((executor) =>
  executor
    .select(ownSummaryColumns)
    .from(campaigns)
    .where(
      sql`${campaigns.id} in (select own.id from unnest(${sql.placeholder('userIds')}::uuid[]) as organiser(id)
        cross join lateral (select c.id from ${campaigns} c
          where c.user_id = organiser.id and c.deleted_at is null
          order by c.created_at desc limit 100) own)`,
    )
    .orderBy(sql`${campaigns.createdAt} desc`)
    .prepare('campaigns_own_summaries'),
);

export type OwnCampaignSummary = Awaited<
  ReturnType<ReturnType<typeof ownSummaries>['execute']>
>[number];

/** The own campaigns of the organisers asked in one turn of the event loop, in one statement. */
const ownSummariesTogether = together<Executor, string, OwnCampaignSummary[]>(
  (executor) => async (userIds) => {
    const rows = await ownSummaries(executor).execute({ userIds: [...new Set(userIds)] });
    const byOrganiser = new Map<string, OwnCampaignSummary[]>();
    for (const row of rows) {
      const own = byOrganiser.get(row.userId) ?? [];
      own.push(row);
      byOrganiser.set(row.userId, own);
    }
    return userIds.map((userId) => byOrganiser.get(userId) ?? []);
  },
);

/**
 * Every campaign of one organiser that is not deleted, newest first, as their list shows it, in
 * one statement (shared with the other organisers asking at the same time).
 */
export function listOwnCampaignSummaries(
  executor: Executor,
  userId: string,
): Promise<OwnCampaignSummary[]> {
  return ownSummariesTogether(executor, userId);
}
