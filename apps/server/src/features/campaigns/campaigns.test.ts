import { errorTexts, type TCampaign } from '@ipatient/contracts';
import {
  and,
  campaignLikes,
  campaigns,
  campaignWeeklyWinners,
  emailOutbox,
  eq,
  rateEvents,
  sql,
} from '@ipatient/db';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, multipart, type SignedInUser } from '../../../test/accounts.ts';
import {
  approve,
  campaignForm,
  cover,
  createCampaign,
  createLiveCampaign,
  createMembers,
  insertCampaignRow,
  jpegImage,
  pngImage,
  setStatus,
  submitCampaign,
  type UploadFile,
  uploadedFiles,
  validCampaignFields,
  versionOf,
} from '../../../test/campaigns.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { imageUploadsPerUser } from '../../lib/stored-images.ts';
import { sandboxBankLookup } from '../../plugins/bank-lookup/bank-lookup.ts';
import * as repository from './campaigns.repository.ts';

let t: TestApp;
let admin: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  [admin] = (await createMembers(t, 1, 'admin')) as [SignedInUser];
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function call(
  method: Method,
  url: string,
  options: {
    as?: SignedInUser | undefined;
    payload?: object | Buffer;
    headers?: Record<string, string>;
  } = {},
) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    ...(options.payload !== undefined ? { payload: options.payload } : {}),
    headers: { ...(options.as?.headers ?? {}), ...(options.headers ?? {}) },
  });
}

async function member(): Promise<SignedInUser> {
  const [user] = await createMembers(t, 1);
  if (!user) throw new Error('no member');
  return user;
}

const letters = 'abcdefghijklmnopqrstuvwxyz';
/** A word no other campaign contains, to find one test's campaigns among all of the file's. */
function word(length = 12): string {
  return Array.from({ length }, () => letters[Math.floor(Math.random() * letters.length)]).join('');
}

async function rowsOf(userId: string) {
  return t.database.db.select().from(campaigns).where(eq(campaigns.userId, userId));
}

async function rowOf(id: string) {
  const [row] = await t.database.db.select().from(campaigns).where(eq(campaigns.id, id));
  if (!row) throw new Error(`no campaign ${id}`);
  return row;
}

async function list(query: string, as?: SignedInUser) {
  const response = await call('GET', `/get-crowedFundings?${query}`, { as });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    message: string;
    results: TCampaign[];
    meta: { page: number; limit: number; total: number };
  };
}

const ids = (results: TCampaign[]) => results.map((campaign) => campaign._id);

function single(id: string, as?: SignedInUser) {
  return call('GET', `/single-crowedfunding/${id}`, { as });
}

async function update(
  as: SignedInUser | undefined,
  id: string,
  fields: Record<string, string>,
  image?: UploadFile,
) {
  const form = await campaignForm(fields, image);
  return call('PUT', `/update-crowedFunding/${id}`, {
    as,
    payload: form.payload,
    headers: form.headers,
  });
}

function like(as: SignedInUser | undefined, id: string) {
  return call('PUT', `/like-crowdfunding/${id}`, { as });
}

function remove(as: SignedInUser | undefined, id: string) {
  return call('DELETE', `/soft-delete-crowedFunding/${id}`, { as });
}

async function sandboxName(bankCode: string, accountNumber: string): Promise<string> {
  return (await sandboxBankLookup().resolve(bankCode, accountNumber)).accountName;
}

async function emailsTo(to: string) {
  return t.database.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.to, to))
    .orderBy(sql`${emailOutbox.createdAt} asc`);
}

const MISSING_ID = '00000000-0000-4000-8000-000000000000';

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
const liveStory = 'Our daughter needs an urgent heart operation at the national hospital in Abuja.';

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
      title: 'Help Ada walk again after her spine surgery',
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

    for (const [query, field] of [
      ['limit=51', 'limit'],
      ['limit=0', 'limit'],
      ['limit=2.5', 'limit'],
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['sort=oldest', 'sort'],
      [`search=${'a'.repeat(101)}`, 'search'],
    ] as const) {
      const response = await call('GET', `/get-crowedFundings?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json().errors), query).toContain(field);
    }
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
    const results: TCampaign[] = response.json().results;
    expect(ids(results)).toEqual([pending._id, rejected._id, live._id]);
    expect(results.map((campaign) => campaign.status)).toEqual([
      'awaiting_review',
      'rejected',
      'active',
    ]);
    expect(
      results.every((campaign) => campaign.isOwner && campaign.accountNumber === '0123456789'),
    ).toBe(true);
    expect(results[1]?.rejectionReason).toBe('Please add the hospital estimate.');
    expect((await call('GET', '/my-crowdfundings')).statusCode).toBe(401);
  });
});

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
    const live = await createLiveCampaign(t, owner, admin);
    const pending = await createCampaign(t, owner);
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
  ])('sends a live campaign back to review when %s changes', async (_label, change) => {
    const owner = await member();
    const tag = word();
    const live = await createLiveCampaign(t, owner, admin, { description: `${liveStory} ${tag}` });
    expect(ids((await list(`search=${tag}`)).results)).toEqual([live._id]);
    const response = await update(owner, live._id, change);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toMatch(/reviewed/);
    expect(response.json().result).toMatchObject({ status: 'awaiting_review', approvedAt: null });
    const row = await rowOf(live._id);
    expect(row.status).toBe('awaiting_review');
    expect(row.approvedAt).toBeNull();
    // Out of the public list and page until approved again.
    expect((await list(`search=${tag}`)).results).toEqual([]);
    expect((await single(live._id)).statusCode).toBe(404);
  });

  it('keeps a live campaign live when only duration, category, address or place change', async () => {
    const owner = await member();
    const tag = word();
    const live = await createLiveCampaign(t, owner, admin, { title: `Stays live ${tag}` });
    const response = await update(owner, live._id, {
      duration: '6 months',
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
      duration: '6 months',
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

  it('re-resolves the account name when the bank account changes', async () => {
    const owner = await member();
    const live = await createLiveCampaign(t, owner, admin);
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

  it('replaces the cover: new sizes stored, old files deleted, back to review', async () => {
    const owner = await member();
    const created = await createCampaign(t, owner, {}, await cover(await pngImage(900, 600)));
    const campaign = await approve(t, admin, created._id);
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

describe('DELETE /soft-delete-crowedFunding/{id}', () => {
  it('lets only the organiser delete; afterwards it is gone everywhere and its likes count nowhere', async () => {
    const [owner, stranger, fan] = await createMembers(t, 3);
    if (!owner || !stranger || !fan) throw new Error('members');
    const tag = word();
    const campaign = await createLiveCampaign(t, owner, admin, { title: `Deleted soon ${tag}` });
    expect((await like(fan, campaign._id)).statusCode).toBe(200);
    await t.database.db.insert(campaignWeeklyWinners).values({
      weekStart: new Date('2020-01-05T23:00:00Z'),
      weekEnd: new Date('2020-01-12T23:00:00Z'),
      campaignId: campaign._id,
      likes: 1,
    });
    const winners = async () =>
      (await call('GET', '/crowdfunding-weekly-winners?limit=52'))
        .json()
        .results.map((winner: { campaign: TCampaign }) => winner.campaign._id);
    expect(await winners()).toContain(campaign._id);

    expect((await remove(undefined, campaign._id)).statusCode).toBe(401);
    expect((await remove(stranger, campaign._id)).statusCode).toBe(403);
    expect((await remove(admin, campaign._id)).statusCode).toBe(403);
    expect((await rowOf(campaign._id)).deletedAt).toBeNull();

    const response = await remove(owner, campaign._id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Campaign deleted' });
    expect((await rowOf(campaign._id)).deletedAt).toBeInstanceOf(Date);

    expect((await list(`search=${tag}`)).results).toEqual([]);
    expect(ids((await list('sort=likes&limit=50')).results)).not.toContain(campaign._id);
    expect((await single(campaign._id, owner)).statusCode).toBe(404);
    expect(await winners()).not.toContain(campaign._id);
    expect(ids((await call('GET', '/my-crowdfundings', { as: owner })).json().results)).toEqual([]);
    expect((await like(stranger, campaign._id)).statusCode).toBe(404);
    expect((await remove(owner, campaign._id)).statusCode).toBe(404);
  });

  it('answers 400 for a malformed id', async () => {
    expect((await remove(await member(), 'abc')).statusCode).toBe(400);
  });
});

describe('PUT /like-crowdfunding/{id}', () => {
  async function likeRows(id: string) {
    return t.database.db.select().from(campaignLikes).where(eq(campaignLikes.campaignId, id));
  }

  it('needs a signed-in user', async () => {
    const campaign = await createLiveCampaign(t, await member(), admin);
    expect((await like(undefined, campaign._id)).statusCode).toBe(401);
    expect(await likeRows(campaign._id)).toHaveLength(0);
  });

  it('counts a like once, however often it is given', async () => {
    const [owner, fan] = await createMembers(t, 2);
    if (!owner || !fan) throw new Error('members');
    const campaign = await createLiveCampaign(t, owner, admin);
    const first = await like(fan, campaign._id);
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe('Thank you for your Green-Heart!');
    expect(first.json().result).toMatchObject({
      likesCount: 1,
      likedByMe: true,
      likes: [{ user: { _id: fan.id } }],
    });
    const again = await like(fan, campaign._id);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe('You already liked this campaign');
    expect(again.json().result.likesCount).toBe(1);
    expect(await likeRows(campaign._id)).toHaveLength(1);
    expect((await rowOf(campaign._id)).likesCount).toBe(1);
  });

  it('refuses your own campaign (403), hidden ones (404) and ones not live (409)', async () => {
    const [owner, fan] = await createMembers(t, 2);
    if (!owner || !fan) throw new Error('members');
    const live = await createLiveCampaign(t, owner, admin);
    const own = await like(owner, live._id);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe("You can't give a Green-Heart to your own campaign.");

    const pending = await createCampaign(t, owner);
    expect((await like(fan, pending._id)).statusCode).toBe(404);
    expect((await like(owner, pending._id)).statusCode).toBe(403);
    expect((await like(admin, pending._id)).statusCode).toBe(409);

    const completed = await createLiveCampaign(t, owner, admin);
    await setStatus(t, admin, completed._id, 'completed');
    expect((await like(fan, completed._id)).statusCode).toBe(409);

    expect((await like(fan, MISSING_ID)).statusCode).toBe(404);
    expect((await like(fan, 'xyz')).statusCode).toBe(400);
    for (const id of [live._id, pending._id, completed._id]) {
      expect(await likeRows(id)).toHaveLength(0);
      expect((await rowOf(id)).likesCount).toBe(0);
    }
  });

  it('stays exact when 40 people like at the same moment, some twice', async () => {
    const owner = await member();
    const campaign = await createLiveCampaign(t, owner, admin);
    const fans = await createMembers(t, 40);
    const responses = await Promise.all([
      ...fans.map((fan) => like(fan, campaign._id)),
      ...fans.slice(0, 10).map((fan) => like(fan, campaign._id)),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual(
      Array(responses.length).fill(200),
    );
    const added = responses.filter(
      (response) => response.json().message === 'Thank you for your Green-Heart!',
    );
    expect(added).toHaveLength(40);
    const rows = await likeRows(campaign._id);
    expect(rows).toHaveLength(40);
    expect(new Set(rows.map((row) => row.userId))).toEqual(new Set(fans.map((fan) => fan.id)));
    expect((await rowOf(campaign._id)).likesCount).toBe(40);
    expect((await single(campaign._id)).json().result.likesCount).toBe(40);
  });
});

describe('PUT /admin/crowdfunding/{id}/status', () => {
  it('is for admins only', async () => {
    const owner = await member();
    const campaign = await createCampaign(t, owner);
    expect(
      (
        await call('PUT', `/admin/crowdfunding/${campaign._id}/status`, {
          payload: { status: 'active' },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await call('PUT', `/admin/crowdfunding/${campaign._id}/status`, {
          as: owner,
          payload: { status: 'active' },
        })
      ).statusCode,
    ).toBe(403);
    expect((await rowOf(campaign._id)).status).toBe('awaiting_review');
  });

  it('approves: the campaign goes live and the organiser is emailed', async () => {
    const owner = await member();
    const campaign = await createCampaign(t, owner, { title: 'Surgery for little Tobi' });
    const before = Date.now();
    const response = await setStatus(t, admin, campaign._id, 'active');
    expect(response.statusCode).toBe(200);
    const result: TCampaign = response.json().result;
    expect(result.status).toBe('active');
    expect(Date.parse(result.approvedAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
    const row = await rowOf(campaign._id);
    expect(row).toMatchObject({ status: 'active', reviewedBy: admin.id });
    expect(row.approvedAt).toBeInstanceOf(Date);
    const [email] = await emailsTo(owner.email);
    expect(email?.subject).toMatch(/live/i);
    expect(email?.text).toContain('Surgery for little Tobi');
    expect(email?.text).toMatch(/now live/);
    expect(email?.text).toContain(`/campaigns/${campaign._id}`);
    expect((await single(campaign._id)).statusCode).toBe(200);
  });

  it('rejects only with a reason, which the organiser is told', async () => {
    const owner = await member();
    const campaign = await createCampaign(t, owner);
    const noReason = await setStatus(t, admin, campaign._id, 'rejected');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toHaveProperty('reason');
    const tooShort = await setStatus(t, admin, campaign._id, 'rejected', 'No.');
    expect(tooShort.statusCode).toBe(400);
    expect((await rowOf(campaign._id)).status).toBe('awaiting_review');
    expect(await emailsTo(owner.email)).toHaveLength(0);

    const reason = 'The medical report does not name the patient.';
    const response = await setStatus(t, admin, campaign._id, 'rejected', reason);
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toMatchObject({ status: 'rejected', rejectionReason: reason });
    expect((await rowOf(campaign._id)).rejectionReason).toBe(reason);
    const [email] = await emailsTo(owner.email);
    expect(email?.text).toContain(reason);
  });

  it('refuses transitions that are not allowed (409) and unknown statuses (400)', async () => {
    const owner = await member();
    const rejected = await createCampaign(t, owner);
    await setStatus(t, admin, rejected._id, 'rejected', 'The documents are not readable.');
    const pending = await createCampaign(t, owner);
    const live = await createLiveCampaign(t, owner, admin);
    const completed = await createLiveCampaign(t, owner, admin);
    await setStatus(t, admin, completed._id, 'completed');
    for (const [campaign, status, from] of [
      [rejected, 'active', 'rejected'],
      [rejected, 'rejected', 'rejected'],
      [pending, 'completed', 'awaiting_review'],
      [live, 'active', 'active'],
      [completed, 'active', 'completed'],
      [completed, 'completed', 'completed'],
    ] as const) {
      const response = await setStatus(
        t,
        admin,
        campaign._id,
        status,
        status === 'rejected' ? 'Another reason for this.' : undefined,
      );
      expect(response.statusCode, `${from} -> ${status}`).toBe(409);
      expect((await rowOf(campaign._id)).status).toBe(from);
    }
    const bogus = await call('PUT', `/admin/crowdfunding/${pending._id}/status`, {
      as: admin,
      payload: { status: 'awaiting_review' },
    });
    expect(bogus.statusCode).toBe(400);
    expect((await setStatus(t, admin, MISSING_ID, 'active')).statusCode).toBe(404);
  });

  it('completes a live campaign: it leaves the public list', async () => {
    const owner = await member();
    const tag = word();
    const live = await createLiveCampaign(t, owner, admin, { title: `Completing ${tag}` });
    expect(ids((await list(`search=${tag}`)).results)).toEqual([live._id]);
    const response = await setStatus(t, admin, live._id, 'completed');
    expect(response.statusCode).toBe(200);
    expect(response.json().result.status).toBe('completed');
    expect((await rowOf(live._id)).completedAt).toBeInstanceOf(Date);
    expect((await list(`search=${tag}`)).results).toEqual([]);
    expect((await emailsTo(owner.email)).map((email) => email.subject)).toEqual([
      expect.stringMatching(/live/),
      expect.stringMatching(/complete/),
    ]);
  });
});

describe('moderation safeguards', () => {
  it('lets no admin review their own campaign', async () => {
    const ownAdmin = await createSignedInUser(t, { role: 'admin' });
    const campaign = await createCampaign(t, ownAdmin);
    const response = await setStatus(t, ownAdmin, campaign._id, 'active');
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Another admin must review your own campaign.');
    expect((await rowOf(campaign._id)).status).toBe('awaiting_review');
    expect((await setStatus(t, admin, campaign._id, 'active')).statusCode).toBe(200);
  });

  it('takes a live campaign down with its own email and reason', async () => {
    const owner = await member();
    const live = await createLiveCampaign(t, owner, admin);
    const response = await call('PUT', `/admin/crowdfunding/${live._id}/status`, {
      as: admin,
      payload: { status: 'rejected', reason: 'The hospital could not confirm this bill.' },
    });
    expect(response.statusCode).toBe(200);
    const emails = await emailsTo(owner.email);
    expect(emails.at(-1)?.subject).toMatch(/taken down/);
    expect(emails.at(-1)?.text).toContain('The hospital could not confirm this bill.');
  });
});

describe('moderating the version the admin saw', () => {
  const changedText =
    'This campaign changed after you opened it. Please review the latest version.';

  async function seenByAdmin(id: string): Promise<TCampaign> {
    const response = await single(id, admin);
    expect(response.statusCode).toBe(200);
    return response.json().result;
  }

  it('approves the version the admin saw', async () => {
    const owner = await member();
    const campaign = await createCampaign(t, owner);
    const seen = await seenByAdmin(campaign._id);
    const response = await call('PUT', `/admin/crowdfunding/${campaign._id}/status`, {
      as: admin,
      payload: { status: 'active', expectedUpdatedAt: seen.updatedAt },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await rowOf(campaign._id)).status).toBe('active');
  });

  it('refuses (409) to approve after the organiser changed the bank account, changing nothing', async () => {
    const owner = await member();
    const campaign = await createCampaign(t, owner);
    const seen = await seenByAdmin(campaign._id);
    const edited = await update(owner, campaign._id, {
      bankCode: '044',
      accountNumber: '0987654321',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().result.updatedAt).not.toBe(seen.updatedAt);
    const before = await rowOf(campaign._id);

    const stale = await call('PUT', `/admin/crowdfunding/${campaign._id}/status`, {
      as: admin,
      payload: { status: 'active', expectedUpdatedAt: seen.updatedAt },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'CONFLICT', message: changedText });
    expect(await rowOf(campaign._id)).toEqual(before);
    expect(before).toMatchObject({ status: 'awaiting_review', approvedAt: null, reviewedBy: null });
    expect(await emailsTo(owner.email)).toHaveLength(0);

    // Looking again shows the new account, and that version can be approved.
    const latest = await seenByAdmin(campaign._id);
    expect(latest.accountNumber).toBe('0987654321');
    const approved = await call('PUT', `/admin/crowdfunding/${campaign._id}/status`, {
      as: admin,
      payload: { status: 'active', expectedUpdatedAt: latest.updatedAt },
    });
    expect(approved.statusCode, approved.body).toBe(200);
  });

  it('refuses a stale rejection too, and a change of any field moves the version', async () => {
    const owner = await member();
    const campaign = await createCampaign(t, owner);
    const seen = await seenByAdmin(campaign._id);
    expect((await update(owner, campaign._id, { duration: '1 year' })).statusCode).toBe(200);
    const response = await setStatus(
      t,
      admin,
      campaign._id,
      'rejected',
      'The documents are not readable.',
      { expectedUpdatedAt: seen.updatedAt },
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(changedText);
    expect((await rowOf(campaign._id)).status).toBe('awaiting_review');
  });

  it('needs the version to approve (400), and a well-formed one', async () => {
    const owner = await member();
    const campaign = await createCampaign(t, owner);
    const missing = await setStatus(t, admin, campaign._id, 'active', undefined, {
      expectedUpdatedAt: null,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toHaveProperty('expectedUpdatedAt');
    const blank = await setStatus(t, admin, campaign._id, 'active', undefined, {
      expectedUpdatedAt: '',
    });
    expect(blank.statusCode).toBe(400);
    const malformed = await setStatus(t, admin, campaign._id, 'active', undefined, {
      expectedUpdatedAt: 'yesterday',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toHaveProperty('expectedUpdatedAt');
    expect((await rowOf(campaign._id)).status).toBe('awaiting_review');
  });

  it('rejects, takes down and completes without a version', async () => {
    const owner = await member();
    const pending = await createCampaign(t, owner);
    const rejected = await setStatus(
      t,
      admin,
      pending._id,
      'rejected',
      'The bill is not readable.',
      {
        expectedUpdatedAt: null,
      },
    );
    expect(rejected.statusCode, rejected.body).toBe(200);
    const live = await createLiveCampaign(t, owner, admin);
    const completed = await setStatus(t, admin, live._id, 'completed', undefined, {
      expectedUpdatedAt: null,
    });
    expect(completed.statusCode, completed.body).toBe(200);
  });

  it('moves updated_at on every change, even two in one transaction', async () => {
    const owner = await member();
    const row = await insertCampaignRow(t, owner.id, { status: 'awaiting_review' });
    const [first, second] = await t.database.db.transaction(async (tx) => [
      await repository.updateCampaign(tx, row.id, { duration: '1 year' }),
      await repository.updateCampaign(tx, row.id, { duration: '2 years' }),
    ]);
    expect(first?.updatedAt.getTime()).toBeGreaterThan(row.updatedAt.getTime());
    expect(second?.updatedAt.getTime()).toBeGreaterThan(first?.updatedAt.getTime() ?? 0);
    expect(await versionOf(t, row.id)).toBe(second?.updatedAt.toISOString());
  });
});

describe('GET /admin/crowdfunding', () => {
  async function everyPage(query: string) {
    const all: TCampaign[] = [];
    for (let page = 1; ; page++) {
      const response = await call('GET', `/admin/crowdfunding?${query}&limit=50&page=${page}`, {
        as: admin,
      });
      expect(response.statusCode).toBe(200);
      const { results, meta } = response.json();
      all.push(...results);
      if (all.length >= meta.total || results.length === 0) return { all, total: meta.total };
    }
  }

  it('is for admins only', async () => {
    const someone = await member();
    expect((await call('GET', '/admin/crowdfunding')).statusCode).toBe(401);
    expect((await call('GET', '/admin/crowdfunding', { as: someone })).statusCode).toBe(403);
  });

  it('filters by status, oldest submission first, without deleted campaigns', async () => {
    const owner = await member();
    const first = await createCampaign(t, owner);
    const second = await createCampaign(t, owner);
    const rejected = await createCampaign(t, owner);
    await setStatus(t, admin, rejected._id, 'rejected', 'The documents are not readable.');
    const deleted = await createCampaign(t, owner);
    await remove(owner, deleted._id);

    const pending = await everyPage('status=awaiting_review');
    expect(pending.all.every((campaign) => campaign.status === 'awaiting_review')).toBe(true);
    const pendingIds = ids(pending.all);
    expect(pendingIds.indexOf(first._id)).toBeLessThan(pendingIds.indexOf(second._id));
    expect(pendingIds).not.toContain(rejected._id);
    expect(pendingIds).not.toContain(deleted._id);
    const [pendingRow] = pending.all.filter((campaign) => campaign._id === first._id);
    expect(pendingRow?.accountNumber).toBe('0123456789');

    const rejectedOnes = await everyPage('status=rejected');
    expect(rejectedOnes.all.every((campaign) => campaign.status === 'rejected')).toBe(true);
    expect(ids(rejectedOnes.all)).toContain(rejected._id);

    const all = await everyPage('');
    expect(all.total).toBeGreaterThan(pending.total + rejectedOnes.total);
    expect(ids(all.all)).not.toContain(deleted._id);

    const bad = await call('GET', '/admin/crowdfunding?status=deleted', { as: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('status');
  });
});
