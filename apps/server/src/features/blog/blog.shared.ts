import { brand } from '@ipatient/contracts';
import {
  blogLimits,
  type TBlogAuthor,
  type TBlogCategory,
  type TBlogComment,
  type TBlogPost,
} from '@ipatient/contracts/blog';
import type { Database, Executor } from '@ipatient/db';
import { detectImageType } from '../../lib/images.ts';
import { presentImageSizes } from '../../lib/present-image-sizes.ts';
import type { UserRow } from '../../lib/present-user.ts';
import { countWords } from '../../lib/sanitize-html.ts';
import type { Viewer } from '../../lib/service-deps.ts';
import { AppError } from '../../plugins/errors.ts';
import type { UploadedFile } from '../../plugins/multipart.ts';
import type { Storage } from '../../plugins/storage/storage.ts';
import type { CommentRow } from './blog-comments.repository.ts';
import * as postsRepository from './blog-posts.repository.ts';
import type { AuthorRow, CategoryRow } from './blog-taxonomy.repository.ts';

// What the blog's posts, comments and taxonomy (categories and authors) share.

export interface BlogDeps {
  db: Database;
  storage: Storage;
}

export const isAdmin = (viewer: Viewer) => viewer?.role === 'admin';
export const postNotFound = () => AppError.notFound('Blog post');

/** The `{id}` of a route's path as it was sent (the audit snapshots check it). */
export const paramId = (request: { params: unknown }) =>
  (request.params as { id?: unknown } | undefined)?.id;

/**
 * A post people may like or comment on: published (others are hidden, or 409 for admins). Its
 * row stays locked until the transaction ends, so comments are added and deleted one at a time
 * per post and its counts stay exact.
 */
export async function interactivePost(
  executor: Executor,
  viewer: UserRow,
  id: string,
  what: string,
): Promise<postsRepository.PostRow> {
  const post = await postsRepository.findPostRow(executor, id, { lock: true });
  assertInteractive(post?.status, viewer, what);
  return post as postsRepository.PostRow;
}

/**
 * A post of this status (undefined: none) may be liked or commented on by the viewer: only a
 * published one; any other is not found, but for an admin, who is told why.
 */
export function assertInteractive(
  status: postsRepository.PostRow['status'] | undefined,
  viewer: UserRow,
  what: string,
): void {
  if (!status || (status !== 'published' && !isAdmin(viewer))) throw postNotFound();
  if (status !== 'published') {
    throw new AppError('CONFLICT', `Only published posts can be ${what}.`);
  }
}

// Images

/** PNG, JPEG or WebP by its bytes; checked before anything is stored. */
export function assertImageType(file: UploadedFile | undefined, field: string): void {
  if (!file) return;
  const type = detectImageType(file.buffer);
  if (type !== 'image/png' && type !== 'image/jpeg' && type !== 'image/webp') {
    const text = 'The image must be a PNG, JPEG or WebP file.';
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', text, { errors: { [field]: text } });
  }
}

export async function removeKeys(storage: Storage, keys: readonly string[]): Promise<void> {
  await Promise.all(keys.map((key) => storage.delete(key).catch(() => {})));
}

// Presenters

function readingMinutes(text: string): number {
  return Math.max(1, Math.ceil(countWords(text) / blogLimits.wordsPerMinute));
}

/** The allow-list of what leaves the server about a post. */
export function presentPost(row: postsRepository.PostWithRelations, viewer: Viewer): TBlogPost {
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
    titleImageSizes: presentImageSizes(post.titleImageSizes),
    bodyImage: post.bodyImage,
    bodyImageSizes: presentImageSizes(post.bodyImageSizes),
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

export function presentComment(row: CommentRow): TBlogComment {
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

export function presentCategory(row: CategoryRow): TBlogCategory {
  return { _id: row.id, name: row.name };
}

export function presentAuthor(row: AuthorRow): TBlogAuthor {
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
