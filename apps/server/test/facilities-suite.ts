import { eq, facilities, facilityReviews, sql } from '@ipatient/db';
import { createSignedInUser, type SignedInUser } from './accounts.ts';
import { createTestApp, type TestApp } from './helpers.ts';

/**
 * What the facility route tests share: each test file starts its own app (`beforeAll`) with an
 * admin and two members, and these helpers act on that file's app.
 */
export let t: TestApp;
export let admin: SignedInUser;
export let member: SignedInUser;
export let other: SignedInUser;
export const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/** Starts this test file's app and signs in its admin and members. */
export async function startFacilitiesApp(): Promise<void> {
  t = await createTestApp();
  admin = await createSignedInUser(t, { role: 'admin', firstName: 'Bisi' });
  member = await createSignedInUser(t, { firstName: 'Ngozi' });
  other = await createSignedInUser(t, { firstName: 'Musa' });
}

export async function facilityFigures(id: string) {
  const [row] = await t.database.db
    .select({
      reviewCount: facilities.reviewCount,
      ratingTotal: facilities.ratingTotal,
      averageRating: facilities.averageRating,
    })
    .from(facilities)
    .where(eq(facilities.id, id));
  return row;
}

export async function reviewCount(): Promise<number> {
  const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(facilityReviews);
  return row?.n ?? 0;
}
