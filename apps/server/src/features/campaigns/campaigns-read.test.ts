import { type TCampaign, type TOwnCampaign, ZOwnCampaign } from '@ipatient/contracts';
import { campaigns, eq, sql } from '@ipatient/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedInUser } from '../../../test/accounts.ts';
import {
  approve,
  createCampaign,
  createLiveCampaign,
  createMembers,
  insertCampaignRow,
  setStatus,
} from '../../../test/campaigns.ts';
import {
  admin,
  call,
  expectListRefused,
  ids,
  like,
  list,
  MISSING_ID,
  member,
  remove,
  single,
  startCampaignsApp,
  t,
  word,
} from '../../../test/campaigns-suite.ts';

beforeAll(startCampaignsApp);
afterAll(() => t.close());

describe('GET /get-crowedFundings', () => {
  it('lists only live campaigns that are not deleted', async () => {
    const owner = await member();
    const tag = word();
    const title = (status: string) => ({ title: `Campaign ${tag} ${status}` });
    const pending = await createCampaign(t, owner, title('pending'));
    const rejected = await createCampaign(t, owner, title('rejected'));
    await setStatus(t, admin, rejected._id, 'rejected', 'The documents are not readable.');
    const live = await createLiveCampaign(t, owner, admin, title('live'));
    const completed = await createLiveCampaign(t, owner, admin, title('completed'));
    expect((await setStatus(t, admin, completed._id, 'completed')).statusCode).toBe(200);
    const deleted = await createLiveCampaign(t, owner, admin, title('deleted'));
    expect((await remove(owner, deleted._id)).statusCode).toBe(200);

    const found = await list(`search=${tag}`);
    expect(ids(found.results)).toEqual([live._id]);
    expect(found.meta.total).toBe(1);
    // The organiser and admins see the same public list.
    expect(ids((await list(`search=${tag}`, owner)).results)).toEqual([live._id]);
    expect(ids((await list(`search=${tag}`, admin)).results)).toEqual([live._id]);

    const everything = await list('limit=50');
    expect(everything.results.every((campaign) => campaign.status === 'active')).toBe(true);
    expect(ids(everything.results)).not.toContain(pending._id);
    expect(ids(everything.results)).not.toContain(deleted._id);
  });

  it('pages with meta, a default limit of 12 and a maximum of 50', async () => {
    const owner = await member();
    const tag = word();
    const base = Date.now();
    const rows = [];
    for (let i = 0; i < 13; i++) {
      rows.push(
        await insertCampaignRow(t, owner.id, {
          title: `Physiotherapy ${tag} ${i}`,
          approvedAt: new Date(base - i * 60_000),
        }),
      );
    }
    const first = await list(`search=${tag}`);
    expect(first.meta).toEqual({ page: 1, limit: 12, total: 13 });
    expect(ids(first.results)).toEqual(rows.slice(0, 12).map((row) => row.id));
    const second = await list(`search=${tag}&page=2`);
    expect(second.meta).toEqual({ page: 2, limit: 12, total: 13 });
    expect(ids(second.results)).toEqual([rows[12]?.id]);
    const third = await list(`search=${tag}&limit=5&page=3`);
    expect(ids(third.results)).toEqual(rows.slice(10, 13).map((row) => row.id));
    expect((await list(`search=${tag}&limit=50`)).results).toHaveLength(13);
    expect((await list(`search=${tag}&page=9`)).results).toEqual([]);

    await expectListRefused([
      ['limit=51', 'limit'],
      ['limit=0', 'limit'],
      ['limit=2.5', 'limit'],
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['sort=oldest', 'sort'],
      [`search=${'a'.repeat(101)}`, 'search'],
    ]);
  });

  it('sort=likes puts the most liked first, ties to the earlier campaign', async () => {
    const [owner, fan1, fan2] = await createMembers(t, 3);
    if (!owner || !fan1 || !fan2) throw new Error('members');
    const tag = word();
    const a = await createLiveCampaign(t, owner, admin, { title: `Leader ${tag} a` });
    const b = await createLiveCampaign(t, owner, admin, { title: `Leader ${tag} b` });
    const c = await createLiveCampaign(t, owner, admin, { title: `Leader ${tag} c` });
    // Make the tie independent of id order: the campaign with the larger id is the earlier one.
    const [smaller, larger] = [a._id, b._id].sort();
    await t.database.db
      .update(campaigns)
      .set({ createdAt: sql`now() - interval '1 day'` })
      .where(eq(campaigns.id, larger as string));
    for (const id of [a._id, b._id, c._id]) expect((await like(fan1, id)).statusCode).toBe(200);
    expect((await like(fan2, c._id)).statusCode).toBe(200);

    const board = await list(`search=${tag}&sort=likes&limit=5`);
    expect(ids(board.results)).toEqual([c._id, larger, smaller]);
    expect(board.results.map((campaign) => campaign.likesCount)).toEqual([2, 1, 1]);
    // Newest approval first is a different order.
    expect(ids((await list(`search=${tag}&sort=recent`)).results)).toEqual([c._id, b._id, a._id]);
  });

  it('sort=recent (the default) puts the most recently approved first', async () => {
    const owner = await member();
    const tag = word();
    const a = await createCampaign(t, owner, { title: `Featured ${tag} a` });
    const b = await createCampaign(t, owner, { title: `Featured ${tag} b` });
    const c = await createCampaign(t, owner, { title: `Featured ${tag} c` });
    await approve(t, admin, b._id);
    await approve(t, admin, c._id);
    await approve(t, admin, a._id);
    expect(ids((await list(`search=${tag}&sort=recent&limit=3`)).results)).toEqual([
      a._id,
      c._id,
      b._id,
    ]);
    expect(ids((await list(`search=${tag}`)).results)).toEqual([a._id, c._id, b._id]);
  });

  it('searches title, who it is for, the story and the state, by whole words and prefixes', async () => {
    const owner = await member();
    const [titleWord, forWord, storyWord] = [word(), word(), word()];
    const campaign = await createLiveCampaign(t, owner, admin, {
      title: `Kidney transplant ${titleWord}`,
      fundraisingFor: `Mama ${forWord}`,
      description: `Our mother has been on dialysis for a year. The ${storyWord} clinic referred her abroad.`,
      state: 'Kebbi',
      lga: 'Argungu',
    });
    const other = await createLiveCampaign(t, owner, admin, { title: `Unrelated ${word()}` });
    for (const search of [
      titleWord,
      titleWord.toUpperCase(),
      titleWord.slice(0, 6),
      forWord,
      storyWord,
      `kebbi ${titleWord}`,
      `  ${storyWord}!  `,
    ]) {
      const found = await list(`search=${encodeURIComponent(search)}`);
      expect(ids(found.results), search).toEqual([campaign._id]);
      expect(found.meta.total, search).toBe(1);
    }
    const byState = await list('search=Kebbi&limit=50');
    expect(ids(byState.results)).toContain(campaign._id);
    expect(ids(byState.results)).not.toContain(other._id);
    expect(byState.results.every((result) => result.state === 'Kebbi')).toBe(true);

    const none = await list(`search=${word()}`);
    expect(none.results).toEqual([]);
    expect(none.meta.total).toBe(0);
    // Only punctuation is no search at all, not an error.
    expect(
      (await call('GET', `/get-crowedFundings?search=${encodeURIComponent("&|!:*'")}`)).statusCode,
    ).toBe(200);
  });

  it('masks the account number for everyone but the organiser and admins; likes are per viewer', async () => {
    const [owner, fan, stranger] = await createMembers(t, 3);
    if (!owner || !fan || !stranger) throw new Error('members');
    const tag = word();
    const campaign = await createLiveCampaign(t, owner, admin, {
      title: `Masked ${tag}`,
      accountNumber: '0123456789',
    });
    expect((await like(fan, campaign._id)).statusCode).toBe(200);

    const seenBy = async (viewer?: SignedInUser) => {
      const [result] = (await list(`search=${tag}`, viewer)).results;
      return result as TCampaign;
    };
    const visitor = await seenBy();
    expect(visitor).toMatchObject({
      accountNumber: '******6789',
      likesCount: 1,
      likedByMe: false,
      likes: [],
      isOwner: false,
    });
    expect(JSON.stringify(visitor)).not.toContain('0123456789');
    expect(await seenBy(fan)).toMatchObject({
      accountNumber: '******6789',
      likesCount: 1,
      likedByMe: true,
      likes: [{ user: { _id: fan.id } }],
    });
    expect(await seenBy(stranger)).toMatchObject({
      accountNumber: '******6789',
      likedByMe: false,
      likes: [],
    });
    expect(await seenBy(owner)).toMatchObject({
      accountNumber: '0123456789',
      isOwner: true,
      likedByMe: false,
    });
    expect((await seenBy(admin)).accountNumber).toBe('0123456789');
    // The same on the campaign's own page.
    expect((await single(campaign._id)).json().result.accountNumber).toBe('******6789');
    expect((await single(campaign._id, fan)).json().result.likedByMe).toBe(true);
    expect((await single(campaign._id, owner)).json().result.accountNumber).toBe('0123456789');
  });
});

describe('GET /single-crowedfunding/{id}', () => {
  it('shows live campaigns to everyone, others only to the organiser and admins', async () => {
    const [owner, stranger] = await createMembers(t, 2);
    if (!owner || !stranger) throw new Error('members');
    const live = await createLiveCampaign(t, owner, admin);
    const visitorView = await single(live._id);
    expect(visitorView.statusCode).toBe(200);
    expect(visitorView.json().result).toMatchObject({ _id: live._id, status: 'active' });

    const pending = await createCampaign(t, owner);
    const rejected = await createCampaign(t, owner);
    await setStatus(t, admin, rejected._id, 'rejected', 'The bill is from another patient.');
    for (const hidden of [pending, rejected]) {
      expect((await single(hidden._id)).statusCode).toBe(404);
      expect((await single(hidden._id, stranger)).statusCode).toBe(404);
      expect((await single(hidden._id, owner)).statusCode).toBe(200);
      expect((await single(hidden._id, admin)).statusCode).toBe(200);
    }
    const ownView = (await single(rejected._id, owner)).json().result;
    expect(ownView).toMatchObject({
      status: 'rejected',
      rejectionReason: 'The bill is from another patient.',
    });

    // A completed campaign stays readable (weekly winners link to it), read-only.
    const completed = await createLiveCampaign(t, owner, admin);
    await setStatus(t, admin, completed._id, 'completed');
    expect((await single(completed._id)).json().result.status).toBe('completed');
  });

  it('answers 404 for a deleted campaign, to everyone', async () => {
    const owner = await member();
    const campaign = await createLiveCampaign(t, owner, admin);
    await remove(owner, campaign._id);
    for (const viewer of [undefined, owner, admin]) {
      expect((await single(campaign._id, viewer)).statusCode).toBe(404);
    }
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    const response = await single('not-a-uuid');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty('id');
    expect((await single(MISSING_ID)).statusCode).toBe(404);
  });
});

describe('GET /active-crowdfunding/{userId}', () => {
  it('gives your newest open campaign, or null with "No Campaign Yet"', async () => {
    const owner = await member();
    const none = await call('GET', `/active-crowdfunding/${owner.id}`, { as: owner });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ message: 'No Campaign Yet', result: null });

    const live = await createLiveCampaign(t, owner, admin);
    const rejected = await createCampaign(t, owner);
    await setStatus(t, admin, rejected._id, 'rejected', 'Please add the hospital estimate.');
    // The rejected one is newer, but the live one is still open.
    const current = await call('GET', `/active-crowdfunding/${owner.id}`, { as: owner });
    expect(current.json().result._id).toBe(live._id);

    const pending = await createCampaign(t, owner);
    const newest = await call('GET', `/active-crowdfunding/${owner.id}`, { as: owner });
    expect(newest.json()).toMatchObject({ message: 'Campaign fetched' });
    expect(newest.json().result).toMatchObject({ _id: pending._id, status: 'awaiting_review' });

    await remove(owner, pending._id);
    await remove(owner, live._id);
    const onlyRejected = await call('GET', `/active-crowdfunding/${owner.id}`, { as: owner });
    expect(onlyRejected.json().result._id).toBe(rejected._id);
    await remove(owner, rejected._id);
    expect(
      (await call('GET', `/active-crowdfunding/${owner.id}`, { as: owner })).json().result,
    ).toBeNull();
  });

  it("refuses another user's (403), lets an admin look, needs a user", async () => {
    const [owner, stranger] = await createMembers(t, 2);
    if (!owner || !stranger) throw new Error('members');
    const campaign = await createCampaign(t, owner);
    expect(
      (await call('GET', `/active-crowdfunding/${owner.id}`, { as: stranger })).statusCode,
    ).toBe(403);
    const asAdmin = await call('GET', `/active-crowdfunding/${owner.id}`, { as: admin });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().result).toMatchObject({ _id: campaign._id, accountNumber: '0123456789' });
    expect((await call('GET', `/active-crowdfunding/${owner.id}`)).statusCode).toBe(401);
    expect((await call('GET', '/active-crowdfunding/nope', { as: owner })).statusCode).toBe(400);
  });
});

describe('GET /my-crowdfundings', () => {
  it('lists every own campaign in any status, newest first, without deleted ones', async () => {
    const [owner, other] = await createMembers(t, 2);
    if (!owner || !other) throw new Error('members');
    const live = await createLiveCampaign(t, owner, admin);
    const rejected = await createCampaign(t, owner);
    await setStatus(t, admin, rejected._id, 'rejected', 'Please add the hospital estimate.');
    const deleted = await createCampaign(t, owner);
    await remove(owner, deleted._id);
    const pending = await createCampaign(t, owner);
    await createCampaign(t, other);

    const response = await call('GET', '/my-crowdfundings', { as: owner });
    expect(response.statusCode).toBe(200);
    const results: TOwnCampaign[] = response.json().results;
    expect(ids(results)).toEqual([pending._id, rejected._id, live._id]);
    expect(results.map((campaign) => campaign.status)).toEqual([
      'awaiting_review',
      'rejected',
      'active',
    ]);
    expect(results[1]?.rejectionReason).toBe('Please add the hospital estimate.');
    // A summary for the account's Campaign tab: exactly its fields, no story or bank details.
    const whole = (await call('GET', `/single-crowedfunding/${live._id}`, { as: owner })).json()
      .result as TCampaign;
    for (const campaign of results) {
      expect(Object.keys(campaign).sort()).toEqual(Object.keys(ZOwnCampaign.shape).sort());
      expect(campaign.user).toEqual(whole.user);
      expect(campaign.user._id).toBe(owner.id);
      expect(campaign.changeAwaitingReview).toBe(false);
    }
    expect(JSON.stringify(results)).not.toContain('0123456789');
    const { _id, title, likesCount, amountNeeded, endsAt, ended, imageSizes } = whole;
    expect(results[2]).toMatchObject({
      _id,
      title,
      likesCount,
      amountNeeded,
      endsAt,
      ended,
      imageSizes,
    });
    expect(whole.accountNumber).toBe('0123456789');
    expect((await call('GET', '/my-crowdfundings')).statusCode).toBe(401);
  });

  it('gives each organiser asking at the same time their own campaigns, and none to others', async () => {
    const organisers = await createMembers(t, 3);
    const [ada, bola, chidi] = organisers;
    if (!ada || !bola || !chidi) throw new Error('members');
    const adaFirst = await createCampaign(t, ada);
    const bolaOnly = await createCampaign(t, bola);
    const adaSecond = await createCampaign(t, ada);
    const [forAda, forBola, forChidi, forAdaAgain] = await Promise.all(
      [ada, bola, chidi, ada].map((as) => call('GET', '/my-crowdfundings', { as })),
    );
    expect(ids(forAda?.json().results)).toEqual([adaSecond._id, adaFirst._id]);
    expect(ids(forAdaAgain?.json().results)).toEqual([adaSecond._id, adaFirst._id]);
    expect(ids(forBola?.json().results)).toEqual([bolaOnly._id]);
    expect(forChidi?.json().results).toEqual([]);
  });
});
