import type { TCampaign } from '@ipatient/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCampaignRow } from '../../../test/campaigns.ts';
import {
  admin,
  call,
  decodedBody,
  list,
  member,
  startCampaignsApp,
  t,
  word,
} from '../../../test/campaigns-suite.ts';

beforeAll(startCampaignsApp);
afterAll(() => t.close());

/** The campaign of this id on a list answer. */
function found(results: TCampaign[], id: string): TCampaign {
  const campaign = results.find((c) => c._id === id);
  if (!campaign) throw new Error(`campaign ${id} not on the page`);
  return campaign;
}

async function detail(id: string, as?: Awaited<ReturnType<typeof member>>) {
  const response = await call('GET', `/single-crowedfunding/${id}`, { as });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result as TCampaign;
}

describe('members share the visitors’ reading of campaigns, with what is theirs added', () => {
  it('each member sees their own Green-Hearts on the same page and campaign, and only theirs', async () => {
    const owner = await member();
    const tag = word();
    const campaign = await insertCampaignRow(t, owner.id, { title: `Surgery ${tag}` });
    const liker = await member();
    const other = await member();

    // Everyone reads the page first, so the shared reading exists before the like.
    for (const viewer of [undefined, liker, other]) await list(`search=${tag}`, viewer);
    const liked = await call('PUT', `/like-crowdfunding/${campaign.id}`, { as: liker });
    expect(liked.statusCode, liked.body).toBe(200);

    const forLiker = found((await list(`search=${tag}`, liker)).results, campaign.id);
    expect(forLiker).toMatchObject({ likedByMe: true, likesCount: 1, isOwner: false });
    expect(forLiker.likes).toEqual([{ user: { _id: liker.id } }]);
    const forOther = found((await list(`search=${tag}`, other)).results, campaign.id);
    expect(forOther).toMatchObject({ likedByMe: false, likesCount: 1, likes: [] });
    const forVisitor = found((await list(`search=${tag}`)).results, campaign.id);
    expect(forVisitor).toMatchObject({ likedByMe: false, likes: [] });

    expect(await detail(campaign.id, liker)).toMatchObject({ likedByMe: true, likesCount: 1 });
    expect(await detail(campaign.id, other)).toMatchObject({ likedByMe: false, likesCount: 1 });
    // The liker's answers never reach the next reader.
    expect(await detail(campaign.id)).toMatchObject({ likedByMe: false, likes: [] });
  });

  it('a member with nothing of theirs on it is sent the visitors’ answer as it was made', async () => {
    const owner = await member();
    const tag = word();
    const campaign = await insertCampaignRow(t, owner.id, { title: `Surgery ${tag}` });
    const readers = [await member(), await member()];
    const liker = await member();
    const path = `/get-crowedFundings?search=${tag}`;
    const visitor = await call('GET', path);
    expect(visitor.statusCode, visitor.body).toBe(200);
    for (const reader of readers) {
      const plain = await call('GET', path, { as: reader });
      expect(plain.body).toBe(visitor.body);
      expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
      // Compressed once for every such member: brotli to a client that takes it.
      const compressed = await call('GET', path, {
        as: reader,
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(compressed.headers['content-encoding']).toBe('br');
      expect(compressed.headers.vary).toContain('accept-encoding');
      expect(decodedBody(compressed)).toBe(visitor.body);
      // Whatever else the client says it takes, the same answer in a coding it accepts.
      for (const [accepts, coding] of [
        ['br;q=0, gzip', 'gzip'],
        ['gzip, br;q=0.000', 'gzip'],
        ['identity', undefined],
        ['*', 'br'],
      ] as const) {
        const other = await call('GET', path, {
          as: reader,
          headers: { 'accept-encoding': accepts },
        });
        expect(other.headers['content-encoding'], accepts).toBe(coding);
        expect(decodedBody(other), accepts).toBe(visitor.body);
      }
      const head = await t.app.inject({
        method: 'HEAD',
        url: `/api/v1${path}`,
        headers: reader.headers,
      });
      expect(head.statusCode).toBe(200);
      expect(head.body).toBe('');
    }
    const one = `/single-crowedfunding/${campaign.id}`;
    const visitorsDetail = (await call('GET', one)).body;
    expect((await call('GET', one, { as: readers[0] })).body).toBe(visitorsDetail);

    // A member whose Green-Heart is on it gets an answer of their own, and nobody else gets it.
    expect((await call('PUT', `/like-crowdfunding/${campaign.id}`, { as: liker })).statusCode).toBe(
      200,
    );
    expect(found((await list(`search=${tag}`, liker)).results, campaign.id).likedByMe).toBe(true);
    expect(await detail(campaign.id, liker)).toMatchObject({ likedByMe: true });
    for (const reader of readers) {
      expect(found((await list(`search=${tag}`, reader)).results, campaign.id)).toMatchObject({
        likedByMe: false,
        likesCount: 1,
      });
      expect(await detail(campaign.id, reader)).toMatchObject({ likedByMe: false, likesCount: 1 });
    }
  });

  it('the owner and an admin still see what only they may see', async () => {
    const owner = await member();
    const tag = word();
    const campaign = await insertCampaignRow(t, owner.id, {
      title: `Surgery ${tag}`,
      accountNumber: '0123456789',
    });
    const visitorView = found((await list(`search=${tag}`)).results, campaign.id);
    expect(visitorView).toMatchObject({ isOwner: false, accountNumber: '******6789' });
    expect(await detail(campaign.id)).toMatchObject({ accountNumber: '******6789' });

    const ownerView = found((await list(`search=${tag}`, owner)).results, campaign.id);
    expect(ownerView).toMatchObject({ isOwner: true, accountNumber: '0123456789' });
    expect(await detail(campaign.id, owner)).toMatchObject({
      isOwner: true,
      accountNumber: '0123456789',
    });
    const adminView = found((await list(`search=${tag}`, admin)).results, campaign.id);
    expect(adminView.accountNumber).toBe('0123456789');
    // And none of it reaches a visitor afterwards.
    expect(found((await list(`search=${tag}`)).results, campaign.id).accountNumber).toBe(
      '******6789',
    );
    expect((await detail(campaign.id)).accountNumber).toBe('******6789');
  });

  it('a campaign visitors may not see is still read for its owner', async () => {
    const owner = await member();
    const waiting = await insertCampaignRow(t, owner.id, {
      status: 'awaiting_review',
      approvedAt: null,
    });
    const stranger = await member();
    expect((await call('GET', `/single-crowedfunding/${waiting.id}`)).statusCode).toBe(404);
    expect(
      (await call('GET', `/single-crowedfunding/${waiting.id}`, { as: stranger })).statusCode,
    ).toBe(404);
    expect(await detail(waiting.id, owner)).toMatchObject({
      status: 'awaiting_review',
      isOwner: true,
    });
  });
});
