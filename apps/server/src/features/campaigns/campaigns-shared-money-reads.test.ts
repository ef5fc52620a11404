import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCampaignRow } from '../../../test/campaigns.ts';
import {
  admin,
  call,
  decodedBody,
  member,
  startCampaignsApp,
  t,
} from '../../../test/campaigns-suite.ts';

beforeAll(startCampaignsApp);
afterAll(() => t.close());

/** What a campaign page reads beside the campaign: alike for everyone who may see it. */
const readsOf = (id: string) => [
  `/crowdfunding/${id}/donations?page=1&limit=10`,
  `/crowdfunding/${id}/ledger`,
  `/crowdfunding/${id}/updates`,
];

describe("a campaign's donations, ledger and timeline", () => {
  it('are one reading for visitors, members, the organiser and admins', async () => {
    const owner = await member();
    const campaign = await insertCampaignRow(t, owner.id);
    const reader = await member();
    for (const path of readsOf(campaign.id)) {
      const visitor = await call('GET', path);
      expect(visitor.statusCode, `${path} ${visitor.body}`).toBe(200);
      for (const as of [reader, owner, admin]) {
        const answer = await call('GET', path, { as });
        expect(answer.body, path).toBe(visitor.body);
      }
      const compressed = await call('GET', path, {
        as: reader,
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(decodedBody(compressed), path).toBe(visitor.body);
    }
  });

  it('of a campaign in review are read for its organiser and admins alone, never shared', async () => {
    const owner = await member();
    const campaign = await insertCampaignRow(t, owner.id, {
      status: 'awaiting_review',
      approvedAt: null,
    });
    for (const path of readsOf(campaign.id)) {
      expect((await call('GET', path)).statusCode, path).toBe(404);
      expect((await call('GET', path, { as: await member() })).statusCode, path).toBe(404);
      const mine = await call('GET', path, { as: owner });
      expect(mine.statusCode, `${path} ${mine.body}`).toBe(200);
      expect((await call('GET', path, { as: admin })).statusCode, path).toBe(200);
      // The organiser's reading was not kept for anyone else.
      expect((await call('GET', path)).statusCode, path).toBe(404);
    }
  });
});
