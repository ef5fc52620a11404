import { describe, expect, it } from 'vitest';
import {
  createAuthor,
  createCategory,
  createPost,
  sendForm,
  uniqueWord,
} from '../../../test/blog.ts';
import { admin, call, MISSING_ID, reader, t, useBlogTestApp } from './blog.test-setup.ts';
import * as posts from './blog-posts.service.ts';
import * as taxonomy from './blog-taxonomy.service.ts';

useBlogTestApp();

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
    expect(await posts.postSnapshot(t.database.db, post._id)).toEqual({
      title: `Snapshot of ${word}`,
      status: 'draft',
      slug: `/${word}`,
      category: category.name,
      author: author.author_name,
    });
    expect(await posts.postSnapshot(t.database.db, MISSING_ID)).toBeUndefined();
    expect(await posts.postSnapshot(t.database.db, 'not-an-id')).toBeUndefined();
    expect(await posts.postSnapshot(t.database.db, undefined)).toBeUndefined();
  });

  it('keep a category name and an author name, title and default flag', async () => {
    const category = await createCategory(t, admin);
    expect(await taxonomy.categorySnapshot(t.database.db, category._id)).toEqual({
      name: category.name,
    });
    expect(await taxonomy.categorySnapshot(t.database.db, MISSING_ID)).toBeUndefined();
    const author = await createAuthor(t, admin, { author_title: 'Nurse' });
    expect(await taxonomy.authorSnapshot(t.database.db, author._id)).toEqual({
      name: author.author_name,
      title: 'Nurse',
      isDefault: false,
    });
    expect(await taxonomy.authorSnapshot(t.database.db, 'x')).toBeUndefined();
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
