import { accessLog, eq } from '@ipatient/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { admin, call, member, startCampaignsApp, t } from '../../../test/campaigns-suite.ts';
import { insertComplaintFor } from '../../../test/complaints.ts';
import { campaignWithDocuments, documentsOf, follow } from '../../../test/evidence-suite.ts';

beforeAll(startCampaignsApp);
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(accessLog);
});

const entries = () => t.database.db.select().from(accessLog);
const entriesOf = (subjectId: string) =>
  t.database.db.select().from(accessLog).where(eq(accessLog.subjectId, subjectId));

describe('recording who opened a private record', () => {
  it('records each campaign document given a link (organiser and admin) and each download', async () => {
    const owner = await member();
    const { campaign, documentIds } = await campaignWithDocuments(owner);
    const [billId] = documentIds;
    if (!billId) throw new Error('no document');

    const own = await documentsOf(campaign._id, owner);
    expect(own.statusCode).toBe(200);
    const review = await call('GET', `/admin/crowdfunding/${campaign._id}`, { as: admin });
    expect(review.statusCode, review.body).toBe(200);
    const downloaded = await follow(own.json().results[0].downloadUrl);
    expect(downloaded.statusCode).toBe(200);

    const rows = await entriesOf(billId);
    expect(rows).toHaveLength(3);
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ actorId: owner.id, actorRole: 'member', action: 'list' }),
        expect.objectContaining({ actorId: admin.id, actorRole: 'admin', action: 'list' }),
        expect.objectContaining({ actorId: null, actorRole: 'link', action: 'download' }),
      ]),
    );
    for (const row of rows) {
      expect(row).toMatchObject({ subjectType: 'campaign_document', ownerId: owner.id });
      expect(row.requestId).toBeTruthy();
    }
  });

  it('records nothing for someone refused the documents', async () => {
    const owner = await member();
    const stranger = await member();
    const { campaign } = await campaignWithDocuments(owner);
    expect((await documentsOf(campaign._id, stranger)).statusCode).toBe(404);
    expect(await entries()).toHaveLength(0);
  });

  it('records one complaint opened (owner included), and the admin list, not the owner list', async () => {
    const owner = await member();
    const complaint = await insertComplaintFor(t, owner.id);

    expect(
      (await call('GET', `/get-single-advocacy/${complaint.id}`, { as: owner })).statusCode,
    ).toBe(200);
    expect(
      (await call('GET', `/get-single-advocacy/${complaint.id}`, { as: admin })).statusCode,
    ).toBe(200);
    expect((await call('GET', `/get-user-advocacies/${owner.id}`, { as: owner })).statusCode).toBe(
      200,
    );
    const listed = await call('GET', '/get-all-advocacies', { as: admin });
    expect(listed.statusCode, listed.body).toBe(200);

    const rows = await entriesOf(complaint.id);
    expect(rows.map((row) => [row.actorId, row.action]).sort()).toEqual(
      [
        [admin.id, 'list'],
        [admin.id, 'view'],
        [owner.id, 'view'],
      ].sort(),
    );
    expect(rows.every((row) => row.ownerId === owner.id && row.subjectType === 'complaint')).toBe(
      true,
    );
  });
});

describe('GET /admin/access-log', () => {
  it('lists entries newest first with names, links and filters', async () => {
    const owner = await member();
    const complaint = await insertComplaintFor(t, owner.id);
    const { campaign, documentIds } = await campaignWithDocuments(owner);
    await call('GET', `/get-single-advocacy/${complaint.id}`, { as: admin });
    await call('GET', `/admin/crowdfunding/${campaign._id}`, { as: admin });

    const all = await call('GET', '/admin/access-log', { as: admin });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().meta.total).toBe(1 + documentIds.length);
    expect(all.json().results[0].subjectType).toBe('campaign_document');

    const bySubject = await call(
      'GET',
      `/admin/access-log?subjectType=complaint&subjectId=${complaint.id}`,
      { as: admin },
    );
    expect(bySubject.statusCode).toBe(200);
    const [entry] = bySubject.json().results;
    expect(bySubject.json().results).toHaveLength(1);
    expect(entry).toMatchObject({
      actorId: admin.id,
      actorRole: 'admin',
      ownerId: owner.id,
      action: 'view',
      href: `/admin/complaints/${complaint.id}`,
    });
    expect(entry.actorName).toBeTruthy();
    expect(entry.ownerName).toBeTruthy();

    const documents = await call('GET', '/admin/access-log?subjectType=campaign_document', {
      as: admin,
    });
    expect(documents.json().results[0].href).toBe(`/admin/campaigns/${campaign._id}`);

    const byOwner = await call('GET', `/admin/access-log?ownerId=${admin.id}`, { as: admin });
    expect(byOwner.json().meta.total).toBe(0);
    const byActor = await call('GET', `/admin/access-log?actorId=${admin.id}&limit=1&page=2`, {
      as: admin,
    });
    expect(byActor.json().results).toHaveLength(1);
    expect(byActor.json().meta).toMatchObject({ page: 2, limit: 1, total: 1 + documentIds.length });

    const future = await call('GET', '/admin/access-log?from=2999-01-01', { as: admin });
    expect(future.json().meta.total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    const untilToday = await call('GET', `/admin/access-log?to=${today}`, { as: admin });
    expect(untilToday.json().meta.total).toBe(1 + documentIds.length);
  });

  it('refuses bad filters with 400 and names them', async () => {
    for (const query of [
      'subjectType=passwords',
      'actorId=not-an-id',
      'from=yesterday',
      'from=2026-02-02&to=2026-02-01',
      'page=0',
    ]) {
      const response = await call('GET', `/admin/access-log?${query}`, { as: admin });
      expect(response.statusCode, query).toBe(400);
    }
  });

  it('is for admins only: 401 for a visitor, 403 for a member', async () => {
    expect((await call('GET', '/admin/access-log')).statusCode).toBe(401);
    expect((await call('GET', '/admin/access-log', { as: await member() })).statusCode).toBe(403);
  });
});
