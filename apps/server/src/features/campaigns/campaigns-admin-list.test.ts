import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, type SignedInUser } from '../../../test/accounts.ts';
import { createCampaign, setStatus } from '../../../test/campaigns.ts';
import { apiCall, createTestApp, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
let admin: SignedInUser;
let member: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createSignedInUser(t, { role: 'admin' });
  member = await createSignedInUser(t);
});
afterAll(() => t.close());

const ids = (body: { results: { _id: string }[] }) => body.results.map((row) => row._id);

describe('GET /api/v1/admin/crowdfunding search', () => {
  it('finds campaigns by words of the title or story, with the status filter and paging', async () => {
    const zebra = await createCampaign(t, member, { title: 'Zebracrossing surgery fund' });
    const other = await createCampaign(t, await createSignedInUser(t), {
      title: 'Kidney dialysis for Amaka',
    });
    const all = await apiCall(t, 'GET', '/admin/crowdfunding', { as: admin });
    expect(ids(all.json())).toEqual(expect.arrayContaining([zebra._id, other._id]));

    const found = await apiCall(t, 'GET', '/admin/crowdfunding?search=zebracross', { as: admin });
    expect(found.statusCode, found.body).toBe(200);
    expect(ids(found.json())).toEqual([zebra._id]);
    expect(found.json().meta).toEqual({ page: 1, limit: 20, total: 1 });

    const wrongStatus = await apiCall(
      t,
      'GET',
      '/admin/crowdfunding?search=zebracross&status=active',
      { as: admin },
    );
    expect(ids(wrongStatus.json())).toEqual([]);
    expect((await setStatus(t, admin, zebra._id, 'active')).statusCode).toBe(200);
    const live = await apiCall(t, 'GET', '/admin/crowdfunding?search=zebracross&status=active', {
      as: admin,
    });
    expect(ids(live.json())).toEqual([zebra._id]);

    // Only punctuation: no filter at all.
    const blank = await apiCall(t, 'GET', '/admin/crowdfunding?search=%20', { as: admin });
    expect(blank.json().meta.total).toBe(all.json().meta.total);
  });

  it('refuses an overlong search and answers 401/403 to visitors and members', async () => {
    const long = await apiCall(t, 'GET', `/admin/crowdfunding?search=${'a'.repeat(101)}`, {
      as: admin,
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.search).toBe('Search must be at most 100 characters');
    expect((await apiCall(t, 'GET', '/admin/crowdfunding?search=x')).statusCode).toBe(401);
    expect(
      (await apiCall(t, 'GET', '/admin/crowdfunding?search=x', { as: member })).statusCode,
    ).toBe(403);
  });

  it('records a status change in the audit log with the status before', async () => {
    const campaign = await createCampaign(t, member, { title: 'Audited campaign approval' });
    expect((await setStatus(t, admin, campaign._id, 'active')).statusCode).toBe(200);
    const audit = await apiCall(t, 'GET', `/admin/audit?entityId=${campaign._id}`, { as: admin });
    expect(audit.statusCode, audit.body).toBe(200);
    const [entry] = audit.json().results;
    expect(entry).toMatchObject({
      action: 'PUT /api/v1/admin/crowdfunding/{id}/status',
      entityType: 'campaign',
      entityId: campaign._id,
      before: { status: 'awaiting_review' },
      after: { status: 'active' },
    });
  });
});
