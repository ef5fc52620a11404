import type { TBlogCategory, TBlogPost } from '@ipatient/contracts/blog';
import { type APIRequestContext, expect } from '@playwright/test';
import { adminToken } from './campaign-api.ts';
import { coverPng } from './campaigns.ts';

const api = '/api/v1';

type ApiAnswer = Awaited<ReturnType<APIRequestContext['get']>>;

async function expectOk<T>(response: ApiAnswer, what: string): Promise<T> {
  expect(response.status(), `${what}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

/** A blog category made by an admin (POST /admin/hub_category). */
export async function createBlogCategory(
  request: APIRequestContext,
  name: string,
): Promise<TBlogCategory> {
  const token = await adminToken(request);
  const body = await expectOk<{ data: TBlogCategory }>(
    await request.post(`${api}/admin/hub_category`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { name },
    }),
    'hub_category',
  );
  return body.data;
}

export interface BlogPostInput {
  title: string;
  /** HTML. */
  content: string;
  category: string;
  excerpt?: string;
  /** With a title image (a small PNG the server re-encodes). */
  withImage?: boolean;
}

/** A published post written by an admin (POST /post-blog, multipart). */
export async function publishBlogPost(
  request: APIRequestContext,
  input: BlogPostInput,
): Promise<TBlogPost> {
  const token = await adminToken(request);
  const multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = {
    title: input.title,
    content: input.content,
    category: input.category,
    status: 'published',
  };
  if (input.excerpt) multipart.excerpt = input.excerpt;
  if (input.withImage) {
    multipart.titleImage = { name: 'title.png', mimeType: 'image/png', buffer: coverPng() };
  }
  const body = await expectOk<{ result: TBlogPost }>(
    await request.post(`${api}/post-blog`, {
      headers: { Authorization: `Bearer ${token}` },
      multipart,
    }),
    'post-blog',
  );
  return body.result;
}

/** A category and a published post in it whose title and text carry `word`. */
export async function createPublishedPost(request: APIRequestContext, word: string) {
  const category = await createBlogCategory(request, `Guides ${word}`);
  const post = await publishBlogPost(request, {
    title: `Knowing your rights as a patient in Nigeria: a short guide for ${word} and family`,
    content: `<h2>Before you go</h2><p>Ask the hospital for a written estimate, ${word}.</p><ul><li>Keep every receipt.</li><li>Ask for your records.</li></ul>`,
    category: category._id,
    excerpt: `What every patient and family should know before a hospital visit, ${word}.`,
    withImage: true,
  });
  return { category, post };
}
