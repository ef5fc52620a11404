import { donationLimits, donationTexts } from '@ipatient/contracts/donations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedInUser } from '../../../test/accounts.ts';
import { createMembers, insertCampaignRow } from '../../../test/campaigns.ts';
import { gift } from '../../../test/donations-suite.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
let campaignId: string;

beforeAll(async () => {
  t = await createTestApp();
  const [organiser] = (await createMembers(t, 1)) as [SignedInUser];
  campaignId = (await insertCampaignRow(t, organiser.id, { title: 'Dialysis for Baba Musa' })).id;
});
afterAll(() => t.close());

function start(remoteAddress: string, donor?: SignedInUser) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/donations/initialize',
    payload: gift(campaignId),
    headers: donor?.headers ?? {},
    remoteAddress,
  });
}

/** Starts the most donations one donor may; each must be taken. */
async function startAllowed(remoteAddress: string, donor?: SignedInUser) {
  for (let n = 0; n < donationLimits.initializationsPerAddress; n++) {
    const response = await start(remoteAddress, donor);
    expect(response.statusCode, response.body).toBe(201);
  }
}

describe('how many donations one donor may start', () => {
  it('counts a member against their account, wherever they give from', async () => {
    const [first, second] = (await createMembers(t, 2)) as [SignedInUser, SignedInUser];
    // One mobile network's shared address.
    await startAllowed('10.77.0.1', first);
    const refused = await start('10.77.0.2', first);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      new RegExp(`^${donationTexts.tooMany.split('{wait}')[0]}`),
    );
    // Another member behind the same address, and a visitor there, still give.
    expect((await start('10.77.0.1', second)).statusCode).toBe(201);
    expect((await start('10.77.0.1')).statusCode).toBe(201);
  });

  it('counts a visitor against their address', async () => {
    await startAllowed('10.78.0.1');
    expect((await start('10.78.0.1')).statusCode).toBe(429);
    expect((await start('10.78.0.2')).statusCode).toBe(201);
  });
});
