import { defaultSiteContent } from '@ipatient/contracts/site-content';
import { appMeta, eq, siteDocuments } from '@ipatient/db';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSiteDocsApp, t } from '../../../test/site-docs-suite.ts';
import { initialiseDatabase } from '../../seed/demo-seed.ts';

beforeEach(startSiteDocsApp);
afterEach(() => t.close());

describe('GET /api/v1/get-docs', () => {
  it('answers 404 before any documents exist', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/get-docs' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Website documents not found', code: 'NOT_FOUND' });
  });

  it('returns the seeded documents in the API envelope', async () => {
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
