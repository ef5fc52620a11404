import { contactLimits } from '@ipatient/contracts/contact';
import { donationLimits } from '@ipatient/contracts/donations';
import { webinarLimits, webinars } from '@ipatient/contracts/webinars';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedInUser } from '../test/accounts.ts';
import { createMembers, insertCampaignRow, insertUsers } from '../test/campaigns.ts';
import { createTestApp, type TestApp } from '../test/helpers.ts';
import { clientKey } from './lib/client-key.ts';
import { recordEvent } from './plugins/rate-limits.ts';

// One subscriber line holds a whole IPv6 /64 and can send from any of its 2^64 addresses: every
// per-address abuse limit counts the /64 as one client (request.clientKey), or a new address per
// request would pass each of them.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Address `n` of the /64 `prefix` (four groups), each one different. */
const inNetwork = (prefix: string, n: number) => `${prefix}:${n.toString(16)}:0:0:${n + 1}`;

it('one /64 is one client key', () => {
  expect(clientKey(inNetwork('2001:db8:c:1', 1))).toBe(clientKey(inNetwork('2001:db8:c:1', 2)));
});

describe('abuse limits count an IPv6 /64 as one client', () => {
  it('contact form: 5 an hour from one /64', async () => {
    const send = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/contact-us',
        remoteAddress,
        payload: {
          email: 'ngozi.eze@example.ng',
          firstName: 'Ngozi',
          lastName: 'Eze',
          phone: '0803 123 4567',
          message: 'I would like to volunteer as a patient advocate in Enugu.',
        },
      });
    for (let n = 1; n <= contactLimits.perAddressPerHour; n++) {
      expect((await send(inNetwork('2001:db8:c:1', n))).statusCode).toBe(200);
    }
    const refused = await send(inNetwork('2001:db8:c:1', 99));
    expect(refused.statusCode, refused.body).toBe(429);
    expect((await send(inNetwork('2001:db8:c:2', 1))).statusCode).toBe(200);
  });

  it('webinar registrations: 10 an hour from one /64', async () => {
    const webinar = webinars[0];
    if (!webinar) throw new Error('no sample webinar');
    const register = (remoteAddress: string, n: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/webinars/${webinar.id}/registrations`,
        remoteAddress,
        payload: {
          firstName: 'Chidinma',
          lastName: 'Okeke',
          email: `chidinma.${n}@example.ng`,
          phone: '0803 123 4567',
        },
      });
    for (let n = 1; n <= webinarLimits.perAddressPerHour; n++) {
      const answer = await register(inNetwork('2001:db8:d:1', n), n);
      expect(answer.statusCode, answer.body).toBe(201);
    }
    const refused = await register(inNetwork('2001:db8:d:1', 99), 99);
    expect(refused.statusCode, refused.body).toBe(429);
    expect((await register(inNetwork('2001:db8:d:2', 1), 100)).statusCode).toBe(201);
  });

  it('donation checkouts: 10 per 10 minutes from one /64', async () => {
    const [organiser] = await insertUsers(t, 1);
    if (!organiser) throw new Error('no organiser');
    const campaign = await insertCampaignRow(t, organiser);
    const initialize = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/donations/initialize',
        remoteAddress,
        payload: {
          campaignId: campaign.id,
          amount: 5000,
          name: 'Chiamaka Eze',
          email: 'chiamaka@example.com',
        },
      });
    for (let n = 1; n <= donationLimits.initializationsPerAddress; n++) {
      const answer = await initialize(inNetwork('2001:db8:e:1', n));
      expect(answer.statusCode, answer.body).toBe(201);
    }
    const refused = await initialize(inNetwork('2001:db8:e:1', 99));
    expect(refused.statusCode, refused.body).toBe(429);
    expect((await initialize(inNetwork('2001:db8:e:2', 1))).statusCode).toBe(201);
  });

  it('bank account checks: 100 an hour from one /64', async () => {
    const [user] = (await createMembers(t, 1)) as [SignedInUser];
    // 99 checks already made from elsewhere in the /64 (more than one member may make).
    for (let n = 0; n < 99; n++) {
      await recordEvent(t.database.db, 'bank-lookup-address', clientKey('2001:db8:f:1::1'));
    }
    const verify = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/verify-bank-account',
        headers: user.headers,
        remoteAddress,
        payload: { accountNumber: '0123456789', bankCode: '058' },
      });
    expect((await verify(inNetwork('2001:db8:f:1', 1))).statusCode).toBe(200);
    const refused = await verify(inNetwork('2001:db8:f:1', 2));
    expect(refused.statusCode, refused.body).toBe(429);
    expect((await verify(inNetwork('2001:db8:f:2', 1))).statusCode).toBe(200);
  });
});
