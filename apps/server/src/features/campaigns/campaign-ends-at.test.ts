import { campaignEndsAt } from '@ipatient/contracts/campaign-rules';
import { campaigns, type Database, eq, sql } from '@ipatient/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCampaignRow } from '../../../test/campaigns.ts';
import { daysAgo, member, startCampaignsApp, t } from '../../../test/campaigns-suite.ts';
import { countUnderWay, liveSetChanged, liveTotal } from './live-total.ts';

beforeAll(startCampaignsApp);
afterAll(() => t.close());

/** The stored end, as a time (infinity before approval). */
async function endsAtOf(id: string): Promise<number> {
  const [row] = await t.database.db
    .select({ endsAt: sql<string>`${campaigns.endsAt}::text` })
    .from(campaigns)
    .where(eq(campaigns.id, id));
  if (!row) throw new Error('no campaign');
  return row.endsAt === 'infinity' ? Number.POSITIVE_INFINITY : new Date(row.endsAt).getTime();
}

describe('a campaign end kept by the database', () => {
  it('is the approval plus the duration plus the days added, as the pages reckon it', async () => {
    const owner = await member();
    const approvedAt = new Date('2026-01-31T23:30:00Z');
    const row = await insertCampaignRow(t, owner.id, { approvedAt, duration: '1 month' });
    expect(await endsAtOf(row.id)).toBe(campaignEndsAt(approvedAt, '1 month', 0)?.getTime());

    await t.database.db
      .update(campaigns)
      .set({ extensionDays: 30 })
      .where(eq(campaigns.id, row.id));
    expect(await endsAtOf(row.id)).toBe(campaignEndsAt(approvedAt, '1 month', 30)?.getTime());
  });

  it('has no end before approval, and cannot be written by hand', async () => {
    const owner = await member();
    const row = await insertCampaignRow(t, owner.id, {
      status: 'awaiting_review',
      approvedAt: null,
    });
    expect(await endsAtOf(row.id)).toBe(Number.POSITIVE_INFINITY);

    await t.database.db
      .update(campaigns)
      .set({ endsAt: daysAgo(1) })
      .where(eq(campaigns.id, row.id));
    expect(await endsAtOf(row.id)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('the listed total', () => {
  /** The test database, counting the queries started on it. */
  function countingDatabase(): { db: Database; counts: () => number } {
    let selects = 0;
    const db = new Proxy(t.database.db, {
      get(target, property, receiver) {
        if (property === 'select') selects += 1;
        const value = Reflect.get(target, property, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    return { db, counts: () => selects };
  }

  it('is counted once for requests that arrive together, then kept until it is out of date', async () => {
    const { db, counts } = countingDatabase();
    let now = 1_000_000;
    const clock = () => now;
    const totals = await Promise.all(Array.from({ length: 20 }, () => liveTotal(db, clock)));
    expect(new Set(totals).size).toBe(1);
    expect(counts()).toBe(1);

    await liveTotal(db, clock);
    expect(counts()).toBe(1);
    now += 10_001;
    await Promise.all([liveTotal(db, clock), liveTotal(db, clock)]);
    expect(counts()).toBe(2);

    liveSetChanged(db);
    await liveTotal(db, clock);
    expect(counts()).toBe(3);
  });

  it('gives an ageing total at once while one count runs, and never one past its time', async () => {
    const { db, counts } = countingDatabase();
    const owner = await member();
    let now = 2_000_000;
    const clock = () => now;
    const before = await liveTotal(db, clock);

    // Another instance approves a campaign: this one learns it at its next count.
    await insertCampaignRow(t, owner.id, { approvedAt: daysAgo(1), duration: '1 month' });
    now += 10_001;
    expect(await liveTotal(db, clock)).toBe(before);
    expect(await liveTotal(db, clock)).toBe(before);
    expect(counts()).toBe(2);
    await countUnderWay(db);
    expect(await liveTotal(db, clock)).toBe(before + 1);
    expect(counts()).toBe(2);

    // Past LIVE_TOTAL_KEPT_MS the old number is not given: the request waits for the count.
    await insertCampaignRow(t, owner.id, { approvedAt: daysAgo(1), duration: '1 month' });
    now += 20_001;
    expect(await liveTotal(db, clock)).toBe(before + 2);
    expect(counts()).toBe(3);

    // A count under way when the live set changes here is not kept.
    await insertCampaignRow(t, owner.id, { approvedAt: daysAgo(1), duration: '1 month' });
    now += 10_001;
    const stale = liveTotal(db, clock);
    liveSetChanged(db);
    expect(await stale).toBe(before + 2);
    expect(await liveTotal(db, clock)).toBe(before + 3);
    expect(counts()).toBe(5);
  });

  it('leaves out campaigns that have ended', async () => {
    const { db } = countingDatabase();
    const owner = await member();
    const before = await liveTotal(db);
    await insertCampaignRow(t, owner.id, { approvedAt: daysAgo(40), duration: '1 month' });
    await insertCampaignRow(t, owner.id, { approvedAt: daysAgo(1), duration: '1 month' });
    liveSetChanged(db);
    expect(await liveTotal(db)).toBe(before + 1);
  });
});
