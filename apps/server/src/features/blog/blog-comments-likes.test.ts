import type { TBlogComment } from '@ipatient/contracts';
import { blogLikes, eq, sql } from '@ipatient/db';
import { describe, expect, it } from 'vitest';
import type { SignedInUser } from '../../../test/accounts.ts';
import { createPost } from '../../../test/blog.ts';
import { createMembers } from '../../../test/campaigns.ts';
import {
  admin,
  call,
  category,
  comment,
  like,
  MISSING_ID,
  postRow,
  reader,
  t,
  useBlogTestApp,
} from './blog.test-setup.ts';

useBlogTestApp();

async function comments(postId: string, query = '', as?: SignedInUser) {
  const response = await call('GET', `/fetch-blog-comments/${postId}?${query}`, { as });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    message: string;
    order: string;
    results: TBlogComment[];
    meta: { page: number; limit: number; total: number };
  };
}

describe('POST /comment-on-blog/{id}', () => {
  it('needs a signed-in user', async () => {
    const post = await createPost(t, admin, await category());
    const response = await comment(undefined, post._id, { comment: 'Hello' });
    expect(response.statusCode).toBe(401);
    expect((await postRow(post._id))?.commentsCount).toBe(0);
  });

  it('stores the trimmed comment with its author and counts it', async () => {
    const post = await createPost(t, admin, await category());
    const response = await comment(reader, post._id, { comment: '  Very helpful, thanks!  ' });
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json().result as TBlogComment;
    expect(result).toMatchObject({
      comment: 'Very helpful, thanks!',
      parentId: null,
      replies: [],
      user: { _id: reader.id, firstName: 'Tunde', lastName: 'Bello', image: null },
    });
    expect((await postRow(post._id))?.commentsCount).toBe(1);
    const withNul = await comment(reader, post._id, { comment: 'Get\u0000 well soon' });
    expect(withNul.statusCode, withNul.body).toBe(201);
    expect(withNul.json().result.comment).toBe('Get well soon');
  });

  it('refuses empty and over-long comments (1–2,000 characters after trimming)', async () => {
    const post = await createPost(t, admin, await category());
    for (const text of ['', '    ', 'x'.repeat(2001)]) {
      const response = await comment(reader, post._id, { comment: text });
      expect(response.statusCode, text.slice(0, 5)).toBe(400);
      expect(response.json().errors.comment).toBeDefined();
    }
    expect((await comment(reader, post._id, {})).statusCode).toBe(400);
    const longest = await comment(reader, post._id, { comment: ` ${'x'.repeat(2000)} ` });
    expect(longest.statusCode).toBe(201);
    expect((await postRow(post._id))?.commentsCount).toBe(1);
  });

  it('nests replies, also to replies, but only to comments of the same post', async () => {
    const post = await createPost(t, admin, await category());
    const other = await createPost(t, admin, await category());
    const top = (await comment(reader, post._id, { comment: 'Top' })).json().result;
    const reply = await comment(admin, post._id, { comment: 'Reply', parentId: top._id });
    expect(reply.statusCode, reply.body).toBe(201);
    const deeper = await comment(reader, post._id, {
      comment: 'Reply to the reply',
      parentId: reply.json().result._id,
    });
    expect(deeper.statusCode).toBe(201);
    const foreign = (await comment(reader, other._id, { comment: 'Elsewhere' })).json().result;
    const cross = await comment(reader, post._id, { comment: 'Wrong', parentId: foreign._id });
    expect(cross.statusCode).toBe(400);
    expect(cross.json().errors.parentId).toBeDefined();
    const unknown = await comment(reader, post._id, { comment: 'Gone', parentId: MISSING_ID });
    expect(unknown.statusCode).toBe(400);
    expect((await postRow(post._id))?.commentsCount).toBe(3);
    const listed = await comments(post._id);
    expect(listed.results).toHaveLength(1);
    expect(listed.results[0]?.replies[0]?.comment).toBe('Reply');
    expect(listed.results[0]?.replies[0]?.replies[0]?.comment).toBe('Reply to the reply');
  });

  it('answers 404 for drafts (non-admins) and unknown posts; 409 for an admin on a draft', async () => {
    const draft = await createPost(t, admin, await category(), { status: 'draft' });
    expect((await comment(reader, draft._id, { comment: 'Hi' })).statusCode).toBe(404);
    expect((await comment(reader, MISSING_ID, { comment: 'Hi' })).statusCode).toBe(404);
    expect((await comment(admin, draft._id, { comment: 'Hi' })).statusCode).toBe(409);
  });
});

describe('GET /fetch-blog-comments/{id}', () => {
  it('pages top-level comments newest first by default, or oldest first, saying which', async () => {
    const post = await createPost(t, admin, await category());
    const made: string[] = [];
    for (let i = 1; i <= 4; i++) {
      made.push((await comment(reader, post._id, { comment: `Comment ${i}` })).json().result._id);
    }
    await comment(admin, post._id, { comment: 'A reply', parentId: made[0] });
    const newest = await comments(post._id, 'limit=3');
    expect(newest.order).toBe('newest');
    expect(newest.message).toContain('newest first');
    expect(newest.meta).toEqual({ page: 1, limit: 3, total: 4 });
    expect(newest.results.map((item) => item.comment)).toEqual([
      'Comment 4',
      'Comment 3',
      'Comment 2',
    ]);
    const rest = await comments(post._id, 'limit=3&page=2');
    expect(rest.results.map((item) => item.comment)).toEqual(['Comment 1']);
    expect(rest.results[0]?.replies.map((item) => item.comment)).toEqual(['A reply']);
    const oldest = await comments(post._id, 'order=oldest');
    expect(oldest.order).toBe('oldest');
    expect(oldest.message).toContain('oldest first');
    expect(oldest.results.map((item) => item.comment)).toEqual([
      'Comment 1',
      'Comment 2',
      'Comment 3',
      'Comment 4',
    ]);
    expect(oldest.results[0]?.user).toEqual({
      _id: reader.id,
      firstName: 'Tunde',
      lastName: 'Bello',
      image: null,
    });
    expect((await call('GET', `/fetch-blog-comments/${post._id}?order=top`)).statusCode).toBe(400);
  });

  it('hides the comments of drafts from the public', async () => {
    const draft = await createPost(t, admin, await category(), { status: 'draft' });
    expect((await call('GET', `/fetch-blog-comments/${draft._id}`)).statusCode).toBe(404);
    expect((await call('GET', `/fetch-blog-comments/${draft._id}`, { as: admin })).statusCode).toBe(
      200,
    );
    expect((await call('GET', '/fetch-blog-comments/nope')).statusCode).toBe(400);
  });
});

describe('PUT /like-blog/{id}', () => {
  it('needs a signed-in user', async () => {
    const post = await createPost(t, admin, await category());
    expect((await like(undefined, post._id)).statusCode).toBe(401);
  });

  it('counts a like once, however often it is given', async () => {
    const post = await createPost(t, admin, await category());
    const first = await like(reader, post._id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().result).toMatchObject({
      likes: [reader.id],
      likesCount: 1,
      likedByMe: true,
    });
    const second = await like(reader, post._id);
    expect(second.statusCode).toBe(200);
    expect(second.json().message).toBe('You already liked this post');
    expect(second.json().result.likesCount).toBe(1);
    expect((await postRow(post._id))?.likesCount).toBe(1);
  });

  it('hides drafts (404) and unknown posts', async () => {
    const draft = await createPost(t, admin, await category(), { status: 'draft' });
    expect((await like(reader, draft._id)).statusCode).toBe(404);
    expect((await like(reader, MISSING_ID)).statusCode).toBe(404);
  });

  it('stays exact when 20 people like at the same moment, some twice', async () => {
    const post = await createPost(t, admin, await category());
    const likers = await createMembers(t, 20);
    const responses = await Promise.all([
      ...likers.map((user) => like(user, post._id)),
      ...likers.slice(0, 8).map((user) => like(user, post._id)),
    ]);
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    const rows = await t.database.db
      .select({ total: sql<number>`count(*)::int` })
      .from(blogLikes)
      .where(eq(blogLikes.postId, post._id));
    expect(rows[0]?.total).toBe(20);
    expect((await postRow(post._id))?.likesCount).toBe(20);
  });
});
