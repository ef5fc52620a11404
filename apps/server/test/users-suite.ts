import { and, eq, rateEvents, users } from '@ipatient/db';
import sharp from 'sharp';
import { createSignedInUser, type SignedInUser } from './accounts.ts';
import { createTestApp, type TestApp } from './helpers.ts';

/**
 * What the account route tests share: each test starts an app of its own with one signed-in
 * member (`beforeEach`, closed in `afterEach`), as the tests change that member's role, photo
 * and upload counts; these helpers act on that app as that member.
 */
export let t: TestApp;
export let user: SignedInUser;

/** Starts this test's app and signs in its member. */
export async function startUsersApp(): Promise<void> {
  t = await createTestApp();
  user = await createSignedInUser(t);
}

export function api(
  method: 'GET' | 'PUT',
  url: string,
  options: { payload?: object | Buffer; headers?: Record<string, string> } = {},
) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    payload: options.payload,
    headers: { ...user.headers, ...options.headers },
  });
}

export const photo = () =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: '#1b7a55' } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-camera' } } })
    .toBuffer();

export async function imageUploadsCounted(): Promise<number> {
  const rows = await t.database.db
    .select()
    .from(rateEvents)
    .where(and(eq(rateEvents.bucket, 'image-upload'), eq(rateEvents.key, user.id)));
  return rows.length;
}

export async function userRow() {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
  return row;
}
