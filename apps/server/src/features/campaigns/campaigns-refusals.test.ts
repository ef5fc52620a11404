import { and, eq, rateEvents } from '@ipatient/db';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/accounts.ts';
import {
  cover,
  createCampaign,
  createMembers,
  insertCampaignRow,
  pngImage,
  submitCampaign,
  uploadedFiles,
  validCampaignFields,
} from '../../../test/campaigns.ts';
import {
  call,
  member,
  rowOf,
  rowsOf,
  startCampaignsApp,
  t,
  update,
} from '../../../test/campaigns-suite.ts';
import { imageUploadsPerUser } from '../../lib/stored-images.ts';

beforeAll(startCampaignsApp);
afterAll(() => t.close());

/** A PNG of a few kilobytes that decodes to width × height pixels. */
function tinyHugePng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#fff' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

async function uploadsCounted(userId: string): Promise<number> {
  return t.database.db.$count(
    rateEvents,
    and(eq(rateEvents.bucket, imageUploadsPerUser.bucket), eq(rateEvents.key, userId)),
  );
}

describe('POST /post-crowedFunding', () => {
  it.each([
    [
      'a GIF',
      () =>
        sharp({ create: { width: 40, height: 40, channels: 3, background: '#000' } })
          .gif()
          .toBuffer(),
    ],
    [
      'a WebP',
      () =>
        sharp({ create: { width: 40, height: 40, channels: 3, background: '#000' } })
          .webp()
          .toBuffer(),
    ],
    ['text', async () => Buffer.from('just some text pretending to be a picture')],
    ['an SVG', async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="x()"/>')],
    ['a damaged PNG', async () => (await pngImage(400, 300)).subarray(0, 60)],
  ])('refuses %s named .png with 415 and stores nothing', async (_label, make) => {
    const owner = await member();
    const before = uploadedFiles(t);
    const response = await submitCampaign(t, owner, validCampaignFields(), {
      body: await make(),
      filename: 'photo.png',
      type: 'image/png',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(await rowsOf(owner.id)).toHaveLength(0);
    expect(uploadedFiles(t)).toEqual(before);
  });

  it.each(
    (
      [
        ['bankCode', { bankCode: '999' }],
        ['bankCode', { bankCode: '' }],
        ['accountNumber', { accountNumber: '012345678' }],
        ['accountNumber', { accountNumber: '01234567890' }],
        ['accountNumber', { accountNumber: '01234abcde' }],
        ['state', { state: 'Atlantis' }],
        ['state', { state: '' }],
        ['lga', { state: 'Kano', lga: 'Ikeja' }],
        ['lga', { lga: '' }],
        ['amountNeeded', { amountNeeded: '-5000' }],
        ['amountNeeded', { amountNeeded: '0' }],
        ['amountNeeded', { amountNeeded: '1500.50' }],
        ['amountNeeded', { amountNeeded: '999' }],
        ['amountNeeded', { amountNeeded: '500000001' }],
        ['amountNeeded', { amountNeeded: '1e6' }],
        ['amountNeeded', { amountNeeded: 'a lot' }],
        ['category', { category: 'hospital bill support' }],
        ['category', { category: 'Hospital Bill' }],
        ['category', { category: '' }],
        ['duration', { duration: '4 months' }],
        ['duration', { duration: '3 Months' }],
        ['duration', { duration: '90 days' }],
        ['title', { title: 'Help' }],
        ['title', { title: `Help ${'a'.repeat(116)}` }, '121 characters'],
        ['title', { title: '    ' }],
        ['description', { description: 'Please help us.' }],
        ['description', { description: 'x'.repeat(5001) }, '5001 characters'],
        ['fundraisingFor', { fundraisingFor: 'A' }],
        ['address', { address: '' }],
        ['address', { address: 'x'.repeat(201) }, '201 characters'],
        ['beneficiaryType', { beneficiaryType: 'my cousin' }],
        ['firstName', { firstName: 'x'.repeat(61) }, '61 characters'],
        ['lastName', { lastName: 'x'.repeat(61) }, '61 characters'],
      ] as [string, Record<string, string>, string?][]
    ).map(
      ([field, override, label]) => [field, label ?? JSON.stringify(override), override] as const,
    ),
  )('refuses a bad %s (%s) with 400 and stores nothing', async (field, _label, override) => {
    const owner = await member();
    const before = uploadedFiles(t);
    const response = await submitCampaign(t, owner, validCampaignFields(override), await cover());
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().code).toBe('VALIDATION');
    expect(Object.keys(response.json().errors)).toContain(field);
    expect(await rowsOf(owner.id)).toHaveLength(0);
    expect(uploadedFiles(t)).toEqual(before);
  });

  it('refuses a second cover and unexpected file fields, storing nothing', async () => {
    const owner = await member();
    const before = uploadedFiles(t);
    const png = await pngImage();
    const form = new FormData();
    for (const [name, value] of Object.entries(validCampaignFields())) form.append(name, value);
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'a.png');
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'b.png');
    const request = new Request('http://local', { method: 'POST', body: form });
    const twice = await call('POST', '/post-crowedFunding', {
      as: owner,
      payload: Buffer.from(await request.arrayBuffer()),
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe('The form has too many parts.');
    const extra = await multipart(validCampaignFields(), {
      document: { body: png, filename: 'd.png', type: 'image/png' },
      image: { body: png, filename: 'a.png', type: 'image/png' },
    });
    const unexpected = await call('POST', '/post-crowedFunding', {
      as: owner,
      payload: extra.payload,
      headers: extra.headers,
    });
    expect(unexpected.statusCode).toBe(400);
    expect(unexpected.json().errors).toHaveProperty('document');
    expect(await rowsOf(owner.id)).toHaveLength(0);
    expect(uploadedFiles(t)).toEqual(before);
  });

  it('refuses a submission with a required field missing', async () => {
    const owner = await member();
    const { title: _title, ...withoutTitle } = validCampaignFields();
    const response = await submitCampaign(t, owner, withoutTitle, await cover());
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty('title');
    expect(await rowsOf(owner.id)).toHaveLength(0);
  });

  it('refuses an account the resolver cannot find (400 on accountNumber) and stores nothing', async () => {
    const owner = await member();
    const before = uploadedFiles(t);
    const response = await submitCampaign(
      t,
      owner,
      validCampaignFields({ accountNumber: '0000000000' }),
      await cover(),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.accountNumber).toMatch(/could not find this account/);
    expect(await rowsOf(owner.id)).toHaveLength(0);
    expect(uploadedFiles(t)).toEqual(before);
  });
});

describe('cover photo limits', () => {
  const tooLarge =
    'This image is too large (6300 × 6300 pixels). Please choose one of at most 16 megapixels.';

  it('refuses a tiny cover of huge dimensions with 400 on image, storing and counting nothing', async () => {
    const owner = await member();
    const bomb = await tinyHugePng(6300, 6300);
    expect(bomb.length).toBeLessThan(200 * 1024);
    const before = uploadedFiles(t);
    const created = await submitCampaign(t, owner, validCampaignFields(), await cover(bomb));
    expect(created.statusCode).toBe(400);
    expect(created.json()).toMatchObject({ message: tooLarge, errors: { image: tooLarge } });
    expect(await rowsOf(owner.id)).toHaveLength(0);
    expect(uploadedFiles(t)).toEqual(before);

    const campaign = await createCampaign(t, owner);
    const filesBefore = uploadedFiles(t);
    const changed = await update(
      owner,
      campaign._id,
      { title: 'A new title for it' },
      await cover(bomb),
    );
    expect(changed.statusCode).toBe(400);
    expect(changed.json().errors).toEqual({ image: tooLarge });
    expect(await rowOf(campaign._id)).toMatchObject({
      title: campaign.title,
      image: campaign.image,
    });
    expect(uploadedFiles(t)).toEqual(filesBefore);
    // Only the accepted cover counts against the hourly limit.
    expect(await uploadsCounted(owner.id)).toBe(1);
  });

  it('caps covers at 16 megapixels, below the 24 of other images', async () => {
    const owner = await member();
    // 4900 × 3300 = 16.17 megapixels; 4800 × 3300 = 15.84.
    const over = await submitCampaign(
      t,
      owner,
      validCampaignFields(),
      await cover(await tinyHugePng(4900, 3300)),
    );
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(
      'This image is too large (4900 × 3300 pixels). Please choose one of at most 16 megapixels.',
    );
    const under = await submitCampaign(
      t,
      owner,
      validCampaignFields(),
      await cover(await tinyHugePng(4800, 3300)),
    );
    expect(under.statusCode, under.body).toBe(201);
    expect(under.json().result.imageWidth).toBe(1200);
  });

  it('allows 10 cover uploads an hour per user (the submission counts), then 429', async () => {
    const [owner, other] = await createMembers(t, 2);
    if (!owner || !other) throw new Error('members');
    const campaign = await createCampaign(t, owner, {}, await cover(await pngImage(60, 40)));
    for (let edit = 1; edit < imageUploadsPerUser.max; edit++) {
      const response = await update(owner, campaign._id, {}, await cover(await pngImage(60, 40)));
      expect(response.statusCode, `edit ${edit}: ${response.body}`).toBe(200);
    }
    const row = await rowOf(campaign._id);
    const files = uploadedFiles(t);
    const refused = await update(
      owner,
      campaign._id,
      { title: 'One cover too many today' },
      await cover(await pngImage(60, 40)),
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      /^You have uploaded many images in the last hour\. Please try again in (\d+ minutes|\d+ seconds)\.$/,
    );
    expect(refused.json().retryAfter).toBeGreaterThan(60 * 59);
    expect(await rowOf(campaign._id)).toEqual(row);
    expect(uploadedFiles(t)).toEqual(files);
    // A new campaign with a cover is an upload too; changes without one are not.
    const submitted = await submitCampaign(t, owner, validCampaignFields(), await cover());
    expect(submitted.statusCode).toBe(429);
    expect(submitted.json().message).toMatch(/^You have uploaded many images/);
    expect((await update(owner, campaign._id, { duration: '1 year' })).statusCode).toBe(200);
    // The limit is per user.
    expect((await submitCampaign(t, other, validCampaignFields(), await cover())).statusCode).toBe(
      201,
    );
  });

  it('keeps the hourly limit when 12 cover changes arrive at once', async () => {
    const owner = await member();
    const row = await insertCampaignRow(t, owner.id, { status: 'awaiting_review' });
    const image = await cover(await pngImage(60, 40));
    const responses = await Promise.all(
      Array.from({ length: 12 }, () => update(owner, row.id, {}, image)),
    );
    const codes = responses.map((response) => response.statusCode).sort();
    expect(codes).toEqual([...Array(10).fill(200), 429, 429]);
    expect(await uploadsCounted(owner.id)).toBe(10);
  });
});
