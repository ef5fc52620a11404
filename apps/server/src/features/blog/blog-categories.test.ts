import type { TBlogCategory } from '@ipatient/contracts';
import { blogCategories, eq } from '@ipatient/db';
import { describe, expect, it } from 'vitest';
import { createCategory, createPost, uniqueWord } from '../../../test/blog.ts';
import { admin, call, MISSING_ID, reader, t, useBlogTestApp } from './blog.test-setup.ts';

useBlogTestApp();

async function categoryRow(id: string) {
  const [row] = await t.database.db.select().from(blogCategories).where(eq(blogCategories.id, id));
  return row;
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
