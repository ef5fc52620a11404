import { createSignedInUser, type SignedInUser } from './accounts.ts';
import { createMembers } from './campaigns.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { createPodcastCategory } from './podcasts.ts';

/**
 * What the podcast route tests share: each test file starts its own app (`beforeAll`) with an
 * admin, a member and an episode category, and these helpers act on that file's app.
 */
export let t: TestApp;
export let admin: SignedInUser;
export let member: SignedInUser;
export let categoryId: string;

/** Starts this test file's app, signs in its users and creates the "Patient Voices" category. */
export async function startPodcastsApp(): Promise<void> {
  t = await createTestApp();
  [admin] = (await createMembers(t, 1, 'admin')) as [SignedInUser];
  member = await createSignedInUser(t);
  categoryId = (await createPodcastCategory(t, admin, 'Patient Voices'))._id;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export function call(
  method: Method,
  url: string,
  options: { as?: SignedInUser; payload?: object } = {},
) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    ...(options.payload !== undefined ? { payload: options.payload } : {}),
    headers: options.as?.headers ?? {},
  });
}

export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
