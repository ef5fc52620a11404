import { eq, facilityReviews, rateEvents, sql } from '@ipatient/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedInUser } from '../../../test/accounts.ts';
import { createMembers } from '../../../test/campaigns.ts';
import {
  createApprovedReview,
  createFacility,
  createReview,
  postReview,
  reviewBody,
} from '../../../test/facilities.ts';
import {
  admin,
  facilityFigures,
  member,
  other,
  reviewCount,
  startFacilitiesApp,
  t,
  UNKNOWN,
} from '../../../test/facilities-suite.ts';
import { apiCall } from '../../../test/helpers.ts';

beforeAll(startFacilitiesApp);
afterAll(() => t.close());

describe('GET /api/v1/facilities/{id}/reviews', () => {
  let facilityId: string;
  let ids: Record<string, string>;
  beforeAll(async () => {
    const facility = await createFacility(t);
    facilityId = facility.id;
    const [a, b, c, d] = await createMembers(t, 4);
    if (!a || !b || !c || !d) throw new Error('members missing');
    // Approved in this order: a (oldest) … c (newest); d stays pending.
    const ra = await createApprovedReview(t, a, admin, facilityId, { rating: 3 });
    const rb = await createApprovedReview(
      t,
      b,
      admin,
      facilityId,
      { rating: 5 },
      { verified: true },
    );
    const rc = await createApprovedReview(t, c, admin, facilityId, { rating: 1 });
    await createReview(t, d, facilityId, { rating: 4 });
    ids = { a: ra._id, b: rb._id, c: rc._id };
    // Fixed publication times so the order does not depend on timing.
    for (const [key, daysAgo] of [
      ['a', 3],
      ['b', 2],
      ['c', 1],
    ] as const) {
      await t.database.db
        .update(facilityReviews)
        .set({ publishedAt: sql`now() - make_interval(days => ${daysAgo})` })
        .where(eq(facilityReviews.id, ids[key] as string));
    }
    // a is marked useful by two members, c by one.
    await apiCall(t, 'PUT', `/facility-reviews/${ids.a}/useful`, { as: member });
    await apiCall(t, 'PUT', `/facility-reviews/${ids.a}/useful`, { as: other });
    await apiCall(t, 'PUT', `/facility-reviews/${ids.c}/useful`, { as: member });
  });

  const order = async (sort: string) => {
    const response = await apiCall(t, 'GET', `/facilities/${facilityId}/reviews?sort=${sort}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().results.map((review: { _id: string }) => review._id);
  };

  it('shows approved reviews only, with the author as first name and initial', async () => {
    const response = await apiCall(t, 'GET', `/facilities/${facilityId}/reviews`);
    const body = response.json();
    expect(body.meta).toEqual({ page: 1, limit: 10, total: 3 });
    expect(body.results).toHaveLength(3);
    for (const review of body.results) {
      expect(review.status).toBe('approved');
      expect(review.author).toEqual({ firstName: 'Tunde', lastInitial: 'B', image: null });
      expect(review).not.toHaveProperty('userId');
      expect(review).not.toHaveProperty('rejectionReason');
      expect(review.author).not.toHaveProperty('email');
    }
  });

  it('sorts by relevance: useful marks, then verified, then newest', async () => {
    expect(await order('relevant')).toEqual([ids.a, ids.c, ids.b]);
    await t.database.db
      .update(facilityReviews)
      .set({ usefulCount: 1 })
      .where(eq(facilityReviews.id, ids.b as string));
    // b and c tie on useful marks; b is verified.
    expect(await order('relevant')).toEqual([ids.a, ids.b, ids.c]);
    await t.database.db
      .update(facilityReviews)
      .set({ usefulCount: 0 })
      .where(eq(facilityReviews.id, ids.b as string));
  });

  it('sorts by most recent, highest and lowest rated', async () => {
    expect(await order('recent')).toEqual([ids.c, ids.b, ids.a]);
    expect(await order('highest')).toEqual([ids.b, ids.a, ids.c]);
    expect(await order('lowest')).toEqual([ids.c, ids.a, ids.b]);
  });

  it('tells the viewer which reviews they marked and which are theirs', async () => {
    const response = await apiCall(t, 'GET', `/facilities/${facilityId}/reviews`, {
      as: member,
    });
    const byId = Object.fromEntries(
      response.json().results.map((r: { _id: string }) => [r._id, r]),
    );
    expect(byId[ids.a as string]).toMatchObject({
      usefulByMe: true,
      usefulCount: 2,
      isMine: false,
    });
    expect(byId[ids.b as string]).toMatchObject({ usefulByMe: false, verified: true });
  });

  it('pages', async () => {
    const response = await apiCall(
      t,
      'GET',
      `/facilities/${facilityId}/reviews?sort=recent&limit=2&page=2`,
    );
    expect(response.json().meta).toEqual({ page: 2, limit: 2, total: 3 });
    expect(response.json().results.map((r: { _id: string }) => r._id)).toEqual([ids.a]);
  });

  it('refuses an unknown sort or limit, and answers 404 for an unknown facility', async () => {
    const bad = await apiCall(t, 'GET', `/facilities/${facilityId}/reviews?sort=oldest`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('sort');
    const big = await apiCall(t, 'GET', `/facilities/${facilityId}/reviews?limit=51`);
    expect(big.statusCode).toBe(400);
    expect((await apiCall(t, 'GET', `/facilities/${UNKNOWN}/reviews`)).statusCode).toBe(404);
    expect((await apiCall(t, 'GET', '/facilities/nope/reviews')).statusCode).toBe(404);
  });
});

describe('POST /api/v1/facilities/{id}/reviews', () => {
  it('stores a pending review that stays out of public view and the average', async () => {
    const facility = await createFacility(t);
    const [author] = await createMembers(t, 1);
    if (!author) throw new Error('no member');
    const response = await postReview(t, author, facility.id, {
      rating: 5,
      title: '  Good  ',
      content: '  The nurses were patient and the doctor explained everything.  ',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      message: 'Thank you. Your review will appear once it is approved.',
      result: {
        facilityId: facility.id,
        rating: 5,
        title: 'Good',
        content: 'The nurses were patient and the doctor explained everything.',
        status: 'pending',
        verified: false,
        usefulCount: 0,
        isMine: true,
        publishedAt: null,
        rejectionReason: null,
        author: { firstName: 'Tunde', lastInitial: 'B' },
      },
    });
    const publicList = await apiCall(t, 'GET', `/facilities/${facility.id}/reviews`);
    expect(publicList.json().meta.total).toBe(0);
    expect(await facilityFigures(facility.id)).toMatchObject({ reviewCount: 0, ratingTotal: 0 });
  });

  it('accepts a review without a title, and exactly 20 and 2,000 characters', async () => {
    const [a, b] = await createMembers(t, 2);
    const f1 = await createFacility(t);
    const short = await postReview(t, a, f1.id, { rating: 1, content: 'x'.repeat(20) });
    expect(short.statusCode, short.body).toBe(201);
    expect(short.json().result.title).toBe('');
    const long = await postReview(t, b, f1.id, { rating: 2, content: 'y'.repeat(2000) });
    expect(long.statusCode, long.body).toBe(201);
  });

  it.each([
    [{ rating: 0 }, 'rating', 'Choose a rating from 1 to 5'],
    [{ rating: 6 }, 'rating', 'Choose a rating from 1 to 5'],
    [{ rating: 4.5 }, 'rating', 'Choose a rating from 1 to 5'],
    [{ rating: 'five' }, 'rating', 'Choose a rating from 1 to 5'],
    [{ rating: undefined }, 'rating', 'Choose a rating from 1 to 5'],
    [{ content: 'Too short' }, 'content', 'Your review must be at least 20 characters'],
    [{ content: '   ' }, 'content', 'Write your review'],
    [{ content: 'z'.repeat(2001) }, 'content', 'Your review must be at most 2,000 characters'],
    [{ title: 't'.repeat(121) }, 'title', 'Title must be at most 120 characters'],
  ])('refuses %o and writes nothing', async (change, field, message) => {
    const facility = await createFacility(t);
    const before = await reviewCount();
    const response = await postReview(t, member, facility.id, reviewBody(change));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[field]).toBe(message);
    expect(await reviewCount()).toBe(before);
  });

  it('needs a signed-in user and a real facility', async () => {
    const facility = await createFacility(t);
    expect((await postReview(t, undefined, facility.id)).statusCode).toBe(401);
    expect((await postReview(t, member, UNKNOWN)).statusCode).toBe(404);
    expect((await postReview(t, member, 'nope')).statusCode).toBe(404);
  });

  it('allows one review per user per facility (409)', async () => {
    const facility = await createFacility(t);
    const [author] = await createMembers(t, 1);
    await createReview(t, author as SignedInUser, facility.id);
    const again = await postReview(t, author, facility.id, reviewBody({ rating: 1 }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'You have already reviewed this facility. You can edit your review instead.',
    );
    const twice = await Promise.all([
      postReview(t, other, facility.id),
      postReview(t, other, facility.id),
    ]);
    expect(twice.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('allows 10 reviews a day per user, then 429', async () => {
    const [author] = await createMembers(t, 1);
    if (!author) throw new Error('no member');
    const places = await Promise.all(Array.from({ length: 11 }, () => createFacility(t)));
    const answers = await Promise.all(places.slice(0, 10).map((f) => postReview(t, author, f.id)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(201));
    const eleventh = await postReview(t, author, (places[10] as { id: string }).id);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().message).toMatch(/several reviews today/);
    expect(eleventh.headers['retry-after']).toBeDefined();
    // A refused review (bad input) does not count against the limit.
    const [fresh] = await createMembers(t, 1);
    await postReview(t, fresh, (places[0] as { id: string }).id, reviewBody({ rating: 9 }));
    const events = await t.database.db
      .select()
      .from(rateEvents)
      .where(eq(rateEvents.key, (fresh as SignedInUser).id));
    expect(events).toHaveLength(0);
  });
});
