import { siteDocuments } from '@ipatient/db';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../test/accounts.ts';
import { createTestApp } from '../../../test/helpers.ts';
import {
  docsCall,
  startSiteDocsApp,
  storedDocs,
  t,
  validDocs,
} from '../../../test/site-docs-suite.ts';
import { auditSummary } from './site-docs.service.ts';

beforeEach(startSiteDocsApp);
afterEach(() => t.close());

/** A terms date well before any test runs: a change of the terms must move it, others not. */
const LONG_AGO = new Date('2026-01-01T00:00:00.000Z');
const backdateTerms = () => t.database.db.update(siteDocuments).set({ termsUpdatedAt: LONG_AGO });

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
      phone: '+234 803 555 0142',
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

    await backdateTerms();
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
      LONG_AGO.getTime(),
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
    await backdateTerms();
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
    expect(after.termsAndCondition).toEqual({
      content: created.termsAndCondition.content,
      dateUpdated: LONG_AGO.toISOString(),
    });
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

describe('contact phone', () => {
  it('may be left out or blank: then none is published', async () => {
    const admin = await createSignedInUser(t, { role: 'admin' });
    const { phone: _phone, ...noPhone } = validDocs.contactUs;
    const created = await docsCall(
      'POST',
      '/create-dedocs',
      { ...validDocs, contactUs: noPhone },
      admin.headers,
    );
    expect(created.statusCode, created.body).toBe(201);
    expect((await storedDocs()).contactUs.phone).toBe('');
    const set = await docsCall(
      'PUT',
      '/update-dedocs',
      { contactUs: validDocs.contactUs },
      admin.headers,
    );
    expect(set.statusCode).toBe(200);
    expect((await storedDocs()).contactUs.phone).toBe('+234 803 555 0142');
    const blank = await docsCall(
      'PUT',
      '/update-dedocs',
      { contactUs: { ...validDocs.contactUs, phone: '  ' } },
      admin.headers,
    );
    expect(blank.statusCode).toBe(200);
    expect((await storedDocs()).contactUs.phone).toBe('');
  });
});
