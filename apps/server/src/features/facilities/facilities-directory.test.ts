import { isTopRated } from '@ipatient/contracts/facility-rules';
import { eq, facilities } from '@ipatient/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMembers } from '../../../test/campaigns.ts';
import {
  createApprovedReview,
  createFacility,
  createReview,
  rejectReview,
} from '../../../test/facilities.ts';
import {
  admin,
  member,
  other,
  startFacilitiesApp,
  t,
  UNKNOWN,
} from '../../../test/facilities-suite.ts';
import { apiCall } from '../../../test/helpers.ts';

beforeAll(startFacilitiesApp);
afterAll(() => t.close());

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
