import fs from 'node:fs';
import path from 'node:path';
import { eq, facilities, facilityReviews } from '@ipatient/db';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, multipart, type SignedInUser } from '../../../test/accounts.ts';
import { cover, pngImage, uploadedFiles } from '../../../test/campaigns.ts';
import { createFacility, createReview } from '../../../test/facilities.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
let admin: SignedInUser;
let member: SignedInUser;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestApp();
  admin = await createSignedInUser(t, { role: 'admin', firstName: 'Bisi' });
  member = await createSignedInUser(t, { firstName: 'Ngozi' });
});
afterAll(() => t.close());

function validFields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    name: 'Harmony Specialist Hospital',
    facilityType: 'Hospital',
    services: 'Maternity, Laboratory ,  , Maternity',
    state: 'lagos',
    lga: 'ikeja',
    address: '12 Allen Avenue',
    verified: 'true',
    ...overrides,
  };
}

async function send(
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  as: SignedInUser | undefined,
  fields?: Record<string, string>,
  image?: { body: Buffer; filename: string; type: string },
) {
  const form = fields ? await multipart(fields, image ? { image } : {}) : undefined;
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    ...(form ? { payload: form.payload } : {}),
    headers: { ...(form?.headers ?? {}), ...(as?.headers ?? {}) },
  });
}

async function facilityRow(id: string) {
  const [row] = await t.database.db.select().from(facilities).where(eq(facilities.id, id));
  return row;
}

describe('POST /api/v1/admin/facilities', () => {
  it('answers 401 to visitors and 403 to members, creating nothing', async () => {
    const before = (await t.database.db.select().from(facilities)).length;
    expect((await send('POST', '/admin/facilities', undefined, validFields())).statusCode).toBe(
      401,
    );
    expect((await send('POST', '/admin/facilities', member, validFields())).statusCode).toBe(403);
    expect((await t.database.db.select().from(facilities)).length).toBe(before);
  });

  it('creates a facility with canonical place names and WebP sizes of the photo', async () => {
    const response = await send(
      'POST',
      '/admin/facilities',
      admin,
      validFields(),
      await cover(await pngImage(1600, 1000)),
    );
    expect(response.statusCode, response.body).toBe(201);
    const { result } = response.json();
    expect(result).toMatchObject({
      name: 'Harmony Specialist Hospital',
      facilityType: 'Hospital',
      services: ['Maternity', 'Laboratory'],
      state: 'Lagos',
      lga: 'Ikeja',
      location: 'Ikeja, Lagos',
      address: '12 Allen Avenue',
      verified: true,
      reviewCount: 0,
    });
    expect(result.imageSizes.map((size: { width: number }) => size.width)).toEqual([
      400, 800, 1200,
    ]);
    expect(result.image).toMatch(/^facilities\/.+-1200\.webp$/);
    const files = uploadedFiles(t);
    for (const size of result.imageSizes) expect(files).toContain(size.key);
    const stored = await sharp(
      fs.readFileSync(path.join(t.config.dataDir, 'uploads', result.image)),
    ).metadata();
    expect(stored.format).toBe('webp');
    // It is in the public directory.
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/v1/facilities?search=${encodeURIComponent('Harmony Specialist')}`,
    });
    expect(listed.json().results.map((row: { _id: string }) => row._id)).toContain(result._id);
  });

  it('creates a facility without a photo, unverified by default', async () => {
    const response = await send(
      'POST',
      '/admin/facilities',
      admin,
      validFields({ verified: '', services: '' }),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().result).toMatchObject({ verified: false, services: [], image: null });
  });

  it('names each missing or wrong field and stores nothing', async () => {
    const count = async () => (await t.database.db.select().from(facilities)).length;
    const files = uploadedFiles(t).length;
    const before = await count();
    const empty = await send('POST', '/admin/facilities', admin, {
      name: ' ',
      verified: 'maybe',
    });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().errors).sort()).toEqual(
      ['address', 'facilityType', 'lga', 'name', 'state', 'verified'].sort(),
    );
    expect(empty.json().errors.name).toBe('Enter the facility name');

    const badState = await send('POST', '/admin/facilities', admin, validFields({ state: 'Mars' }));
    expect(badState.statusCode).toBe(400);
    expect(badState.json().errors).toEqual({ state: 'Choose a state from the list' });

    const badLga = await send(
      'POST',
      '/admin/facilities',
      admin,
      validFields({ state: 'Kano', lga: 'Ikeja' }),
    );
    expect(badLga.statusCode).toBe(400);
    expect(badLga.json().errors).toEqual({ lga: 'Choose an LGA of Kano' });

    const gif = await send(
      'POST',
      '/admin/facilities',
      admin,
      validFields(),
      await cover(
        await sharp(await pngImage())
          .gif()
          .toBuffer(),
        'x.gif',
        'image/gif',
      ),
    );
    expect(gif.statusCode).toBe(415);
    expect(gif.json().errors).toEqual({ image: 'The photo must be a PNG or JPEG image.' });

    const big = await send(
      'POST',
      '/admin/facilities',
      admin,
      validFields(),
      await cover(Buffer.concat([await pngImage(), Buffer.alloc(900 * 1024)])),
    );
    expect(big.statusCode).toBe(413);
    expect(big.json().errors.image).toMatch(/850 KB/);

    expect(await count()).toBe(before);
    expect(uploadedFiles(t).length).toBe(files);
  });
});

describe('PUT /api/v1/admin/facilities/{id}', () => {
  it('answers 401, 403 and 404 and changes nothing', async () => {
    const row = await createFacility(t, { name: 'Unchanged Clinic' });
    expect(
      (await send('PUT', `/admin/facilities/${row.id}`, undefined, { name: 'X' })).statusCode,
    ).toBe(401);
    expect(
      (await send('PUT', `/admin/facilities/${row.id}`, member, { name: 'X' })).statusCode,
    ).toBe(403);
    expect(
      (await send('PUT', `/admin/facilities/${UNKNOWN}`, admin, { name: 'X' })).statusCode,
    ).toBe(404);
    expect(
      (await send('PUT', '/admin/facilities/not-an-id', admin, { name: 'X' })).statusCode,
    ).toBe(404);
    expect((await facilityRow(row.id))?.name).toBe('Unchanged Clinic');
  });

  it('changes only the fields sent and checks the LGA against the state', async () => {
    const row = await createFacility(t, { name: 'Old Name Clinic', verified: false });
    const renamed = await send('PUT', `/admin/facilities/${row.id}`, admin, {
      name: 'New Name Clinic',
      verified: 'on',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().result).toMatchObject({
      name: 'New Name Clinic',
      verified: true,
      state: 'Lagos',
      lga: 'Ikeja',
      address: row.address,
    });

    // Ikeja is not in Kano: the state alone cannot change.
    const wrong = await send('PUT', `/admin/facilities/${row.id}`, admin, { state: 'Kano' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ lga: 'Choose an LGA of Kano' });
    const blank = await send('PUT', `/admin/facilities/${row.id}`, admin, { name: '' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors.name).toBe('Enter the facility name');
    const nothing = await send('PUT', `/admin/facilities/${row.id}`, admin, {});
    expect(nothing.statusCode).toBe(400);
    expect((await facilityRow(row.id))?.state).toBe('Lagos');

    const moved = await send('PUT', `/admin/facilities/${row.id}`, admin, {
      state: 'Kano',
      lga: 'dala',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().result).toMatchObject({ state: 'Kano', lga: 'Dala' });
  });

  it('replaces the photo and deletes the old files', async () => {
    const created = await send(
      'POST',
      '/admin/facilities',
      admin,
      validFields({ name: 'Photo Swap Clinic' }),
      await cover(),
    );
    const first = created.json().result;
    const oldKeys = first.imageSizes.map((size: { key: string }) => size.key);
    expect(oldKeys.length).toBeGreaterThan(0);
    const replaced = await send(
      'PUT',
      `/admin/facilities/${first._id}`,
      admin,
      {},
      await cover(await pngImage(900, 600)),
    );
    expect(replaced.statusCode, replaced.body).toBe(200);
    const next = replaced.json().result;
    expect(next.image).not.toBe(first.image);
    const files = uploadedFiles(t);
    for (const key of oldKeys) expect(files).not.toContain(key);
    for (const size of next.imageSizes) expect(files).toContain(size.key);
  });
});

describe('DELETE /api/v1/admin/facilities/{id}', () => {
  it('answers 401, 403 and 404', async () => {
    const row = await createFacility(t);
    expect((await send('DELETE', `/admin/facilities/${row.id}`, undefined)).statusCode).toBe(401);
    expect((await send('DELETE', `/admin/facilities/${row.id}`, member)).statusCode).toBe(403);
    expect((await send('DELETE', `/admin/facilities/${UNKNOWN}`, admin)).statusCode).toBe(404);
    expect(await facilityRow(row.id)).toBeDefined();
  });

  it('deletes the facility, its reviews and its photo files', async () => {
    const created = await send(
      'POST',
      '/admin/facilities',
      admin,
      validFields({ name: 'Closing Down Clinic' }),
      await cover(),
    );
    const facility = created.json().result;
    const review = await createReview(t, member, facility._id);
    const response = await send('DELETE', `/admin/facilities/${facility._id}`, admin);
    expect(response.statusCode, response.body).toBe(200);
    expect(await facilityRow(facility._id)).toBeUndefined();
    const reviews = await t.database.db
      .select()
      .from(facilityReviews)
      .where(eq(facilityReviews.id, review._id));
    expect(reviews).toEqual([]);
    const files = uploadedFiles(t);
    for (const size of facility.imageSizes) expect(files).not.toContain(size.key);
    const again = await send('DELETE', `/admin/facilities/${facility._id}`, admin);
    expect(again.statusCode).toBe(404);
  });
});
