import { errorTexts, type TBlogPost } from '@ipatient/contracts';
import { slugify } from '@ipatient/contracts/blog';
import { blogPosts } from '@ipatient/db';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  createAuthor,
  createPost,
  submitPost,
  uniqueWord,
  validPostFields,
} from '../../../test/blog.ts';
import { jpegImage, pngImage, uploadedFiles } from '../../../test/campaigns.ts';
import {
  admin,
  category,
  fileOf,
  MISSING_ID,
  postRow,
  reader,
  t,
  useBlogTestApp,
} from './blog.test-setup.ts';

useBlogTestApp();

async function postCount() {
  return (await t.database.db.select({ id: blogPosts.id }).from(blogPosts)).length;
}

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
