import { campaignLikes, campaignWeeklyWinners } from '@ipatient/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SignedInUser } from '../../../test/accounts.ts';
import { createMembers, insertCampaignRow, insertUsers } from '../../../test/campaigns.ts';
import { apiCall, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { insertDatedCampaignLikes } from '../../seed/demo.repository.ts';
import { recordFinishedWeeks } from '../campaigns/weekly-winners.service.ts';
import { weeklyReview } from './weekly-review.service.ts';

let t: TestApp;
let owner: SignedInUser;
let admin: SignedInUser;
let member: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  [owner, member] = (await createMembers(t, 2)) as [SignedInUser, SignedInUser];
  [admin] = (await createMembers(t, 1, 'admin')) as [SignedInUser];
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(campaignWeeklyWinners);
  await t.database.db.delete(campaignLikes);
});

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** Monday 3 March 2025, 00:00 in Lagos, and its end. */
const W1 = new Date('2025-03-02T23:00:00.000Z');
const W1_END = new Date(W1.getTime() + 7 * DAY);
const LATER = new Date(W1_END.getTime() + 3 * DAY);

/** `count` likes on the campaign at `at` (one minute apart), from new likers made with `options`. */
async function likes(
  campaignId: string,
  count: number,
  at: Date,
  options: Parameters<typeof insertUsers>[2] = {},
) {
  const likers = await insertUsers(t, count, options);
  await insertDatedCampaignLikes(
    t.database.db,
    likers.map((userId, index) => ({
      campaignId,
      userId,
      createdAt: new Date(at.getTime() + index * 60_000),
    })),
  );
}

describe('the weekly winner counts only likes from verified phones', () => {
  it('gives the week to the campaign with most likes from verified, not deleted accounts', async () => {
    const crowded = await insertCampaignRow(t, owner.id);
    const genuine = await insertCampaignRow(t, owner.id);
    const day2 = new Date(W1.getTime() + DAY);
    await likes(crowded.id, 6, day2, { phoneVerifiedAt: null });
    // Verified only after the week had ended: not counted for that week.
    await likes(crowded.id, 3, day2, { phoneVerifiedAt: new Date(W1_END.getTime() + HOUR) });
    await likes(crowded.id, 4, day2, { deletedAt: new Date(W1_END.getTime() - DAY) });
    await likes(crowded.id, 1, day2);
    await likes(genuine.id, 2, day2, { phoneVerifiedAt: new Date(W1.getTime() + 2 * DAY) });

    expect(await recordFinishedWeeks(t.database.db, LATER)).toBeGreaterThan(0);
    const [won] = await t.database.db.select().from(campaignWeeklyWinners);
    expect(won).toMatchObject({ campaignId: genuine.id, likes: 2 });
  });

  it('records no winner when no like of the week counts', async () => {
    const row = await insertCampaignRow(t, owner.id);
    await likes(row.id, 3, new Date(W1.getTime() + DAY), { phoneVerifiedAt: null });
    await recordFinishedWeeks(t.database.db, LATER);
    expect(await t.database.db.select().from(campaignWeeklyWinners)).toHaveLength(0);
  });
});

describe('the weekly review', () => {
  it('shows all likes, counted likes, likes from new accounts and a burst', async () => {
    const burst = await insertCampaignRow(t, owner.id, { title: 'Help Ngozi walk again' });
    const calm = await insertCampaignRow(t, owner.id, { title: 'Surgery for Musa' });
    const tuesday = new Date(W1.getTime() + DAY + 10 * HOUR);
    // Five accounts made just before they liked, within one hour: a burst, none counted.
    await likes(burst.id, 5, tuesday, {
      phoneVerifiedAt: null,
      createdAt: new Date(tuesday.getTime() - HOUR),
    });
    await likes(burst.id, 3, tuesday);
    await likes(calm.id, 4, tuesday);
    // Four new accounts spread over a day: new, but no burst.
    for (let i = 0; i < 4; i++) {
      const at = new Date(tuesday.getTime() + i * 3 * HOUR);
      await likes(calm.id, 1, at, { createdAt: new Date(at.getTime() - HOUR) });
    }
    await recordFinishedWeeks(t.database.db, LATER);

    const review = await weeklyReview(t.database.db, { week: '2025-03-03' }, LATER);
    expect(review).toMatchObject({
      week: '2025-03-03',
      weekStart: W1.toISOString(),
      weekEnd: W1_END.toISOString(),
      previousWeek: '2025-02-24',
      nextWeek: '2025-03-10',
      inProgress: false,
      winner: { campaignId: calm.id, title: 'Surgery for Musa', likes: 8 },
    });
    expect(review.campaigns).toEqual([
      {
        campaignId: calm.id,
        title: 'Surgery for Musa',
        status: 'active',
        allLikes: 8,
        countedLikes: 8,
        newAccountLikes: 4,
        burst: null,
      },
      {
        campaignId: burst.id,
        title: 'Help Ngozi walk again',
        status: 'active',
        allLikes: 8,
        countedLikes: 3,
        newAccountLikes: 5,
        burst: { startedAt: tuesday.toISOString(), likes: 5 },
      },
    ]);
  });

  it('defaults to the current Lagos week, with no next week and no winner yet', async () => {
    // Sunday 9 March 2025, 23:30 in Lagos: still the week of 3 March.
    const now = new Date('2025-03-09T22:30:00.000Z');
    const review = await weeklyReview(t.database.db, {}, now);
    expect(review).toMatchObject({
      week: '2025-03-03',
      nextWeek: null,
      inProgress: true,
      winner: null,
      campaigns: [],
    });
  });

  it('answers admins, refuses members and visitors, and names a wrong week', async () => {
    const ok = await apiCall(t, 'GET', '/admin/weekly-review?week=2025-03-03', { as: admin });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result.week).toBe('2025-03-03');
    expect((await apiCall(t, 'GET', '/admin/weekly-review', { as: member })).statusCode).toBe(403);
    expect((await apiCall(t, 'GET', '/admin/weekly-review')).statusCode).toBe(401);
    for (const week of ['2025-03-04', '2025-02-30', 'last-week', '<b>']) {
      const bad = await apiCall(t, 'GET', `/admin/weekly-review?week=${encodeURIComponent(week)}`, {
        as: admin,
      });
      expect(bad.statusCode, week).toBe(400);
      expect(bad.json().message).toMatch('Week must be a Monday written as YYYY-MM-DD');
    }
  });
});
