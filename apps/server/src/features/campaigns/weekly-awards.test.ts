import type { TWeeklyWinner } from '@ipatient/contracts';
import { campaignLikes, campaigns, campaignWeeklyWinners, eq } from '@ipatient/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SignedInUser } from '../../../test/accounts.ts';
import { createMembers, insertCampaignRow, insertUsers } from '../../../test/campaigns.ts';
import { fundRow, setFund } from '../../../test/donations-suite.ts';
import { apiCall, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { listEmails } from '../../plugins/mail/outbox.repository.ts';
import { insertDatedCampaignLikes } from '../../seed/demo.repository.ts';
import { recordFinishedWeeks } from './weekly-winners.service.ts';

let t: TestApp;
let owner: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  [owner] = (await createMembers(t, 1)) as [SignedInUser];
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(campaignWeeklyWinners);
  await t.database.db.delete(campaignLikes);
});

const DAY = 24 * 60 * 60 * 1000;
/** Monday 3 March 2025, 00:00 in Lagos; the week after; a day into the week after that. */
const W1 = new Date('2025-03-02T23:00:00.000Z');
const W2 = new Date('2025-03-09T23:00:00.000Z');
const NOW = new Date(W2.getTime() + 7 * DAY + DAY);

/** A live campaign liked `likes` times in the week of 3 March. */
async function winnerOfW1(likes = 3, extra: Parameters<typeof insertCampaignRow>[2] = {}) {
  const row = await insertCampaignRow(t, owner.id, extra);
  const likers = await insertUsers(t, likes);
  await insertDatedCampaignLikes(
    t.database.db,
    likers.map((userId) => ({
      campaignId: row.id,
      userId,
      createdAt: new Date(W1.getTime() + DAY),
    })),
  );
  return row.id;
}

async function ledger(id: string) {
  const [row] = await t.database.db
    .select({
      amountRaised: campaigns.amountRaised,
      donatedKobo: campaigns.donatedKobo,
      awardedKobo: campaigns.awardedKobo,
      availableKobo: campaigns.availableKobo,
    })
    .from(campaigns)
    .where(eq(campaigns.id, id));
  return row;
}

async function winners() {
  return t.database.db
    .select()
    .from(campaignWeeklyWinners)
    .orderBy(campaignWeeklyWinners.weekStart);
}

const awardMail = () => ({ mail: t.app.mail, publicUrl: t.config.publicUrl });

async function mailsTo(email: string) {
  return (await listEmails(t.database.db, { to: email, limit: 1000 })).filter((mail) =>
    mail.subject.startsWith('Your campaign won'),
  );
}

describe('the weekly award from the Green-Heart fund', () => {
  it('moves the award once, however many instances record the week at the same time', async () => {
    await setFund(t, 10_000_000, 3_000_000);
    const id = await winnerOfW1();
    const before = await mailsTo(owner.email);
    const counts = await Promise.all(
      Array.from({ length: 2 }, () => recordFinishedWeeks(t.database.db, NOW, awardMail())),
    );
    // W1 was won; W2 had no likes.
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(await fundRow(t)).toMatchObject({
      donatedKobo: 10_000_000,
      availableKobo: 7_000_000,
      awardedKobo: 3_000_000,
    });
    expect(await ledger(id)).toEqual({
      amountRaised: 30_000,
      donatedKobo: 0,
      awardedKobo: 3_000_000,
      availableKobo: 3_000_000,
    });
    const rows = await winners();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      campaignId: id,
      awardKobo: 3_000_000,
      awardOutcome: 'awarded',
    });
    const mails = (await mailsTo(owner.email)).slice(0, -before.length || undefined);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(
      "Your campaign won this week's Green-Heart funding: ₦30,000 added to its balance.",
    );
    expect(mails[0]?.text).toContain(`${t.config.publicUrl}/campaigns/${id}`);

    // Run again, later: nothing moves a second time.
    expect(
      await recordFinishedWeeks(t.database.db, new Date(NOW.getTime() + DAY), awardMail()),
    ).toBe(0);
    expect((await fundRow(t)).availableKobo).toBe(7_000_000);
    expect((await ledger(id))?.awardedKobo).toBe(3_000_000);
  });

  it('adds the award to what the campaign raised from donations', async () => {
    await setFund(t, 5_000_000, 1_000_000);
    const id = await winnerOfW1();
    await t.database.db
      .update(campaigns)
      .set({ donatedKobo: 250_000, availableKobo: 250_000, amountRaised: 2500, donationCount: 1 })
      .where(eq(campaigns.id, id));
    await recordFinishedWeeks(t.database.db, NOW);
    expect(await ledger(id)).toEqual({
      amountRaised: 12_500,
      donatedKobo: 250_000,
      awardedKobo: 1_000_000,
      availableKobo: 1_250_000,
    });
  });

  it('caps the award at what the fund holds', async () => {
    await setFund(t, 1_000_000, 3_000_000);
    const id = await winnerOfW1();
    await recordFinishedWeeks(t.database.db, NOW);
    expect(await fundRow(t)).toMatchObject({ availableKobo: 0, awardedKobo: 1_000_000 });
    expect(await ledger(id)).toMatchObject({ awardedKobo: 1_000_000, amountRaised: 10_000 });
    expect((await winners())[0]).toMatchObject({ awardKobo: 1_000_000, awardOutcome: 'awarded' });
  });

  it('records fund_empty with nothing moved when the fund holds nothing', async () => {
    await setFund(t, 0, 3_000_000);
    const other = (await createMembers(t, 1))[0] as SignedInUser;
    const row = await insertCampaignRow(t, other.id);
    const likers = await insertUsers(t, 2);
    await insertDatedCampaignLikes(
      t.database.db,
      likers.map((userId) => ({
        campaignId: row.id,
        userId,
        createdAt: new Date(W1.getTime() + DAY),
      })),
    );
    expect(await recordFinishedWeeks(t.database.db, NOW, awardMail())).toBe(1);
    expect((await winners())[0]).toMatchObject({ awardKobo: 0, awardOutcome: 'fund_empty' });
    expect(await fundRow(t)).toMatchObject({ availableKobo: 0, awardedKobo: 0 });
    expect(await ledger(row.id)).toMatchObject({
      awardedKobo: 0,
      availableKobo: 0,
      amountRaised: 0,
    });
    const [mail] = await mailsTo(other.email);
    expect(mail?.text).toContain(
      'The Green-Heart fund was empty this week, so no money was added.',
    );

    const listed: TWeeklyWinner[] = (
      await t.app.inject({ method: 'GET', url: '/api/v1/crowdfunding-weekly-winners' })
    ).json().results;
    expect(listed[0]).toMatchObject({ award: 0, awardOutcome: 'fund_empty' });
  });

  it('records no_award and leaves the fund alone when no award is set', async () => {
    await setFund(t, 5_000_000, 0);
    const id = await winnerOfW1();
    await recordFinishedWeeks(t.database.db, NOW);
    expect((await winners())[0]).toMatchObject({ awardKobo: 0, awardOutcome: 'no_award' });
    expect(await fundRow(t)).toMatchObject({ availableKobo: 5_000_000, awardedKobo: 0 });
    expect((await ledger(id))?.awardedKobo).toBe(0);
  });

  it('shows each week’s award on the winners list and the fund’s page', async () => {
    await setFund(t, 8_000_000, 2_000_000);
    const id = await winnerOfW1(2, { title: 'Kidney care for Ngozi' });
    await recordFinishedWeeks(t.database.db, NOW);
    const listed: TWeeklyWinner[] = (
      await t.app.inject({ method: 'GET', url: '/api/v1/crowdfunding-weekly-winners?limit=5' })
    ).json().results;
    expect(listed.map((win) => [win.campaign._id, win.award, win.awardOutcome])).toEqual([
      [id, 20_000, 'awarded'],
    ]);
    const fund = (await apiCall(t, 'GET', '/donations/fund')).json().result;
    expect(fund).toMatchObject({ available: 60_000, awarded: 20_000, weeklyAward: 20_000 });
    expect(fund.recentAwards).toEqual([
      {
        weekStart: W1.toISOString(),
        campaign: { id, title: 'Kidney care for Ngozi' },
        amount: 20_000,
        outcome: 'awarded',
      },
    ]);
    // The campaign page shows the award in what it raised.
    const page = await apiCall(t, 'GET', `/single-crowedfunding/${id}`);
    expect(page.json().result.amountRaised).toBe(20_000);
  });
});
