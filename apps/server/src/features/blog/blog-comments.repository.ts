import type { BlogCommentOrder } from '@ipatient/contracts/blog';
import {
  and,
  blogComments,
  blogPosts,
  containsPattern,
  type Executor,
  eq,
  inArray,
  sql,
  users,
} from '@ipatient/db';

export interface CommentRow {
  id: string;
  postId: string;
  parentId: string | null;
  comment: string;
  createdAt: Date;
  user: { id: string; firstName: string; lastName: string; image: string | null };
}

const commentColumns = {
  id: blogComments.id,
  postId: blogComments.postId,
  parentId: blogComments.parentId,
  comment: blogComments.comment,
  createdAt: blogComments.createdAt,
  user: {
    id: users.id,
    firstName: users.firstName,
    lastName: users.lastName,
    image: users.image,
  },
};

export async function findComment(executor: Executor, id: string) {
  const [row] = await executor
    .select({ id: blogComments.id, postId: blogComments.postId })
    .from(blogComments)
    .where(eq(blogComments.id, id))
    .limit(1);
  return row;
}

/** What adding a comment found: the post's status, whether the reply's parent is its, the comment. */
export interface AddedComment {
  status: 'draft' | 'published';
  parentFound: boolean;
  stored: { id: string; createdAt: Date } | null;
}

/**
 * Adds a comment and counts it on the post, in one statement (one round trip, one snapshot,
 * the post's row locked for it): stored only on a published post, and for a reply only when
 * the comment replied to is of that post. Undefined when there is no such post; otherwise the
 * caller tells the user why nothing was stored.
 */
export async function addComment(
  executor: Executor,
  values: { postId: string; userId: string; parentId: string | null; comment: string },
): Promise<AddedComment | undefined> {
  const result = await executor.execute<{
    status: AddedComment['status'];
    parent_found: boolean;
    id: string | null;
    created_at: string | Date | null;
  }>(sql`
    with target as (
      select id, status from ${blogPosts} where id = ${values.postId} for update
    ), parent as (
      select 1 from ${blogComments}
      where id = ${values.parentId}::uuid and post_id = ${values.postId}
    ), stored as (
      insert into ${blogComments} (post_id, user_id, parent_id, comment)
      select id, ${values.userId}, ${values.parentId}::uuid, ${values.comment} from target
      where status = 'published' and (${values.parentId}::uuid is null or exists (select 1 from parent))
      returning id, created_at
    ), counted as (
      update ${blogPosts} set comments_count = comments_count + 1
      where id = ${values.postId} and exists (select 1 from stored)
      returning id
    )
    select t.status, exists (select 1 from parent) as parent_found, s.id, s.created_at,
      (select count(*) from counted) as counted
    from target t left join stored s on true`);
  const [row] = result.rows;
  if (!row) return undefined;
  return {
    status: row.status,
    parentFound: row.parent_found,
    stored: row.id && row.created_at ? { id: row.id, createdAt: new Date(row.created_at) } : null,
  };
}

/**
 * One page of a post's top-level comments (newest or oldest first), how many there are, and
 * every reply below them at any depth (oldest first).
 */
export async function listComments(
  executor: Executor,
  postId: string,
  options: { page: number; limit: number; order: BlogCommentOrder },
): Promise<{ top: CommentRow[]; replies: CommentRow[]; total: number }> {
  const topWhere = and(eq(blogComments.postId, postId), sql`${blogComments.parentId} is null`);
  const direction = options.order === 'newest' ? sql`desc` : sql`asc`;
  const [top, counted] = await Promise.all([
    executor
      .select(commentColumns)
      .from(blogComments)
      .innerJoin(users, eq(users.id, blogComments.userId))
      .where(topWhere)
      .orderBy(sql`${blogComments.createdAt} ${direction}, ${blogComments.id} ${direction}`)
      .limit(options.limit)
      .offset((options.page - 1) * options.limit),
    executor.select({ total: sql<number>`count(*)::int` }).from(blogComments).where(topWhere),
  ]);
  if (top.length === 0) return { top, replies: [], total: counted[0]?.total ?? 0 };
  const topIds = top.map((row) => row.id);
  const descendants = await executor.execute<{ id: string }>(sql`
    with recursive tree(id) as (
      select c.id from ${blogComments} c where c.parent_id in (${sql.join(
        topIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
      union all
      select c.id from ${blogComments} c join tree on c.parent_id = tree.id
    )
    select id from tree`);
  const replyIds = descendants.rows.map((row) => row.id);
  const replies =
    replyIds.length === 0
      ? []
      : await executor
          .select(commentColumns)
          .from(blogComments)
          .innerJoin(users, eq(users.id, blogComments.userId))
          .where(inArray(blogComments.id, replyIds))
          .orderBy(sql`${blogComments.createdAt} asc, ${blogComments.id} asc`);
  return { top, replies, total: counted[0]?.total ?? 0 };
}

// Moderation

/** The recursive ids of a comment and every reply below it, at any depth. */
const threadIds = (id: string) => sql`
  with recursive thread(id) as (
    select ${id}::uuid
    union all
    select c.id from ${blogComments} c join thread on c.parent_id = thread.id
  )
  select id from thread`;

/** What moderators see of a comment and what the audit log keeps of it before it goes. */
export async function findCommentForModeration(executor: Executor, id: string) {
  const [row] = await executor
    .select({
      id: blogComments.id,
      postId: blogComments.postId,
      comment: blogComments.comment,
      postTitle: blogPosts.title,
      author: { firstName: users.firstName, lastName: users.lastName },
      replies: sql<number>`(select count(*)::int - 1 from (${threadIds(id)}) t)`,
    })
    .from(blogComments)
    .innerJoin(blogPosts, eq(blogPosts.id, blogComments.postId))
    .innerJoin(users, eq(users.id, blogComments.userId))
    .where(eq(blogComments.id, id))
    .limit(1);
  return row;
}

/**
 * Deletes a comment with every reply below it and takes them off the post's count, in the
 * caller's transaction (which holds the post's row lock, so no reply can be added meanwhile).
 * Returns how many went and the post's count after.
 */
export async function deleteCommentThread(
  executor: Executor,
  postId: string,
  id: string,
): Promise<{ deleted: number; commentsCount: number }> {
  const removed = await executor
    .delete(blogComments)
    .where(and(eq(blogComments.postId, postId), sql`${blogComments.id} in (${threadIds(id)})`))
    .returning({ id: blogComments.id });
  const [post] = await executor
    .update(blogPosts)
    .set({ commentsCount: sql`${blogPosts.commentsCount} - ${removed.length}` })
    .where(eq(blogPosts.id, postId))
    .returning({ commentsCount: blogPosts.commentsCount });
  return { deleted: removed.length, commentsCount: post?.commentsCount ?? 0 };
}

export interface ModerationFilters {
  page: number;
  limit: number;
  postId?: string | undefined;
  search?: string | undefined;
}

/** A page of comments and replies across posts (or of one post), newest first. */
export async function listCommentsForModeration(executor: Executor, filters: ModerationFilters) {
  const pattern = filters.search ? containsPattern(filters.search) : undefined;
  const where = and(
    filters.postId ? eq(blogComments.postId, filters.postId) : undefined,
    pattern
      ? sql`(${blogComments.comment} ilike ${pattern} or (${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern})`
      : undefined,
  );
  const [rows, counted] = await Promise.all([
    executor
      .select({
        id: blogComments.id,
        comment: blogComments.comment,
        createdAt: blogComments.createdAt,
        parentId: blogComments.parentId,
        replyCount: sql<number>`(
          with recursive thread(id) as (
            select c.id from ${blogComments} c where c.parent_id = ${blogComments.id}
            union all
            select c.id from ${blogComments} c join thread on c.parent_id = thread.id
          )
          select count(*)::int from thread)`,
        user: { id: users.id, firstName: users.firstName, lastName: users.lastName },
        post: { id: blogPosts.id, title: blogPosts.title, urlSlug: blogPosts.urlSlug },
      })
      .from(blogComments)
      .innerJoin(users, eq(users.id, blogComments.userId))
      .innerJoin(blogPosts, eq(blogPosts.id, blogComments.postId))
      .where(where)
      .orderBy(sql`${blogComments.createdAt} desc, ${blogComments.id} desc`)
      .limit(filters.limit)
      .offset((filters.page - 1) * filters.limit),
    executor
      .select({ total: sql<number>`count(*)::int` })
      .from(blogComments)
      .innerJoin(users, eq(users.id, blogComments.userId))
      .where(where),
  ]);
  return { rows, total: counted[0]?.total ?? 0 };
}
