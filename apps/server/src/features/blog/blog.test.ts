import { errorTexts, type TBlogComment, type TBlogPost } from '@ipatient/contracts';
import { slugify } from '@ipatient/contracts/blog';
import { blogComments, blogLikes, blogPosts, eq, sql } from '@ipatient/db';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedInUser } from '../../../test/accounts.ts';
import {
  createAuthor,
  createCategory,
  createPost,
  insertPostRow,
  sendForm,
  submitPost,
  uniqueWord,
  validPostFields,
} from '../../../test/blog.ts';
import { createMembers, jpegImage, pngImage, uploadedFiles } from '../../../test/campaigns.ts';
import { type ApiMethod, apiCall, createTestApp, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
let admin: SignedInUser;
let reader: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  [admin] = (await createMembers(t, 1, 'admin')) as [SignedInUser];
  [reader] = (await createMembers(t, 1)) as [SignedInUser];
});
afterAll(() => t.close());

const call = (
  method: ApiMethod,
  url: string,
  options: { as?: SignedInUser | undefined; payload?: object } = {},
) => apiCall(t, method, url, options);

const MISSING_ID = '00000000-0000-4000-8000-000000000000';

async function category() {
  return (await createCategory(t, admin))._id;
}

async function postRow(id: string) {
  const [row] = await t.database.db.select().from(blogPosts).where(eq(blogPosts.id, id));
  return row;
}

async function postCount() {
  return (await t.database.db.select({ id: blogPosts.id }).from(blogPosts)).length;
}

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

function comment(as: SignedInUser | undefined, postId: string, payload: object) {
  return call('POST', `/comment-on-blog/${postId}`, { as, payload });
}

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

function like(as: SignedInUser | undefined, postId: string) {
  return call('PUT', `/like-blog/${postId}`, { as });
}

const fileOf = (body: Buffer, name = 'photo.png', type = 'image/png') => ({
  body,
  filename: name,
  type,
});

describe('slugify', () => {
  it('keeps lowercase ASCII words joined by "-", accents removed', () => {
    expect(slugify("Ọmọ's Health: Tips & Tricks!")).toBe('omo-s-health-tips-tricks');
    expect(slugify('  Café   Déjà vu  ')).toBe('cafe-deja-vu');
    expect(slugify('!!!')).toBe('');
    expect(slugify('a'.repeat(200)).length).toBeLessThanOrEqual(80);
  });
});

describe('POST /post-blog', () => {
  it('is for admins only: 401 for visitors, 403 for members, nothing stored', async () => {
    const categoryId = await category();
    const before = await postCount();
    const files = { titleImage: fileOf(await pngImage()) };
    const visitor = await submitPost(t, undefined, validPostFields(categoryId), files);
    expect(visitor.statusCode).toBe(401);
    const member = await submitPost(t, reader, validPostFields(categoryId), files);
    expect(member.statusCode).toBe(403);
    expect(await postCount()).toBe(before);
    expect(uploadedFiles(t).filter((file) => file.startsWith('blog/'))).toEqual([]);
  });

  it('stores a sanitized post with a generated address, excerpt and the default author', async () => {
    const categoryId = await category();
    const author = await createAuthor(t, admin, { author_name: 'Dr Ada Obi', is_default: 'true' });
    const word = uniqueWord();
    const response = await submitPost(
      t,
      admin,
      validPostFields(categoryId, {
        title: `Fighting malaria ${word}`,
        content: `<p onclick="steal()">Use a net <script>alert(1)</script>every night. ${'word '.repeat(250)}</p><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a>`,
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const post = response.json().result as TBlogPost;
    expect(post.urlSlug).toBe(`/fighting-malaria-${word}`);
    expect(post.content).not.toMatch(/script|onclick|onerror|javascript/);
    expect(post.content).toContain('<p>Use a net every night.');
    expect(post.excerpt.startsWith('Use a net every night. word word')).toBe(true);
    expect(post.excerpt.endsWith('…')).toBe(true);
    expect(post.excerpt.length).toBeLessThanOrEqual(161);
    expect(post.category?._id).toBe(categoryId);
    expect(post.publisher).toBe('Dr Ada Obi');
    expect(post.publisherId).toBe(author._id);
    expect(post.publisherTitle).toBe('Haematologist');
    expect(post.status).toBe('published');
    expect(Date.parse(post.date ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(post).toMatchObject({ likes: [], likesCount: 0, likedByMe: false, comments: 0 });
    expect(post.commentsCount).toBe(0);
    // 256 words at 200 a minute.
    expect(post.readingMinutes).toBe(2);
    const row = await postRow(post._id);
    expect(row?.content).toBe(post.content);
    expect(row?.contentText).not.toContain('<');
  });

  it('keeps a given excerpt as plain text, a chosen author and a draft without a date', async () => {
    const categoryId = await category();
    const author = await createAuthor(t, admin, { author_name: 'Chidi Nwosu' });
    const response = await submitPost(
      t,
      admin,
      validPostFields(categoryId, {
        excerpt: '<b>Short</b> summary',
        publisher: author._id,
        status: 'draft',
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const post = response.json().result as TBlogPost;
    expect(post.excerpt).toBe('Short summary');
    expect(post.publisher).toBe('Chidi Nwosu');
    expect(post.status).toBe('draft');
    expect(post.date).toBeNull();
    expect(post.readingMinutes).toBe(1);
  });

  it('gives a clashing title the next free -2, -3 … address; also when sent at once', async () => {
    const categoryId = await category();
    const word = uniqueWord();
    const first = await createPost(t, admin, categoryId, { title: `Clinic day ${word}` });
    const second = await createPost(t, admin, categoryId, { title: `Clinic day ${word}` });
    const third = await createPost(t, admin, categoryId, { title: `Clinic Day ${word}!` });
    expect([first.urlSlug, second.urlSlug, third.urlSlug]).toEqual([
      `/clinic-day-${word}`,
      `/clinic-day-${word}-2`,
      `/clinic-day-${word}-3`,
    ]);
    const other = uniqueWord();
    const together = await Promise.all(
      Array.from({ length: 5 }, () =>
        submitPost(t, admin, validPostFields(categoryId, { title: `Same time ${other}` })),
      ),
    );
    expect(together.map((response) => response.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const slugs = together.map((response) => response.json().result.urlSlug).sort();
    expect(slugs).toEqual(
      [``, '-2', '-3', '-4', '-5'].map((suffix) => `/same-time-${other}${suffix}`).sort(),
    );
  });

  it('normalises a typed address and refuses one already used (409) or with no letters (400)', async () => {
    const categoryId = await category();
    const word = uniqueWord();
    const post = await createPost(t, admin, categoryId, { urlSlug: `My Post ${word}!` });
    expect(post.urlSlug).toBe(`/my-post-${word}`);
    const withSlash = await createPost(t, admin, categoryId, { urlSlug: `/${word}-two` });
    expect(withSlash.urlSlug).toBe(`/${word}-two`);
    const before = await postCount();
    const clash = await submitPost(
      t,
      admin,
      validPostFields(categoryId, { urlSlug: `/my-post-${word}` }),
    );
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe('This address is already used by another post.');
    const empty = await submitPost(t, admin, validPostFields(categoryId, { urlSlug: '!!!' }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.urlSlug).toBeDefined();
    expect(await postCount()).toBe(before);
  });

  it('refuses bad fields with 400 and stores nothing', async () => {
    const categoryId = await category();
    const before = await postCount();
    const cases: [Record<string, string>, string][] = [
      [{ title: 'Shrt' }, 'title'],
      [{ title: 'x'.repeat(201) }, 'title'],
      [{ content: '<script>alert(1)</script><p>  </p>' }, 'content'],
      [{ content: '' }, 'content'],
      [{ category: MISSING_ID }, 'category'],
      [{ category: 'health' }, 'category'],
      [{ publisher: MISSING_ID }, 'publisher'],
      [{ status: 'live' }, 'status'],
    ];
    for (const [overrides, field] of cases) {
      const response = await submitPost(t, admin, validPostFields(categoryId, overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json().errors?.[field], response.body).toBeDefined();
    }
    const { category: _, ...withoutCategory } = validPostFields(categoryId);
    expect((await submitPost(t, admin, withoutCategory)).statusCode).toBe(400);
    expect(await postCount()).toBe(before);
  });

  it('stores images as stripped WebP sizes 400/800/1200 and refuses big or wrong files', async () => {
    const categoryId = await category();
    const response = await submitPost(t, admin, validPostFields(categoryId), {
      titleImage: fileOf(await jpegImage(1600, 1000), 'phone.jpg', 'image/jpeg'),
      bodyImage: fileOf(await pngImage(600, 400)),
    });
    expect(response.statusCode, response.body).toBe(201);
    const post = response.json().result as TBlogPost;
    expect(post.titleImageSizes.map((size) => size.width)).toEqual([400, 800, 1200]);
    expect(post.titleImage).toBe(post.titleImageSizes.at(-1)?.path);
    expect(post.bodyImageSizes.map((size) => size.width)).toEqual([400, 600]);
    const files = uploadedFiles(t);
    for (const size of [...post.titleImageSizes, ...post.bodyImageSizes]) {
      expect(size.path).toMatch(/^blog\/[0-9a-f-]+-\d+\.webp$/);
      expect(files).toContain(size.path);
    }
    const stored = await t.app.inject({ method: 'GET', url: `/images/${post.titleImage}` });
    expect(stored.statusCode).toBe(200);
    const meta = await sharp(stored.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(meta.width).toBe(1200);

    const before = uploadedFiles(t);
    const noise = await sharp(Buffer.from(Array.from({ length: 900 * 900 * 3 }, () => 0)), {
      raw: { width: 900, height: 900, channels: 3 },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(850 * 1024);
    const big = await submitPost(t, admin, validPostFields(categoryId), {
      titleImage: fileOf(noise),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(errorTexts.imageTooLarge);
    const gif = await submitPost(t, admin, validPostFields(categoryId), {
      bodyImage: fileOf(
        await sharp(await pngImage())
          .gif()
          .toBuffer(),
        'a.gif',
        'image/gif',
      ),
    });
    expect(gif.statusCode).toBe(415);
    expect(uploadedFiles(t)).toEqual(before);
  });

  it('removes the stored images when the post cannot be written', async () => {
    const categoryId = await category();
    const word = uniqueWord();
    await createPost(t, admin, categoryId, { urlSlug: word });
    const before = uploadedFiles(t);
    const clash = await submitPost(t, admin, validPostFields(categoryId, { urlSlug: word }), {
      titleImage: fileOf(await pngImage()),
      bodyImage: fileOf(await pngImage()),
    });
    expect(clash.statusCode).toBe(409);
    const missing = await submitPost(
      t,
      admin,
      validPostFields(categoryId, { publisher: MISSING_ID }),
      { titleImage: fileOf(await pngImage()) },
    );
    expect(missing.statusCode).toBe(400);
    expect(uploadedFiles(t).filter((file) => !file.startsWith('.tmp'))).toEqual(
      before.filter((file) => !file.startsWith('.tmp')),
    );
  });
});

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

describe('PUT /update-blog/{id}', () => {
  it('is for admins only and answers 404 for an unknown post', async () => {
    const categoryId = await category();
    const post = await createPost(t, admin, categoryId);
    expect((await sendForm(t, 'PUT', `/update-blog/${post._id}`, undefined, {})).statusCode).toBe(
      401,
    );
    const member = await sendForm(t, 'PUT', `/update-blog/${post._id}`, reader, {
      title: 'Taken over by a member',
    });
    expect(member.statusCode).toBe(403);
    expect((await postRow(post._id))?.title).toBe(post.title);
    const missing = await sendForm(t, 'PUT', `/update-blog/${MISSING_ID}`, admin, {
      title: 'Nothing here to change',
    });
    expect(missing.statusCode).toBe(404);
    expect((await sendForm(t, 'PUT', `/update-blog/${post._id}`, admin, {})).statusCode).toBe(400);
  });

  it('changes the fields given; the address stays unless changed, and must stay unique', async () => {
    const categoryId = await category();
    const otherCategory = await category();
    const post = await createPost(t, admin, categoryId);
    const taken = await createPost(t, admin, categoryId);
    const response = await sendForm(t, 'PUT', `/update-blog/${post._id}`, admin, {
      title: 'A brand new title',
      category: otherCategory,
    });
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json().result as TBlogPost;
    expect(updated.title).toBe('A brand new title');
    expect(updated.urlSlug).toBe(post.urlSlug);
    expect(updated.category?._id).toBe(otherCategory);
    expect(updated.content).toBe(post.content);

    const word = uniqueWord();
    const renamed = await sendForm(t, 'PUT', `/update-blog/${post._id}`, admin, {
      urlSlug: `New Address ${word}`,
    });
    expect(renamed.json().result.urlSlug).toBe(`/new-address-${word}`);
    const clash = await sendForm(t, 'PUT', `/update-blog/${post._id}`, admin, {
      urlSlug: taken.urlSlug,
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe('This address is already used by another post.');
    const same = await sendForm(t, 'PUT', `/update-blog/${post._id}`, admin, {
      urlSlug: `/new-address-${word}`,
    });
    expect(same.statusCode).toBe(200);
    const bad = await sendForm(t, 'PUT', `/update-blog/${post._id}`, admin, {
      category: MISSING_ID,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('sanitizes new content and lets a generated excerpt follow it', async () => {
    const categoryId = await category();
    const post = await createPost(t, admin, categoryId);
    const response = await sendForm(t, 'PUT', `/update-blog/${post._id}`, admin, {
      content: '<p>Fresh words<script>alert(1)</script></p>',
    });
    const updated = response.json().result as TBlogPost;
    expect(updated.content).toBe('<p>Fresh words</p>');
    expect(updated.excerpt).toBe('Fresh words');
    const own = await createPost(t, admin, categoryId, { excerpt: 'Written by hand' });
    const kept = await sendForm(t, 'PUT', `/update-blog/${own._id}`, admin, {
      content: '<p>Other words</p>',
    });
    expect(kept.json().result.excerpt).toBe('Written by hand');
  });

  it('dates a post when it is first published, and keeps that date', async () => {
    const categoryId = await category();
    const draft = await createPost(t, admin, categoryId, { status: 'draft' });
    const published = await sendForm(t, 'PUT', `/update-blog/${draft._id}`, admin, {
      status: 'published',
    });
    const date = published.json().result.date as string;
    expect(Date.parse(date)).toBeGreaterThan(Date.now() - 60_000);
    await sendForm(t, 'PUT', `/update-blog/${draft._id}`, admin, { status: 'draft' });
    const again = await sendForm(t, 'PUT', `/update-blog/${draft._id}`, admin, {
      status: 'published',
    });
    expect(again.json().result.date).toBe(date);
  });

  it('replaces an image: new sizes stored, old files deleted', async () => {
    const categoryId = await category();
    const post = await createPost(
      t,
      admin,
      categoryId,
      {},
      { titleImage: fileOf(await pngImage()) },
    );
    const oldPaths = post.titleImageSizes.map((size) => size.path);
    const response = await sendForm(
      t,
      'PUT',
      `/update-blog/${post._id}`,
      admin,
      {},
      { titleImage: fileOf(await pngImage(900, 600)) },
    );
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json().result as TBlogPost;
    const files = uploadedFiles(t);
    for (const path of oldPaths) expect(files).not.toContain(path);
    for (const size of updated.titleImageSizes) expect(files).toContain(size.path);
    expect(updated.titleImageSizes.map((size) => size.width)).toEqual([400, 800, 900]);
  });
});

describe('DELETE /delete-blog/{id}', () => {
  it('is for admins only; deletes the post, its comments, likes and images', async () => {
    const categoryId = await category();
    const post = await createPost(
      t,
      admin,
      categoryId,
      {},
      { bodyImage: fileOf(await pngImage()) },
    );
    await comment(reader, post._id, { comment: 'Nice' });
    await like(reader, post._id);
    expect((await call('DELETE', `/delete-blog/${post._id}`)).statusCode).toBe(401);
    expect((await call('DELETE', `/delete-blog/${post._id}`, { as: reader })).statusCode).toBe(403);
    const response = await call('DELETE', `/delete-blog/${post._id}`, { as: admin });
    expect(response.statusCode, response.body).toBe(200);
    expect(await postRow(post._id)).toBeUndefined();
    const left = await t.database.db
      .select()
      .from(blogComments)
      .where(eq(blogComments.postId, post._id));
    expect(left).toEqual([]);
    const files = uploadedFiles(t);
    for (const size of post.bodyImageSizes) expect(files).not.toContain(size.path);
    expect((await call('DELETE', `/delete-blog/${post._id}`, { as: admin })).statusCode).toBe(404);
    expect((await call('DELETE', '/delete-blog/not-an-id', { as: admin })).statusCode).toBe(400);
  });
});

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
