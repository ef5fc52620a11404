import { eq, facilityReviews, facilityReviewUseful } from '@ipatient/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedInUser } from '../../../test/accounts.ts';
import { createMembers } from '../../../test/campaigns.ts';
import {
  approveReview,
  createApprovedReview,
  createFacility,
  createReview,
  postReview,
  rejectReview,
  reviewBody,
} from '../../../test/facilities.ts';
import {
  admin,
  facilityFigures,
  member,
  other,
  startFacilitiesApp,
  t,
  UNKNOWN,
} from '../../../test/facilities-suite.ts';
import { apiCall } from '../../../test/helpers.ts';

beforeAll(startFacilitiesApp);
afterAll(() => t.close());

describe('PUT /api/v1/facility-reviews/{id}', () => {
  it('sends an approved review back to pending and out of the average', async () => {
    const facility = await createFacility(t);
    const [a, b] = await createMembers(t, 2);
    if (!a || !b) throw new Error('members missing');
    const review = await createApprovedReview(t, a, admin, facility.id, { rating: 5 });
    await createApprovedReview(t, b, admin, facility.id, { rating: 3 });
    expect(await facilityFigures(facility.id)).toMatchObject({
      reviewCount: 2,
      ratingTotal: 8,
      averageRating: 4,
    });
    const response = await apiCall(t, 'PUT', `/facility-reviews/${review._id}`, {
      as: a,
      payload: reviewBody({
        rating: 1,
        title: '',
        content: 'Changed my mind after a second visit.',
      }),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result).toMatchObject({
      status: 'pending',
      rating: 1,
      title: '',
      publishedAt: null,
    });
    expect(await facilityFigures(facility.id)).toMatchObject({
      reviewCount: 1,
      ratingTotal: 3,
      averageRating: 3,
    });
    const publicList = await apiCall(t, 'GET', `/facilities/${facility.id}/reviews`);
    expect(publicList.json().results.map((r: { _id: string }) => r._id)).not.toContain(review._id);
    // Approved again: counted with the new rating.
    await approveReview(t, admin, review._id);
    expect(await facilityFigures(facility.id)).toMatchObject({ reviewCount: 2, ratingTotal: 4 });
  });

  it('clears the rejection reason of a rejected review', async () => {
    const facility = await createFacility(t);
    const [a] = await createMembers(t, 1);
    const review = await createReview(t, a as SignedInUser, facility.id);
    await rejectReview(t, admin, review._id);
    const response = await apiCall(t, 'PUT', `/facility-reviews/${review._id}`, {
      as: a,
      payload: reviewBody(),
    });
    expect(response.json().result).toMatchObject({ status: 'pending', rejectionReason: null });
    expect(await facilityFigures(facility.id)).toMatchObject({ reviewCount: 0 });
  });

  it("keeps someone else's review unreachable (404), and refuses bad input unchanged", async () => {
    const facility = await createFacility(t);
    const [a] = await createMembers(t, 1);
    const review = await createApprovedReview(t, a as SignedInUser, admin, facility.id, {
      rating: 4,
    });
    for (const who of [other, admin]) {
      const response = await apiCall(t, 'PUT', `/facility-reviews/${review._id}`, {
        as: who,
        payload: reviewBody({ rating: 1 }),
      });
      expect(response.statusCode).toBe(404);
    }
    const visitor = await apiCall(t, 'PUT', `/facility-reviews/${review._id}`, {
      payload: reviewBody(),
    });
    expect(visitor.statusCode).toBe(401);
    const bad = await apiCall(t, 'PUT', `/facility-reviews/${review._id}`, {
      as: a,
      payload: reviewBody({ content: 'short' }),
    });
    expect(bad.statusCode).toBe(400);
    const [row] = await t.database.db
      .select()
      .from(facilityReviews)
      .where(eq(facilityReviews.id, review._id));
    expect(row).toMatchObject({ status: 'approved', rating: 4 });
    expect(await facilityFigures(facility.id)).toMatchObject({ reviewCount: 1, ratingTotal: 4 });
    expect(
      (await apiCall(t, 'PUT', `/facility-reviews/${UNKNOWN}`, { as: a, payload: reviewBody() }))
        .statusCode,
    ).toBe(404);
  });
});

describe('DELETE /api/v1/facility-reviews/{id}', () => {
  it('lets the author delete; an approved review leaves the average', async () => {
    const facility = await createFacility(t);
    const [a, b] = await createMembers(t, 2);
    if (!a || !b) throw new Error('members missing');
    const review = await createApprovedReview(t, a, admin, facility.id, { rating: 2 });
    await createApprovedReview(t, b, admin, facility.id, { rating: 4 });
    const stranger = await apiCall(t, 'DELETE', `/facility-reviews/${review._id}`, { as: other });
    expect(stranger.statusCode).toBe(404);
    expect((await apiCall(t, 'DELETE', `/facility-reviews/${review._id}`)).statusCode).toBe(401);
    expect(await facilityFigures(facility.id)).toMatchObject({ reviewCount: 2, ratingTotal: 6 });
    const response = await apiCall(t, 'DELETE', `/facility-reviews/${review._id}`, { as: a });
    expect(response.statusCode).toBe(200);
    expect(await facilityFigures(facility.id)).toMatchObject({
      reviewCount: 1,
      ratingTotal: 4,
      averageRating: 4,
    });
    const again = await apiCall(t, 'DELETE', `/facility-reviews/${review._id}`, { as: a });
    expect(again.statusCode).toBe(404);
    // The user may review the facility again.
    expect((await postReview(t, a, facility.id)).statusCode).toBe(201);
  });

  it("lets an admin delete anyone's review; a pending one changes no figures", async () => {
    const facility = await createFacility(t);
    const [a] = await createMembers(t, 1);
    const review = await createReview(t, a as SignedInUser, facility.id);
    const response = await apiCall(t, 'DELETE', `/facility-reviews/${review._id}`, { as: admin });
    expect(response.statusCode).toBe(200);
    expect(await facilityFigures(facility.id)).toMatchObject({ reviewCount: 0, ratingTotal: 0 });
  });
});

describe('PUT /api/v1/facility-reviews/{id}/useful', () => {
  it('counts a mark once; a second mark changes nothing', async () => {
    const facility = await createFacility(t);
    const [a, reader] = await createMembers(t, 2);
    if (!a || !reader) throw new Error('members missing');
    const review = await createApprovedReview(t, a, admin, facility.id);
    const first = await apiCall(t, 'PUT', `/facility-reviews/${review._id}/useful`, {
      as: reader,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().result).toEqual({ usefulCount: 1, usefulByMe: true });
    const second = await apiCall(t, 'PUT', `/facility-reviews/${review._id}/useful`, {
      as: reader,
    });
    expect(second.json().result).toEqual({ usefulCount: 1, usefulByMe: true });
    const together = await Promise.all(
      [member, other, member, other].map((who) =>
        apiCall(t, 'PUT', `/facility-reviews/${review._id}/useful`, { as: who }),
      ),
    );
    expect(together.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const marks = await t.database.db
      .select()
      .from(facilityReviewUseful)
      .where(eq(facilityReviewUseful.reviewId, review._id));
    expect(marks).toHaveLength(3);
    const [row] = await t.database.db
      .select({ usefulCount: facilityReviews.usefulCount })
      .from(facilityReviews)
      .where(eq(facilityReviews.id, review._id));
    expect(row?.usefulCount).toBe(3);
  });

  it('refuses your own review (403), a pending one (404) and visitors (401)', async () => {
    const facility = await createFacility(t);
    const [a] = await createMembers(t, 1);
    if (!a) throw new Error('no member');
    const pending = await createReview(t, a, facility.id);
    expect(
      (await apiCall(t, 'PUT', `/facility-reviews/${pending._id}/useful`, { as: other }))
        .statusCode,
    ).toBe(404);
    await approveReview(t, admin, pending._id);
    const own = await apiCall(t, 'PUT', `/facility-reviews/${pending._id}/useful`, { as: a });
    expect(own.statusCode).toBe(403);
    expect((await apiCall(t, 'PUT', `/facility-reviews/${pending._id}/useful`)).statusCode).toBe(
      401,
    );
    expect(
      (await apiCall(t, 'PUT', `/facility-reviews/${UNKNOWN}/useful`, { as: other })).statusCode,
    ).toBe(404);
  });
});

describe('GET /api/v1/my-facility-reviews', () => {
  it("lists the user's reviews in every status, newest first, with the facility", async () => {
    const [a] = await createMembers(t, 1);
    if (!a) throw new Error('no member');
    const places = [];
    for (let i = 0; i < 9; i++) places.push(await createFacility(t, { name: `Mine ${i}` }));
    const reviews = [];
    for (const place of places) reviews.push(await createReview(t, a, place.id));
    await approveReview(t, admin, (reviews[0] as { _id: string })._id);
    await rejectReview(t, admin, (reviews[1] as { _id: string })._id, 'Too short.');
    const response = await apiCall(t, 'GET', '/my-facility-reviews', { as: a });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.meta).toEqual({ page: 1, limit: 8, total: 9 });
    expect(body.results).toHaveLength(8);
    // The two moderated most recently come first.
    expect(body.results[0]).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Too short.',
      facility: { _id: places[1]?.id, name: 'Mine 1', location: 'Ikeja, Lagos' },
    });
    expect(body.results[1]).toMatchObject({ status: 'approved' });
    const page2 = await apiCall(t, 'GET', '/my-facility-reviews?page=2', { as: a });
    expect(page2.json().results).toHaveLength(1);
    expect((await apiCall(t, 'GET', '/my-facility-reviews')).statusCode).toBe(401);
    const none = await apiCall(t, 'GET', '/my-facility-reviews', { as: admin });
    expect(none.json().results).toEqual([]);
  });
});
