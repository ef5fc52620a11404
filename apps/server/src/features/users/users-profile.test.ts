import { eq, users } from '@ipatient/db';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSignedInUser, multipart } from '../../../test/accounts.ts';
import {
  api,
  imageUploadsCounted,
  photo,
  startUsersApp,
  t,
  user,
  userRow,
} from '../../../test/users-suite.ts';

beforeEach(startUsersApp);
afterEach(() => t.close());

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
