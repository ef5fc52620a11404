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

/** Adds a comment and counts it on the post, in the caller's transaction. */
export async function insertComment(
  executor: Executor,
  values: { postId: string; userId: string; parentId: string | null; comment: string },
): Promise<CommentRow> {
  const [inserted] = await executor
    .insert(blogComments)
    .values(values)
    .returning({ id: blogComments.id });
  if (!inserted) throw new Error('insert returned no row');
  await executor
    .update(blogPosts)
    .set({ commentsCount: sql`${blogPosts.commentsCount} + 1` })
    .where(eq(blogPosts.id, values.postId));
  const [row] = await executor
    .select(commentColumns)
    .from(blogComments)
    .innerJoin(users, eq(users.id, blogComments.userId))
    .where(eq(blogComments.id, inserted.id));
  if (!row) throw new Error('comment lost');
  return row;
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
