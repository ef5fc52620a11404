import type { TBlogPost } from '@ipatient/contracts';
import { describe, expect, it } from 'vitest';
import type { SignedInUser } from '../../../test/accounts.ts';
import { createPost, insertPostRow, uniqueWord } from '../../../test/blog.ts';
import {
  admin,
  call,
  category,
  comment,
  like,
  MISSING_ID,
  reader,
  t,
  useBlogTestApp,
} from './blog.test-setup.ts';

useBlogTestApp();

async function list(query: string, as?: SignedInUser) {
  const response = await call('GET', `/get-blogs?${query}`, { as });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    message: string;
    results: TBlogPost[];
    meta: { page: number; limit: number; total: number };
  };
}

const ids = (posts: { _id: string }[]) => posts.map((post) => post._id);

describe('GET /get-blogs', () => {
  it('lists published posts newest first; drafts only for admins asking for them', async () => {
    const categoryId = await category();
    const day = 24 * 60 * 60 * 1000;
    const old = await insertPostRow(t, {
      urlSlug: `/${uniqueWord()}`,
      categoryId,
      publishedAt: new Date(Date.now() - 3 * day),
    });
    const recent = await insertPostRow(t, {
      urlSlug: `/${uniqueWord()}`,
      categoryId,
      publishedAt: new Date(Date.now() - day),
    });
    const draft = await insertPostRow(t, {
      urlSlug: `/${uniqueWord()}`,
      categoryId,
      status: 'draft',
      publishedAt: null,
    });
    expect(ids((await list(`category=${categoryId}`)).results)).toEqual([recent.id, old.id]);
    expect(ids((await list(`category=${categoryId}`, admin)).results)).toEqual([recent.id, old.id]);
    for (const viewer of [undefined, reader]) {
      const response = await call('GET', `/get-blogs?status=draft&category=${categoryId}`, {
        as: viewer,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('Only administrators can see drafts.');
    }
    expect(ids((await list(`status=draft&category=${categoryId}`, admin)).results)).toEqual([
      draft.id,
    ]);
    expect(ids((await list(`status=all&category=${categoryId}`, admin)).results).sort()).toEqual(
      [old.id, recent.id, draft.id].sort(),
    );
  });

  it('pages with meta: default 9, at most 50', async () => {
    const categoryId = await category();
    const start = Date.now();
    for (let i = 0; i < 11; i++) {
      await insertPostRow(t, {
        urlSlug: `/${uniqueWord()}`,
        categoryId,
        publishedAt: new Date(start - i * 60_000),
      });
    }
    const first = await list(`category=${categoryId}`);
    expect(first.meta).toEqual({ page: 1, limit: 9, total: 11 });
    expect(first.results).toHaveLength(9);
    const second = await list(`category=${categoryId}&page=2`);
    expect(second.results).toHaveLength(2);
    expect(new Set([...ids(first.results), ...ids(second.results)]).size).toBe(11);
    expect((await list(`category=${categoryId}&limit=50`)).meta.limit).toBe(50);
    for (const query of ['limit=51', 'limit=0', 'page=0', 'category=health', 'status=secret']) {
      expect((await call('GET', `/get-blogs?${query}`)).statusCode, query).toBe(400);
    }
  });

  it('searches title, excerpt and text by word prefixes; filters by category', async () => {
    const categoryId = await category();
    const otherCategory = await category();
    const word = uniqueWord();
    const inTitle = await createPost(t, admin, categoryId, { title: `Vaccines ${word}ing today` });
    const inText = await createPost(t, admin, otherCategory, {
      content: `<p>Some text about ${word}ing and more.</p>`,
    });
    await createPost(t, admin, categoryId, { status: 'draft', title: `Hidden ${word}ing` });
    const found = await list(`search=${word.slice(0, 8)}`);
    expect(ids(found.results).sort()).toEqual([inTitle._id, inText._id].sort());
    expect(found.meta.total).toBe(2);
    expect(ids((await list(`search=${word}ing&category=${categoryId}`)).results)).toEqual([
      inTitle._id,
    ]);
    expect((await list(`search=${uniqueWord()}`)).results).toEqual([]);
  });
});

describe('GET /get-single-blog/{id}', () => {
  it('finds a post by id or by its address, with or without the leading slash', async () => {
    const categoryId = await category();
    const word = uniqueWord();
    const post = await createPost(t, admin, categoryId, { urlSlug: word });
    for (const key of [post._id, word, `%2F${word}`, `/${word}`, word.toUpperCase()]) {
      const response = await call('GET', `/get-single-blog/${key}`);
      expect(response.statusCode, key).toBe(200);
      expect(response.json().result._id).toBe(post._id);
      expect(response.json().comment).toBe(0);
    }
    const missing = await call('GET', `/get-single-blog/${uniqueWord()}`);
    expect(missing.statusCode).toBe(404);
    expect((await call('GET', `/get-single-blog/${MISSING_ID}`)).statusCode).toBe(404);
    expect((await call('GET', '/get-single-blog/bad%20slug!')).statusCode).toBe(404);
  });

  it('hides drafts from visitors and members, shows them to admins', async () => {
    const categoryId = await category();
    const draft = await createPost(t, admin, categoryId, { status: 'draft' });
    expect((await call('GET', `/get-single-blog/${draft._id}`)).statusCode).toBe(404);
    expect((await call('GET', `/get-single-blog/${draft._id}`, { as: reader })).statusCode).toBe(
      404,
    );
    const forAdmin = await call('GET', `/get-single-blog${draft.urlSlug}`, { as: admin });
    expect(forAdmin.statusCode).toBe(200);
    expect(forAdmin.json().result.status).toBe('draft');
  });

  it('gives the comment count as `comment`, and the viewer own like', async () => {
    const categoryId = await category();
    const post = await createPost(t, admin, categoryId);
    await comment(reader, post._id, { comment: 'Thank you' });
    await like(reader, post._id);
    const mine = (await call('GET', `/get-single-blog/${post._id}`, { as: reader })).json();
    expect(mine.comment).toBe(1);
    expect(mine.result).toMatchObject({
      comments: 1,
      commentsCount: 1,
      likes: [reader.id],
      likesCount: 1,
      likedByMe: true,
    });
    const theirs = (await call('GET', `/get-single-blog/${post._id}`)).json();
    expect(theirs.result).toMatchObject({ likes: [], likesCount: 1, likedByMe: false });
  });
});
