import type { TAdminFacilityReview, TOwnFacilityReview } from '@ipatient/contracts/facilities';
import { facilities } from '@ipatient/db';
import { expect } from 'vitest';
import type { SignedInUser } from './accounts.ts';
import { apiCall, type TestApp } from './helpers.ts';

type FacilityInsert = typeof facilities.$inferInsert;

let counter = 0;

/** A facility row written directly (the directory has no create endpoint). */
export async function createFacility(
  t: TestApp,
  overrides: Partial<FacilityInsert> = {},
): Promise<typeof facilities.$inferSelect> {
  counter += 1;
  const [row] = await t.database.db
    .insert(facilities)
    .values({
      name: `Test Facility ${counter}`,
      facilityType: 'Clinic',
      services: ['General practice'],
      state: 'Lagos',
      lga: 'Ikeja',
      address: `${counter} Allen Avenue`,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('facility row not inserted');
  return row;
}

/** A valid review body. */
export function reviewBody(overrides: Record<string, unknown> = {}) {
  return {
    rating: 4,
    title: 'Helpful staff',
    content: 'The nurses were patient and the doctor explained everything clearly.',
    ...overrides,
  };
}

/** POST /facilities/{id}/reviews; returns the raw answer. */
export function postReview(
  t: TestApp,
  author: SignedInUser | undefined,
  facilityId: string,
  body: object = reviewBody(),
) {
  return apiCall(t, 'POST', `/facilities/${facilityId}/reviews`, { as: author, payload: body });
}

/** A pending review written through the API. */
export async function createReview(
  t: TestApp,
  author: SignedInUser,
  facilityId: string,
  overrides: Record<string, unknown> = {},
): Promise<TOwnFacilityReview> {
  const response = await postReview(t, author, facilityId, reviewBody(overrides));
  if (response.statusCode !== 201) throw new Error(`review not created: ${response.body}`);
  return response.json().result;
}

/** PUT /admin/facility-reviews/{id}/status; returns the raw answer. */
export function moderateReview(
  t: TestApp,
  admin: SignedInUser | undefined,
  reviewId: string,
  body: object,
) {
  return apiCall(t, 'PUT', `/admin/facility-reviews/${reviewId}/status`, {
    as: admin,
    payload: body,
  });
}

export async function approveReview(
  t: TestApp,
  admin: SignedInUser,
  reviewId: string,
  extra: { verified?: boolean } = {},
): Promise<TAdminFacilityReview> {
  const response = await moderateReview(t, admin, reviewId, { status: 'approved', ...extra });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result;
}

export async function rejectReview(
  t: TestApp,
  admin: SignedInUser,
  reviewId: string,
  reason = 'Please describe your own visit.',
): Promise<TAdminFacilityReview> {
  const response = await moderateReview(t, admin, reviewId, { status: 'rejected', reason });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result;
}

/** A review written by `author` and approved by `admin`. */
export async function createApprovedReview(
  t: TestApp,
  author: SignedInUser,
  admin: SignedInUser,
  facilityId: string,
  overrides: Record<string, unknown> = {},
  extra: { verified?: boolean } = {},
): Promise<TAdminFacilityReview> {
  const review = await createReview(t, author, facilityId, overrides);
  return approveReview(t, admin, review._id, extra);
}
