import { afterAll, beforeAll } from 'vitest';
import type { SignedInUser } from '../../../test/accounts.ts';
import { createCategory } from '../../../test/blog.ts';
import { createMembers } from '../../../test/campaigns.ts';
import { type ApiMethod, apiCall, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { findPostRow } from './blog-posts.repository.ts';

// What the blog's test files share: an API on a database of the file's own, an admin and a
// reader, and the calls they make. Each test file calls useBlogTestApp() once, at its top.

export let t: TestApp;
export let admin: SignedInUser;
export let reader: SignedInUser;

/** Starts the test app before the file's tests (with an admin and a reader), stops it after. */
export function useBlogTestApp(): void {
  beforeAll(async () => {
    t = await createTestApp();
    [admin] = (await createMembers(t, 1, 'admin')) as [SignedInUser];
    [reader] = (await createMembers(t, 1)) as [SignedInUser];
  });
  afterAll(() => t.close());
}

export const call = (
  method: ApiMethod,
  url: string,
  options: { as?: SignedInUser | undefined; payload?: object } = {},
) => apiCall(t, method, url, options);

export const MISSING_ID = '00000000-0000-4000-8000-000000000000';

/** A new category's id. */
export async function category() {
  return (await createCategory(t, admin))._id;
}

/** The post as stored (undefined once deleted). */
export function postRow(id: string) {
  return findPostRow(t.database.db, id);
}

export function comment(as: SignedInUser | undefined, postId: string, payload: object) {
  return call('POST', `/comment-on-blog/${postId}`, { as, payload });
}

export function like(as: SignedInUser | undefined, postId: string) {
  return call('PUT', `/like-blog/${postId}`, { as });
}

export const fileOf = (body: Buffer, name = 'photo.png', type = 'image/png') => ({
  body,
  filename: name,
  type,
});
