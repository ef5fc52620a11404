import { eq, facilityProfiles } from '@ipatient/db';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/accounts.ts';
import { api, startUsersApp, t, user, userRow } from '../../../test/users-suite.ts';

beforeEach(startUsersApp);
afterEach(() => t.close());

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
