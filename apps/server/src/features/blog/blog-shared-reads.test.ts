import type { TBlogComment, TBlogPost } from '@ipatient/contracts';
import { describe, expect, it } from 'vitest';
import type { SignedInUser } from '../../../test/accounts.ts';
import { createPost } from '../../../test/blog.ts';
import { createMembers } from '../../../test/campaigns.ts';
import { admin, call, category, comment, like, t, useBlogTestApp } from './blog.test-setup.ts';

useBlogTestApp();

async function post(id: string, as?: SignedInUser) {
  const response = await call('GET', `/get-single-blog/${id}`, { as });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result as TBlogPost;
}

async function listed(categoryId: string, id: string, as?: SignedInUser) {
  const response = await call('GET', `/get-blogs?category=${categoryId}`, { as });
  expect(response.statusCode, response.body).toBe(200);
  const found = (response.json().results as TBlogPost[]).find((p) => p._id === id);
  if (!found) throw new Error(`post ${id} not listed`);
  return found;
}

async function comments(id: string, as?: SignedInUser) {
  const response = await call('GET', `/fetch-blog-comments/${id}`, { as });
  return { status: response.statusCode, results: response.json().results as TBlogComment[] };
}

describe('members share the visitors’ reading of the blog, with their own likes added', () => {
  it('each member sees only their own like on a post and in the list', async () => {
    const categoryId = await category();
    const published = await createPost(t, admin, categoryId);
    const [liker, other] = (await createMembers(t, 2)) as [SignedInUser, SignedInUser];
    expect((await like(liker, published._id)).statusCode).toBe(200);

    // The liker reads first, so the reading shared with the others is made on their request.
    expect(await post(published._id, liker)).toMatchObject({
      likedByMe: true,
      likes: [liker.id],
      likesCount: 1,
    });
    expect(await listed(categoryId, published._id, liker)).toMatchObject({ likedByMe: true });
    for (const viewer of [other, undefined]) {
      expect(await post(published._id, viewer)).toMatchObject({
        likedByMe: false,
        likes: [],
        likesCount: 1,
      });
      expect(await listed(categoryId, published._id, viewer)).toMatchObject({
        likedByMe: false,
        likes: [],
      });
    }
    // And the other way round: a reading made for a visitor never hides a member's own like.
    expect(await post(published._id, liker)).toMatchObject({ likedByMe: true });
  });

  it('a new comment shows to members and visitors at once; a draft’s only to admins', async () => {
    const categoryId = await category();
    const published = await createPost(t, admin, categoryId);
    const [writer, reader] = (await createMembers(t, 2)) as [SignedInUser, SignedInUser];
    expect((await comments(published._id, reader)).results).toEqual([]);
    expect((await comment(writer, published._id, { comment: 'Thank you' })).statusCode).toBe(201);
    for (const viewer of [reader, undefined]) {
      expect((await comments(published._id, viewer)).results.map((c) => c.comment)).toEqual([
        'Thank you',
      ]);
    }

    const draft = await createPost(t, admin, categoryId, { status: 'draft' });
    expect((await comments(draft._id)).status).toBe(404);
    expect((await comments(draft._id, reader)).status).toBe(404);
    expect((await comments(draft._id, admin)).status).toBe(200);
    // The admin's reading is not handed to anyone else.
    expect((await comments(draft._id, reader)).status).toBe(404);
    const forAdmin = await call('GET', `/get-single-blog/${draft._id}`, { as: admin });
    expect(forAdmin.statusCode).toBe(200);
    expect((await call('GET', `/get-single-blog/${draft._id}`, { as: reader })).statusCode).toBe(
      404,
    );
  });
});
