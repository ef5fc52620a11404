import { appMeta, eq, siteDocuments } from '@ipatient/db';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { initialiseDatabase } from '../../seed/demo-seed.ts';
import { auditSummary } from './site-docs.service.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

describe('GET /api/v1/get-docs', () => {
  it('answers 404 before any documents exist', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/get-docs' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Website documents not found', code: 'NOT_FOUND' });
  });

  it('returns the seeded documents in the SPEC envelope', async () => {
    await initialiseDatabase(t.database.db, { seedDemo: true, storage: t.app.storage });
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/get-docs' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBeTypeOf('string');
    expect(body.result.termsAndCondition.content).toContain('Patients in Nigeria');
    expect(body.result.termsAndCondition.content).not.toContain('{product}');
    expect(new Date(body.result.termsAndCondition.dateUpdated).getTime()).not.toBeNaN();
    expect(body.result.contactUs.email).toMatch(/@/);
    expect(Object.keys(body.result.socialMedia)).toEqual(
      expect.arrayContaining(['facebook', 'x', 'instagram', 'linkedin', 'youtube']),
    );
  });
});

describe('initialiseDatabase', () => {
  it('seeds a new database once, however often it is called', async () => {
    const outcomes = await Promise.all([
      initialiseDatabase(t.database.db, { seedDemo: true, storage: t.app.storage }),
      initialiseDatabase(t.database.db, { seedDemo: true, storage: t.app.storage }),
      initialiseDatabase(t.database.db, { seedDemo: true, storage: t.app.storage }),
    ]);
    expect(outcomes.sort()).toEqual(['already-initialised', 'already-initialised', 'seeded']);
    const rows = await t.database.db.select().from(siteDocuments);
    expect(rows).toHaveLength(1);
  });

  it('adds no demo content when SEED_DEMO is false, and never later', async () => {
    expect(
      await initialiseDatabase(t.database.db, { seedDemo: false, storage: t.app.storage }),
    ).toBe('initialised');
    expect(await t.database.db.select().from(siteDocuments)).toHaveLength(0);
    // A later start with demo content on must not pour demo data into a real installation.
    expect(
      await initialiseDatabase(t.database.db, { seedDemo: true, storage: t.app.storage }),
    ).toBe('already-initialised');
    expect(await t.database.db.select().from(siteDocuments)).toHaveLength(0);
    const [installation] = await t.database.db
      .select()
      .from(appMeta)
      .where(eq(appMeta.key, 'installation'));
    expect(installation?.value).toMatchObject({ demoContent: false });
  });
});

const validDocs = {
  termsAndCondition: '<h2>Terms</h2><p>Be kind to other patients.</p>',
  aboutUs: '<p>We amplify patient voices in Nigeria.</p>',
  contactUs: {
    email: 'Care@iPatient.example',
    phone: '+234 800 000 0000',
    address: '1 Marina, Lagos',
  },
  socialMedia: {
    facebook: 'https://www.facebook.com/ipatient',
    x: 'https://x.com/ipatient',
  },
};

function docsCall(
  method: 'POST' | 'PUT',
  url: string,
  payload: object,
  headers: Record<string, string> = {},
) {
  return t.app.inject({ method, url: `/api/v1${url}`, payload, headers });
}

async function storedDocs() {
  return (await t.app.inject({ method: 'GET', url: '/api/v1/get-docs' })).json().result;
}

describe('POST /api/v1/create-dedocs', () => {
  it('needs a signed-in admin: 401 for visitors, 403 for members; nothing is created', async () => {
    const member = await createSignedInUser(t);
    expect((await docsCall('POST', '/create-dedocs', validDocs)).statusCode).toBe(401);
    const forbidden = await docsCall('POST', '/create-dedocs', validDocs, member.headers);
    expect(forbidden.statusCode).toBe(403);
    expect(await t.database.db.select().from(siteDocuments)).toHaveLength(0);
  });

  it('creates the documents, sanitized; GET /get-docs returns them; a second create is 409', async () => {
    const admin = await createSignedInUser(t, { role: 'admin' });
    const response = await docsCall(
      'POST',
      '/create-dedocs',
      {
        ...validDocs,
        termsAndCondition: '<p onclick="x()">Terms</p><script>alert(1)</script>',
        aboutUs: '<p>About <iframe src="https://evil.example/x"></iframe></p>',
      },
      admin.headers,
    );
    expect(response.statusCode, response.body).toBe(201);
    const result = await storedDocs();
    expect(result.termsAndCondition.content).toBe('<p>Terms</p>');
    expect(result.aboutUs).not.toContain('iframe');
    expect(result.contactUs).toEqual({
      email: 'care@ipatient.example',
      phone: '+234 800 000 0000',
      address: '1 Marina, Lagos',
    });
    expect(result.socialMedia).toEqual(validDocs.socialMedia);
    expect(response.json().result).toEqual(result);

    const again = await docsCall('POST', '/create-dedocs', validDocs, admin.headers);
    expect(again.statusCode).toBe(409);
    expect((await storedDocs()).termsAndCondition.content).toBe('<p>Terms</p>');
  });

  it.each([
    ['termsAndCondition', { termsAndCondition: '' }],
    ['termsAndCondition', { termsAndCondition: '<script>alert(1)</script>' }],
    ['aboutUs', { aboutUs: undefined }],
    ['contactUs.email', { contactUs: { ...validDocs.contactUs, email: 'nope' } }],
    ['contactUs.phone', { contactUs: { ...validDocs.contactUs, phone: 'call us' } }],
    ['contactUs.address', { contactUs: { ...validDocs.contactUs, address: '' } }],
    ['socialMedia.facebook', { socialMedia: { facebook: 'http://www.facebook.com/ipatient' } }],
    ['socialMedia.x', { socialMedia: { x: 'javascript:alert(1)' } }],
    ['socialMedia.instagram', { socialMedia: { instagram: 'https://evil.example/ipatient' } }],
  ])('refuses a bad %s and creates nothing', async (field, override) => {
    const admin = await createSignedInUser(t, { role: 'admin' });
    const response = await docsCall(
      'POST',
      '/create-dedocs',
      { ...validDocs, ...override },
      admin.headers,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty(field);
    expect(await t.database.db.select().from(siteDocuments)).toHaveLength(0);
  });
});

describe('PUT /api/v1/update-dedocs', () => {
  it('needs a signed-in admin: 401 for visitors, 403 for members', async () => {
    const admin = await createSignedInUser(t, { role: 'admin' });
    await docsCall('POST', '/create-dedocs', validDocs, admin.headers);
    const before = await storedDocs();
    const member = await createSignedInUser(t);
    const change = { aboutUs: '<p>Changed by nobody</p>' };
    expect((await docsCall('PUT', '/update-dedocs', change)).statusCode).toBe(401);
    expect((await docsCall('PUT', '/update-dedocs', change, member.headers)).statusCode).toBe(403);
    expect(await storedDocs()).toEqual(before);
  });

  it('changes only what is sent; new terms move dateUpdated, other changes do not', async () => {
    const admin = await createSignedInUser(t, { role: 'admin' });
    await docsCall('POST', '/create-dedocs', validDocs, admin.headers);
    const created = await storedDocs();

    const about = await docsCall(
      'PUT',
      '/update-dedocs',
      { aboutUs: '<p>New about</p>' },
      admin.headers,
    );
    expect(about.statusCode).toBe(200);
    const afterAbout = await storedDocs();
    expect(afterAbout.aboutUs).toBe('<p>New about</p>');
    expect(afterAbout.termsAndCondition).toEqual(created.termsAndCondition);
    expect(afterAbout.contactUs).toEqual(created.contactUs);

    await new Promise((resolve) => setTimeout(resolve, 5));
    const terms = await docsCall(
      'PUT',
      '/update-dedocs',
      { termsAndCondition: { content: '<p>New terms</p><script>steal()</script>' } },
      admin.headers,
    );
    expect(terms.statusCode).toBe(200);
    const afterTerms = await storedDocs();
    expect(afterTerms.termsAndCondition.content).toBe('<p>New terms</p>');
    expect(new Date(afterTerms.termsAndCondition.dateUpdated).getTime()).toBeGreaterThan(
      new Date(created.termsAndCondition.dateUpdated).getTime(),
    );

    const social = await docsCall(
      'PUT',
      '/update-dedocs',
      { socialMedia: { linkedin: 'https://www.linkedin.com/company/ipatient', x: '' } },
      admin.headers,
    );
    expect(social.statusCode).toBe(200);
    expect((await storedDocs()).socialMedia).toEqual({
      linkedin: 'https://www.linkedin.com/company/ipatient',
    });
  });

  it('keeps dateUpdated when the same terms are sent again with other changes', async () => {
    const admin = await createSignedInUser(t, { role: 'admin' });
    await docsCall('POST', '/create-dedocs', validDocs, admin.headers);
    const created = await storedDocs();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const same = await docsCall(
      'PUT',
      '/update-dedocs',
      {
        termsAndCondition: created.termsAndCondition.content,
        contactUs: { ...validDocs.contactUs, phone: '+234 801 111 2222' },
      },
      admin.headers,
    );
    expect(same.statusCode).toBe(200);
    const after = await storedDocs();
    expect(after.termsAndCondition).toEqual(created.termsAndCondition);
    expect(after.contactUs.phone).toBe('+234 801 111 2222');
  });

  it('gives the audit log a short "before" and declares the entity', async () => {
    expect(await auditSummary(t.database.db)).toBeNull();
    const admin = await createSignedInUser(t, { role: 'admin' });
    await docsCall(
      'POST',
      '/create-dedocs',
      { ...validDocs, termsAndCondition: `<p>${'Terms words. '.repeat(100)}</p>` },
      admin.headers,
    );
    const summary = await auditSummary(t.database.db);
    expect(summary?.termsAndCondition.text.length).toBeLessThanOrEqual(300);
    expect(summary?.termsAndCondition.text).not.toContain('<p>');
    expect(summary?.contactUs).toEqual({ ...validDocs.contactUs, email: 'care@ipatient.example' });
    const seen: [string, string | undefined, boolean][] = [];
    const own = await createTestApp({
      setup: (app) =>
        app.addHook('onRequest', async (request) => {
          const audit = (
            request.routeOptions.config as { audit?: { entity?: string; before?: unknown } }
          ).audit;
          seen.push([request.method, audit?.entity, typeof audit?.before === 'function']);
        }),
    });
    try {
      await own.app.inject({ method: 'POST', url: '/api/v1/create-dedocs', payload: {} });
      await own.app.inject({ method: 'PUT', url: '/api/v1/update-dedocs', payload: {} });
    } finally {
      await own.close();
    }
    expect(seen).toEqual([
      ['POST', 'site-documents', false],
      ['PUT', 'site-documents', true],
    ]);
  });

  it('refuses an empty change and bad fields, changing nothing; 404 before any documents', async () => {
    const admin = await createSignedInUser(t, { role: 'admin' });
    const none = await docsCall('PUT', '/update-dedocs', { aboutUs: '<p>x</p>' }, admin.headers);
    expect(none.statusCode).toBe(404);
    await docsCall('POST', '/create-dedocs', validDocs, admin.headers);
    const before = await storedDocs();
    expect((await docsCall('PUT', '/update-dedocs', {}, admin.headers)).statusCode).toBe(400);
    const bad = await docsCall(
      'PUT',
      '/update-dedocs',
      { aboutUs: '<p>Fine</p>', contactUs: { email: 'bad', phone: '1', address: '' } },
      admin.headers,
    );
    expect(bad.statusCode).toBe(400);
    expect(await storedDocs()).toEqual(before);
  });
});
