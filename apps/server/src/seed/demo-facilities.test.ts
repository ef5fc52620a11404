import { findLga, findState } from '@ipatient/contracts/reference';
import {
  appMeta,
  DEMO_FACILITIES,
  eq,
  facilities,
  facilityReviews,
  facilityReviewUseful,
  sql,
} from '@ipatient/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { initialiseDatabase } from './demo-seed.ts';

interface Facility {
  _id: string;
  name: string;
  state: string;
  verified: boolean;
  averageRating: number;
  reviewCount: number;
  isTopRated: boolean;
  image: string | null;
  imageSizes: { width: number; key: string }[];
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await initialiseDatabase(t.database.db, { seedDemo: true, storage: t.app.storage });
});
afterAll(() => t.close());

async function all(app: TestApp, query = ''): Promise<Facility[]> {
  const response = await app.app.inject({
    method: 'GET',
    url: `/api/v1/facilities?limit=50${query}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().results;
}

describe('demo facilities', () => {
  it('are a dozen made-up facilities in real states and LGAs, some verified', async () => {
    const list = await all(t);
    expect(list).toHaveLength(12);
    const states = new Set(list.map((facility) => facility.state));
    for (const state of ['Lagos', 'Federal Capital Territory', 'Kano', 'Rivers']) {
      expect(states).toContain(state);
    }
    for (const demo of DEMO_FACILITIES) {
      const state = findState(demo.state);
      expect(state?.name, demo.name).toBe(demo.state);
      expect(state && findLga(state, demo.lga), demo.name).toBe(demo.lga);
    }
    expect(list.filter((facility) => facility.verified).length).toBeGreaterThanOrEqual(3);
    expect((await all(t, '&state=abuja')).length).toBeGreaterThanOrEqual(2);
    expect((await all(t, '&search=dialysis')).length).toBeGreaterThanOrEqual(2);
  });

  it('have real figures: at least two Top rated, two without reviews', async () => {
    const list = await all(t);
    expect(list.filter((facility) => facility.isTopRated).length).toBeGreaterThanOrEqual(2);
    expect(list.filter((facility) => facility.reviewCount === 0).length).toBeGreaterThanOrEqual(2);
    const ratings = list.map((facility) => facility.averageRating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    const checks = await t.database.db.execute<{
      review_count: number;
      rating_total: number;
      n: number;
      total: number;
    }>(
      sql`select f.review_count, f.rating_total, count(r.id)::int as n, coalesce(sum(r.rating), 0)::int as total from ${facilities} f left join ${facilityReviews} r on r.facility_id = f.id and r.status = 'approved' group by f.id`,
    );
    for (const row of checks.rows) {
      expect(row.review_count).toBe(row.n);
      expect(row.rating_total).toBe(row.total);
    }
  });

  it('show approved reviews with a breakdown and useful counts that match the marks', async () => {
    const [top] = await all(t);
    const detail = await t.app.inject({ method: 'GET', url: `/api/v1/facilities/${top?._id}` });
    const breakdown: Record<string, number> = detail.json().result.ratingBreakdown;
    expect(Object.values(breakdown).reduce((a, b) => a + b, 0)).toBe(top?.reviewCount);
    const reviews = await t.app.inject({
      method: 'GET',
      url: `/api/v1/facilities/${top?._id}/reviews`,
    });
    const [first] = reviews.json().results;
    expect(first.author.firstName).toBeTruthy();
    expect(first.author.lastInitial).toMatch(/^[A-Z]$/);
    const counts = await t.database.db.execute<{ useful_count: number; n: number }>(
      sql`select r.useful_count, count(u.user_id)::int as n from ${facilityReviews} r left join ${facilityReviewUseful} u on u.review_id = r.id group by r.id`,
    );
    for (const row of counts.rows) expect(row.useful_count).toBe(row.n);
    expect(counts.rows.some((row) => row.n > 0)).toBe(true);
  });

  it('have small covers served from /images', async () => {
    const [first] = await all(t);
    expect(first?.imageSizes.map((size) => size.width)).toEqual([400, 800]);
    const image = await t.app.inject({ method: 'GET', url: `/images/${first?.image}` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
  });
});

describe('initialising the directory', () => {
  it('gives a fresh database without demo content no facilities', async () => {
    const plain = await createTestApp();
    try {
      await initialiseDatabase(plain.database.db, { seedDemo: false, storage: plain.app.storage });
      expect(await all(plain)).toHaveLength(0);
    } finally {
      await plain.close();
    }
  });

  it('fills the directory of an older demo installation once', async () => {
    const older = await createTestApp();
    try {
      await older.database.db.insert(appMeta).values({
        key: 'installation',
        value: { installedAt: '2025-01-01T00:00:00.000Z', demoContent: true },
      });
      const options = { seedDemo: true, storage: older.app.storage };
      expect(await initialiseDatabase(older.database.db, options)).toBe('already-initialised');
      expect(await all(older)).toHaveLength(12);
      const [key] = await older.database.db
        .select()
        .from(appMeta)
        .where(eq(appMeta.key, 'demo-facilities'));
      expect(key).toBeDefined();
      await initialiseDatabase(older.database.db, options);
      expect(await all(older)).toHaveLength(12);
      // Emptied on purpose later: the demo is not brought back.
      await older.database.db.delete(facilities);
      await initialiseDatabase(older.database.db, options);
      expect(await all(older)).toHaveLength(0);
    } finally {
      await older.close();
    }
  });

  it('leaves an older installation without demo content alone', async () => {
    const older = await createTestApp();
    try {
      await older.database.db.insert(appMeta).values({
        key: 'installation',
        value: { installedAt: '2025-01-01T00:00:00.000Z', demoContent: false },
      });
      await initialiseDatabase(older.database.db, { seedDemo: true, storage: older.app.storage });
      expect(await all(older)).toHaveLength(0);
    } finally {
      await older.close();
    }
  });
});
