import { brand } from '@ipatient/contracts';
import {
  type BlogCommentOrder,
  blogErrorTexts,
  blogLimits,
  slugify,
  type TAdminBlogComment,
  type TAdminBlogCommentListQuery,
  type TBlogAuthor,
  type TBlogCategory,
  type TBlogComment,
  type TBlogCommentRequest,
  type TBlogListQuery,
  type TBlogPost,
  ZBlogAuthorCreateRequest,
  ZBlogAuthorUpdateRequest,
  ZBlogCategoryRequest,
  ZBlogPostCreateRequest,
  ZBlogPostUpdateRequest,
} from '@ipatient/contracts/blog';
import { type Database, type Executor, isViolation, type StoredImageSize } from '@ipatient/db';
import { detectImageType, processImage } from '../../lib/images.ts';
import type { UserRow } from '../../lib/present-user.ts';
import { countWords, excerptOf, htmlToText, sanitizeRichText } from '../../lib/sanitize-html.ts';
import type { Viewer } from '../../lib/service-deps.ts';
import { storeImageSizes } from '../../lib/stored-images.ts';
import { AppError, parseOrThrow } from '../../plugins/errors.ts';
import type { UploadedFile } from '../../plugins/multipart.ts';
import { newStorageKey, type Storage } from '../../plugins/storage/storage.ts';
import * as repository from './blog.repository.ts';

export interface BlogDeps {
  db: Database;
  storage: Storage;
}

/** Card (400), 2x card and article on a phone (800), article on a large screen (1200). */
export const BLOG_IMAGE_WIDTHS = [400, 800, 1200] as const;
/** An author's photo is shown small next to the post; one size is enough. */
const AUTHOR_IMAGE_BOX = { maxWidth: 400, maxHeight: 400 };

const isAdmin = (viewer: Viewer) => viewer?.role === 'admin';
const postNotFound = () => AppError.notFound('Blog post');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// Slugs

/** What an admin typed as the address, in the stored form ("My Post!" → "/my-post"). */
function normaliseSlug(typed: string): string {
  const words = slugify(typed);
  if (!words) {
    const text = 'The address needs at least one letter or digit.';
    throw new AppError('VALIDATION', text, { errors: { urlSlug: text } });
  }
  return `/${words}`;
}

/** `base`, or `base-2`, `base-3` … whichever is free first. */
async function freeSlug(executor: Executor, base: string): Promise<string> {
  const taken = new Set(await repository.slugsLike(executor, base));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  }
}

const slugTaken = () =>
  new AppError('CONFLICT', blogErrorTexts.slugTaken, {
    errors: { urlSlug: blogErrorTexts.slugTaken },
  });

// Content

/** Sanitized content and its plain text; refuses content with nothing left to show. */
function cleanContent(html: string): { content: string; text: string } {
  const content = sanitizeRichText(html);
  const text = htmlToText(content);
  if (!text && !/<(img|iframe)\b/.test(content)) {
    const message = 'Content is required';
    throw new AppError('VALIDATION', message, { errors: { content: message } });
  }
  return { content, text };
}

function generatedExcerpt(text: string): string {
  return excerptOf(text, blogLimits.excerptGenerated);
}

function readingMinutes(text: string): number {
  return Math.max(1, Math.ceil(countWords(text) / blogLimits.wordsPerMinute));
}

// Presenters

const presentSizes = (sizes: readonly StoredImageSize[]) =>
  sizes.map((size) => ({ width: size.width, height: size.height, path: size.key }));

/** The allow-list of what leaves the server about a post. */
export function presentPost(row: repository.PostWithRelations, viewer: Viewer): TBlogPost {
  const { post, category, author } = row;
  return {
    _id: post.id,
    title: post.title,
    urlSlug: post.urlSlug,
    category: category ? { _id: category.id, name: category.name } : null,
    content: post.content,
    excerpt: post.excerpt,
    publisher: author?.name ?? brand.siteName,
    publisherId: author?.id ?? null,
    publisherImage: author?.image ?? null,
    publisherTitle: author?.title ?? '',
    status: post.status,
    titleImage: post.titleImage,
    titleImageSizes: presentSizes(post.titleImageSizes),
    bodyImage: post.bodyImage,
    bodyImageSizes: presentSizes(post.bodyImageSizes),
    date: post.publishedAt?.toISOString() ?? null,
    createdAt: post.createdAt.toISOString(),
    updatedAt: post.updatedAt.toISOString(),
    likes: row.likedByMe && viewer ? [viewer.id] : [],
    likesCount: post.likesCount,
    likedByMe: row.likedByMe,
    comments: post.commentsCount,
    commentsCount: post.commentsCount,
    readingMinutes: readingMinutes(post.contentText),
  };
}

function presentCategory(row: repository.CategoryRow): TBlogCategory {
  return { _id: row.id, name: row.name };
}

function presentAuthor(row: repository.AuthorRow): TBlogAuthor {
  return {
    _id: row.id,
    author_name: row.name,
    author_title: row.title,
    author_image: row.image,
    is_default: row.isDefault,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

// Images

/** PNG, JPEG or WebP by its bytes; checked before anything is stored. */
function assertImageType(file: UploadedFile | undefined, field: string): void {
  if (!file) return;
  const type = detectImageType(file.buffer);
  if (type !== 'image/png' && type !== 'image/jpeg' && type !== 'image/webp') {
    const text = 'The image must be a PNG, JPEG or WebP file.';
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', text, { errors: { [field]: text } });
  }
}

async function removeKeys(storage: Storage, keys: readonly string[]): Promise<void> {
  await Promise.all(keys.map((key) => storage.delete(key).catch(() => {})));
}

const keysOf = (sizes: readonly StoredImageSize[] | undefined) =>
  (sizes ?? []).map((size) => size.key);

const storeSizes = (storage: Storage, file: UploadedFile) =>
  storeImageSizes(storage, file.buffer, 'blog', BLOG_IMAGE_WIDTHS);

interface PostImages {
  title?: StoredImageSize[] | undefined;
  body?: StoredImageSize[] | undefined;
}

/** Stores the post's new images, runs `change`; the new files are removed if it fails. */
async function withPostImages<T>(
  storage: Storage,
  files: { titleImage?: UploadedFile | undefined; bodyImage?: UploadedFile | undefined },
  change: (images: PostImages) => Promise<T>,
): Promise<T> {
  const images: PostImages = {};
  try {
    if (files.titleImage) images.title = await storeSizes(storage, files.titleImage);
    if (files.bodyImage) images.body = await storeSizes(storage, files.bodyImage);
    return await change(images);
  } catch (error) {
    await removeKeys(storage, [...keysOf(images.title), ...keysOf(images.body)]);
    throw error;
  }
}

// Posts

async function assertCategory(executor: Executor, id: string): Promise<void> {
  if (!(await repository.findCategory(executor, id))) {
    throw new AppError('VALIDATION', blogErrorTexts.categoryMissing, {
      errors: { category: blogErrorTexts.categoryMissing },
    });
  }
}

async function assertAuthor(executor: Executor, id: string): Promise<void> {
  if (!(await repository.findAuthor(executor, id))) {
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

type PostFiles = { titleImage?: UploadedFile | undefined; bodyImage?: UploadedFile | undefined };

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
        authorId = (await repository.findDefaultAuthor(tx))?.id ?? null;
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

/**
 * A post by its id or its urlSlug ("/my-post", or "my-post" as a path segment). Drafts are
 * found for admins only.
 */
export async function getPost(db: Database, viewer: Viewer, idOrSlug: string): Promise<TBlogPost> {
  const key = idOrSlug.trim().replace(/^\/+/, '');
  let row: repository.PostWithRelations | undefined;
  if (UUID.test(key)) row = await repository.findPost(db, { id: key.toLowerCase() }, viewer?.id);
  else if (/^[a-z0-9]+(-[a-z0-9]+)*$/i.test(key)) {
    row = await repository.findPost(db, { slug: `/${key.toLowerCase()}` }, viewer?.id);
  }
  if (!row || (row.post.status !== 'published' && !isAdmin(viewer))) throw postNotFound();
  return presentPost(row, viewer);
}

/**
 * A post people may like or comment on: published (others are hidden, or 409 for admins). Its
 * row stays locked until the transaction ends, so comments are added and deleted one at a time
 * per post and its counts stay exact.
 */
async function interactivePost(
  executor: Executor,
  viewer: UserRow,
  id: string,
  what: string,
): Promise<repository.PostRow> {
  const post = await repository.findPostRow(executor, id, { lock: true });
  if (!post || (post.status !== 'published' && !isAdmin(viewer))) throw postNotFound();
  if (post.status !== 'published') {
    throw new AppError('CONFLICT', `Only published posts can be ${what}.`);
  }
  return post;
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

// Comments

function presentComment(row: repository.CommentRow): TBlogComment {
  return {
    _id: row.id,
    comment: row.comment,
    createdAt: row.createdAt.toISOString(),
    parentId: row.parentId,
    user: {
      _id: row.user.id,
      firstName: row.user.firstName,
      lastName: row.user.lastName,
      image: row.user.image,
    },
    replies: [],
  };
}

export async function addComment(
  db: Database,
  viewer: UserRow,
  postId: string,
  input: TBlogCommentRequest,
): Promise<TBlogComment> {
  const row = await db.transaction(async (tx) => {
    await interactivePost(tx, viewer, postId, 'commented on');
    if (input.parentId) {
      const parent = await repository.findComment(tx, input.parentId);
      if (!parent || parent.postId !== postId) {
        const text = 'You can only reply to a comment of this post.';
        throw new AppError('VALIDATION', text, { errors: { parentId: text } });
      }
    }
    try {
      return await repository.insertComment(tx, {
        postId,
        userId: viewer.id,
        parentId: input.parentId ?? null,
        comment: input.comment,
      });
    } catch (error) {
      // The comment replied to was deleted meanwhile (with its post).
      if (isViolation(error, '23503')) throw postNotFound();
      throw error;
    }
  });
  return presentComment(row);
}

const commentNotFound = () => AppError.notFound('Comment');

/** What the audit log keeps of a comment before an admin deletes it. */
export async function commentSnapshot(db: Database, id: unknown) {
  if (typeof id !== 'string' || !UUID.test(id)) return undefined;
  const row = await repository.findCommentForModeration(db, id.toLowerCase());
  if (!row) return undefined;
  return {
    postId: row.postId,
    postTitle: row.postTitle,
    author: row.author,
    comment: row.comment,
    replies: row.replies,
  };
}

/**
 * Deletes one comment (an abusive one, say) with every reply below it: replies answer the
 * comment and make no sense without it, and may quote it. The post's count goes down by all of
 * them in the same transaction, under the post's row lock that adding a comment also takes.
 */
export async function deleteComment(db: Database, id: string) {
  return db.transaction(async (tx) => {
    const found = await repository.findComment(tx, id);
    if (!found) throw commentNotFound();
    // Lock the post first (as adding a comment does), then look again: another admin may have
    // deleted the comment, or its thread, while this one waited.
    await repository.findPostRow(tx, found.postId, { lock: true });
    const comment = await repository.findComment(tx, id);
    if (!comment) throw commentNotFound();
    const { deleted, commentsCount } = await repository.deleteCommentThread(
      tx,
      comment.postId,
      comment.id,
    );
    return { postId: comment.postId, deleted, commentsCount };
  });
}

/** Comments and replies to moderate, newest first, across posts or of one post. */
export async function listCommentsForModeration(
  db: Database,
  query: TAdminBlogCommentListQuery,
): Promise<{ results: TAdminBlogComment[]; meta: { page: number; limit: number; total: number } }> {
  const { rows, total } = await repository.listCommentsForModeration(db, query);
  return {
    results: rows.map((row) => ({
      _id: row.id,
      comment: row.comment,
      createdAt: row.createdAt.toISOString(),
      parentId: row.parentId,
      replyCount: row.replyCount,
      user: { _id: row.user.id, firstName: row.user.firstName, lastName: row.user.lastName },
      post: { _id: row.post.id, title: row.post.title, urlSlug: row.post.urlSlug },
    })),
    meta: { page: query.page, limit: query.limit, total },
  };
}

/** Top-level comments of a page with every reply nested below its comment, oldest reply first. */
export async function listComments(
  db: Database,
  viewer: Viewer,
  postId: string,
  query: { page: number; limit: number; order: BlogCommentOrder },
): Promise<{ results: TBlogComment[]; meta: { page: number; limit: number; total: number } }> {
  const post = await repository.findPostRow(db, postId);
  if (!post || (post.status !== 'published' && !isAdmin(viewer))) throw postNotFound();
  const { top, replies, total } = await repository.listComments(db, postId, query);
  const nodes = new Map<string, TBlogComment>();
  const results = top.map((row) => {
    const node = presentComment(row);
    nodes.set(node._id, node);
    return node;
  });
  const replyNodes = replies.map((row) => {
    const node = presentComment(row);
    nodes.set(node._id, node);
    return node;
  });
  for (const node of replyNodes) {
    if (node.parentId) nodes.get(node.parentId)?.replies.push(node);
  }
  return { results, meta: { page: query.page, limit: query.limit, total } };
}

// Categories

const categoryNotFound = () => AppError.notFound('Category');
const categoryNameTaken = () =>
  new AppError('CONFLICT', blogErrorTexts.categoryNameTaken, {
    errors: { name: blogErrorTexts.categoryNameTaken },
  });

export async function listCategories(db: Database): Promise<TBlogCategory[]> {
  return (await repository.listCategories(db)).map(presentCategory);
}

export async function getCategory(db: Database, id: string): Promise<TBlogCategory> {
  const row = await repository.findCategory(db, id);
  if (!row) throw categoryNotFound();
  return presentCategory(row);
}

export async function createCategory(db: Database, body: unknown): Promise<TBlogCategory> {
  const { name } = parseOrThrow(ZBlogCategoryRequest, body);
  try {
    return presentCategory(await repository.insertCategory(db, name));
  } catch (error) {
    if (isViolation(error, '23505')) throw categoryNameTaken();
    throw error;
  }
}

export async function updateCategory(
  db: Database,
  id: string,
  body: unknown,
): Promise<TBlogCategory> {
  const { name } = parseOrThrow(ZBlogCategoryRequest, body);
  let row: repository.CategoryRow | undefined;
  try {
    row = await repository.updateCategory(db, id, name);
  } catch (error) {
    if (isViolation(error, '23505')) throw categoryNameTaken();
    throw error;
  }
  if (!row) throw categoryNotFound();
  return presentCategory(row);
}

export async function deleteCategory(db: Database, id: string): Promise<void> {
  const hasPosts = () =>
    new AppError('CONFLICT', blogErrorTexts.categoryHasPosts, {
      errors: { category: blogErrorTexts.categoryHasPosts },
    });
  await db.transaction(async (tx) => {
    if (!(await repository.findCategory(tx, id))) throw categoryNotFound();
    if ((await repository.countPostsInCategory(tx, id)) > 0) throw hasPosts();
    try {
      await repository.deleteCategory(tx, id);
    } catch (error) {
      // A post was filed under it meanwhile: the foreign key refuses.
      if (isViolation(error, '23503')) throw hasPosts();
      throw error;
    }
  });
}

// Authors

const authorNotFound = () => AppError.notFound('Author');

export async function listAuthors(db: Database): Promise<TBlogAuthor[]> {
  return (await repository.listAuthors(db)).map(presentAuthor);
}

export async function getAuthor(db: Database, id: string): Promise<TBlogAuthor> {
  const row = await repository.findAuthor(db, id);
  if (!row) throw authorNotFound();
  return presentAuthor(row);
}

/** Stores an author photo (one WebP, metadata stripped), runs `change`; removed if it fails. */
async function withAuthorImage<T>(
  storage: Storage,
  file: UploadedFile | undefined,
  change: (key: string | undefined) => Promise<T>,
): Promise<T> {
  let key: string | undefined;
  try {
    if (file) {
      const image = await processImage(file.buffer, AUTHOR_IMAGE_BOX);
      key = newStorageKey('blog-authors', 'webp');
      await storage.put(key, image.body, image.contentType);
    }
    return await change(key);
  } catch (error) {
    if (key) await removeKeys(storage, [key]);
    throw error;
  }
}

export async function createAuthor(
  deps: BlogDeps,
  fields: Record<string, string>,
  image: UploadedFile | undefined,
): Promise<TBlogAuthor> {
  const input = parseOrThrow(ZBlogAuthorCreateRequest, fields);
  assertImageType(image, 'author_image');
  const row = await withAuthorImage(deps.storage, image, (key) =>
    deps.db.transaction(async (tx) => {
      if (input.is_default) {
        await repository.lockDefaultAuthor(tx);
        await repository.clearDefaultAuthor(tx);
      }
      return repository.insertAuthor(tx, {
        name: input.author_name,
        title: input.author_title,
        image: key ?? null,
        isDefault: input.is_default,
      });
    }),
  );
  return presentAuthor(row);
}

export async function updateAuthor(
  deps: BlogDeps,
  id: string,
  fields: Record<string, string>,
  image: UploadedFile | undefined,
): Promise<TBlogAuthor> {
  const input = parseOrThrow(ZBlogAuthorUpdateRequest, fields);
  if (!image && Object.values(input).every((value) => value === undefined)) {
    throw new AppError('VALIDATION', 'Change at least one field of the author.');
  }
  assertImageType(image, 'author_image');
  let replaced: string | null = null;
  const row = await withAuthorImage(deps.storage, image, (key) =>
    deps.db.transaction(async (tx) => {
      if (input.is_default) await repository.lockDefaultAuthor(tx);
      const before = await repository.findAuthor(tx, id, { lock: true });
      if (!before) throw authorNotFound();
      if (input.is_default) await repository.clearDefaultAuthor(tx, id);
      const updated = await repository.updateAuthor(tx, id, {
        name: input.author_name,
        title: input.author_title,
        isDefault: input.is_default,
        ...(key ? { image: key } : {}),
      });
      if (!updated) throw authorNotFound();
      if (key) replaced = before.image;
      return updated;
    }),
  );
  if (replaced) await removeKeys(deps.storage, [replaced]);
  return presentAuthor(row);
}

/** Deletes an author; their posts stay, published as the site until given another author. */
export async function deleteAuthor(deps: BlogDeps, id: string): Promise<void> {
  const row = await repository.deleteAuthor(deps.db, id);
  if (!row) throw authorNotFound();
  if (row.image) await removeKeys(deps.storage, [row.image]);
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
  if (typeof id !== 'string' || !UUID.test(id)) return undefined;
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

export async function categorySnapshot(
  db: Database,
  id: unknown,
): Promise<{ name: string } | undefined> {
  if (typeof id !== 'string' || !UUID.test(id)) return undefined;
  const row = await repository.findCategory(db, id.toLowerCase());
  return row ? { name: row.name } : undefined;
}

export async function authorSnapshot(
  db: Database,
  id: unknown,
): Promise<{ name: string; title: string; isDefault: boolean } | undefined> {
  if (typeof id !== 'string' || !UUID.test(id)) return undefined;
  const row = await repository.findAuthor(db, id.toLowerCase());
  return row ? { name: row.name, title: row.title, isDefault: row.isDefault } : undefined;
}
