import type { TCampaign } from '@ipatient/contracts';
import { campaignEndsAt } from '@ipatient/contracts/campaign-rules';
import { campaigns, eq, users } from '@ipatient/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMembers, insertCampaignRow, insertGift } from '../../../test/campaigns.ts';
import {
  call,
  daysAgo,
  expectListRefused,
  ids,
  list,
  member,
  single,
  startCampaignsApp,
  t,
  word,
} from '../../../test/campaigns-suite.ts';

beforeAll(startCampaignsApp);
afterAll(() => t.close());

/** A live campaign whose title holds `tag`, written directly. */
async function campaignWith(ownerId: string, tag: string, overrides = {}) {
  return insertCampaignRow(t, ownerId, { title: `Surgery ${tag} ${word(6)}`, ...overrides });
}

/** A gift to a campaign, `minutesAgo` minutes ago, counted unless `status` says otherwise. */
async function gift(
  campaignId: string,
  donorName: string,
  { minutesAgo, ...values }: { minutesAgo: number } & Parameters<typeof insertGift>[2],
) {
  const paidAt = new Date(Date.now() - minutesAgo * 60_000);
  const status = values.status ?? 'succeeded';
  await insertGift(t, campaignId, {
    donorName,
    paidAt: status === 'succeeded' ? paidAt : null,
    ...values,
  });
}

describe('GET /get-crowedFundings: filters and orders', () => {
  it('filters by category and by state, alone and together', async () => {
    const owner = await member();
    const tag = word();
    const lagosBill = await campaignWith(owner.id, tag, { state: 'Lagos', lga: 'Ikeja' });
    const lagosDrug = await campaignWith(owner.id, tag, {
      state: 'Lagos',
      lga: 'Ikeja',
      category: 'Medication/Drug Expenses',
    });
    const kanoBill = await campaignWith(owner.id, tag);
    const category = encodeURIComponent('Hospital Bill Support');

    const byCategory = await list(`search=${tag}&category=${category}`);
    expect(ids(byCategory.results).sort()).toEqual([lagosBill.id, kanoBill.id].sort());
    expect(byCategory.meta.total).toBe(2);
    // A state by its name in any case, or its alias.
    for (const state of ['Lagos', 'lagos']) {
      const byState = await list(`search=${tag}&state=${state}`);
      expect(ids(byState.results).sort(), state).toEqual([lagosBill.id, lagosDrug.id].sort());
    }
    const both = await list(`search=${tag}&state=Lagos&category=${category}`);
    expect(ids(both.results)).toEqual([lagosBill.id]);
    // Without a search the total is counted for the filter, not taken from the cached count.
    const drugs = await list(`category=${encodeURIComponent('Medication/Drug Expenses')}&limit=50`);
    expect(drugs.results.every((c) => c.category === 'Medication/Drug Expenses')).toBe(true);
    expect(drugs.meta.total).toBe(drugs.results.length);
    // Empty fields are no filter (a GET form sends them).
    expect((await list(`search=${tag}&state=&category=&sort=`)).meta.total).toBe(3);
  });

  it('answers 400 naming the field for an unknown sort, category or state', async () => {
    await expectListRefused([
      ['sort=oldest', 'sort'],
      ['sort=LIKES', 'sort'],
      ['category=Dental', 'category'],
      ['state=Atlantis', 'state'],
      [`state=${'x'.repeat(81)}`, 'state'],
    ]);
  });

  it('sorts newest, most Green-Hearts, nearly funded and ending soon', async () => {
    const owner = await member();
    const tag = word();
    // a: oldest approval, most likes, 90% funded, ends last (1 year).
    const a = await campaignWith(owner.id, tag, {
      approvedAt: daysAgo(3),
      likesCount: 9,
      amountNeeded: 1000,
      amountRaised: 900,
      duration: '1 year',
    });
    // b: newest, few likes, 10% funded, ends soonest (1 month, approved yesterday).
    const b = await campaignWith(owner.id, tag, {
      approvedAt: daysAgo(1),
      likesCount: 1,
      amountNeeded: 1000,
      amountRaised: 100,
      duration: '1 month',
    });
    // c: in the middle, fully funded (not "nearly funded").
    const c = await campaignWith(owner.id, tag, {
      approvedAt: daysAgo(2),
      likesCount: 5,
      amountNeeded: 1000,
      amountRaised: 1200,
      duration: '3 months',
    });
    const order = async (sort: string) => ids((await list(`search=${tag}&sort=${sort}`)).results);
    expect(await order('recent')).toEqual([b.id, c.id, a.id]);
    expect(await order('likes')).toEqual([a.id, c.id, b.id]);
    expect(await order('nearly-funded')).toEqual([a.id, b.id]);
    expect((await list(`search=${tag}&sort=nearly-funded`)).meta.total).toBe(2);
    expect(await order('ending-soon')).toEqual([b.id, c.id, a.id]);
  });

  it('lists, counts and ranks no ended campaign, and shows when each ends', async () => {
    const owner = await member();
    const tag = word();
    const running = await campaignWith(owner.id, tag, { approvedAt: daysAgo(10) });
    // Approved 40 days ago for a month: ended about ten days ago.
    const ended = await campaignWith(owner.id, tag, {
      approvedAt: daysAgo(40),
      duration: '1 month',
      likesCount: 50,
    });
    for (const sort of ['recent', 'likes', 'nearly-funded', 'ending-soon']) {
      const found = await list(`search=${tag}&sort=${sort}`);
      expect(ids(found.results), sort).toEqual([running.id]);
    }
    const everything = await list('limit=50&sort=likes');
    expect(ids(everything.results)).not.toContain(ended.id);
    expect(everything.results.every((campaign) => !campaign.ended)).toBe(true);

    // Its page stays readable, and says it ended.
    const page = (await single(ended.id)).json().result as TCampaign;
    expect(page.ended).toBe(true);
    expect(page.endsAt).toBe(campaignEndsAt(ended.approvedAt, '1 month', 0)?.toISOString());
    const live = (await single(running.id)).json().result as TCampaign;
    expect(live.ended).toBe(false);
    expect(new Date(live.endsAt ?? 0).getTime()).toBeGreaterThan(Date.now());

    // Days added by an admin move the end: the campaign is listed again (read as a member:
    // visitors' answers come from a short-lived cache that only the API's own writes empty).
    await t.database.db
      .update(campaigns)
      .set({ extensionDays: 30 })
      .where(eq(campaigns.id, ended.id));
    const extended = (await single(ended.id, owner)).json().result as TCampaign;
    expect(extended.endsAt).toBe(campaignEndsAt(ended.approvedAt, '1 month', 30)?.toISOString());
    expect(extended.ended).toBe(false);
    expect(ids((await list(`search=${tag}`, owner)).results).sort()).toEqual(
      [running.id, ended.id].sort(),
    );
  });

  it('a never-approved campaign has no end', async () => {
    const owner = await member();
    const pending = await insertCampaignRow(t, owner.id, {
      status: 'awaiting_review',
      approvedAt: null,
    });
    const seen = (await single(pending.id, owner)).json().result as TCampaign;
    expect(seen).toMatchObject({ endsAt: null, ended: false, extensionDays: 0 });
  });
});

describe('supporters', () => {
  it('shows up to 6 recent named donors, one each, newest first, with member photos, no emails', async () => {
    const [owner, donor] = await createMembers(t, 2);
    if (!owner || !donor) throw new Error('members');
    await t.database.db
      .update(users)
      .set({ image: 'profiles/donor-photo.webp' })
      .where(eq(users.id, donor.id));
    const tag = word();
    const campaign = await campaignWith(owner.id, tag);
    await gift(campaign.id, 'Hidden Giver', { minutesAgo: 1, anonymous: true });
    await gift(campaign.id, 'Pending Giver', { minutesAgo: 2, status: 'pending' });
    await gift(campaign.id, 'Ada Member', { minutesAgo: 3, userId: donor.id });
    await gift(campaign.id, 'Ada Again', { minutesAgo: 30, userId: donor.id });
    for (let i = 1; i <= 7; i++) await gift(campaign.id, `Giver ${i}`, { minutesAgo: 3 + i });

    const expected = [
      { name: 'Ada Member', image: 'profiles/donor-photo.webp' },
      ...[1, 2, 3, 4, 5].map((i) => ({ name: `Giver ${i}`, image: null })),
    ];
    const [listed] = (await list(`search=${tag}`)).results;
    expect(listed?.supporters).toEqual(expected);
    const page = (await single(campaign.id)).json().result as TCampaign;
    expect(page.supporters).toEqual(expected);
    expect(JSON.stringify(page.supporters)).not.toContain('@');
    // So does the organiser's current campaign as they read it.
    const mine = await call('GET', `/active-crowdfunding/${owner.id}`, { as: owner });
    expect((mine.json().result as TCampaign).supporters).toEqual(expected);
  });

  it('is empty without named gifts', async () => {
    const owner = await member();
    const tag = word();
    const campaign = await campaignWith(owner.id, tag);
    await gift(campaign.id, 'Hidden Giver', { minutesAgo: 1, anonymous: true });
    expect((await list(`search=${tag}`)).results[0]?.supporters).toEqual([]);
  });
});
