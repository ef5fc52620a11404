import type { BlogCommentOrder } from '@ipatient/contracts/blog';
import {
  and,
  blogAuthors,
  blogCategories,
  blogComments,
  blogLikes,
  blogPosts,
  containsPattern,
  type Executor,
  eq,
  getTableColumns,
  inArray,
  ne,
  prefixQuery,
  type SQL,
  sql,
  users,
} from '@ipatient/db';

const { search: _search, ...postColumns } = getTableColumns(blogPosts);

export type PostRow = Omit<typeof blogPosts.$inferSelect, 'search'>;
export type PostInsert = Omit<typeof blogPosts.$inferInsert, 'search'>;
export type CategoryRow = typeof blogCategories.$inferSelect;
export type AuthorRow = typeof blogAuthors.$inferSelect;
export type AuthorInsert = typeof blogAuthors.$inferInsert;

/** A post with its category and author, and whether the viewer liked it. */
export interface PostWithRelations {
  post: PostRow;
  category: { id: string; name: string } | null;
  author: { id: string; name: string; title: string; image: string | null } | null;
  likedByMe: boolean;
}

function relationColumns(viewerId: string | undefined) {
  return {
    post: postColumns,
    categoryId: blogCategories.id,
    categoryName: blogCategories.name,
    authorId: blogAuthors.id,
    authorName: blogAuthors.name,
    authorTitle: blogAuthors.title,
    authorImage: blogAuthors.image,
    likedByMe: viewerId
      ? sql<boolean>`exists (select 1 from ${blogLikes} where ${blogLikes.postId} = ${blogPosts.id} and ${blogLikes.userId} = ${viewerId})`
      : sql<boolean>`false`,
  };
}

type FlatRow = {
  post: PostRow;
  categoryId: string | null;
  categoryName: string | null;
  authorId: string | null;
  authorName: string | null;
  authorTitle: string | null;
  authorImage: string | null;
  likedByMe: boolean;
};

function nest(row: FlatRow): PostWithRelations {
  return {
    post: row.post,
    category:
      row.categoryId && row.categoryName !== null
        ? { id: row.categoryId, name: row.categoryName }
        : null,
    author:
      row.authorId && row.authorName !== null
        ? {
            id: row.authorId,
            name: row.authorName,
            title: row.authorTitle ?? '',
            image: row.authorImage,
          }
        : null,
    likedByMe: Boolean(row.likedByMe),
  };
}

function selectPosts(executor: Executor, viewerId: string | undefined) {
  return executor
    .select(relationColumns(viewerId))
    .from(blogPosts)
    .leftJoin(blogCategories, eq(blogCategories.id, blogPosts.categoryId))
    .leftJoin(blogAuthors, eq(blogAuthors.id, blogPosts.authorId));
}

/** One post by id or by its urlSlug, with its category, author and the viewer's like. */
export async function findPost(
  executor: Executor,
  by: { id: string } | { slug: string },
  viewerId?: string | undefined,
): Promise<PostWithRelations | undefined> {
  const where = 'id' in by ? eq(blogPosts.id, by.id) : eq(blogPosts.urlSlug, by.slug);
  const [row] = await selectPosts(executor, viewerId).where(where).limit(1);
  return row ? nest(row) : undefined;
}

/** The bare post row; `lock` takes it for an update. */
export async function findPostRow(
  executor: Executor,
  id: string,
  options: { lock?: boolean } = {},
): Promise<PostRow | undefined> {
  const query = executor.select(postColumns).from(blogPosts).where(eq(blogPosts.id, id)).limit(1);
  const [row] = await (options.lock ? query.for('update') : query);
  return row;
}

export type ListStatus = 'published' | 'draft' | 'all';

/** One page of posts and how many match, newest publication first. */
export async function listPosts(
  executor: Executor,
  options: {
    page: number;
    limit: number;
    status: ListStatus;
    search?: string | undefined;
    categoryId?: string | undefined;
    viewerId?: string | undefined;
  },
): Promise<{ rows: PostWithRelations[]; total: number }> {
  const query = options.search ? prefixQuery(options.search) : undefined;
  const where = and(
    options.status === 'all' ? undefined : eq(blogPosts.status, options.status),
    options.categoryId ? eq(blogPosts.categoryId, options.categoryId) : undefined,
    query ? sql`${blogPosts.search} @@ to_tsquery('simple', ${query})` : undefined,
  );
  // Published posts use the partial index order exactly (published_at desc nulls last, id), so a
  // page is an index range; drafts (never published) sort by their last change.
  const order: SQL =
    options.status === 'published'
      ? sql`${blogPosts.publishedAt} desc nulls last, ${blogPosts.id} asc`
      : sql`coalesce(${blogPosts.publishedAt}, ${blogPosts.updatedAt}) desc, ${blogPosts.id} asc`;
  const [rows, counted] = await Promise.all([
    selectPosts(executor, options.viewerId)
      .where(where)
      .orderBy(order)
      .limit(options.limit)
      .offset((options.page - 1) * options.limit),
    executor.select({ total: sql<number>`count(*)::int` }).from(blogPosts).where(where),
  ]);
  return { rows: rows.map(nest), total: counted[0]?.total ?? 0 };
}

/** Serialises choices of one slug (and its numbered variants) until the transaction ends. */
export async function lockSlug(executor: Executor, base: string): Promise<void> {
  await executor.execute(sql`select pg_advisory_xact_lock(hashtext(${`blog-slug:${base}`}))`);
}

/** Slugs in use that are `base` or `base-<n>`. */
export async function slugsLike(executor: Executor, base: string): Promise<string[]> {
  const rows = await executor
    .select({ slug: blogPosts.urlSlug })
    .from(blogPosts)
    .where(sql`${blogPosts.urlSlug} = ${base} or ${blogPosts.urlSlug} ~ ${`^${base}-[0-9]+$`}`);
  return rows.map((row) => row.slug);
}

export async function insertPost(executor: Executor, values: PostInsert): Promise<PostRow> {
  const [row] = await executor.insert(blogPosts).values(values).returning(postColumns);
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updatePost(
  executor: Executor,
  id: string,
  patch: Partial<PostInsert>,
): Promise<PostRow | undefined> {
  const [row] = await executor
    .update(blogPosts)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(blogPosts.id, id))
    .returning(postColumns);
  return row;
}

export async function deletePost(executor: Executor, id: string): Promise<PostRow | undefined> {
  const [row] = await executor.delete(blogPosts).where(eq(blogPosts.id, id)).returning(postColumns);
  return row;
}

/**
 * Records a like and counts it, in the caller's transaction. The primary key decides whether
 * it is new, so two requests at once cannot both count.
 */
export async function addLike(executor: Executor, postId: string, userId: string) {
  const inserted = await executor
    .insert(blogLikes)
    .values({ postId, userId })
    .onConflictDoNothing()
    .returning({ postId: blogLikes.postId });
  if (inserted.length === 0) return false;
  await executor
    .update(blogPosts)
    .set({ likesCount: sql`${blogPosts.likesCount} + 1` })
    .where(eq(blogPosts.id, postId));
  return true;
}

// Comments

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

// Categories

export async function listCategories(executor: Executor): Promise<CategoryRow[]> {
  return executor.select().from(blogCategories).orderBy(sql`lower(${blogCategories.name}) asc`);
}

export async function findCategory(
  executor: Executor,
  id: string,
): Promise<CategoryRow | undefined> {
  const [row] = await executor
    .select()
    .from(blogCategories)
    .where(eq(blogCategories.id, id))
    .limit(1);
  return row;
}

export async function insertCategory(executor: Executor, name: string): Promise<CategoryRow> {
  const [row] = await executor.insert(blogCategories).values({ name }).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateCategory(
  executor: Executor,
  id: string,
  name: string,
): Promise<CategoryRow | undefined> {
  const [row] = await executor
    .update(blogCategories)
    .set({ name, updatedAt: sql`now()` })
    .where(eq(blogCategories.id, id))
    .returning();
  return row;
}

export async function countPostsInCategory(executor: Executor, id: string): Promise<number> {
  const [row] = await executor
    .select({ total: sql<number>`count(*)::int` })
    .from(blogPosts)
    .where(eq(blogPosts.categoryId, id));
  return row?.total ?? 0;
}

export async function deleteCategory(executor: Executor, id: string): Promise<boolean> {
  const rows = await executor
    .delete(blogCategories)
    .where(eq(blogCategories.id, id))
    .returning({ id: blogCategories.id });
  return rows.length > 0;
}

// Authors

export async function listAuthors(executor: Executor): Promise<AuthorRow[]> {
  return executor
    .select()
    .from(blogAuthors)
    .orderBy(sql`${blogAuthors.isDefault} desc, lower(${blogAuthors.name}) asc`);
}

export async function findAuthor(
  executor: Executor,
  id: string,
  options: { lock?: boolean } = {},
): Promise<AuthorRow | undefined> {
  const query = executor.select().from(blogAuthors).where(eq(blogAuthors.id, id)).limit(1);
  const [row] = await (options.lock ? query.for('update') : query);
  return row;
}

export async function findDefaultAuthor(executor: Executor): Promise<AuthorRow | undefined> {
  const [row] = await executor
    .select()
    .from(blogAuthors)
    .where(eq(blogAuthors.isDefault, true))
    .limit(1);
  return row;
}

/** Serialises changes of the default author until the transaction ends. */
export async function lockDefaultAuthor(executor: Executor): Promise<void> {
  await executor.execute(sql`select pg_advisory_xact_lock(hashtext('blog-default-author'))`);
}

/** Makes no author (but `exceptId`) the default. */
export async function clearDefaultAuthor(executor: Executor, exceptId?: string): Promise<void> {
  await executor
    .update(blogAuthors)
    .set({ isDefault: false, updatedAt: sql`now()` })
    .where(
      and(eq(blogAuthors.isDefault, true), exceptId ? ne(blogAuthors.id, exceptId) : undefined),
    );
}

export async function insertAuthor(executor: Executor, values: AuthorInsert): Promise<AuthorRow> {
  const [row] = await executor.insert(blogAuthors).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateAuthor(
  executor: Executor,
  id: string,
  patch: Partial<AuthorInsert>,
): Promise<AuthorRow | undefined> {
  const [row] = await executor
    .update(blogAuthors)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(blogAuthors.id, id))
    .returning();
  return row;
}

export async function deleteAuthor(executor: Executor, id: string): Promise<AuthorRow | undefined> {
  const [row] = await executor.delete(blogAuthors).where(eq(blogAuthors.id, id)).returning();
  return row;
}
