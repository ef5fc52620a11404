import { randomBytes } from 'node:crypto';
import type { TBlogAuthor, TBlogCategory, TBlogPost } from '@ipatient/contracts';
import { blogPosts } from '@ipatient/db';
import { multipart, type SignedInUser } from './accounts.ts';
import type { UploadFile } from './campaigns.ts';
import type { TestApp } from './helpers.ts';

/** A word no other test uses: lowercase letters only, so it survives slugs and search. */
export function uniqueWord(length = 12): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  return Array.from(randomBytes(length), (byte) => letters[byte % 26]).join('');
}

/** Every field of a valid post (multipart text fields), published. */
export function validPostFields(
  categoryId: string,
  overrides: Record<string, string> = {},
): Record<string, string> {
  return {
    title: 'Living well with sickle cell in Lagos',
    content:
      '<h2>Stay hydrated</h2><p>Drink <strong>plenty of water</strong> every day and keep your clinic appointments.</p>',
    category: categoryId,
    status: 'published',
    ...overrides,
  };
}

type Files = { titleImage?: UploadFile; bodyImage?: UploadFile };

/** A request with a multipart body (fields and files) as `as`. */
export async function sendForm(
  t: TestApp,
  method: 'POST' | 'PUT',
  url: string,
  as: SignedInUser | undefined,
  fields: Record<string, string>,
  files: Record<string, UploadFile> = {},
) {
  const form = await multipart(fields, files);
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    payload: form.payload,
    headers: { ...form.headers, ...(as?.headers ?? {}) },
  });
}

/** POST /post-blog as `as`; the raw answer. */
export function submitPost(
  t: TestApp,
  as: SignedInUser | undefined,
  fields: Record<string, string>,
  files: Files = {},
) {
  return sendForm(t, 'POST', '/post-blog', as, fields, files);
}

/** A category made through the API. */
export async function createCategory(
  t: TestApp,
  admin: SignedInUser,
  name = `Health ${uniqueWord()}`,
): Promise<TBlogCategory> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/hub_category',
    headers: admin.headers,
    payload: { name },
  });
  if (response.statusCode !== 201) throw new Error(`category not created: ${response.body}`);
  return response.json().data;
}

/** An author made through the API. */
export async function createAuthor(
  t: TestApp,
  admin: SignedInUser,
  fields: Record<string, string> = {},
  image?: UploadFile,
): Promise<TBlogAuthor> {
  const response = await sendForm(
    t,
    'POST',
    '/admin/author',
    admin,
    { author_name: 'Dr Ngozi Eze', author_title: 'Haematologist', ...fields },
    image ? { author_image: image } : {},
  );
  if (response.statusCode !== 201) throw new Error(`author not created: ${response.body}`);
  return response.json().data;
}

/** A post made through the API (published unless the fields say otherwise). */
export async function createPost(
  t: TestApp,
  admin: SignedInUser,
  categoryId: string,
  overrides: Record<string, string> = {},
  files: Files = {},
): Promise<TBlogPost> {
  const response = await submitPost(t, admin, validPostFields(categoryId, overrides), files);
  if (response.statusCode !== 201) throw new Error(`post not created: ${response.body}`);
  return response.json().result;
}

type PostInsert = Omit<typeof blogPosts.$inferInsert, 'search'>;

/** A post row written directly, for tests that need many or set their dates. */
export async function insertPostRow(
  t: TestApp,
  overrides: Partial<PostInsert> & { urlSlug: string },
): Promise<typeof blogPosts.$inferSelect> {
  const [row] = await t.database.db
    .insert(blogPosts)
    .values({
      title: 'A post written directly',
      content: '<p>Some words about health.</p>',
      contentText: 'Some words about health.',
      excerpt: 'Some words about health.',
      status: 'published',
      publishedAt: new Date(),
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('post row not inserted');
  return row;
}
