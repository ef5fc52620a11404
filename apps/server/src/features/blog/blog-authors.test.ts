import type { TBlogAuthor } from '@ipatient/contracts';
import { blogAuthors, eq } from '@ipatient/db';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createAuthor, createCategory, createPost, sendForm } from '../../../test/blog.ts';
import { jpegImage, pngImage, uploadedFiles } from '../../../test/campaigns.ts';
import { admin, call, MISSING_ID, reader, t, useBlogTestApp } from './blog.test-setup.ts';

useBlogTestApp();

const photo = async (body?: Buffer) => ({
  body: body ?? (await pngImage(600, 600)),
  filename: 'me.png',
  type: 'image/png',
});

async function defaults() {
  return t.database.db
    .select({ id: blogAuthors.id })
    .from(blogAuthors)
    .where(eq(blogAuthors.isDefault, true));
}

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
