import type {
  BlogCommentOrder,
  TAdminBlogComment,
  TAdminBlogCommentListQuery,
  TBlogComment,
  TBlogCommentRequest,
} from '@ipatient/contracts/blog';
import { isUuid } from '@ipatient/contracts/ids';
import { type Database, isViolation } from '@ipatient/db';
import type { UserRow } from '../../lib/present-user.ts';
import type { Viewer } from '../../lib/service-deps.ts';
import { AppError } from '../../plugins/errors.ts';
import { sharedRead } from '../../plugins/public-cache.ts';
import { assertInteractive, isAdmin, postNotFound, presentComment } from './blog.shared.ts';
import * as repository from './blog-comments.repository.ts';
import * as posts from './blog-posts.repository.ts';

export async function addComment(
  db: Database,
  viewer: UserRow,
  postId: string,
  input: TBlogCommentRequest,
): Promise<TBlogComment> {
  const parentId = input.parentId ?? null;
  const outcome = await repository
    .addComment(db, { postId, userId: viewer.id, parentId, comment: input.comment })
    .catch((error: unknown) => {
      // The comment replied to was deleted meanwhile (with its post).
      if (isViolation(error, '23503')) throw postNotFound();
      throw error;
    });
  assertInteractive(outcome?.status, viewer, 'commented on');
  if (parentId && !outcome?.parentFound) {
    const text = 'You can only reply to a comment of this post.';
    throw new AppError('VALIDATION', text, { errors: { parentId: text } });
  }
  const stored = outcome?.stored;
  if (!stored) throw new Error('a comment on a published post was not stored');
  return presentComment({
    id: stored.id,
    postId,
    parentId,
    comment: input.comment,
    createdAt: stored.createdAt,
    user: {
      id: viewer.id,
      firstName: viewer.firstName,
      lastName: viewer.lastName,
      image: viewer.image,
    },
  });
}

const commentNotFound = () => AppError.notFound('Comment');

/** What the audit log keeps of a comment before an admin deletes it. */
export async function commentSnapshot(db: Database, id: unknown) {
  if (!isUuid(id)) return undefined;
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
    await posts.findPostRow(tx, found.postId, { lock: true });
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

/**
 * Top-level comments of a page with every reply nested below its comment, oldest reply first.
 * They read alike for every viewer but admins (who may read a draft's), so one reading serves
 * visitors and members.
 */
export async function listComments(
  db: Database,
  viewer: Viewer,
  postId: string,
  query: { page: number; limit: number; order: BlogCommentOrder },
): Promise<{ results: TBlogComment[]; meta: { page: number; limit: number; total: number } }> {
  if (isAdmin(viewer)) return readComments(db, viewer, postId, query);
  return sharedRead(db, `blog:comments:${postId}:${query.page}:${query.limit}:${query.order}`, () =>
    readComments(db, undefined, postId, query),
  );
}

async function readComments(
  db: Database,
  viewer: Viewer,
  postId: string,
  query: { page: number; limit: number; order: BlogCommentOrder },
) {
  const post = await posts.findPostRow(db, postId);
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
