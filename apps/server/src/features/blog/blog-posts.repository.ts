import {
  and,
  blogAuthors,
  blogCategories,
  blogLikes,
  blogPosts,
  builtOnce,
  type Executor,
  eq,
  getTableColumns,
  prefixQuery,
  type SQL,
  sql,
} from '@ipatient/db';
import { askedTogether } from '../../lib/asked-together.ts';

const { search: _search, ...postColumns } = getTableColumns(blogPosts);

export type PostRow = Omit<typeof blogPosts.$inferSelect, 'search'>;
export type PostInsert = Omit<typeof blogPosts.$inferInsert, 'search'>;

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

/** Which of these posts the user liked. */
export function likedPostIds(
  executor: Executor,
  userId: string,
  postIds: string[],
): Promise<Set<string>> {
  return postsLikedTogether(executor, userId, postIds);
}

/** Members' likes among posts, the asks of one turn of the event loop in one statement. */
const postsLikedTogether = askedTogether<Executor>((executor) => async (userIds, ids) => {
  const rows = await likedPostsQuery(executor).execute({ userIds, postIds: ids });
  return rows.map((row) => ({ userId: row.userId, id: row.postId }));
});

const likedPostsQuery = builtOnce((executor) =>
  executor
    .select({ userId: blogLikes.userId, postId: blogLikes.postId })
    .from(blogLikes)
    .where(
      sql`(${blogLikes.postId}, ${blogLikes.userId}) in (select * from unnest(${sql.placeholder('postIds')}::uuid[], ${sql.placeholder('userIds')}::uuid[]))`,
    )
    .prepare('blog_liked_posts'),
);

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
