import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedInUser } from '../../../test/accounts.ts';
import { createMembers } from '../../../test/campaigns.ts';
import {
  approveReview,
  createApprovedReview,
  createFacility,
  createReview,
  moderateReview,
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
import { apiCall, outboxTo } from '../../../test/helpers.ts';

beforeAll(startFacilitiesApp);
afterAll(() => t.close());

describe('admin moderation', () => {
  it('is for admins only', async () => {
    expect((await apiCall(t, 'GET', '/admin/facility-reviews')).statusCode).toBe(401);
    expect((await apiCall(t, 'GET', '/admin/facility-reviews', { as: member })).statusCode).toBe(
      403,
    );
    const facility = await createFacility(t);
    const [a] = await createMembers(t, 1);
    const review = await createReview(t, a as SignedInUser, facility.id);
    expect(
      (await moderateReview(t, undefined, review._id, { status: 'approved' })).statusCode,
    ).toBe(401);
    expect((await moderateReview(t, other, review._id, { status: 'approved' })).statusCode).toBe(
      403,
    );
    expect(await facilityFigures(facility.id)).toMatchObject({ reviewCount: 0 });
  });

  it('lists the queue with the full name and email of each author', async () => {
    const facility = await createFacility(t);
    const [a] = await createMembers(t, 1);
    const review = await createReview(t, a as SignedInUser, facility.id);
    const response = await apiCall(t, 'GET', '/admin/facility-reviews?status=pending&limit=50', {
      as: admin,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.results.every((r: { status: string }) => r.status === 'pending')).toBe(true);
    const row = body.results.find((r: { _id: string }) => r._id === review._id);
    expect(row).toMatchObject({
      author: {
        firstName: 'Tunde',
        lastName: 'Bello',
        fullName: 'Tunde Bello',
        email: a?.email,
      },
      facility: { _id: facility.id },
    });
    const bad = await apiCall(t, 'GET', '/admin/facility-reviews?status=hidden', { as: admin });
    expect(bad.statusCode).toBe(400);
  });

  it('approves once: the figures change, a second approval is 409, the reviewer is emailed', async () => {
    const facility = await createFacility(t);
    const [a] = await createMembers(t, 1);
    if (!a) throw new Error('no member');
    const review = await createReview(t, a, facility.id, { rating: 4 });
    const approved = await moderateReview(t, admin, review._id, {
      status: 'approved',
      verified: true,
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().result).toMatchObject({ status: 'approved', verified: true });
    expect(approved.json().result.publishedAt).not.toBeNull();
    const again = await moderateReview(t, admin, review._id, { status: 'approved' });
    expect(again.statusCode).toBe(409);
    expect(await facilityFigures(facility.id)).toMatchObject({ reviewCount: 1, ratingTotal: 4 });
    const mails = await outboxTo(t, a.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain(facility.name);
    expect(mails[0]?.text).toContain(`/review/${facility.id}`);
  });

  it('counts concurrent approvals of one review once', async () => {
    const facility = await createFacility(t);
    const [a] = await createMembers(t, 1);
    if (!a) throw new Error('no member');
    const review = await createReview(t, a, facility.id, { rating: 5 });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => moderateReview(t, admin, review._id, { status: 'approved' })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await facilityFigures(facility.id)).toMatchObject({ reviewCount: 1, ratingTotal: 5 });
    expect(await outboxTo(t, a.email)).toHaveLength(1);
  });

  it('adds up concurrent approvals of different reviews', async () => {
    const facility = await createFacility(t);
    const authors = await createMembers(t, 6);
    const reviews = [];
    for (const [i, author] of authors.entries()) {
      reviews.push(await createReview(t, author, facility.id, { rating: (i % 5) + 1 }));
    }
    const answers = await Promise.all(reviews.map((r) => approveReview(t, admin, r._id)));
    expect(answers).toHaveLength(6);
    expect(await facilityFigures(facility.id)).toMatchObject({ reviewCount: 6, ratingTotal: 16 });
  });

  it('needs a reason to reject; rejecting an approved review takes it out, with an email', async () => {
    const facility = await createFacility(t);
    const [a] = await createMembers(t, 1);
    if (!a) throw new Error('no member');
    const review = await createApprovedReview(t, a, admin, facility.id, { rating: 2 });
    for (const body of [
      { status: 'rejected' },
      { status: 'rejected', reason: '  ' },
      { status: 'rejected', reason: 'no' },
      { status: 'rejected', reason: 'r'.repeat(501) },
      { status: 'hidden', reason: 'Spam' },
      { status: 'approved', verified: 'perhaps' },
    ]) {
      const response = await moderateReview(t, admin, review._id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const missing = await moderateReview(t, admin, review._id, { status: 'rejected' });
    expect(missing.json().errors.reason).toBe('Give the reviewer a reason for the rejection');
    expect(await facilityFigures(facility.id)).toMatchObject({ reviewCount: 1, ratingTotal: 2 });
    expect(await outboxTo(t, a.email)).toHaveLength(1);

    const rejected = await moderateReview(t, admin, review._id, {
      status: 'rejected',
      reason: 'It names a member of staff.',
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().result).toMatchObject({
      status: 'rejected',
      rejectionReason: 'It names a member of staff.',
      publishedAt: null,
    });
    expect(await facilityFigures(facility.id)).toMatchObject({
      reviewCount: 0,
      ratingTotal: 0,
      averageRating: 0,
    });
    const mails = await outboxTo(t, a.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.text).toContain('It names a member of staff.');
    expect(mails[1]?.text).toContain('/account?tab=reviews');
    const twice = await moderateReview(t, admin, review._id, {
      status: 'rejected',
      reason: 'Again.',
    });
    expect(twice.statusCode).toBe(409);
  });

  it("refuses an admin's own review and unknown ids", async () => {
    const facility = await createFacility(t);
    const review = await createReview(t, admin, facility.id);
    const own = await moderateReview(t, admin, review._id, { status: 'approved' });
    expect(own.statusCode).toBe(403);
    expect((await moderateReview(t, admin, UNKNOWN, { status: 'approved' })).statusCode).toBe(404);
    expect((await moderateReview(t, admin, 'nope', { status: 'approved' })).statusCode).toBe(404);
  });
});
