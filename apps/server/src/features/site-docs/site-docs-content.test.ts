import {
  defaultSiteContent,
  latestAllowedAwardYear,
  resolveSiteContent,
} from '@ipatient/contracts/site-content';
import { auditLog, eq } from '@ipatient/db';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../test/accounts.ts';
import {
  docsCall,
  startSiteDocsApp,
  storedDocs,
  t,
  validDocs,
} from '../../../test/site-docs-suite.ts';

beforeEach(startSiteDocsApp);
afterEach(() => t.close());

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
