import { and, eq, facilityProfiles, rateEvents, users } from '@ipatient/db';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSignedInUser, multipart, type SignedInUser } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
let user: SignedInUser;
beforeEach(async () => {
  t = await createTestApp();
  user = await createSignedInUser(t);
});
afterEach(() => t.close());

function api(
  method: 'GET' | 'PUT',
  url: string,
  options: { payload?: object | Buffer; headers?: Record<string, string> } = {},
) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    payload: options.payload,
    headers: { ...user.headers, ...options.headers },
  });
}

const photo = () =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: '#1b7a55' } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-camera' } } })
    .toBuffer();

async function imageUploadsCounted(): Promise<number> {
  const rows = await t.database.db
    .select()
    .from(rateEvents)
    .where(and(eq(rateEvents.bucket, 'image-upload'), eq(rateEvents.key, user.id)));
  return rows.length;
}

async function userRow() {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
  return row;
}

describe('GET /get-me and /get-single-user/{userId}', () => {
  it('returns the signed-in user, without secrets', async () => {
    const response = await api('GET', '/get-me');
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toMatchObject({ _id: user.id, email: user.email, image: null });
    expect(JSON.stringify(response.json())).not.toMatch(/argon2|password/i);
  });

  it('shows your own profile, refuses others (403) unless you are an admin', async () => {
    const other = await createSignedInUser(t);
    expect((await api('GET', `/get-single-user/${user.id}`)).json().result.email).toBe(user.email);
    expect((await api('GET', `/get-single-user/${other.id}`)).statusCode).toBe(403);
    const admin = await createSignedInUser(t, { role: 'admin' });
    const asAdmin = await api('GET', `/get-single-user/${other.id}`, { headers: admin.headers });
    expect(asAdmin.json().result.email).toBe(other.email);
    expect(
      (
        await api('GET', '/get-single-user/00000000-0000-4000-8000-000000000000', {
          headers: admin.headers,
        })
      ).statusCode,
    ).toBe(404);
    expect((await api('GET', '/get-single-user/not-a-uuid')).statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/get-single-user/${user.id}` })).statusCode,
    ).toBe(401);
  });
});

describe('PUT /update-user-onboarding', () => {
  const valid = {
    age: 34,
    gender: 'female',
    address: '12 Awolowo Road',
    state: 'lagos',
    lga: 'ikeja',
  };

  it('saves age, gender, address and a real state/LGA pair under their canonical names', async () => {
    const response = await api('PUT', '/update-user-onboarding', { payload: valid });
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toMatchObject({
      age: 34,
      gender: 'female',
      state: 'Lagos',
      lga: 'Ikeja',
      isOnboarded: true,
    });
    const abuja = await api('PUT', '/update-user-onboarding', {
      payload: { ...valid, state: 'abuja', lga: 'Gwagwalada', age: '40' },
    });
    expect(abuja.json().result).toMatchObject({
      state: 'Federal Capital Territory',
      lga: 'Gwagwalada',
      age: 40,
    });
  });

  it.each([
    ['age', { age: -1 }],
    ['age', { age: 121 }],
    ['age', { age: 'abc' }],
    ['age', { age: 20.5 }],
    ['gender', { gender: 'unknown' }],
    ['state', { state: 'Atlantis' }],
    ['lga', { lga: 'Kano Municipal' }],
    ['address', { address: 'x'.repeat(201) }],
    ['lga', { lga: undefined }],
    ['state', { state: undefined }],
  ])('refuses a bad %s (%j) and changes nothing', async (field, override) => {
    const response = await api('PUT', '/update-user-onboarding', {
      payload: { ...valid, ...override },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toContain(field);
    expect((await userRow())?.onboardedAt).toBeNull();
  });

  it('takes an empty body as "skip for now": saves nothing but remembers onboarding is done', async () => {
    const response = await api('PUT', '/update-user-onboarding', { payload: {} });
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toMatchObject({
      age: null,
      gender: null,
      address: null,
      state: null,
      lga: null,
      isOnboarded: true,
    });
    expect((await userRow())?.onboardedAt).not.toBeNull();
    // Blank form fields count as left out.
    const blanks = { age: '', gender: '', address: '', state: '', lga: '' };
    const blank = await api('PUT', '/update-user-onboarding', { payload: blanks });
    expect(blank.statusCode).toBe(200);
  });

  it('saves only the fields given and keeps the others', async () => {
    const first = await api('PUT', '/update-user-onboarding', {
      payload: { age: 34, state: 'Lagos', lga: 'Ikeja' },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().result).toMatchObject({
      age: 34,
      gender: null,
      address: null,
      state: 'Lagos',
      lga: 'Ikeja',
      isOnboarded: true,
    });
    const second = await api('PUT', '/update-user-onboarding', {
      payload: { gender: 'female', address: '12 Awolowo Road' },
    });
    expect(second.json().result).toMatchObject({
      age: 34,
      gender: 'female',
      address: '12 Awolowo Road',
      state: 'Lagos',
      lga: 'Ikeja',
    });
  });

  it('needs a signed-in user', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/update-user-onboarding',
      payload: valid,
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('PUT /update-user-profile/{id}', () => {
  it('refuses a cut-off form with 400 and changes nothing', async () => {
    const [before] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    const response = await api('PUT', `/update-user-profile/${user.id}`, {
      payload: Buffer.from('--cut\r\nContent-Disposition: form-data; name="firstName"\r\n\r\nAda'),
      headers: { 'content-type': 'multipart/form-data; boundary=cut' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The form could not be read. Please send it again.');
    const [after] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(after).toEqual(before);
  });

  it('answers an update that names no field with the profile as it is, changing nothing', async () => {
    const [before] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    const response = await api('PUT', `/update-user-profile/${user.id}`, {
      payload: { unknownField: 'x' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().result.firstName).toBe(before?.firstName);
    const [after] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(after).toEqual(before);
  });

  it('updates fields and stores the photo re-encoded as WebP without metadata, served from /images', async () => {
    const body = await multipart(
      {
        firstName: 'Ngozi',
        phone: '+234 705 555 1234',
        state: 'Rivers',
        lga: 'Port Harcourt',
        email: user.email,
      },
      { image: { body: await photo(), filename: 'me.jpg', type: 'image/jpeg' } },
    );
    const response = await api('PUT', `/update-user-profile/${user.id}`, body);
    expect(response.statusCode).toBe(200);
    const result = response.json().result;
    expect(result).toMatchObject({
      firstName: 'Ngozi',
      phone: '+2347055551234',
      state: 'Rivers',
      lga: 'Port Harcourt',
    });
    expect(result.image).toMatch(/^avatars\/[\w-]+\.webp$/);
    const served = await t.app.inject({ method: 'GET', url: `/images/${result.image}` });
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBeLessThanOrEqual(512);
    expect(meta.exif).toBeUndefined();

    // A new photo replaces the old one, which is removed.
    const again = await multipart(
      {},
      { image: { body: await photo(), filename: 'new.jpg', type: 'image/jpeg' } },
    );
    const second = (await api('PUT', `/update-user-profile/${user.id}`, again)).json().result;
    expect(second.image).not.toBe(result.image);
    expect((await t.app.inject({ method: 'GET', url: `/images/${result.image}` })).statusCode).toBe(
      404,
    );
  });

  it('refuses files that are not images (by their bytes) and changes nothing', async () => {
    const fake = await multipart(
      { firstName: 'Changed' },
      {
        image: {
          body: Buffer.from('<svg onload="alert(1)"></svg>'),
          filename: 'x.png',
          type: 'image/png',
        },
      },
    );
    const response = await api('PUT', `/update-user-profile/${user.id}`, fake);
    expect(response.statusCode).toBe(415);
    expect((await userRow())?.firstName).toBe('Ada');
  });

  it('refuses a photo over 5 MB with 413', async () => {
    const big = await multipart(
      {},
      {
        image: {
          body: Buffer.alloc(5 * 1024 * 1024 + 10, 1),
          filename: 'big.jpg',
          type: 'image/jpeg',
        },
      },
    );
    const response = await api('PUT', `/update-user-profile/${user.id}`, big);
    expect(response.statusCode).toBe(413);
  });

  it('refuses a tiny photo of huge dimensions from its header, changing and counting nothing', async () => {
    const bomb = await sharp({
      create: { width: 6300, height: 6300, channels: 3, background: '#fff' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const form = await multipart(
      { firstName: 'Changed' },
      { image: { body: bomb, filename: 'bomb.png', type: 'image/png' } },
    );
    const response = await api('PUT', `/update-user-profile/${user.id}`, form);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.image).toMatch(/too large \(6300 × 6300 pixels\)/);
    expect((await userRow())?.firstName).toBe('Ada');
    expect(await imageUploadsCounted()).toBe(0);
  });

  it('allows 10 image uploads an hour per member (photos and covers together), then 429', async () => {
    for (let i = 0; i < 10; i++) {
      const form = await multipart(
        {},
        { image: { body: await photo(), filename: 'me.jpg', type: 'image/jpeg' } },
      );
      expect((await api('PUT', `/update-user-profile/${user.id}`, form)).statusCode).toBe(200);
    }
    const before = (await userRow())?.image;
    const eleventh = await api(
      'PUT',
      `/update-user-profile/${user.id}`,
      await multipart(
        { firstName: 'Changed' },
        { image: { body: await photo(), filename: 'me.jpg', type: 'image/jpeg' } },
      ),
    );
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().retryAfter).toBeGreaterThan(0);
    expect(eleventh.json().message).toMatch(/uploaded many images/);
    expect(await userRow()).toMatchObject({ image: before, firstName: 'Ada' });
    // Changes without a picture are not limited.
    const plain = await api(
      'PUT',
      `/update-user-profile/${user.id}`,
      await multipart({ firstName: 'Adaeze' }),
    );
    expect(plain.statusCode).toBe(200);
  });

  it("refuses another user's profile, an email change and a bad pair", async () => {
    const other = await createSignedInUser(t);
    const form = await multipart({ firstName: 'Hacked' });
    expect((await api('PUT', `/update-user-profile/${other.id}`, form)).statusCode).toBe(403);
    const email = await api(
      'PUT',
      `/update-user-profile/${user.id}`,
      await multipart({ email: 'new@example.ng' }),
    );
    expect(email.statusCode).toBe(400);
    expect(email.json().errors).toHaveProperty('email');
    const place = await api(
      'PUT',
      `/update-user-profile/${user.id}`,
      await multipart({ state: 'Kano', lga: 'Ikeja' }),
    );
    expect(place.statusCode).toBe(400);
    expect((await userRow())?.firstName).toBe('Ada');
  });

  it('holds names to the name rule, naming the field, and changes nothing', async () => {
    for (const [field, value, message] of [
      ['firstName', 'Ada2', 'First name can only contain letters'],
      ['lastName', 'URGENT: see evil.example', 'Last name can only contain letters'],
      ['firstName', 'Ada www.evil.example', 'First name must not contain a web address'],
      ['lastName', 'x'.repeat(51), 'Last name must be at most 50 characters'],
    ] as const) {
      const response = await api('PUT', `/update-user-profile/${user.id}`, {
        payload: { [field]: value },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[field]).toMatch(message);
    }
    expect(await userRow()).toMatchObject({ firstName: 'Ada', lastName: 'Okafor' });
    const accented = await api('PUT', `/update-user-profile/${user.id}`, {
      payload: { firstName: ' Ọláolúwa ', lastName: "D'Souza-Ànúolúwapọ̀" },
    });
    expect(accented.statusCode).toBe(200);
    expect(accented.json().result.firstName).toBe('Ọláolúwa');
  });

  it('accepts JSON for clients without a photo', async () => {
    const response = await api('PUT', `/update-user-profile/${user.id}`, {
      payload: { lastName: 'Balogun', age: 51 },
    });
    expect(response.json().result).toMatchObject({ lastName: 'Balogun', age: 51 });
  });

  it('takes a blank age as left out, as the account form sends it for a member who skipped it', async () => {
    const response = await api('PUT', `/update-user-profile/${user.id}`, {
      payload: { firstName: 'Ngozi', age: '' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toMatchObject({ firstName: 'Ngozi', age: null });
  });
});

describe('PUT /users/{id}/advocate', () => {
  it('lets members volunteer as an advocate and stop, for themselves only', async () => {
    const on = await api('PUT', `/users/${user.id}/advocate`, { payload: { isAdvocate: true } });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({
      message: 'Thank you for volunteering as an advocate.',
      result: { _id: user.id, isAdvocate: true },
    });
    expect((await userRow())?.isAdvocate).toBe(true);
    expect((await api('GET', '/get-me')).json().result.isAdvocate).toBe(true);

    const off = await api('PUT', `/users/${user.id}/advocate`, { payload: { isAdvocate: false } });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({
      message: 'You are no longer volunteering as an advocate.',
      result: { isAdvocate: false },
    });
    expect((await userRow())?.isAdvocate).toBe(false);
  });

  it("refuses another member's account (403), visitors (401) and bad input, changing nothing", async () => {
    const other = await createSignedInUser(t);
    const forOther = await api('PUT', `/users/${other.id}/advocate`, {
      payload: { isAdvocate: true },
    });
    expect(forOther.statusCode).toBe(403);
    expect(forOther.json().message).toBe('You can only volunteer as an advocate for yourself.');
    const [otherRow] = await t.database.db.select().from(users).where(eq(users.id, other.id));
    expect(otherRow?.isAdvocate).toBe(false);

    const visitor = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${user.id}/advocate`,
      payload: { isAdvocate: true },
    });
    expect(visitor.statusCode).toBe(401);

    for (const payload of [{}, { isAdvocate: 'yes' }]) {
      const bad = await api('PUT', `/users/${user.id}/advocate`, { payload });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toHaveProperty('isAdvocate');
    }
    expect(
      (await api('PUT', '/users/not-a-uuid/advocate', { payload: { isAdvocate: true } }))
        .statusCode,
    ).toBe(400);
    expect((await userRow())?.isAdvocate).toBe(false);
  });

  it('does not let a facility account volunteer', async () => {
    const facility = await createSignedInUser(t, { role: 'facility' });
    const response = await api('PUT', `/users/${facility.id}/advocate`, {
      payload: { isAdvocate: true },
      headers: facility.headers,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/Facility accounts cannot volunteer/);
  });
});

describe('PUT /facility/onboarding', () => {
  const fields = {
    service: 'Maternity, Paediatrics',
    facility_type: 'Hospital',
    facility_name: 'Hope Clinic',
    rc_number: 'RC 123456',
    address: '4 Hospital Road',
    state: 'Oyo',
    lga: 'Ibadan North',
  };
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF');

  it('names the logo field when a logo is too large to decode', async () => {
    const bomb = await sharp({
      create: { width: 6300, height: 6300, channels: 3, background: '#fff' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const body = await multipart(fields, {
      logo: { body: bomb, filename: 'logo.png', type: 'image/png' },
      reg_doc: { body: pdf, filename: 'cac.pdf', type: 'application/pdf' },
    });
    const response = await api('PUT', '/facility/onboarding', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.logo).toMatch(/too large/);
    const [profile] = await t.database.db
      .select()
      .from(facilityProfiles)
      .where(eq(facilityProfiles.userId, user.id));
    expect(profile).toBeUndefined();
  });

  it('stores the facility, keeps documents private and makes the account a facility', async () => {
    const logo = await sharp({
      create: { width: 200, height: 200, channels: 3, background: '#fff' },
    })
      .png()
      .toBuffer();
    const body = await multipart(fields, {
      logo: { body: logo, filename: 'logo.png', type: 'image/png' },
      reg_doc: { body: pdf, filename: 'cac.pdf', type: 'application/pdf' },
    });
    const response = await api('PUT', '/facility/onboarding', body);
    expect(response.statusCode).toBe(200);
    const result = response.json().result;
    expect(result).toMatchObject({
      facility_name: 'Hope Clinic',
      rc_number: 'RC 123456',
      isOnboarded: true,
      other_doc: null,
    });
    expect(result.logo).toMatch(/^facility-logos\//);
    expect(result.reg_doc).toMatch(/^private\//);
    expect((await t.app.inject({ method: 'GET', url: `/images/${result.logo}` })).statusCode).toBe(
      200,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: `/images/${result.reg_doc}` })).statusCode,
    ).toBe(404);
    expect((await userRow())?.role).toBe('facility');
  });

  it('needs the registration document and valid fields', async () => {
    const noDoc = await api('PUT', '/facility/onboarding', await multipart(fields));
    expect(noDoc.statusCode).toBe(400);
    expect(noDoc.json().errors).toHaveProperty('reg_doc');
    for (const [field, value] of [
      ['facility_name', ''],
      ['lga', 'Ikeja'],
      ['rc_number', 'not a number'],
    ] as const) {
      const bad = await api(
        'PUT',
        '/facility/onboarding',
        await multipart(
          { ...fields, [field]: value },
          { reg_doc: { body: pdf, filename: 'cac.pdf', type: 'application/pdf' } },
        ),
      );
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().errors)).toContain(field);
    }
    const exe = await api(
      'PUT',
      '/facility/onboarding',
      await multipart(fields, {
        reg_doc: {
          body: Buffer.from('MZ\x90\x00binary'),
          filename: 'cac.pdf',
          type: 'application/pdf',
        },
      }),
    );
    expect(exe.statusCode).toBe(415);
    expect(await t.database.db.select().from(facilityProfiles)).toHaveLength(0);
    expect((await userRow())?.role).toBe('member');
  });
});
