import { isTopRated } from '@ipatient/contracts/facility-rules';
import {
  emailOutbox,
  eq,
  facilities,
  facilityReviews,
  facilityReviewUseful,
  rateEvents,
  sql,
} from '@ipatient/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, type SignedInUser } from '../../../test/accounts.ts';
import { createMembers } from '../../../test/campaigns.ts';
import {
  approveReview,
  createApprovedReview,
  createFacility,
  createReview,
  moderateReview,
  postReview,
  rejectReview,
  reviewBody,
} from '../../../test/facilities.ts';
import { apiCall, createTestApp, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
let admin: SignedInUser;
let member: SignedInUser;
let other: SignedInUser;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestApp();
  admin = await createSignedInUser(t, { role: 'admin', firstName: 'Bisi' });
  member = await createSignedInUser(t, { firstName: 'Ngozi' });
  other = await createSignedInUser(t, { firstName: 'Musa' });
});
afterAll(() => t.close());

async function facilityFigures(id: string) {
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

async function reviewCount(): Promise<number> {
  const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(facilityReviews);
  return row?.n ?? 0;
}

function emailsTo(to: string) {
  return t.database.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.to, to))
    .orderBy(sql`${emailOutbox.createdAt} asc`);
}

/** A facility with these figures set directly (as approvals would have left them). */
function facilityWithFigures(name: string, reviewCount: number, ratingTotal: number, extra = {}) {
  return createFacility(t, { name, reviewCount, ratingTotal, ...extra });
}

describe('GET /api/v1/facilities', () => {
  let ids: Record<string, string>;
  beforeAll(async () => {
    await t.database.db.delete(facilities);
    const made = {
      lagos: await facilityWithFigures('Lagoon View Dialysis Centre', 6, 27, {
        services: ['Dialysis', 'Laboratory'],
        verified: true,
      }),
      abuja: await facilityWithFigures('Wuse Family Clinic', 4, 18, {
        state: 'Federal Capital Territory',
        lga: 'Abuja Municipal Area Council',
        services: ['Maternity', 'Paediatrics'],
      }),
      kano: await facilityWithFigures('Sabon Gari Eye Centre', 51, 229, {
        state: 'Kano',
        lga: 'Fagge',
        services: ['Eye care'],
        verified: true,
      }),
      rivers: await facilityWithFigures('Trans-Amadi Hospital', 3, 6, {
        state: 'Rivers',
        lga: 'Port Harcourt',
        services: ['Emergency'],
      }),
      low: await facilityWithFigures('Onitsha Road Clinic', 2, 2, {
        state: 'Lagos',
        lga: 'Surulere',
      }),
      none: await facilityWithFigures('Zaria Road Health Post', 0, 0, {
        state: 'Kaduna',
        lga: 'Zaria',
      }),
    };
    ids = Object.fromEntries(Object.entries(made).map(([key, row]) => [key, row.id]));
  });

  const list = async (query = '') => {
    const response = await apiCall(t, 'GET', `/facilities${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const names = (body: { results: { name: string }[] }) => body.results.map((f) => f.name);

  it('lists best rated first with averages, counts and pagination meta', async () => {
    const body = await list();
    expect(names(body)).toEqual([
      'Lagoon View Dialysis Centre',
      'Wuse Family Clinic',
      'Sabon Gari Eye Centre',
      'Trans-Amadi Hospital',
      'Onitsha Road Clinic',
      'Zaria Road Health Post',
    ]);
    expect(body.meta).toEqual({ page: 1, limit: 12, total: 6 });
    const [first] = body.results;
    expect(first).toMatchObject({
      averageRating: 4.5,
      reviewCount: 6,
      location: 'Ikeja, Lagos',
      verified: true,
      services: ['Dialysis', 'Laboratory'],
      image: null,
      imageSizes: [],
    });
    expect(body.results.at(-1)).toMatchObject({ averageRating: 0, reviewCount: 0 });
  });

  it('orders equal averages by review count, then by name', async () => {
    const extra = await facilityWithFigures('Aba Clinic', 6, 27);
    const more = await facilityWithFigures('Abeokuta Clinic', 8, 36);
    const body = await list('?minRating=4.5');
    expect(names(body)).toEqual([
      'Abeokuta Clinic',
      'Aba Clinic',
      'Lagoon View Dialysis Centre',
      'Wuse Family Clinic',
    ]);
    await t.database.db.delete(facilities).where(eq(facilities.id, extra.id));
    await t.database.db.delete(facilities).where(eq(facilities.id, more.id));
  });

  it('marks Top rated only from 4.5 with at least 5 reviews', async () => {
    const body = await list();
    const byName = Object.fromEntries(
      body.results.map((f: { name: string; isTopRated: boolean; averageRating: number }) => [
        f.name,
        f,
      ]),
    );
    expect(byName['Lagoon View Dialysis Centre']).toMatchObject({
      averageRating: 4.5,
      isTopRated: true,
    });
    // 4.5 from 4 reviews: not enough reviews.
    expect(byName['Wuse Family Clinic']).toMatchObject({ averageRating: 4.5, isTopRated: false });
    // 4.49 from 51 reviews: just under.
    expect(byName['Sabon Gari Eye Centre']).toMatchObject({
      averageRating: 4.49,
      isTopRated: false,
    });
    expect(isTopRated(4.5, 5)).toBe(true);
    expect(isTopRated(4.5, 4)).toBe(false);
    expect(isTopRated(4.49, 5)).toBe(false);
    const five = await facilityWithFigures('Five Reviews Clinic', 5, 23);
    const detail = await apiCall(t, 'GET', `/facilities/${five.id}`);
    expect(detail.json().result).toMatchObject({ averageRating: 4.6, isTopRated: true });
    await t.database.db.delete(facilities).where(eq(facilities.id, five.id));
  });

  it('searches names and services, in any case, as substrings', async () => {
    expect(names(await list('?search=wuse'))).toEqual(['Wuse Family Clinic']);
    expect(names(await list('?search=DIALYS'))).toEqual(['Lagoon View Dialysis Centre']);
    expect(names(await list('?search=eye%20care'))).toEqual(['Sabon Gari Eye Centre']);
    expect(names(await list('?search=paediatric'))).toEqual(['Wuse Family Clinic']);
    // Wildcards typed by a visitor match themselves only.
    expect((await list('?search=%25')).meta.total).toBe(0);
    expect((await list('?search=_')).meta.total).toBe(0);
  });

  it('filters by each minimum rating', async () => {
    expect((await list('?minRating=1')).meta.total).toBe(5);
    expect(names(await list('?minRating=2'))).toEqual([
      'Lagoon View Dialysis Centre',
      'Wuse Family Clinic',
      'Sabon Gari Eye Centre',
      'Trans-Amadi Hospital',
    ]);
    expect(names(await list('?minRating=3'))).toEqual([
      'Lagoon View Dialysis Centre',
      'Wuse Family Clinic',
      'Sabon Gari Eye Centre',
    ]);
    expect(names(await list('?minRating=4.5'))).toEqual([
      'Lagoon View Dialysis Centre',
      'Wuse Family Clinic',
    ]);
    expect((await list('?minRating=')).meta.total).toBe(6);
  });

  it('filters by state name or alias, and by verified', async () => {
    expect(names(await list('?state=abuja'))).toEqual(['Wuse Family Clinic']);
    expect(names(await list('?state=Federal%20Capital%20Territory'))).toEqual([
      'Wuse Family Clinic',
    ]);
    expect(names(await list('?state=lagos'))).toEqual([
      'Lagoon View Dialysis Centre',
      'Onitsha Road Clinic',
    ]);
    expect(names(await list('?state=Rivers'))).toEqual(['Trans-Amadi Hospital']);
    expect(names(await list('?verified=true'))).toEqual([
      'Lagoon View Dialysis Centre',
      'Sabon Gari Eye Centre',
    ]);
    expect((await list('?verified=false')).meta.total).toBe(6);
    expect(names(await list('?verified=true&state=kano&minRating=3&search=eye'))).toEqual([
      'Sabon Gari Eye Centre',
    ]);
  });

  it('pages with the total of all matches', async () => {
    const page2 = await list('?limit=4&page=2');
    expect(page2.meta).toEqual({ page: 2, limit: 4, total: 6 });
    expect(names(page2)).toEqual(['Onitsha Road Clinic', 'Zaria Road Health Post']);
    const beyond = await list('?limit=4&page=3');
    expect(beyond.results).toEqual([]);
    expect(beyond.meta.total).toBe(6);
    expect((await list('?limit=50')).meta.limit).toBe(50);
  });

  it.each([
    ['minRating=4', 'minRating'],
    ['minRating=five', 'minRating'],
    ['state=Atlantis', 'state'],
    ['verified=maybe', 'verified'],
    ['limit=51', 'limit'],
    ['page=0', 'page'],
    [`search=${'a'.repeat(101)}`, 'search'],
  ])('refuses %s with a message naming the field', async (query, field) => {
    const response = await apiCall(t, 'GET', `/facilities?${query}`);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual([field]);
  });

  it('says which state is unknown in words', async () => {
    const response = await apiCall(t, 'GET', '/facilities?state=Atlantis');
    expect(response.json().errors.state).toBe('Choose a state from the list');
    expect(ids.lagos).toBeTruthy();
  });
});

describe('GET /api/v1/facilities/{id}', () => {
  it('shows the facility with the breakdown of approved reviews', async () => {
    const facility = await createFacility(t);
    const authors = await createMembers(t, 5);
    const ratings = [5, 5, 4, 2, 1];
    for (const [index, author] of authors.entries()) {
      await createApprovedReview(t, author, admin, facility.id, { rating: ratings[index] });
    }
    // Pending and rejected reviews do not count.
    await createReview(t, member, facility.id, { rating: 1 });
    const rejected = await createReview(t, other, facility.id, { rating: 1 });
    await rejectReview(t, admin, rejected._id);

    const response = await apiCall(t, 'GET', `/facilities/${facility.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toMatchObject({
      _id: facility.id,
      reviewCount: 5,
      averageRating: 3.4,
      isTopRated: false,
      ratingBreakdown: { '1': 1, '2': 1, '3': 0, '4': 1, '5': 2 },
      myReview: null,
    });
  });

  it("includes the signed-in user's own review in any status, with the reason", async () => {
    const facility = await createFacility(t);
    const review = await createReview(t, member, facility.id);
    const pending = await apiCall(t, 'GET', `/facilities/${facility.id}`, { as: member });
    expect(pending.json().result.myReview).toMatchObject({
      _id: review._id,
      status: 'pending',
      rejectionReason: null,
      isMine: true,
    });
    await rejectReview(t, admin, review._id, 'Please remove the phone number.');
    const rejected = await apiCall(t, 'GET', `/facilities/${facility.id}`, { as: member });
    expect(rejected.json().result.myReview).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Please remove the phone number.',
    });
    const stranger = await apiCall(t, 'GET', `/facilities/${facility.id}`, { as: other });
    expect(stranger.json().result.myReview).toBeNull();
  });

  it.each(['not-an-id', UNKNOWN, 'x'.repeat(90)])('answers 404 for %s', async (id) => {
    const response = await apiCall(t, 'GET', `/facilities/${id}`);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Facility not found');
  });
});

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
    const mails = await emailsTo(a.email);
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
    expect(await emailsTo(a.email)).toHaveLength(1);
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
    expect(await emailsTo(a.email)).toHaveLength(1);

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
    const mails = await emailsTo(a.email);
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
