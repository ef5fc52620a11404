import {
  blogErrorTexts,
  slugify,
  type TBlogListQuery,
  type TBlogPost,
  ZBlogPostCreateRequest,
  ZBlogPostUpdateRequest,
} from '@ipatient/contracts/blog';
import { isUuid } from '@ipatient/contracts/ids';
import { type Database, type Executor, isViolation } from '@ipatient/db';
import type { UserRow } from '../../lib/present-user.ts';
import { htmlToText } from '../../lib/sanitize-html.ts';
import type { Viewer } from '../../lib/service-deps.ts';
import { AppError, parseOrThrow } from '../../plugins/errors.ts';
import { sharedRead } from '../../plugins/public-cache.ts';
import {
  assertImageType,
  type BlogDeps,
  interactivePost,
  isAdmin,
  postNotFound,
  presentPost,
  removeKeys,
} from './blog.shared.ts';
import {
  cleanContent,
  freeSlug,
  generatedExcerpt,
  keysOf,
  normaliseSlug,
  type PostFiles,
  slugTaken,
  withPostImages,
} from './blog-post-input.ts';
import * as repository from './blog-posts.repository.ts';
import * as taxonomy from './blog-taxonomy.repository.ts';

async function assertCategory(executor: Executor, id: string): Promise<void> {
  if (!(await taxonomy.findCategory(executor, id))) {
    throw new AppError('VALIDATION', blogErrorTexts.categoryMissing, {
      errors: { category: blogErrorTexts.categoryMissing },
    });
  }
}

async function assertAuthor(executor: Executor, id: string): Promise<void> {
  if (!(await taxonomy.findAuthor(executor, id))) {
    throw new AppError('VALIDATION', blogErrorTexts.authorMissing, {
      errors: { publisher: blogErrorTexts.authorMissing },
    });
  }
}

async function presentById(executor: Executor, id: string, viewer: Viewer): Promise<TBlogPost> {
  const row = await repository.findPost(executor, { id }, viewer?.id);
  if (!row) throw postNotFound();
  return presentPost(row, viewer);
}

export async function createPost(
  deps: BlogDeps,
  admin: UserRow,
  fields: Record<string, string>,
  files: PostFiles,
): Promise<TBlogPost> {
  const input = parseOrThrow(ZBlogPostCreateRequest, fields);
  const { content, text } = cleanContent(input.content);
  const typedSlug = input.urlSlug === undefined ? undefined : normaliseSlug(input.urlSlug);
  assertImageType(files.titleImage, 'titleImage');
  assertImageType(files.bodyImage, 'bodyImage');
  const excerpt = input.excerpt === undefined ? generatedExcerpt(text) : htmlToText(input.excerpt);

  const id = await withPostImages(deps.storage, files, (images) =>
    deps.db.transaction(async (tx) => {
      await assertCategory(tx, input.category);
      let authorId: string | null;
      if (input.publisher) {
        await assertAuthor(tx, input.publisher);
        authorId = input.publisher;
      } else {
        authorId = (await taxonomy.findDefaultAuthor(tx))?.id ?? null;
      }
      const base = typedSlug ?? `/${slugify(input.title) || 'post'}`;
      await repository.lockSlug(tx, base);
      let urlSlug = base;
      if (typedSlug) {
        if ((await repository.slugsLike(tx, base)).includes(base)) throw slugTaken();
      } else {
        urlSlug = await freeSlug(tx, base);
      }
      try {
        const row = await repository.insertPost(tx, {
          title: input.title,
          urlSlug,
          categoryId: input.category,
          authorId,
          content,
          contentText: text,
          excerpt,
          status: input.status,
          publishedAt: input.status === 'published' ? new Date() : null,
          titleImage: images.title?.at(-1)?.key ?? null,
          titleImageSizes: images.title ?? [],
          bodyImage: images.body?.at(-1)?.key ?? null,
          bodyImageSizes: images.body ?? [],
        });
        return row.id;
      } catch (error) {
        if (isViolation(error, '23505', 'blog_posts_url_slug_unique')) throw slugTaken();
        throw error;
      }
    }),
  );
  return presentById(deps.db, id, admin);
}

export async function updatePost(
  deps: BlogDeps,
  admin: UserRow,
  id: string,
  fields: Record<string, string>,
  files: PostFiles,
): Promise<TBlogPost> {
  const input = parseOrThrow(ZBlogPostUpdateRequest, fields);
  if (
    !files.titleImage &&
    !files.bodyImage &&
    Object.values(input).every((value) => value === undefined)
  ) {
    throw new AppError('VALIDATION', 'Change at least one field of the post.');
  }
  const cleaned = input.content === undefined ? undefined : cleanContent(input.content);
  const typedSlug = input.urlSlug === undefined ? undefined : normaliseSlug(input.urlSlug);
  assertImageType(files.titleImage, 'titleImage');
  assertImageType(files.bodyImage, 'bodyImage');

  let replaced: string[] = [];
  await withPostImages(deps.storage, files, (images) =>
    deps.db.transaction(async (tx) => {
      const before = await repository.findPostRow(tx, id, { lock: true });
      if (!before) throw postNotFound();
      if (input.category) await assertCategory(tx, input.category);
      if (input.publisher) await assertAuthor(tx, input.publisher);
      if (typedSlug && typedSlug !== before.urlSlug) {
        await repository.lockSlug(tx, typedSlug);
        if ((await repository.slugsLike(tx, typedSlug)).includes(typedSlug)) throw slugTaken();
      }
      let excerpt: string | undefined;
      if (input.excerpt !== undefined) excerpt = htmlToText(input.excerpt);
      else if (cleaned && before.excerpt === generatedExcerpt(before.contentText)) {
        // The excerpt was made from the old content: it follows the new one.
        excerpt = generatedExcerpt(cleaned.text);
      }
      const publishing = input.status === 'published' && before.publishedAt === null;
      try {
        await repository.updatePost(tx, id, {
          title: input.title,
          urlSlug: typedSlug,
          categoryId: input.category,
          authorId: input.publisher,
          content: cleaned?.content,
          contentText: cleaned?.text,
          excerpt,
          status: input.status,
          ...(publishing ? { publishedAt: new Date() } : {}),
          ...(images.title
            ? { titleImage: images.title.at(-1)?.key ?? null, titleImageSizes: images.title }
            : {}),
          ...(images.body
            ? { bodyImage: images.body.at(-1)?.key ?? null, bodyImageSizes: images.body }
            : {}),
        });
      } catch (error) {
        if (isViolation(error, '23505', 'blog_posts_url_slug_unique')) throw slugTaken();
        throw error;
      }
      replaced = [
        ...(images.title ? keysOf(before.titleImageSizes) : []),
        ...(images.body ? keysOf(before.bodyImageSizes) : []),
      ];
    }),
  );
  await removeKeys(deps.storage, replaced);
  return presentById(deps.db, id, admin);
}

/** Deletes a post with its comments and likes, then its image files. */
export async function deletePost(deps: BlogDeps, id: string): Promise<void> {
  const row = await repository.deletePost(deps.db, id);
  if (!row) throw postNotFound();
  await removeKeys(deps.storage, [...keysOf(row.titleImageSizes), ...keysOf(row.bodyImageSizes)]);
}

export async function listPosts(
  db: Database,
  viewer: Viewer,
  query: TBlogListQuery,
): Promise<{ results: TBlogPost[]; meta: { page: number; limit: number; total: number } }> {
  if (query.status !== 'published' && !isAdmin(viewer)) {
    throw new AppError('FORBIDDEN', 'Only administrators can see drafts.');
  }
  if (isAdmin(viewer)) return readPostPage(db, viewer, query);
  // Published posts read alike for everyone: one reading serves visitors and members, each
  // member's own likes added with one small query.
  const shared = await sharedRead(db, `blog:list:${JSON.stringify(query)}`, () =>
    readPostPage(db, undefined, query),
  );
  if (!viewer) return shared;
  const liked = await repository.likedPostIds(
    db,
    viewer.id,
    shared.results.map((post) => post._id),
  );
  // Nothing of theirs on this page: the shared read as it is (sent as made once, see the route).
  if (liked.size === 0) return shared;
  return { ...shared, results: shared.results.map((post) => withLike(post, viewer, liked)) };
}

async function readPostPage(db: Database, viewer: Viewer, query: TBlogListQuery) {
  const { rows, total } = await repository.listPosts(db, {
    page: query.page,
    limit: query.limit,
    status: query.status,
    search: query.search,
    categoryId: query.category,
    viewerId: viewer?.id,
  });
  return {
    results: rows.map((row) => presentPost(row, viewer)),
    meta: { page: query.page, limit: query.limit, total },
  };
}

/** A post as a visitor reads it, with this member's own like. */
function withLike(post: TBlogPost, viewer: { id: string }, liked: Set<string>): TBlogPost {
  const likedByMe = liked.has(post._id);
  return { ...post, likedByMe, likes: likedByMe ? [viewer.id] : [] };
}

/**
 * A post by its id or its urlSlug ("/my-post", or "my-post" as a path segment). Drafts are
 * found for admins only. Everyone else shares one reading (as for the list).
 */
export async function getPost(db: Database, viewer: Viewer, idOrSlug: string): Promise<TBlogPost> {
  const key = idOrSlug.trim().replace(/^\/+/, '');
  if (isAdmin(viewer)) return readPost(db, viewer, key);
  const shared = await sharedRead(db, `blog:post:${key}`, () => readPost(db, undefined, key));
  if (!viewer) return shared;
  const liked = await repository.likedPostIds(db, viewer.id, [shared._id]);
  return liked.size === 0 ? shared : withLike(shared, viewer, liked);
}

async function readPost(db: Database, viewer: Viewer, key: string): Promise<TBlogPost> {
  let row: repository.PostWithRelations | undefined;
  if (isUuid(key)) row = await repository.findPost(db, { id: key.toLowerCase() }, viewer?.id);
  else if (/^[a-z0-9]+(-[a-z0-9]+)*$/i.test(key)) {
    row = await repository.findPost(db, { slug: `/${key.toLowerCase()}` }, viewer?.id);
  }
  if (!row || (row.post.status !== 'published' && !isAdmin(viewer))) throw postNotFound();
  return presentPost(row, viewer);
}

export async function likePost(
  db: Database,
  viewer: UserRow,
  id: string,
): Promise<{ post: TBlogPost; added: boolean }> {
  const added = await db.transaction(async (tx) => {
    await interactivePost(tx, viewer, id, 'liked');
    return repository.addLike(tx, id, viewer.id);
  });
  return { post: await presentById(db, id, viewer), added };
}

// Audit snapshots: what a record was before an admin changed it (trimmed; undefined when absent)

export interface PostSnapshot {
  title: string;
  status: string;
  slug: string;
  category: string | null;
  author: string | null;
}

/** A post as the audit log keeps it: title, status, slug, category and author names. */
export async function postSnapshot(db: Database, id: unknown): Promise<PostSnapshot | undefined> {
  if (!isUuid(id)) return undefined;
  const row = await repository.findPost(db, { id: id.toLowerCase() });
  if (!row) return undefined;
  return {
    title: row.post.title,
    status: row.post.status,
    slug: row.post.urlSlug,
    category: row.category?.name ?? null,
    author: row.author?.name ?? null,
  };
}

/** Which of these posts the member liked (a member's page made for others). */
export function postsLikedBy(db: Database, userId: string, ids: string[]): Promise<Set<string>> {
  return repository.likedPostIds(db, userId, ids);
}
