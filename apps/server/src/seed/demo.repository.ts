import { emailKey } from '@ipatient/contracts/email-key';
import {
  appMeta,
  blogComments,
  blogPosts,
  campaignLikeCounts,
  campaignLikes,
  type Executor,
  eq,
  inArray,
  sql,
  type UserRow,
  users,
} from '@ipatient/db';

/**
 * The demo seed's own repository: the writes no feature makes (the installation markers, demo
 * accounts made in bulk, rows dated in the past) and the demo texts of packages/db, which the
 * seed takes from here like everything else of that package.
 */
export {
  DEMO_BLOG_AUTHORS,
  DEMO_BLOG_CATEGORIES,
  DEMO_BLOG_POSTS,
  DEMO_CAMPAIGNS,
  DEMO_FACILITIES,
  DEMO_PODCAST_CATEGORIES,
  DEMO_PODCAST_EPISODES,
  DEMO_SUPPORTERS,
  demoSiteDocuments,
} from '@ipatient/db';

/** Holds the given advisory lock until the transaction ends. */
export async function lockInstallation(executor: Executor, key: number): Promise<void> {
  await executor.execute(sql`SELECT pg_advisory_xact_lock(${key})`);
}

/** The value recorded under an installation key; undefined when nothing is recorded. */
export async function findMarker(
  executor: Executor,
  key: string,
): Promise<{ value: unknown } | undefined> {
  const [row] = await executor
    .select({ value: appMeta.value })
    .from(appMeta)
    .where(eq(appMeta.key, key));
  return row;
}

export async function insertMarker(executor: Executor, key: string, value: unknown): Promise<void> {
  await executor.insert(appMeta).values({ key, value });
}

export type DemoUserInsert = typeof users.$inferInsert;

/** Creates demo accounts in one statement; their ids in the order given. */
export async function insertDemoUsers(
  executor: Executor,
  values: DemoUserInsert[],
): Promise<{ id: string }[]> {
  return executor.insert(users).values(withEmailKeys(values)).returning({ id: users.id });
}

/** Creates the demo accounts that do not exist yet (same email); existing ones are kept. */
export async function insertMissingDemoUsers(
  executor: Executor,
  values: DemoUserInsert[],
): Promise<void> {
  await executor.insert(users).values(withEmailKeys(values)).onConflictDoNothing();
}

/** Demo accounts carry their mailbox key, as every account does. */
function withEmailKeys(values: DemoUserInsert[]): DemoUserInsert[] {
  return values.map((value) => ({ ...value, emailKey: value.emailKey ?? emailKey(value.email) }));
}

/** The users with these email addresses, in no particular order. */
export async function findUsersByEmails(executor: Executor, emails: string[]): Promise<UserRow[]> {
  return executor.select().from(users).where(inArray(users.email, emails));
}

/** Likes given at a past time, each counted on its campaign in the same statement. */
export async function insertDatedCampaignLikes(
  executor: Executor,
  likes: { campaignId: string; userId: string; createdAt: Date }[],
): Promise<void> {
  if (likes.length === 0) return;
  await executor.execute(sql`
    with given as (
      select * from jsonb_to_recordset(${JSON.stringify(likes)}::jsonb)
        as given("campaignId" uuid, "userId" uuid, "createdAt" timestamptz)
    ), stored as (
      insert into ${campaignLikes} (campaign_id, user_id, created_at)
      select "campaignId", "userId", "createdAt" from given
      on conflict do nothing
      returning campaign_id
    )
    update ${campaignLikeCounts} k set likes_count = k.likes_count + added.n
    from (select campaign_id, count(*)::int as n from stored group by campaign_id) added
    where k.campaign_id = added.campaign_id`);
}

/** Moves a post's publication (and its creation and last change) into the past. */
export async function backdateBlogPost(
  executor: Executor,
  id: string,
  dates: { publishedAt: Date; createdAt: Date; updatedAt: Date },
): Promise<void> {
  await executor.update(blogPosts).set(dates).where(eq(blogPosts.id, id));
}

export async function backdateBlogComment(
  executor: Executor,
  id: string,
  createdAt: Date,
): Promise<void> {
  await executor.update(blogComments).set({ createdAt }).where(eq(blogComments.id, id));
}
