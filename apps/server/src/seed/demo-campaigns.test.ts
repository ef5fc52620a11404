import {
  campaignLikeCounts,
  campaignLikes,
  campaigns,
  campaignWeeklyWinners,
  sql,
} from '@ipatient/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { recordFinishedWeeks } from '../features/campaigns/weekly-winners.service.ts';
import { initialiseDatabase } from './demo-seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await initialiseDatabase(t.database.db, { seedDemo: true, storage: t.app.storage });
});
afterAll(() => t.close());

describe('demo campaigns', () => {
  it('fill the leaderboard with a dozen live campaigns in several states', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/get-crowedFundings?sort=likes&limit=5',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.meta.total).toBe(12);
    const counts = body.results.map((campaign: { likesCount: number }) => campaign.likesCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(counts[0]).toBeGreaterThan(0);
    const all = await t.database.db.select().from(campaigns);
    expect(new Set(all.map((row) => row.state)).size).toBeGreaterThanOrEqual(8);
  });

  it('keep like counts equal to the likes stored', async () => {
    const rows = await t.database.db.execute<{ id: string; likes_count: number; n: number }>(
      sql`select c.id, k.likes_count, count(l.user_id)::int as n from ${campaigns} c join ${campaignLikeCounts} k on k.campaign_id = c.id left join ${campaignLikes} l on l.campaign_id = c.id group by c.id, k.likes_count`,
    );
    expect(rows.rows.length).toBeGreaterThan(0);
    for (const row of rows.rows) expect(row.likes_count).toBe(row.n);
  });

  it('have covers in every size, served from /images', async () => {
    const [row] = await t.database.db.select().from(campaigns).limit(1);
    expect(row?.imageSizes.map((size) => size.width)).toEqual([400, 800, 1200]);
    const image = await t.app.inject({ method: 'GET', url: `/images/${row?.image}` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
  });

  it('for someone else carry their agreement, a parent’s for a child', async () => {
    const all = await t.database.db.select().from(campaigns);
    const forOthers = all.filter((row) => row.beneficiaryType === 'someone else');
    expect(forOthers.length).toBeGreaterThan(0);
    for (const row of forOthers) {
      expect(row.beneficiaryConsent, row.title).toMatch(/^(beneficiary|guardian)$/);
      expect(row.beneficiaryConsentName, row.title).toBeTruthy();
      expect(row.beneficiaryConsentAt, row.title).toBeInstanceOf(Date);
    }
    const aisha = all.find((row) => row.fundraisingFor === 'Baby Aisha Abdullahi');
    expect(aisha).toMatchObject({
      beneficiaryConsent: 'guardian',
      beneficiaryConsentName: 'Musa Abdullahi',
    });
    const chidera = all.find((row) => row.fundraisingFor === 'Chidera Eze');
    expect(chidera).toMatchObject({
      beneficiaryConsent: 'beneficiary',
      beneficiaryConsentName: 'Chidera Eze',
    });
  });

  it('give last week a winner once the weekly job runs', async () => {
    await recordFinishedWeeks(t.database.db);
    const winners = await t.database.db.select().from(campaignWeeklyWinners);
    expect(winners.length).toBeGreaterThan(0);
  });
});
