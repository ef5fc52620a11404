import type { TBlogAuthor, TBlogCategory } from '@ipatient/contracts';
import { blogAuthors, blogCategories, eq } from '@ipatient/db';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedInUser } from '../../../test/accounts.ts';
import {
  createAuthor,
  createCategory,
  createPost,
  sendForm,
  uniqueWord,
} from '../../../test/blog.ts';
import { createMembers, jpegImage, pngImage, uploadedFiles } from '../../../test/campaigns.ts';
import { type ApiMethod, apiCall, createTestApp, type TestApp } from '../../../test/helpers.ts';
import * as service from './blog.service.ts';

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
const photo = async (body?: Buffer) => ({
  body: body ?? (await pngImage(600, 600)),
  filename: 'me.png',
  type: 'image/png',
});

async function categoryRow(id: string) {
  const [row] = await t.database.db.select().from(blogCategories).where(eq(blogCategories.id, id));
  return row;
}

async function defaults() {
  return t.database.db
    .select({ id: blogAuthors.id })
    .from(blogAuthors)
    .where(eq(blogAuthors.isDefault, true));
}

describe('POST /admin/hub_category', () => {
  it('is for admins only', async () => {
    const name = `Nutrition ${uniqueWord()}`;
    expect((await call('POST', '/admin/hub_category', { payload: { name } })).statusCode).toBe(401);
    expect(
      (await call('POST', '/admin/hub_category', { as: reader, payload: { name } })).statusCode,
    ).toBe(403);
    const all = (await call('GET', '/get-blog-categories')).json().results as TBlogCategory[];
    expect(all.map((item) => item.name)).not.toContain(name);
  });

  it('creates a category with a trimmed name, unique whatever its case', async () => {
    const word = uniqueWord();
    const response = await call('POST', '/admin/hub_category', {
      as: admin,
      payload: { name: `  Mental Health ${word} ` },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({ name: `Mental Health ${word}` });
    const twin = await call('POST', '/admin/hub_category', {
      as: admin,
      payload: { name: `MENTAL health ${word.toUpperCase()}` },
    });
    expect(twin.statusCode).toBe(409);
    expect(twin.json().message).toBe('A category with this name already exists.');
  });

  it('refuses a missing, too short or too long name', async () => {
    for (const payload of [{}, { name: ' a ' }, { name: 'x'.repeat(61) }]) {
      const response = await call('POST', '/admin/hub_category', { as: admin, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});

describe('GET /get-blog-categories and /admin/hub_category/{id}', () => {
  it('lists every category for everyone; one category as {message, data}', async () => {
    const made = await createCategory(t, admin);
    const listed = await call('GET', '/get-blog-categories');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().results).toContainEqual(made);
    const one = await call('GET', `/admin/hub_category/${made._id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ message: 'Category fetched', data: made });
    expect((await call('GET', `/admin/hub_category/${MISSING_ID}`)).statusCode).toBe(404);
    expect((await call('GET', '/admin/hub_category/nope')).statusCode).toBe(400);
  });
});

describe('PUT /update-blog-category/{id}', () => {
  it('is for admins only, renames, refuses a name in use (409) and unknown ids (404)', async () => {
    const made = await createCategory(t, admin);
    const other = await createCategory(t, admin);
    const name = `Renamed ${uniqueWord()}`;
    expect(
      (await call('PUT', `/update-blog-category/${made._id}`, { payload: { name } })).statusCode,
    ).toBe(401);
    expect(
      (await call('PUT', `/update-blog-category/${made._id}`, { as: reader, payload: { name } }))
        .statusCode,
    ).toBe(403);
    const renamed = await call('PUT', `/update-blog-category/${made._id}`, {
      as: admin,
      payload: { name },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toEqual({ _id: made._id, name });
    const clash = await call('PUT', `/update-blog-category/${made._id}`, {
      as: admin,
      payload: { name: other.name.toLowerCase() },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe('A category with this name already exists.');
    expect((await categoryRow(made._id))?.name).toBe(name);
    const missing = await call('PUT', `/update-blog-category/${MISSING_ID}`, {
      as: admin,
      payload: { name: `Ghost ${uniqueWord()}` },
    });
    expect(missing.statusCode).toBe(404);
    expect(
      (await call('PUT', `/update-blog-category/${made._id}`, { as: admin, payload: { name: '' } }))
        .statusCode,
    ).toBe(400);
  });
});

describe('DELETE /admin/hub_category//{id}', () => {
  it('is for admins only', async () => {
    const made = await createCategory(t, admin);
    expect((await call('DELETE', `/admin/hub_category//${made._id}`)).statusCode).toBe(401);
    expect(
      (await call('DELETE', `/admin/hub_category//${made._id}`, { as: reader })).statusCode,
    ).toBe(403);
    expect(await categoryRow(made._id)).toBeDefined();
  });

  it('deletes through the double-slash path the seed calls (and the single-slash one)', async () => {
    const first = await createCategory(t, admin);
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/hub_category//${first._id}`,
      headers: admin.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe('Category deleted');
    expect(await categoryRow(first._id)).toBeUndefined();
    const second = await createCategory(t, admin);
    expect(
      (await call('DELETE', `/admin/hub_category/${second._id}`, { as: admin })).statusCode,
    ).toBe(200);
    expect(
      (await call('DELETE', `/admin/hub_category//${first._id}`, { as: admin })).statusCode,
    ).toBe(404);
  });

  it('refuses a category that still has posts (409), drafts included', async () => {
    const made = await createCategory(t, admin);
    await createPost(t, admin, made._id, { status: 'draft' });
    const response = await call('DELETE', `/admin/hub_category//${made._id}`, { as: admin });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      'This category still has posts. Move them to another category before deleting it.',
    );
    expect(await categoryRow(made._id)).toBeDefined();
  });
});

describe('POST /admin/author', () => {
  it('is for admins only', async () => {
    const fields = { author_name: 'Intruder Name' };
    expect((await sendForm(t, 'POST', '/admin/author', undefined, fields)).statusCode).toBe(401);
    expect((await sendForm(t, 'POST', '/admin/author', reader, fields)).statusCode).toBe(403);
  });

  it('stores an author with a stripped WebP photo', async () => {
    const response = await sendForm(
      t,
      'POST',
      '/admin/author',
      admin,
      { author_name: '  Dr Funmi Adeyemi ', author_title: 'Paediatrician', is_default: 'false' },
      { author_image: await photo(await jpegImage(800, 800)) },
    );
    expect(response.statusCode, response.body).toBe(201);
    const author = response.json().data as TBlogAuthor;
    expect(author).toMatchObject({
      author_name: 'Dr Funmi Adeyemi',
      author_title: 'Paediatrician',
      is_default: false,
    });
    expect(author.author_image).toMatch(/^blog-authors\/[0-9a-f-]+\.webp$/);
    expect(uploadedFiles(t)).toContain(author.author_image);
    const served = await t.app.inject({ method: 'GET', url: `/images/${author.author_image}` });
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(meta.width).toBe(400);
  });

  it('refuses a missing name, a bad is_default and a file that is not an image', async () => {
    const before = uploadedFiles(t);
    const cases: Record<string, string>[] = [
      { author_title: 'No name' },
      { author_name: 'A' },
      { author_name: 'Good Name', is_default: 'maybe' },
    ];
    for (const fields of cases) {
      const response = await sendForm(t, 'POST', '/admin/author', admin, fields);
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
    }
    const notImage = await sendForm(
      t,
      'POST',
      '/admin/author',
      admin,
      { author_name: 'Good Name' },
      {
        author_image: { body: Buffer.from('%PDF-1.7 hello'), filename: 'a.png', type: 'image/png' },
      },
    );
    expect(notImage.statusCode).toBe(415);
    expect(uploadedFiles(t)).toEqual(before);
  });

  it('keeps only one default author: a new default unsets the previous one', async () => {
    const first = await createAuthor(t, admin, {
      author_name: 'First Default',
      is_default: 'true',
    });
    expect((await defaults()).map((row) => row.id)).toEqual([first._id]);
    const second = await createAuthor(t, admin, {
      author_name: 'Second Default',
      is_default: 'true',
    });
    expect((await defaults()).map((row) => row.id)).toEqual([second._id]);
    const both = await Promise.all(
      ['Third', 'Fourth', 'Fifth'].map((name) =>
        sendForm(t, 'POST', '/admin/author', admin, {
          author_name: `${name} Default`,
          is_default: 'true',
        }),
      ),
    );
    expect(both.map((response) => response.statusCode)).toEqual([201, 201, 201]);
    expect(await defaults()).toHaveLength(1);
  });
});

describe('GET /admin/author and /admin/author/{id}', () => {
  it('are public reads (authors are shown on their posts) and answer {message, data}', async () => {
    const author = await createAuthor(t, admin, { author_name: 'Listed Author' });
    expect((await call('GET', '/admin/author')).statusCode).toBe(200);
    expect((await call('GET', `/admin/author/${author._id}`, { as: reader })).statusCode).toBe(200);
    const listed = await call('GET', '/admin/author');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data).toContainEqual(author);
    const one = await call('GET', `/admin/author/${author._id}`);
    expect(one.json()).toEqual({ message: 'Author fetched', data: author });
    expect((await call('GET', `/admin/author/${MISSING_ID}`, { as: admin })).statusCode).toBe(404);
  });
});

describe('PUT /admin/author/{id}', () => {
  it('is for admins only; changes fields, replaces the photo and deletes the old file', async () => {
    const author = await createAuthor(t, admin, { author_name: 'Old Name' }, await photo());
    expect(
      (await sendForm(t, 'PUT', `/admin/author/${author._id}`, reader, { author_name: 'Hacked' }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await sendForm(t, 'PUT', `/admin/author/${author._id}`, undefined, {
          author_name: 'Hacked',
        })
      ).statusCode,
    ).toBe(401);
    const response = await sendForm(
      t,
      'PUT',
      `/admin/author/${author._id}`,
      admin,
      { author_name: 'New Name', author_title: '' },
      { author_image: await photo() },
    );
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json().data as TBlogAuthor;
    expect(updated).toMatchObject({ author_name: 'New Name', author_title: '' });
    expect(updated.author_image).not.toBe(author.author_image);
    const files = uploadedFiles(t);
    expect(files).toContain(updated.author_image);
    expect(files).not.toContain(author.author_image);
    expect((await sendForm(t, 'PUT', `/admin/author/${author._id}`, admin, {})).statusCode).toBe(
      400,
    );
    const missing = await sendForm(t, 'PUT', `/admin/author/${MISSING_ID}`, admin, {
      author_name: 'Nobody Here',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('making an author the default unsets the previous default', async () => {
    const first = await createAuthor(t, admin, { author_name: 'Was Default', is_default: 'true' });
    const second = await createAuthor(t, admin, { author_name: 'Becomes Default' });
    const response = await sendForm(t, 'PUT', `/admin/author/${second._id}`, admin, {
      is_default: 'true',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await defaults()).map((row) => row.id)).toEqual([second._id]);
    const firstNow = await call('GET', `/admin/author/${first._id}`, { as: admin });
    expect(firstNow.json().data.is_default).toBe(false);
  });
});

describe('DELETE /admin/author/{id}', () => {
  it('is for admins only; deletes the author and photo, their posts stay under the site name', async () => {
    const author = await createAuthor(t, admin, { author_name: 'Leaving Author' }, await photo());
    const category = await createCategory(t, admin);
    const post = await createPost(t, admin, category._id, { publisher: author._id });
    expect(post.publisher).toBe('Leaving Author');
    expect((await call('DELETE', `/admin/author/${author._id}`)).statusCode).toBe(401);
    expect((await call('DELETE', `/admin/author/${author._id}`, { as: reader })).statusCode).toBe(
      403,
    );
    const response = await call('DELETE', `/admin/author/${author._id}`, { as: admin });
    expect(response.statusCode, response.body).toBe(200);
    expect(uploadedFiles(t)).not.toContain(author.author_image);
    const after = (await call('GET', `/get-single-blog/${post._id}`)).json().result;
    expect(after).toMatchObject({ publisher: 'iPatient', publisherId: null, publisherImage: null });
    expect((await call('DELETE', `/admin/author/${author._id}`, { as: admin })).statusCode).toBe(
      404,
    );
  });
});

describe('GET /get-blogs for the admin post list', () => {
  it('searches drafts and published posts together (status=all), with pagination meta', async () => {
    const category = await createCategory(t, admin);
    const word = uniqueWord();
    const draft = await createPost(t, admin, category._id, {
      status: 'draft',
      title: `Draft about ${word}`,
    });
    const live = await createPost(t, admin, category._id, { title: `Live about ${word}` });
    const all = await call('GET', `/get-blogs?status=all&search=${word}&limit=1`, { as: admin });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().meta).toEqual({ page: 1, limit: 1, total: 2 });
    const second = await call('GET', `/get-blogs?status=all&search=${word}&limit=1&page=2`, {
      as: admin,
    });
    const both = [all.json().results[0]._id, second.json().results[0]._id].sort();
    expect(both).toEqual([draft._id, live._id].sort());
    const drafts = await call('GET', `/get-blogs?status=draft&search=${word}`, { as: admin });
    expect(drafts.json().results.map((post: { _id: string }) => post._id)).toEqual([draft._id]);
    expect(
      (await call('GET', `/get-blogs?status=all&search=${word}`, { as: reader })).statusCode,
    ).toBe(403);
  });
});

describe('audit snapshots (the "before" of admin changes)', () => {
  it('trim a post to title, status, slug, category and author; undefined when absent', async () => {
    const category = await createCategory(t, admin);
    const author = await createAuthor(t, admin, { author_name: `Dr ${uniqueWord(6)}` });
    const word = uniqueWord();
    const post = await createPost(t, admin, category._id, {
      status: 'draft',
      urlSlug: word,
      publisher: author._id,
      title: `Snapshot of ${word}`,
    });
    expect(await service.postSnapshot(t.database.db, post._id)).toEqual({
      title: `Snapshot of ${word}`,
      status: 'draft',
      slug: `/${word}`,
      category: category.name,
      author: author.author_name,
    });
    expect(await service.postSnapshot(t.database.db, MISSING_ID)).toBeUndefined();
    expect(await service.postSnapshot(t.database.db, 'not-an-id')).toBeUndefined();
    expect(await service.postSnapshot(t.database.db, undefined)).toBeUndefined();
  });

  it('keep a category name and an author name, title and default flag', async () => {
    const category = await createCategory(t, admin);
    expect(await service.categorySnapshot(t.database.db, category._id)).toEqual({
      name: category.name,
    });
    expect(await service.categorySnapshot(t.database.db, MISSING_ID)).toBeUndefined();
    const author = await createAuthor(t, admin, { author_title: 'Nurse' });
    expect(await service.authorSnapshot(t.database.db, author._id)).toEqual({
      name: author.author_name,
      title: 'Nurse',
      isDefault: false,
    });
    expect(await service.authorSnapshot(t.database.db, 'x')).toBeUndefined();
  });
});

describe('audit log of blog writes', () => {
  const entries = async (entityId: string) =>
    (await call('GET', `/admin/audit?entityId=${entityId}`, { as: admin })).json().results as {
      action: string;
      entityType: string;
      before: unknown;
    }[];

  it('records a post publish with the post as it was before, and its deletion', async () => {
    const category = await createCategory(t, admin);
    const word = uniqueWord();
    const post = await createPost(t, admin, category._id, {
      status: 'draft',
      urlSlug: word,
      title: `Audit of ${word}`,
    });
    const publish = await sendForm(t, 'PUT', `/update-blog/${post._id}`, admin, {
      status: 'published',
    });
    expect(publish.statusCode, publish.body).toBe(200);
    const update = (await entries(post._id)).find((entry) => entry.action.startsWith('PUT '));
    expect(update).toMatchObject({
      entityType: 'blog-post',
      before: { title: `Audit of ${word}`, status: 'draft', slug: `/${word}` },
    });
    expect((await call('DELETE', `/delete-blog/${post._id}`, { as: admin })).statusCode).toBe(200);
    const removal = (await entries(post._id)).find((entry) => entry.action.startsWith('DELETE '));
    expect(removal).toMatchObject({ entityType: 'blog-post', before: { status: 'published' } });
  });

  it('records category and author changes under their own entity types', async () => {
    const category = await createCategory(t, admin);
    const renamed = `Renamed ${uniqueWord()}`;
    await call('PUT', `/update-blog-category/${category._id}`, {
      as: admin,
      payload: { name: renamed },
    });
    expect(await entries(category._id)).toContainEqual(
      expect.objectContaining({ entityType: 'blog-category', before: { name: category.name } }),
    );
    const author = await createAuthor(t, admin);
    await sendForm(t, 'PUT', `/admin/author/${author._id}`, admin, { is_default: 'true' });
    expect(await entries(author._id)).toContainEqual(
      expect.objectContaining({
        entityType: 'blog-author',
        before: expect.objectContaining({ isDefault: false }),
      }),
    );
  });
});
