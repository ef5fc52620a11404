import type { TCampaign } from '@ipatient/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cover,
  createCampaign,
  createLiveCampaign,
  createMembers,
  jpegImage,
  pngImage,
  setStatus,
  uploadedFiles,
} from '../../../test/campaigns.ts';
import {
  admin,
  call,
  ids,
  list,
  MISSING_ID,
  member,
  rowOf,
  sandboxName,
  single,
  startCampaignsApp,
  t,
  update,
  word,
} from '../../../test/campaigns-suite.ts';

beforeAll(startCampaignsApp);
afterAll(() => t.close());

const liveStory = 'Our daughter needs an urgent heart operation at the national hospital in Abuja.';

describe('PUT /update-crowedFunding/{id}', () => {
  it('refuses an empty change, which would otherwise resubmit a rejected campaign', async () => {
    const owner = await member();
    const campaign = await createCampaign(t, owner);
    await call('PUT', `/admin/crowdfunding/${campaign._id}/status`, {
      as: admin,
      payload: { status: 'rejected', reason: 'Please add the hospital bill.' },
    });
    const response = await update(owner, campaign._id, {});
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Change at least one field of the campaign.');
    expect((await rowOf(campaign._id)).status).toBe('rejected');
  });

  it('lets only the organiser change a campaign', async () => {
    const [owner, stranger] = await createMembers(t, 2);
    if (!owner || !stranger) throw new Error('members');
    const live = await createLiveCampaign(t, owner, admin, { title: `Live ${word()}` });
    const pending = await createCampaign(t, owner, { title: `Pending ${word()}` });
    const change = { title: 'Hijacked campaign title' };
    expect((await update(stranger, live._id, change)).statusCode).toBe(403);
    expect((await update(admin, live._id, change)).statusCode).toBe(403);
    expect((await update(stranger, pending._id, change)).statusCode).toBe(404);
    expect((await update(undefined, live._id, change)).statusCode).toBe(401);
    expect((await update(owner, MISSING_ID, change)).statusCode).toBe(404);
    expect((await update(owner, 'not-a-uuid', change)).statusCode).toBe(400);
    expect((await rowOf(live._id)).title).toBe(live.title);
    expect((await rowOf(pending._id)).title).toBe(pending.title);
  });

  it.each([
    ['the story', { description: 'A new story that a reviewer has not read yet, long enough.' }],
    ['the goal', { amountNeeded: '2000000' }],
    ['the title', { title: 'A different title entirely' }],
    ['the beneficiary', { firstName: 'Chiamaka' }],
    ['the duration', { duration: '6 months' }],
  ])(
    'keeps a live campaign live and public when %s changes: the change waits for review',
    async (_label, change) => {
      const owner = await member();
      const tag = word();
      const live = await createLiveCampaign(t, owner, admin, {
        description: `${liveStory} ${tag}`,
      });
      expect(ids((await list(`search=${tag}`)).results)).toEqual([live._id]);
      const response = await update(owner, live._id, change);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().message).toBe(
        'Your changes were saved and will show once our team has reviewed them. Your campaign stays live meanwhile.',
      );
      expect(response.json().result).toMatchObject({
        status: 'active',
        approvedAt: live.approvedAt,
      });
      const row = await rowOf(live._id);
      expect(row.status).toBe('active');
      // Still in the public list and page, as approved.
      expect(ids((await list(`search=${tag}`)).results)).toEqual([live._id]);
      const page = await single(live._id);
      expect(page.statusCode).toBe(200);
      expect(page.json().result).toMatchObject({
        title: live.title,
        description: live.description,
        amountNeeded: live.amountNeeded,
        duration: live.duration,
      });
    },
  );

  it('changes category, address or place of a live campaign at once', async () => {
    const owner = await member();
    const tag = word();
    const live = await createLiveCampaign(t, owner, admin, { title: `Stays live ${tag}` });
    const response = await update(owner, live._id, {
      category: 'Hospital Bill Support',
      address: '4 Broad Street, Lagos Island',
      state: 'oyo',
      lga: 'Ibadan North',
      // Sent unchanged by a form that posts every field: not a change.
      title: `Stays live ${tag}`,
      amountNeeded: '1,500,000',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe('Campaign updated');
    expect(response.json().result).toMatchObject({
      status: 'active',
      category: 'Hospital Bill Support',
      address: '4 Broad Street, Lagos Island',
      state: 'Oyo',
      lga: 'Ibadan North',
    });
    expect(response.json().result.approvedAt).toBe(live.approvedAt);
    expect((await rowOf(live._id)).status).toBe('active');
    expect(ids((await list(`search=${tag}`)).results)).toEqual([live._id]);
  });

  it('sends a rejected campaign back to review on any change and clears the reason', async () => {
    const owner = await member();
    const campaign = await createCampaign(t, owner);
    await setStatus(t, admin, campaign._id, 'rejected', 'The hospital bill is missing.');
    const response = await update(owner, campaign._id, { address: '9 Hospital Road, Ikeja' });
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toMatchObject({
      status: 'awaiting_review',
      rejectionReason: null,
    });
    const row = await rowOf(campaign._id);
    expect([row.status, row.rejectionReason]).toEqual(['awaiting_review', null]);
  });

  it('refuses changes to a completed campaign (409) and keeps no new files', async () => {
    const owner = await member();
    const campaign = await createLiveCampaign(t, owner, admin);
    await setStatus(t, admin, campaign._id, 'completed');
    const before = uploadedFiles(t);
    const response = await update(
      owner,
      campaign._id,
      { title: 'Changed after the end' },
      await cover(),
    );
    expect(response.statusCode).toBe(409);
    expect(uploadedFiles(t)).toEqual(before);
    expect(await rowOf(campaign._id)).toMatchObject({ status: 'completed', title: campaign.title });
  });

  it('re-resolves the account name when the bank account of a campaign in review changes', async () => {
    const owner = await member();
    const live = await createCampaign(t, owner);
    const response = await update(owner, live._id, {
      bankCode: '044',
      accountNumber: '0987654321',
      accountName: 'TYPED BY THE CLIENT',
    });
    expect(response.statusCode, response.body).toBe(200);
    const expected = await sandboxName('044', '0987654321');
    expect(response.json().result).toMatchObject({
      bank: 'Access Bank',
      bankCode: '044',
      accountNumber: '0987654321',
      accountName: expected,
      status: 'awaiting_review',
    });
    expect((await rowOf(live._id)).accountVerifiedAt).toBeNull();
    expect(expected).not.toBe(live.accountName);
    expect((await rowOf(live._id)).accountName).toBe(expected);

    // Bank and number go together; an unknown account changes nothing.
    const alone = await update(owner, live._id, { accountNumber: '1234567890' });
    expect(alone.statusCode).toBe(400);
    expect(alone.json().errors).toHaveProperty('bankCode');
    const unknown = await update(owner, live._id, { bankCode: '057', accountNumber: '0000000000' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toHaveProperty('accountNumber');
    expect(await rowOf(live._id)).toMatchObject({ bankCode: '044', accountName: expected });
  });

  it('counts a bank change as an account check (30 an hour with the wizard checks)', async () => {
    const owner = await member();
    const live = await createLiveCampaign(t, owner, admin);
    for (let i = 0; i < 30; i++) {
      const check = await t.app.inject({
        method: 'POST',
        url: '/api/v1/verify-bank-account',
        headers: owner.headers,
        payload: { bankCode: '058', accountNumber: '0123456789' },
        remoteAddress: '10.9.8.7',
      });
      expect(check.statusCode).toBe(200);
    }
    const response = await update(owner, live._id, {
      bankCode: '044',
      accountNumber: '0987654321',
    });
    expect(response.statusCode).toBe(429);
    expect(await rowOf(live._id)).toMatchObject({
      bankCode: '058',
      accountName: live.accountName,
      status: 'active',
    });
    // Changes without a bank change are not lookups.
    expect((await update(owner, live._id, { duration: '1 year' })).statusCode).toBe(200);
  });

  it('replaces the cover of a campaign in review: new sizes stored, old files deleted', async () => {
    const owner = await member();
    const campaign = await createCampaign(t, owner, {}, await cover(await pngImage(900, 600)));
    const oldPaths = campaign.imageSizes.map((size) => size.path);
    expect(oldPaths).toHaveLength(3);
    const response = await update(
      owner,
      campaign._id,
      {},
      { body: await jpegImage(1000, 1000), filename: 'new.jpg', type: 'image/jpeg' },
    );
    expect(response.statusCode, response.body).toBe(200);
    const result: TCampaign = response.json().result;
    expect(result.status).toBe('awaiting_review');
    expect(result.imageSizes.map((size) => [size.width, size.height])).toEqual([
      [400, 400],
      [800, 800],
      [1000, 1000],
    ]);
    const files = uploadedFiles(t);
    for (const path of oldPaths) {
      expect(files).not.toContain(path);
      expect((await t.app.inject({ method: 'GET', url: `/images/${path}` })).statusCode).toBe(404);
    }
    for (const size of result.imageSizes) {
      expect(files).toContain(size.path);
      expect((await t.app.inject({ method: 'GET', url: `/images/${size.path}` })).statusCode).toBe(
        200,
      );
    }
    expect((await rowOf(campaign._id)).image).toBe(result.imageSizes.at(-1)?.path);
  });

  it('validates the fields it is given and changes nothing on a bad one', async () => {
    const owner = await member();
    const campaign = await createCampaign(t, owner);
    for (const [fields, field] of [
      [{ title: 'Hi' }, 'title'],
      [{ amountNeeded: '-1' }, 'amountNeeded'],
      [{ category: 'Other' }, 'category'],
      [{ state: 'Kano' }, 'lga'],
      [{ state: 'Kano', lga: 'Ikeja' }, 'lga'],
    ] as const) {
      const response = await update(owner, campaign._id, fields);
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(Object.keys(response.json().errors)).toContain(field);
    }
    const before = uploadedFiles(t);
    const textCover = await update(
      owner,
      campaign._id,
      { title: 'A fine new title' },
      {
        body: Buffer.from('GIF89a not really'),
        filename: 'x.png',
        type: 'image/png',
      },
    );
    expect(textCover.statusCode).toBe(415);
    expect(uploadedFiles(t)).toEqual(before);
    expect((await rowOf(campaign._id)).title).toBe(campaign.title);
  });

  it('accepts a JSON body for changes without a cover', async () => {
    const owner = await member();
    const campaign = await createCampaign(t, owner);
    const response = await call('PUT', `/update-crowedFunding/${campaign._id}`, {
      as: owner,
      payload: { duration: '1 year', amountNeeded: 750000 },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result).toMatchObject({ duration: '1 year', amountNeeded: 750_000 });
  });
});
