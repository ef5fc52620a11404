import type { TBlogPost } from '@ipatient/contracts';
import { blogComments, eq } from '@ipatient/db';
import { describe, expect, it } from 'vitest';
import { createPost, sendForm, uniqueWord } from '../../../test/blog.ts';
import { pngImage, uploadedFiles } from '../../../test/campaigns.ts';
import {
  admin,
  call,
  category,
  comment,
  fileOf,
  like,
  MISSING_ID,
  postRow,
  reader,
  t,
  useBlogTestApp,
} from './blog.test-setup.ts';

useBlogTestApp();

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
