import { errorTexts, type TCampaign } from '@ipatient/contracts';
import { campaigns } from '@ipatient/db';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cover,
  createCampaign,
  jpegImage,
  pngImage,
  submitCampaign,
  uploadedFiles,
  validCampaignFields,
} from '../../../test/campaigns.ts';
import {
  member,
  rowOf,
  rowsOf,
  sandboxName,
  startCampaignsApp,
  t,
} from '../../../test/campaigns-suite.ts';

beforeAll(startCampaignsApp);
afterAll(() => t.close());

describe('POST /post-crowedFunding', () => {
  it('needs a signed-in user', async () => {
    const before = uploadedFiles(t);
    const rowsBefore = (await t.database.db.select().from(campaigns)).length;
    const response = await submitCampaign(t, undefined, validCampaignFields(), await cover());
    expect(response.statusCode).toBe(401);
    expect(await t.database.db.select().from(campaigns)).toHaveLength(rowsBefore);
    expect(uploadedFiles(t)).toEqual(before);
  });

  it('stores the campaign for review with the resolved account name and stripped WebP sizes', async () => {
    const owner = await member();
    const photo = await jpegImage(1600, 1000);
    expect((await sharp(photo).metadata()).exif?.toString('latin1')).toContain('SecretPhone');
    const response = await submitCampaign(
      t,
      owner,
      validCampaignFields({
        // Sent by an old client: both must be ignored.
        bank: 'Bank of Fraud',
        accountName: 'SOMEONE ELSE ENTIRELY',
        beneficiaryType: 'someone else',
        firstName: 'Ada',
        lastName: 'Okafor',
      }),
      { body: photo, filename: 'IMG_2041.jpg', type: 'image/jpeg' },
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().message).toBe('Your fundraiser has been submitted successfully!');
    const result: TCampaign = response.json().result;
    const expectedName = await sandboxName('058', '0123456789');
    expect(expectedName).not.toBe('SOMEONE ELSE ENTIRELY');
    expect(result).toMatchObject({
      status: 'awaiting_review',
      title: expect.stringMatching(/^Help Ada walk again after her spine surgery/),
      fundraisingFor: 'Ada Okafor',
      category: 'Emergency Treatment/Surgery',
      duration: '3 months',
      amountNeeded: 1_500_000,
      amountRaised: 0,
      donationCount: 0,
      state: 'Lagos',
      lga: 'Ikeja',
      location: { state: 'Lagos', lga: 'Ikeja' },
      bank: 'Guaranty Trust Bank',
      bankCode: '058',
      accountNumber: '0123456789',
      accountName: expectedName,
      beneficiaryType: 'someone else',
      firstName: 'Ada',
      lastName: 'Okafor',
      likesCount: 0,
      likedByMe: false,
      likes: [],
      isOwner: true,
      approvedAt: null,
      rejectionReason: null,
      weeklyWins: [],
      user: { _id: owner.id },
    });
    // The story keeps its line breaks.
    expect(result.description).toContain('expressway.\nShe needs');

    expect(result.imageSizes.map((size) => [size.width, size.height])).toEqual([
      [400, 250],
      [800, 500],
      [1200, 750],
    ]);
    expect(result.image).toBe(result.imageSizes.at(-1)?.path);
    expect([result.imageWidth, result.imageHeight]).toEqual([1200, 750]);
    for (const size of result.imageSizes) {
      expect(size.path).toMatch(/^campaigns\/[\w-]+\.webp$/);
      const served = await t.app.inject({ method: 'GET', url: `/images/${size.path}` });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(size.width);
      expect(meta.width).toBeLessThanOrEqual(1200);
      expect(meta.exif).toBeUndefined();
      expect(served.rawPayload.toString('latin1')).not.toContain('SecretPhone');
    }

    const [row] = await rowsOf(owner.id);
    expect(row).toMatchObject({
      id: result._id,
      status: 'awaiting_review',
      accountName: expectedName,
      bankName: 'Guaranty Trust Bank',
      bankLookupProvider: 'sandbox',
      beneficiaryFirstName: 'Ada',
      deletedAt: null,
    });
  });

  it('stores a small cover at its own width, never enlarged', async () => {
    const owner = await member();
    const result = await createCampaign(t, owner, {}, await cover(await pngImage(300, 200)));
    expect(result.imageSizes.map((size) => size.width)).toEqual([300]);
  });

  it('keeps the beneficiary optional and stores it when given', async () => {
    const owner = await member();
    const bare = await createCampaign(t, owner);
    expect(bare).toMatchObject({ beneficiaryType: null, firstName: null, lastName: null });
    const blank = await createCampaign(t, owner, {
      beneficiaryType: '',
      firstName: ' ',
      lastName: '',
    });
    expect(blank).toMatchObject({ beneficiaryType: null, firstName: null, lastName: null });
    const charity = await createCampaign(t, owner, {
      beneficiaryType: 'charity',
      firstName: '  Hope  ',
      lastName: 'Foundation',
    });
    expect(charity).toMatchObject({
      beneficiaryType: 'charity',
      firstName: 'Hope',
      lastName: 'Foundation',
    });
    expect((await rowOf(charity._id)).beneficiaryType).toBe('charity');
  });

  it('accepts a state by alias in any case and a formatted goal, and stores canonical values', async () => {
    const owner = await member();
    const akwa = await createCampaign(t, owner, {
      state: 'akwa_ibom',
      lga: 'eket',
      amountNeeded: '₦2,500,000',
      title: '   Chemotherapy for Mama Eket   ',
    });
    expect(akwa).toMatchObject({
      state: 'Akwa Ibom',
      lga: 'Eket',
      amountNeeded: 2_500_000,
      title: 'Chemotherapy for Mama Eket',
    });
    const abuja = await createCampaign(t, owner, { state: 'ABUJA', lga: 'bwari' });
    expect(abuja.location).toEqual({ state: 'Federal Capital Territory', lga: 'Bwari' });
    const row = await rowOf(abuja._id);
    expect([row.state, row.lga]).toEqual(['Federal Capital Territory', 'Bwari']);
  });

  it('needs a cover photo and stores nothing without one', async () => {
    const owner = await member();
    const before = uploadedFiles(t);
    const response = await submitCampaign(t, owner, validCampaignFields());
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty('image');
    expect(await rowsOf(owner.id)).toHaveLength(0);
    expect(uploadedFiles(t)).toEqual(before);
  });

  it('refuses a cover over 850 KB with 413 and the exact text, storing nothing', async () => {
    const owner = await member();
    const before = uploadedFiles(t);
    const jpeg = await jpegImage(400, 300);
    const big = Buffer.concat([jpeg, Buffer.alloc(850 * 1024 + 1 - jpeg.length, 0)]);
    expect(big.length).toBe(850 * 1024 + 1);
    const response = await submitCampaign(t, owner, validCampaignFields(), {
      body: big,
      filename: 'big.jpg',
      type: 'image/jpeg',
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(
      'File size exceeds 850 KB. Please choose a smaller image.',
    );
    expect(response.json().errors.image).toBe(errorTexts.imageTooLarge);
    expect(await rowsOf(owner.id)).toHaveLength(0);
    expect(uploadedFiles(t)).toEqual(before);

    // Exactly 850 KB is still accepted (bytes after the JPEG's end are ignored by decoders).
    const edge = Buffer.concat([jpeg, Buffer.alloc(850 * 1024 - jpeg.length, 0)]);
    const accepted = await submitCampaign(t, owner, validCampaignFields(), {
      body: edge,
      filename: 'edge.jpg',
      type: 'image/jpeg',
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
  });

  it('allows 5 submissions a day per organiser, then 429; failed ones do not count', async () => {
    const owner = await member();
    const failed = await submitCampaign(
      t,
      owner,
      validCampaignFields({ accountNumber: '1111111111' }),
      await cover(),
    );
    expect(failed.statusCode).toBe(400);
    for (let i = 0; i < 5; i++) await createCampaign(t, owner, { title: `Campaign number ${i}` });
    const before = uploadedFiles(t);
    const sixth = await submitCampaign(t, owner, validCampaignFields(), await cover());
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().code).toBe('RATE_LIMITED');
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect(await rowsOf(owner.id)).toHaveLength(5);
    expect(uploadedFiles(t)).toEqual(before);
    // Another organiser is not affected.
    await createCampaign(t, await member());
  });

  it('keeps the daily limit when 8 submissions arrive at once', async () => {
    const owner = await member();
    const image = await cover();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        submitCampaign(t, owner, validCampaignFields({ title: `At once number ${i}` }), image),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
    expect(await rowsOf(owner.id)).toHaveLength(5);
  });
});
