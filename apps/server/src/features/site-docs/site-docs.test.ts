import {
  defaultSiteContent,
  latestAllowedAwardYear,
  resolveSiteContent,
} from '@ipatient/contracts/site-content';
import { appMeta, auditLog, eq, siteDocuments } from '@ipatient/db';
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
    // No made-up phone number: the demo publishes none until an admin enters a real one.
    expect(body.result.contactUs.phone).toBe('');
    // The launch texts, and the demo notice on a demo installation.
    expect(body.result.siteContent).toEqual({ ...defaultSiteContent, demoNotice: true });
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
    phone: '+234 803 555 0142',
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

describe('PUT /api/v1/admin/site-content', () => {
  const change = { heroTrustLine: 'Trusted by 2,100 patients in 14 states' };

  async function withDocuments() {
    const admin = await createSignedInUser(t, { role: 'admin' });
    const created = await docsCall('POST', '/create-dedocs', validDocs, admin.headers);
    expect(created.statusCode, created.body).toBe(201);
    return admin;
  }

  it('needs a signed-in admin: 401 for visitors, 403 for members; nothing changes', async () => {
    await withDocuments();
    const member = await createSignedInUser(t);
    expect((await docsCall('PUT', '/admin/site-content', change)).statusCode).toBe(401);
    const forbidden = await docsCall('PUT', '/admin/site-content', change, member.headers);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().code).toBe('FORBIDDEN');
    expect((await storedDocs()).siteContent).toEqual(defaultSiteContent);
  });

  it('answers 404 before the website documents exist', async () => {
    const admin = await createSignedInUser(t, { role: 'admin' });
    const response = await docsCall('PUT', '/admin/site-content', change, admin.headers);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toMatch(/Create them first/);
    const read = await t.app.inject({ method: 'GET', url: '/api/v1/site-content' });
    expect(read.statusCode).toBe(404);
  });

  it('replaces the parts sent, keeps the others, and every page read shows the change', async () => {
    const admin = await withDocuments();
    const first = await docsCall('PUT', '/admin/site-content', change, admin.headers);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().result).toEqual({ ...defaultSiteContent, ...change });

    const timeline = structuredClone(defaultSiteContent.timeline);
    const members = timeline[1]?.items[1];
    if (!members) throw new Error('the launch timeline has community members in its second year');
    members.figure = '2,150';
    const awards = structuredClone(defaultSiteContent.awards);
    awards.year = 2025;
    if (awards.categories[0]) awards.categories[0].name = 'Places and programmes';
    const second = await docsCall(
      'PUT',
      '/admin/site-content',
      { timeline, awards, demoNotice: true },
      admin.headers,
    );
    expect(second.statusCode, second.body).toBe(200);

    const expected = { heroTrustLine: change.heroTrustLine, timeline, awards, demoNotice: true };
    expect((await storedDocs()).siteContent).toEqual(expected);
    const read = await t.app.inject({ method: 'GET', url: '/api/v1/site-content' });
    expect(read.json().result).toEqual(expected);

    // A blank trust line shows none; the rest stays.
    await docsCall('PUT', '/admin/site-content', { heroTrustLine: '  ' }, admin.headers);
    expect((await storedDocs()).siteContent).toEqual({ ...expected, heroTrustLine: '' });
  });

  it('writes an audit entry with the content before and after', async () => {
    const admin = await withDocuments();
    await docsCall('PUT', '/admin/site-content', change, admin.headers);
    await docsCall('PUT', '/admin/site-content', { demoNotice: true }, admin.headers);
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityType, 'site-content'));
    expect(entries).toHaveLength(2);
    const last = entries.find((entry) => (entry.after as { demoNotice?: boolean }).demoNotice);
    expect(last?.action).toBe('PUT /api/v1/admin/site-content');
    expect(last?.actorId).toBe(admin.id);
    expect(last?.before).toEqual(change);
    expect(last?.after).toMatchObject({ ...change, demoNotice: true });
  });

  const longText = 'x'.repeat(200);
  it.each([
    ['heroTrustLine', { heroTrustLine: longText }, 'Trust line must be at most 60 characters'],
    ['heroTrustLine', { heroTrustLine: 42 }, 'Trust line must be text'],
    [
      'timeline.0.items.1.text',
      {
        timeline: [{ year: '2023', label: 'Start', items: [{ text: 'ok' }, { figure: '9' }] }],
      },
      'Timeline item text is required',
    ],
    [
      'timeline.0.items.0.figure',
      { timeline: [{ year: '2023', label: 'Start', items: [{ figure: longText, text: 'ok' }] }] },
      'Timeline figure must be at most 12 characters',
    ],
    [
      'timeline.0.year',
      { timeline: [{ year: 'next', label: 'Start', items: [{ text: 'ok' }] }] },
      'Timeline year must be a year of 4 digits, e.g. 2025',
    ],
    [
      'timeline.0.label',
      { timeline: [{ year: '2023', label: '', items: [{ text: 'ok' }] }] },
      'Timeline heading is required',
    ],
    ['timeline', { timeline: [] }, 'The timeline needs at least one year'],
    [
      'awards.year',
      { awards: { ...defaultSiteContent.awards, year: 2019 } },
      'Awards year must be 2021 or later',
    ],
    [
      'awards.year',
      { awards: { ...defaultSiteContent.awards, year: latestAllowedAwardYear() + 1 } },
      'Awards year can be at most next year',
    ],
    [
      'awards.categories',
      {
        awards: {
          ...defaultSiteContent.awards,
          categories: defaultSiteContent.awards.categories.slice(0, 1),
        },
      },
      'The awards have exactly two categories',
    ],
    [
      'awards.categories.1.name',
      {
        awards: {
          ...defaultSiteContent.awards,
          categories: defaultSiteContent.awards.categories.map((category, index) =>
            index === 1 ? { ...category, name: ' ' } : category,
          ),
        },
      },
      'Award category name is required',
    ],
    [
      'awards.categories.0.awards.0.title',
      {
        awards: {
          ...defaultSiteContent.awards,
          categories: defaultSiteContent.awards.categories.map((category) => ({
            ...category,
            awards: [{ title: longText, description: '' }],
          })),
        },
      },
      'Award title must be at most 80 characters',
    ],
    ['demoNotice', { demoNotice: 'yes' }, 'Demo notice must be true or false'],
  ])(
    'refuses a bad %s with a message naming it, and changes nothing',
    async (field, body, message) => {
      const admin = await withDocuments();
      const response = await docsCall('PUT', '/admin/site-content', body, admin.headers);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors?.[field]).toBe(message);
      expect((await storedDocs()).siteContent).toEqual(defaultSiteContent);
    },
  );

  it('refuses an empty change', async () => {
    const admin = await withDocuments();
    const response = await docsCall('PUT', '/admin/site-content', {}, admin.headers);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/at least one of heroTrustLine/);
  });
});

describe('resolveSiteContent', () => {
  it('shows the launch text for parts never saved or damaged, the saved ones as they are', () => {
    expect(resolveSiteContent({})).toEqual(defaultSiteContent);
    expect(resolveSiteContent(null, true)).toEqual({ ...defaultSiteContent, demoNotice: true });
    const damaged = resolveSiteContent(
      {
        heroTrustLine: 'Trusted by 900 patients',
        timeline: [{ year: 'soon' }],
        awards: { year: 'next', categories: [] },
        demoNotice: false,
      },
      true,
    );
    expect(damaged).toEqual({
      ...defaultSiteContent,
      heroTrustLine: 'Trusted by 900 patients',
      demoNotice: false,
    });
    // A year saved when it was allowed stays valid as the clock moves on.
    const old = resolveSiteContent({ awards: { ...defaultSiteContent.awards, year: 2031 } });
    expect(old.awards.year).toBe(2031);
  });
});
