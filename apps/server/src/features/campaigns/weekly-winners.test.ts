import type { TWeeklyWinner } from '@ipatient/contracts';
import {
  campaignLikeCounts,
  campaignLikes,
  campaigns,
  campaignWeeklyWinners,
  eq,
} from '@ipatient/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SignedInUser } from '../../../test/accounts.ts';
import { createMembers, insertCampaignRow, insertUsers } from '../../../test/campaigns.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { insertDatedCampaignLikes } from '../../seed/demo.repository.ts';
import { recordFinishedWeeks } from './weekly-winners.service.ts';

let t: TestApp;
let owner: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  [owner] = (await createMembers(t, 1)) as [SignedInUser];
});
afterAll(() => t.close());
// Each test builds its own weeks.
beforeEach(async () => {
  await t.database.db.delete(campaignWeeklyWinners);
  await t.database.db.delete(campaignLikes);
  await t.database.db.update(campaignLikeCounts).set({ likesCount: 0 });
});

const DAY = 24 * 60 * 60 * 1000;
const at = (iso: string) => new Date(iso);

/** Monday 3 March 2025, 00:00 in Lagos (UTC+1), and the weeks around it. */
const W0 = at('2025-02-23T23:00:00.000Z');
const W1 = at('2025-03-02T23:00:00.000Z');
const W2 = at('2025-03-09T23:00:00.000Z');
const W3 = at('2025-03-16T23:00:00.000Z');
const later = (date: Date, ms: number) => new Date(date.getTime() + ms);

/** `count` likes by new users at `when`, with the counter kept as the API keeps it. */
async function addLikes(campaignId: string, when: Date, count: number): Promise<void> {
  const likers = await insertUsers(t, count);
  await insertDatedCampaignLikes(
    t.database.db,
    likers.map((userId) => ({ campaignId, userId, createdAt: when })),
  );
}

async function recorded() {
  const rows = await t.database.db
    .select()
    .from(campaignWeeklyWinners)
    .orderBy(campaignWeeklyWinners.weekStart);
  return rows.map((row) => ({
    weekStart: row.weekStart.toISOString(),
    weekEnd: row.weekEnd.toISOString(),
    campaignId: row.campaignId,
    likes: row.likes,
  }));
}

const week = (start: Date, campaignId: string, likes: number) => ({
  weekStart: start.toISOString(),
  weekEnd: later(start, 7 * DAY).toISOString(),
  campaignId,
  likes,
});

const campaign = (overrides: Parameters<typeof insertCampaignRow>[2] = {}) =>
  insertCampaignRow(t, owner.id, overrides);

describe('recordFinishedWeeks', () => {
  it('records the most liked live campaign of each Lagos week (Monday 00:00 to Monday 00:00)', async () => {
    const a = await campaign({ title: 'Week one leader' });
    const b = await campaign({ title: 'Week two leader' });
    // Sunday 23:59 in Lagos is still the week of 3 March; Monday 00:00 in Lagos starts the next.
    await addLikes(a.id, at('2025-03-09T22:59:00.000Z'), 2);
    await addLikes(a.id, at('2025-03-03T00:00:00.000Z'), 1);
    await addLikes(b.id, at('2025-03-09T23:00:00.000Z'), 4);
    // Sunday 23:59 in Lagos the week before.
    await addLikes(b.id, at('2025-03-02T22:59:00.000Z'), 1);

    // One second before the week of 10 March ends, it is not finished yet.
    expect(await recordFinishedWeeks(t.database.db, at('2025-03-16T22:59:59.000Z'))).toBe(2);
    expect(await recorded()).toEqual([week(W0, b.id, 1), week(W1, a.id, 3)]);
    expect(await recordFinishedWeeks(t.database.db, W3)).toBe(1);
    expect(await recorded()).toEqual([week(W0, b.id, 1), week(W1, a.id, 3), week(W2, b.id, 4)]);
  });

  it('counts only the likes given in that week, not all-time likes', async () => {
    const veteran = await campaign({ title: 'Many old likes' });
    const newcomer = await campaign({ title: 'Liked this week' });
    await addLikes(veteran.id, at('2025-01-10T12:00:00.000Z'), 30);
    await addLikes(veteran.id, later(W1, 2 * DAY), 1);
    await addLikes(newcomer.id, later(W1, 3 * DAY), 2);
    await recordFinishedWeeks(t.database.db, later(W2, DAY));
    expect(await recorded()).toEqual([week(W1, newcomer.id, 2)]);
  });

  it('breaks a tie in favour of the earlier campaign', async () => {
    const ids = [crypto.randomUUID(), crypto.randomUUID()].sort();
    // The earlier campaign has the larger id, so the id cannot be what decides.
    const earlier = await campaign({ id: ids[1], createdAt: at('2025-01-01T08:00:00.000Z') });
    const newer = await campaign({ id: ids[0], createdAt: at('2025-01-02T08:00:00.000Z') });
    const third = await campaign({ createdAt: at('2024-12-01T08:00:00.000Z') });
    await addLikes(newer.id, later(W1, DAY), 2);
    await addLikes(earlier.id, later(W1, 2 * DAY), 2);
    await addLikes(third.id, later(W1, 2 * DAY), 1);
    await recordFinishedWeeks(t.database.db, later(W2, DAY));
    expect(await recorded()).toEqual([week(W1, earlier.id, 2)]);
  });

  it('never lets a deleted or not-live campaign win', async () => {
    const deleted = await campaign({ deletedAt: later(W2, DAY) });
    const pending = await campaign({ status: 'awaiting_review', approvedAt: null });
    const rejected = await campaign({ status: 'rejected' });
    const completed = await campaign({ status: 'completed' });
    const live = await campaign();
    await addLikes(deleted.id, later(W1, DAY), 10);
    await addLikes(pending.id, later(W1, DAY), 9);
    await addLikes(rejected.id, later(W1, DAY), 8);
    await addLikes(completed.id, later(W1, DAY), 7);
    await addLikes(live.id, later(W1, DAY), 1);
    // In the next week only the deleted campaign was liked: no winner.
    await addLikes(deleted.id, later(W2, DAY), 5);
    expect(await recordFinishedWeeks(t.database.db, later(W3, DAY))).toBe(1);
    expect(await recorded()).toEqual([week(W1, live.id, 1)]);
  });

  it('counts a campaign completed after the week ended, not one completed during it', async () => {
    const completedLater = await campaign({ status: 'completed', completedAt: later(W2, DAY) });
    const completedDuring = await campaign({
      status: 'completed',
      completedAt: later(W1, 3 * DAY),
    });
    const live = await campaign();
    await addLikes(completedDuring.id, later(W1, DAY), 9);
    await addLikes(completedLater.id, later(W1, DAY), 5);
    await addLikes(live.id, later(W1, DAY), 4);
    await recordFinishedWeeks(t.database.db, later(W2, 2 * DAY));
    expect(await recorded()).toEqual([week(W1, completedLater.id, 5)]);
  });

  it('records each week once, run twice or from several instances at once', async () => {
    const a = await campaign();
    const b = await campaign();
    await addLikes(a.id, later(W1, DAY), 3);
    await addLikes(b.id, later(W2, DAY), 2);
    const now = later(W3, DAY);
    const counts = await Promise.all(
      Array.from({ length: 5 }, () => recordFinishedWeeks(t.database.db, now)),
    );
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(2);
    expect(await recorded()).toEqual([week(W1, a.id, 3), week(W2, b.id, 2)]);

    // A like arriving after the week was recorded changes nothing.
    await addLikes(b.id, later(W1, 3 * DAY), 5);
    expect(await recordFinishedWeeks(t.database.db, now)).toBe(0);
    expect(await recordFinishedWeeks(t.database.db, later(now, DAY))).toBe(0);
    expect(await recorded()).toEqual([week(W1, a.id, 3), week(W2, b.id, 2)]);
  });

  it('catches up on missed weeks, oldest first, skipping weeks nobody liked anything', async () => {
    const a = await campaign();
    const b = await campaign();
    await addLikes(a.id, later(W0, DAY), 1);
    await addLikes(b.id, later(W2, DAY), 1);
    expect(await recordFinishedWeeks(t.database.db, later(W3, 2 * DAY))).toBe(2);
    expect(await recorded()).toEqual([week(W0, a.id, 1), week(W2, b.id, 1)]);
  });
});

describe('GET /crowdfunding-weekly-winners', () => {
  function winners(query = '') {
    return t.app.inject({ method: 'GET', url: `/api/v1/crowdfunding-weekly-winners${query}` });
  }

  it('lists the winners newest week first, each campaign with the weeks it won', async () => {
    const a = await campaign({ title: 'Hip replacement for Baba' });
    const b = await campaign({ title: 'Insulin for Amina' });
    await addLikes(a.id, later(W1, DAY), 3);
    await addLikes(b.id, later(W2, DAY), 2);
    await addLikes(a.id, later(W2, DAY), 1);
    await recordFinishedWeeks(t.database.db, later(W3, DAY));

    const response = await winners();
    expect(response.statusCode).toBe(200);
    const results: TWeeklyWinner[] = response.json().results;
    expect(
      results.map((winner) => [
        winner.weekStart,
        winner.weekEnd,
        winner.likes,
        winner.campaign._id,
      ]),
    ).toEqual([
      [W2.toISOString(), W3.toISOString(), 2, b.id],
      [W1.toISOString(), W2.toISOString(), 3, a.id],
    ]);
    expect(results[0]?.campaign).toMatchObject({
      title: 'Insulin for Amina',
      weeklyWins: [W2.toISOString()],
      likesCount: 2,
      accountNumber: '******7890',
    });
    expect(results[1]?.campaign.weeklyWins).toEqual([W1.toISOString()]);
    const page = await t.app.inject({ method: 'GET', url: `/api/v1/single-crowedfunding/${a.id}` });
    expect(page.json().result.weeklyWins).toEqual([W1.toISOString()]);

    expect((await winners('?limit=1')).json().results).toHaveLength(1);
    expect((await winners('?limit=0')).statusCode).toBe(400);
    expect((await winners('?limit=53')).statusCode).toBe(400);
  });

  it('keeps completed winners and drops deleted ones', async () => {
    const a = await campaign();
    const b = await campaign();
    await addLikes(a.id, later(W1, DAY), 2);
    await addLikes(b.id, later(W2, DAY), 2);
    await recordFinishedWeeks(t.database.db, later(W3, DAY));
    await t.database.db
      .update(campaigns)
      .set({ status: 'completed' })
      .where(eq(campaigns.id, a.id));
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/soft-delete-crowedFunding/${b.id}`,
      headers: owner.headers,
    });
    expect(removed.statusCode).toBe(200);
    const results: TWeeklyWinner[] = (await winners()).json().results;
    expect(results.map((winner) => [winner.campaign._id, winner.campaign.status])).toEqual([
      [a.id, 'completed'],
    ]);
  });
  it('ranks no campaign that ended before the week was over', async () => {
    // Approved 10 February 2025 for one month: it ends on 10 March, inside the week W2 begins.
    const ended = await campaign({
      approvedAt: at('2025-02-10T09:00:00.000Z'),
      duration: '1 month',
    });
    const running = await campaign({ approvedAt: at('2025-02-10T09:00:00.000Z') });
    await addLikes(ended.id, later(W1, DAY), 5);
    await addLikes(running.id, later(W1, DAY), 2);
    await addLikes(ended.id, later(W2, 3 * 60 * 60 * 1000), 9);
    await addLikes(running.id, later(W2, DAY), 1);
    await recordFinishedWeeks(t.database.db, later(W3, DAY));
    // Week W1 ended on 9 March, before the campaign did; in week W2 it ended on the 10th.
    expect(await recorded()).toEqual([week(W1, ended.id, 5), week(W2, running.id, 1)]);
  });
});
