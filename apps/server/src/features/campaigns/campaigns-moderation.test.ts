import type { TCampaign } from '@ipatient/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../test/accounts.ts';
import {
  approvalChecklist,
  createCampaign,
  createLiveCampaign,
  insertCampaignRow,
  setStatus,
  versionOf,
} from '../../../test/campaigns.ts';
import {
  admin,
  call,
  ids,
  list,
  MISSING_ID,
  member,
  remove,
  rowOf,
  single,
  startCampaignsApp,
  t,
  update,
  word,
} from '../../../test/campaigns-suite.ts';
import { outboxTo } from '../../../test/helpers.ts';
import * as repository from './campaigns.repository.ts';

beforeAll(startCampaignsApp);
afterAll(() => t.close());

describe('PUT /admin/crowdfunding/{id}/status', () => {
  it('is for admins only', async () => {
    const owner = await member();
    const campaign = await createCampaign(t, owner);
    expect(
      (
        await call('PUT', `/admin/crowdfunding/${campaign._id}/status`, {
          payload: { status: 'active' },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await call('PUT', `/admin/crowdfunding/${campaign._id}/status`, {
          as: owner,
          payload: { status: 'active' },
        })
      ).statusCode,
    ).toBe(403);
    expect((await rowOf(campaign._id)).status).toBe('awaiting_review');
  });

  it('approves: the campaign goes live and the organiser is emailed', async () => {
    const owner = await member();
    const campaign = await createCampaign(t, owner, { title: 'Surgery for little Tobi' });
    const before = Date.now();
    const response = await setStatus(t, admin, campaign._id, 'active');
    expect(response.statusCode).toBe(200);
    const result: TCampaign = response.json().result;
    expect(result.status).toBe('active');
    expect(Date.parse(result.approvedAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
    const row = await rowOf(campaign._id);
    expect(row).toMatchObject({ status: 'active', reviewedBy: admin.id });
    expect(row.approvedAt).toBeInstanceOf(Date);
    const [email] = await outboxTo(t, owner.email);
    expect(email?.subject).toMatch(/live/i);
    expect(email?.text).toContain('Surgery for little Tobi');
    expect(email?.text).toMatch(/now live/);
    expect(email?.text).toContain(`/campaigns/${campaign._id}`);
    expect((await single(campaign._id)).statusCode).toBe(200);
  });

  it('rejects only with a reason, which the organiser is told', async () => {
    const owner = await member();
    const campaign = await createCampaign(t, owner);
    const noReason = await setStatus(t, admin, campaign._id, 'rejected');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toHaveProperty('reason');
    const tooShort = await setStatus(t, admin, campaign._id, 'rejected', 'No.');
    expect(tooShort.statusCode).toBe(400);
    expect((await rowOf(campaign._id)).status).toBe('awaiting_review');
    expect(await outboxTo(t, owner.email)).toHaveLength(0);

    const reason = 'The medical report does not name the patient.';
    const response = await setStatus(t, admin, campaign._id, 'rejected', reason);
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toMatchObject({ status: 'rejected', rejectionReason: reason });
    expect((await rowOf(campaign._id)).rejectionReason).toBe(reason);
    const [email] = await outboxTo(t, owner.email);
    expect(email?.text).toContain(reason);
  });

  it('refuses transitions that are not allowed (409) and unknown statuses (400)', async () => {
    const owner = await member();
    const rejected = await createCampaign(t, owner);
    await setStatus(t, admin, rejected._id, 'rejected', 'The documents are not readable.');
    const pending = await createCampaign(t, owner);
    const live = await createLiveCampaign(t, owner, admin);
    const completed = await createLiveCampaign(t, owner, admin);
    await setStatus(t, admin, completed._id, 'completed');
    for (const [campaign, status, from] of [
      [rejected, 'active', 'rejected'],
      [rejected, 'rejected', 'rejected'],
      [pending, 'completed', 'awaiting_review'],
      [live, 'active', 'active'],
      [completed, 'active', 'completed'],
      [completed, 'completed', 'completed'],
    ] as const) {
      const response = await setStatus(
        t,
        admin,
        campaign._id,
        status,
        status === 'rejected' ? 'Another reason for this.' : undefined,
      );
      expect(response.statusCode, `${from} -> ${status}`).toBe(409);
      expect((await rowOf(campaign._id)).status).toBe(from);
    }
    const bogus = await call('PUT', `/admin/crowdfunding/${pending._id}/status`, {
      as: admin,
      payload: { status: 'awaiting_review' },
    });
    expect(bogus.statusCode).toBe(400);
    expect((await setStatus(t, admin, MISSING_ID, 'active')).statusCode).toBe(404);
  });

  it('completes a live campaign: it leaves the public list', async () => {
    const owner = await member();
    const tag = word();
    const live = await createLiveCampaign(t, owner, admin, { title: `Completing ${tag}` });
    expect(ids((await list(`search=${tag}`)).results)).toEqual([live._id]);
    const response = await setStatus(t, admin, live._id, 'completed');
    expect(response.statusCode).toBe(200);
    expect(response.json().result.status).toBe('completed');
    expect((await rowOf(live._id)).completedAt).toBeInstanceOf(Date);
    expect((await list(`search=${tag}`)).results).toEqual([]);
    expect((await outboxTo(t, owner.email)).map((email) => email.subject)).toEqual([
      expect.stringMatching(/live/),
      expect.stringMatching(/complete/),
    ]);
  });
});

describe('moderation safeguards', () => {
  it('lets no admin review their own campaign', async () => {
    const ownAdmin = await createSignedInUser(t, { role: 'admin' });
    const campaign = await createCampaign(t, ownAdmin);
    const response = await setStatus(t, ownAdmin, campaign._id, 'active');
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Another admin must review your own campaign.');
    expect((await rowOf(campaign._id)).status).toBe('awaiting_review');
    expect((await setStatus(t, admin, campaign._id, 'active')).statusCode).toBe(200);
  });

  it('takes a live campaign down with its own email and reason', async () => {
    const owner = await member();
    const live = await createLiveCampaign(t, owner, admin);
    const response = await call('PUT', `/admin/crowdfunding/${live._id}/status`, {
      as: admin,
      payload: { status: 'rejected', reason: 'The hospital could not confirm this bill.' },
    });
    expect(response.statusCode).toBe(200);
    const emails = await outboxTo(t, owner.email);
    expect(emails.at(-1)?.subject).toMatch(/taken down/);
    expect(emails.at(-1)?.text).toContain('The hospital could not confirm this bill.');
  });
});

describe('moderating the version the admin saw', () => {
  const changedText =
    'This campaign changed after you opened it. Please review the latest version.';

  async function seenByAdmin(id: string): Promise<TCampaign> {
    const response = await single(id, admin);
    expect(response.statusCode).toBe(200);
    return response.json().result;
  }

  it('approves the version the admin saw', async () => {
    const owner = await member();
    const campaign = await createCampaign(t, owner);
    const seen = await seenByAdmin(campaign._id);
    const response = await call('PUT', `/admin/crowdfunding/${campaign._id}/status`, {
      as: admin,
      payload: {
        status: 'active',
        expectedUpdatedAt: seen.updatedAt,
        checklist: approvalChecklist(),
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await rowOf(campaign._id)).status).toBe('active');
  });

  it('refuses (409) to approve after the organiser changed the bank account, changing nothing', async () => {
    const owner = await member();
    const campaign = await createCampaign(t, owner);
    const seen = await seenByAdmin(campaign._id);
    const edited = await update(owner, campaign._id, {
      bankCode: '044',
      accountNumber: '0987654321',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().result.updatedAt).not.toBe(seen.updatedAt);
    const before = await rowOf(campaign._id);

    const stale = await call('PUT', `/admin/crowdfunding/${campaign._id}/status`, {
      as: admin,
      payload: {
        status: 'active',
        expectedUpdatedAt: seen.updatedAt,
        checklist: approvalChecklist(),
      },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'CONFLICT', message: changedText });
    expect(await rowOf(campaign._id)).toEqual(before);
    expect(before).toMatchObject({ status: 'awaiting_review', approvedAt: null, reviewedBy: null });
    expect(await outboxTo(t, owner.email)).toHaveLength(0);

    // Looking again shows the new account, and that version can be approved.
    const latest = await seenByAdmin(campaign._id);
    expect(latest.accountNumber).toBe('0987654321');
    const approved = await call('PUT', `/admin/crowdfunding/${campaign._id}/status`, {
      as: admin,
      payload: {
        status: 'active',
        expectedUpdatedAt: latest.updatedAt,
        checklist: approvalChecklist(),
      },
    });
    expect(approved.statusCode, approved.body).toBe(200);
  });

  it('refuses a stale rejection too, and a change of any field moves the version', async () => {
    const owner = await member();
    const campaign = await createCampaign(t, owner);
    const seen = await seenByAdmin(campaign._id);
    expect((await update(owner, campaign._id, { duration: '1 year' })).statusCode).toBe(200);
    const response = await setStatus(
      t,
      admin,
      campaign._id,
      'rejected',
      'The documents are not readable.',
      { expectedUpdatedAt: seen.updatedAt },
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(changedText);
    expect((await rowOf(campaign._id)).status).toBe('awaiting_review');
  });

  it('needs the version to approve (400), and a well-formed one', async () => {
    const owner = await member();
    const campaign = await createCampaign(t, owner);
    const missing = await setStatus(t, admin, campaign._id, 'active', undefined, {
      expectedUpdatedAt: null,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toHaveProperty('expectedUpdatedAt');
    const blank = await setStatus(t, admin, campaign._id, 'active', undefined, {
      expectedUpdatedAt: '',
    });
    expect(blank.statusCode).toBe(400);
    const malformed = await setStatus(t, admin, campaign._id, 'active', undefined, {
      expectedUpdatedAt: 'yesterday',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toHaveProperty('expectedUpdatedAt');
    expect((await rowOf(campaign._id)).status).toBe('awaiting_review');
  });

  it('rejects, takes down and completes without a version', async () => {
    const owner = await member();
    const pending = await createCampaign(t, owner);
    const rejected = await setStatus(
      t,
      admin,
      pending._id,
      'rejected',
      'The bill is not readable.',
      {
        expectedUpdatedAt: null,
      },
    );
    expect(rejected.statusCode, rejected.body).toBe(200);
    const live = await createLiveCampaign(t, owner, admin);
    const completed = await setStatus(t, admin, live._id, 'completed', undefined, {
      expectedUpdatedAt: null,
    });
    expect(completed.statusCode, completed.body).toBe(200);
  });

  it('moves updated_at on every change, even two in one transaction', async () => {
    const owner = await member();
    const row = await insertCampaignRow(t, owner.id, { status: 'awaiting_review' });
    const [first, second] = await t.database.db.transaction(async (tx) => [
      await repository.updateCampaign(tx, row.id, { duration: '1 year' }),
      await repository.updateCampaign(tx, row.id, { duration: '2 years' }),
    ]);
    expect(first?.updatedAt.getTime()).toBeGreaterThan(row.updatedAt.getTime());
    expect(second?.updatedAt.getTime()).toBeGreaterThan(first?.updatedAt.getTime() ?? 0);
    expect(await versionOf(t, row.id)).toBe(second?.updatedAt.toISOString());
  });
});

describe('GET /admin/crowdfunding', () => {
  async function everyPage(query: string) {
    const all: TCampaign[] = [];
    for (let page = 1; ; page++) {
      const response = await call('GET', `/admin/crowdfunding?${query}&limit=50&page=${page}`, {
        as: admin,
      });
      expect(response.statusCode).toBe(200);
      const { results, meta } = response.json();
      all.push(...results);
      if (all.length >= meta.total || results.length === 0) return { all, total: meta.total };
    }
  }

  it('is for admins only', async () => {
    const someone = await member();
    expect((await call('GET', '/admin/crowdfunding')).statusCode).toBe(401);
    expect((await call('GET', '/admin/crowdfunding', { as: someone })).statusCode).toBe(403);
  });

  it('filters by status, oldest submission first, without deleted campaigns', async () => {
    const owner = await member();
    const first = await createCampaign(t, owner);
    const second = await createCampaign(t, owner);
    const rejected = await createCampaign(t, owner);
    await setStatus(t, admin, rejected._id, 'rejected', 'The documents are not readable.');
    const deleted = await createCampaign(t, owner);
    await remove(owner, deleted._id);

    const pending = await everyPage('status=awaiting_review');
    expect(pending.all.every((campaign) => campaign.status === 'awaiting_review')).toBe(true);
    const pendingIds = ids(pending.all);
    expect(pendingIds.indexOf(first._id)).toBeLessThan(pendingIds.indexOf(second._id));
    expect(pendingIds).not.toContain(rejected._id);
    expect(pendingIds).not.toContain(deleted._id);
    const [pendingRow] = pending.all.filter((campaign) => campaign._id === first._id);
    expect(pendingRow?.accountNumber).toBe('0123456789');

    const rejectedOnes = await everyPage('status=rejected');
    expect(rejectedOnes.all.every((campaign) => campaign.status === 'rejected')).toBe(true);
    expect(ids(rejectedOnes.all)).toContain(rejected._id);

    const all = await everyPage('');
    expect(all.total).toBeGreaterThan(pending.total + rejectedOnes.total);
    expect(ids(all.all)).not.toContain(deleted._id);

    const bad = await call('GET', '/admin/crowdfunding?status=deleted', { as: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('status');
  });
});
