import type { TCampaign } from '@ipatient/contracts';
import { campaignLikeCounts, campaignLikes, campaignWeeklyWinners, eq } from '@ipatient/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCampaign,
  createLiveCampaign,
  createMembers,
  setStatus,
} from '../../../test/campaigns.ts';
import {
  admin,
  call,
  ids,
  like,
  likesCountOf,
  list,
  MISSING_ID,
  member,
  remove,
  rowOf,
  single,
  startCampaignsApp,
  t,
  word,
} from '../../../test/campaigns-suite.ts';

beforeAll(startCampaignsApp);
afterAll(() => t.close());

describe('DELETE /soft-delete-crowedFunding/{id}', () => {
  it('lets only the organiser delete; afterwards it is gone everywhere and its likes count nowhere', async () => {
    const [owner, stranger, fan] = await createMembers(t, 3);
    if (!owner || !stranger || !fan) throw new Error('members');
    const tag = word();
    const campaign = await createLiveCampaign(t, owner, admin, { title: `Deleted soon ${tag}` });
    expect((await like(fan, campaign._id)).statusCode).toBe(200);
    await t.database.db.insert(campaignWeeklyWinners).values({
      weekStart: new Date('2020-01-05T23:00:00Z'),
      weekEnd: new Date('2020-01-12T23:00:00Z'),
      campaignId: campaign._id,
      likes: 1,
    });
    const winners = async () =>
      (await call('GET', '/crowdfunding-weekly-winners?limit=52'))
        .json()
        .results.map((winner: { campaign: TCampaign }) => winner.campaign._id);
    expect(await winners()).toContain(campaign._id);

    expect((await remove(undefined, campaign._id)).statusCode).toBe(401);
    expect((await remove(stranger, campaign._id)).statusCode).toBe(403);
    expect((await remove(admin, campaign._id)).statusCode).toBe(403);
    expect((await rowOf(campaign._id)).deletedAt).toBeNull();

    const response = await remove(owner, campaign._id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Campaign deleted' });
    expect((await rowOf(campaign._id)).deletedAt).toBeInstanceOf(Date);

    expect((await list(`search=${tag}`)).results).toEqual([]);
    expect(ids((await list('sort=likes&limit=50')).results)).not.toContain(campaign._id);
    expect((await single(campaign._id, owner)).statusCode).toBe(404);
    expect(await winners()).not.toContain(campaign._id);
    expect(ids((await call('GET', '/my-crowdfundings', { as: owner })).json().results)).toEqual([]);
    expect((await like(stranger, campaign._id)).statusCode).toBe(404);
    expect((await remove(owner, campaign._id)).statusCode).toBe(404);
  });

  it('answers 400 for a malformed id', async () => {
    expect((await remove(await member(), 'abc')).statusCode).toBe(400);
  });
});

describe("a campaign's row of like counts", () => {
  async function countsRow(id: string) {
    const [row] = await t.database.db
      .select({ likesCount: campaignLikeCounts.likesCount, listed: campaignLikeCounts.listed })
      .from(campaignLikeCounts)
      .where(eq(campaignLikeCounts.campaignId, id));
    return row;
  }

  it('comes with the campaign and is in the most-liked order only while the campaign is live', async () => {
    const [owner, fan] = await createMembers(t, 2);
    if (!owner || !fan) throw new Error('members');
    const pending = await createCampaign(t, owner);
    expect(await countsRow(pending._id)).toEqual({ likesCount: 0, listed: false });

    const live = await createLiveCampaign(t, owner, admin);
    expect(await countsRow(live._id)).toEqual({ likesCount: 0, listed: true });
    expect((await like(fan, live._id)).statusCode).toBe(200);
    expect(await countsRow(live._id)).toEqual({ likesCount: 1, listed: true });
    await setStatus(t, admin, live._id, 'completed');
    expect(await countsRow(live._id)).toEqual({ likesCount: 1, listed: false });
    // A like that goes (as when its member's account is deleted) is counted out with it.
    await t.database.db.delete(campaignLikes).where(eq(campaignLikes.userId, fan.id));
    expect(await countsRow(live._id)).toEqual({ likesCount: 0, listed: false });

    // The most liked of all, then deleted: it leaves the order with its deletion.
    const top = await createLiveCampaign(t, owner, admin);
    await t.database.db
      .update(campaignLikeCounts)
      .set({ likesCount: 1_000_000 })
      .where(eq(campaignLikeCounts.campaignId, top._id));
    expect(ids((await list('sort=likes&limit=1')).results)).toEqual([top._id]);
    expect((await remove(owner, top._id)).statusCode).toBe(200);
    expect(await countsRow(top._id)).toEqual({ likesCount: 1_000_000, listed: false });
    expect(ids((await list('sort=likes&limit=1')).results)).not.toContain(top._id);
  });
});

describe('PUT /like-crowdfunding/{id}', () => {
  async function likeRows(id: string) {
    return t.database.db.select().from(campaignLikes).where(eq(campaignLikes.campaignId, id));
  }

  it('needs a signed-in user', async () => {
    const campaign = await createLiveCampaign(t, await member(), admin);
    expect((await like(undefined, campaign._id)).statusCode).toBe(401);
    expect(await likeRows(campaign._id)).toHaveLength(0);
  });

  it('counts a like once, however often it is given', async () => {
    const [owner, fan] = await createMembers(t, 2);
    if (!owner || !fan) throw new Error('members');
    const campaign = await createLiveCampaign(t, owner, admin);
    const first = await like(fan, campaign._id);
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe('Thank you for your Green-Heart!');
    expect(first.json().result).toMatchObject({
      likesCount: 1,
      likedByMe: true,
      likes: [{ user: { _id: fan.id } }],
    });
    const again = await like(fan, campaign._id);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe('You already liked this campaign');
    expect(again.json().result.likesCount).toBe(1);
    expect(await likeRows(campaign._id)).toHaveLength(1);
    expect(await likesCountOf(campaign._id)).toBe(1);
  });

  it('refuses your own campaign (403), hidden ones (404) and ones not live (409)', async () => {
    const [owner, fan] = await createMembers(t, 2);
    if (!owner || !fan) throw new Error('members');
    const live = await createLiveCampaign(t, owner, admin);
    const own = await like(owner, live._id);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe("You can't give a Green-Heart to your own campaign.");

    const pending = await createCampaign(t, owner);
    expect((await like(fan, pending._id)).statusCode).toBe(404);
    expect((await like(owner, pending._id)).statusCode).toBe(403);
    expect((await like(admin, pending._id)).statusCode).toBe(409);

    const completed = await createLiveCampaign(t, owner, admin);
    await setStatus(t, admin, completed._id, 'completed');
    expect((await like(fan, completed._id)).statusCode).toBe(409);

    expect((await like(fan, MISSING_ID)).statusCode).toBe(404);
    expect((await like(fan, 'xyz')).statusCode).toBe(400);
    for (const id of [live._id, pending._id, completed._id]) {
      expect(await likeRows(id)).toHaveLength(0);
      expect(await likesCountOf(id)).toBe(0);
    }
  });

  it('stays exact when 40 people like at the same moment, some twice', async () => {
    const owner = await member();
    const campaign = await createLiveCampaign(t, owner, admin);
    const fans = await createMembers(t, 40);
    const responses = await Promise.all([
      ...fans.map((fan) => like(fan, campaign._id)),
      ...fans.slice(0, 10).map((fan) => like(fan, campaign._id)),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual(
      Array(responses.length).fill(200),
    );
    const added = responses.filter(
      (response) => response.json().message === 'Thank you for your Green-Heart!',
    );
    expect(added).toHaveLength(40);
    // Each new like's answer holds the count its own like made: 1 to 40, once each.
    expect(
      added.map((response) => response.json().result.likesCount).sort((a, b) => a - b),
    ).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    const rows = await likeRows(campaign._id);
    expect(rows).toHaveLength(40);
    expect(new Set(rows.map((row) => row.userId))).toEqual(new Set(fans.map((fan) => fan.id)));
    expect(await likesCountOf(campaign._id)).toBe(40);
    expect((await single(campaign._id)).json().result.likesCount).toBe(40);
  });
});
