import { formerMemberName } from '@ipatient/contracts/account-deletion';
import { type Executor, sql } from '@ipatient/db';

export interface OwnCampaign {
  id: string;
  title: string;
  status: string;
  heldKobo: number;
  /** Donated or awarded money, or a gift still being paid. */
  hasMoney: boolean;
  payoutPending: boolean;
}

/** The member's campaigns not deleted, with what tells whether money is in them. */
export async function listOwnCampaigns(executor: Executor, userId: string): Promise<OwnCampaign[]> {
  const result = await executor.execute<{
    id: string;
    title: string;
    status: string;
    held_kobo: string;
    has_money: boolean;
    payout_pending: boolean;
  }>(sql`
    select c.id, c.title, c.status,
      (c.available_kobo + c.pending_payout_kobo)::text as held_kobo,
      (c.donated_kobo + c.awarded_kobo > 0
        or exists (select 1 from donations d where d.campaign_id = c.id and d.status = 'pending')
        or exists (select 1 from payouts p where p.campaign_id = c.id)
        or exists (select 1 from campaign_weekly_winners w where w.campaign_id = c.id)) as has_money,
      (c.pending_payout_kobo > 0) as payout_pending
    from campaigns c
    where c.user_id = ${userId} and c.deleted_at is null
    order by c.created_at`);
  return result.rows.map((row) => ({
    id: row.id,
    title: row.title,
    status: row.status,
    heldKobo: Number(row.held_kobo),
    hasMoney: row.has_money,
    payoutPending: row.payout_pending,
  }));
}

export async function findUserForDeletion(executor: Executor, userId: string) {
  const result = await executor.execute<{
    id: string;
    email: string;
    first_name: string;
    password_hash: string;
    role: string;
    deleted_at: Date | null;
  }>(sql`select id, email, first_name, password_hash, role, deleted_at
    from users where id = ${userId} for update`);
  return result.rows[0];
}

/**
 * Marks the account deleted and takes it out of sight at once: the address and number are
 * freed, the name and photo no longer show, every session ends.
 */
export async function markDeleted(
  executor: Executor,
  userId: string,
  oldEmail: string,
): Promise<void> {
  await executor.execute(sql`delete from one_time_codes where email = ${oldEmail}`);
  await executor.execute(sql`delete from pending_registrations where email = ${oldEmail}`);
  await executor.execute(sql`
    update users set deleted_at = now(), updated_at = now(),
      email = ${`deleted-${userId}@deleted.invalid`}, email_key = null, phone_verified_at = null,
      first_name = ${formerMemberName.firstName}, last_name = ${formerMemberName.lastName},
      sms_updates = false, marketing_emails = false, is_advocate = false
    where id = ${userId}`);
  await executor.execute(sql`
    update sessions set revoked_at = now(), revoked_reason = 'account deleted'
    where user_id = ${userId} and revoked_at is null`);
}

/** The member's public traces: reviews (with the facility's figures), comments, likes, gifts' names. */
export async function removePublicTraces(executor: Executor, userId: string): Promise<void> {
  await executor.execute(sql`
    with removed as (
      delete from facility_reviews where user_id = ${userId}
      returning facility_id, rating, status
    ), figures as (
      select facility_id, count(*)::int as n, sum(rating)::int as total
      from removed where status = 'approved' group by facility_id
    )
    update facilities f set review_count = f.review_count - figures.n,
      rating_total = f.rating_total - figures.total
    from figures where f.id = figures.facility_id`);
  await executor.execute(sql`
    update facility_reviews r set useful_count = r.useful_count - 1
    where r.id in (select review_id from facility_review_useful where user_id = ${userId})`);
  await executor.execute(sql`delete from facility_review_useful where user_id = ${userId}`);
  // A comment's replies go with it (the foreign key cascades); every removed row is counted off.
  await executor.execute(sql`
    with removed as (
      delete from blog_comments
      where id in (
        with recursive tree as (
          select id from blog_comments where user_id = ${userId}
          union select c.id from blog_comments c join tree on c.parent_id = tree.id)
        select id from tree)
      returning post_id
    ), counts as (select post_id, count(*)::int as n from removed group by post_id)
    update blog_posts p set comments_count = p.comments_count - counts.n
    from counts where p.id = counts.post_id`);
  await executor.execute(sql`
    with removed as (delete from blog_likes where user_id = ${userId} returning post_id)
    update blog_posts p set likes_count = p.likes_count - 1
    from removed where p.id = removed.post_id`);
  await executor.execute(sql`delete from campaign_likes where user_id = ${userId}`);
  await executor.execute(sql`
    update donations set donor_name = 'Anonymous', anonymous = true, message = null
    where user_id = ${userId}`);
}

/** A campaign with money in it: closed to new gifts and likes, its money kept for the hospital. */
export async function closeCampaign(executor: Executor, campaignId: string): Promise<void> {
  await executor.execute(sql`
    update campaigns set status = 'completed', completed_at = coalesce(completed_at, now()),
      updated_at = now()
    where id = ${campaignId} and status = 'active'`);
}

/** A campaign with no money in it: hidden for good, its documents to be erased. */
export async function deleteCampaign(executor: Executor, campaignId: string): Promise<void> {
  await executor.execute(sql`
    update campaigns set deleted_at = now(), updated_at = now() where id = ${campaignId}`);
}

/** Deleted accounts not yet erased whose deletion is at least this old (oldest first). */
export async function accountsToErase(executor: Executor, limit: number): Promise<string[]> {
  const result = await executor.execute<{ id: string }>(sql`
    select id from users where deleted_at is not null and erased_at is null
    order by deleted_at limit ${limit}`);
  return result.rows.map((row) => row.id);
}

/**
 * Erases one deleted account's personal data, if no other instance is doing it or has done it;
 * answers the stored files to delete, or undefined when there was nothing to do.
 */
export async function eraseAccount(
  executor: Executor,
  userId: string,
): Promise<string[] | undefined> {
  const locked = await executor.execute<{ image: string | null }>(sql`
    select image from users
    where id = ${userId} and deleted_at is not null and erased_at is null
    for update skip locked`);
  const user = locked.rows[0];
  if (!user) return undefined;
  const files: string[] = user.image ? [user.image] : [];
  const documents = await executor.execute<{ storage_key: string }>(sql`
    delete from campaign_documents d
    where d.user_id = ${userId} and (d.campaign_id is null or exists (
      select 1 from campaigns c where c.id = d.campaign_id and c.deleted_at is not null))
    returning storage_key`);
  files.push(...documents.rows.map((row) => row.storage_key));
  const covers = await executor.execute<{
    image: string | null;
    image_sizes: { key: string }[];
  }>(sql`
    update campaigns c set image = null, image_sizes = '[]'::jsonb
    from (select id, image, image_sizes from campaigns
      where user_id = ${userId} and deleted_at is not null
        and donated_kobo + awarded_kobo = 0 and image is not null) old
    where c.id = old.id
    returning old.image, old.image_sizes`);
  for (const row of covers.rows) {
    for (const key of new Set([row.image, ...row.image_sizes.map((size) => size.key)])) {
      if (key) files.push(key);
    }
  }
  const facility = await executor.execute<{
    logo: string | null;
    reg_doc: string | null;
    other_doc: string | null;
  }>(sql`
    delete from facility_profiles where user_id = ${userId} returning logo, reg_doc, other_doc`);
  for (const row of facility.rows) {
    for (const key of [row.logo, row.reg_doc, row.other_doc]) if (key) files.push(key);
  }
  const exports = await executor.execute<{ storage_key: string | null }>(sql`
    delete from data_exports where user_id = ${userId} returning storage_key`);
  for (const row of exports.rows) if (row.storage_key) files.push(row.storage_key);
  await executor.execute(sql`delete from consents where user_id = ${userId}`);
  await executor.execute(sql`delete from sessions where user_id = ${userId}`);
  await executor.execute(sql`
    update webinar_registrations set first_name = ${formerMemberName.firstName},
      last_name = ${formerMemberName.lastName}, email = ${`deleted-${userId}@deleted.invalid`}, phone = ''
    where user_id = ${userId}`);
  await executor.execute(sql`
    update users set first_name = ${formerMemberName.firstName},
      last_name = ${formerMemberName.lastName}, phone = '', image = null, age = null,
      gender = null, address = null, state = null, lga = null, suspended_reason = null,
      erased_at = now(), updated_at = now()
    where id = ${userId}`);
  return files;
}
