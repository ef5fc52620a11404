import { auditLog, desc, eq, users } from '@ipatient/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSignedInUser, type SignedInUser } from '../../test/accounts.ts';
import { createCampaign, setStatus } from '../../test/campaigns.ts';
import { insertComplaintFor } from '../../test/complaints.ts';
import { apiCall, createTestApp, type TestApp } from '../../test/helpers.ts';
import { auditSnapshot, entityTypeOf } from './audit.ts';
import { auditAction } from './audit-sentences.ts';

/** Routes of this test only: an admin-only-recorded write and a write with secrets in it. */
function testRoutes(app: FastifyInstance) {
  app.delete(
    '/api/v1/test-things/:id',
    {
      preHandler: app.requireUser,
      config: { audit: { entity: 'thing', adminOnly: true } },
      schema: { summary: 'Delete a thing' },
    },
    async () => ({ message: 'Thing deleted' }),
  );
  app.post(
    '/api/v1/admin/test-secrets',
    { preHandler: app.requireAdmin, schema: { summary: 'Make a secret thing' } },
    async (_request, reply) =>
      reply.status(201).send({
        message: 'Made',
        result: {
          _id: 'thing-7',
          name: 'Visible',
          password: 'hunter2',
          passwordHash: '$argon2id$abc',
          tokens: { accessToken: 'a', refreshToken: 'b' },
          profile: { secretAnswer: 'blue', city: 'Ibadan', resetToken: 'x' },
          story: 'x'.repeat(20_000),
          list: Array.from({ length: 200 }, (_, index) => ({ index, text: 'y'.repeat(100) })),
        },
      }),
  );
  app.put(
    '/api/v1/admin/test-plain/:id',
    { preHandler: app.requireAdmin, schema: { summary: 'Touch a thing' } },
    async () => ({ message: 'Touched', result: { _id: 'ignored', ok: true } }),
  );
}

let t: TestApp;
let admin: SignedInUser;
let member: SignedInUser;

beforeAll(async () => {
  t = await createTestApp({ setup: testRoutes });
  admin = await createSignedInUser(t, { role: 'admin', firstName: 'Bola' });
  member = await createSignedInUser(t, { firstName: 'Chidi' });
});
afterAll(() => t.close());

async function entriesFor(entityId: string) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.entityId, entityId))
    .orderBy(desc(auditLog.createdAt));
}

describe('audit helpers', () => {
  it('writes the action with the route pattern', () => {
    expect(auditAction('PUT', '/api/v1/admin/crowdfunding/:id/status')).toBe(
      'PUT /api/v1/admin/crowdfunding/{id}/status',
    );
  });

  it('derives the entity type from the path', () => {
    expect(entityTypeOf('/api/v1/admin/crowdfunding/:id/status')).toBe('crowdfunding');
    expect(entityTypeOf('/api/v1/post-blog')).toBe('blog');
    expect(entityTypeOf('/api/v1/delete-blog/:id')).toBe('blog');
    expect(entityTypeOf('/api/v1/update-blog-category/:id')).toBe('blog-category');
    expect(entityTypeOf('/api/v1/admin/hub_category/:id')).toBe('blog-category');
    expect(entityTypeOf('/api/v1/post-podcast')).toBe('podcast');
    expect(entityTypeOf('/api/v1/update-advocacy-status/:id')).toBe('advocacy');
    expect(entityTypeOf('/api/v1/admin/facility-reviews/:id/status')).toBe('facility-reviews');
    expect(entityTypeOf('/api/v1/update-dedocs')).toBe('dedocs');
    expect(entityTypeOf('/api/v1/soft-delete-crowedFunding/:id')).toBe('crowdfunding');
  });

  it('keeps small snapshots whole and empty ones as null', () => {
    expect(auditSnapshot({ a: 1, b: 'two' })).toEqual({ a: 1, b: 'two' });
    expect(auditSnapshot(undefined)).toBeNull();
    expect(auditSnapshot(null)).toBeNull();
  });
});

describe('admin writes are recorded', () => {
  it('records an admin approving a campaign: actor, action, record and its new state', async () => {
    const campaign = await createCampaign(t, member);
    const response = await setStatus(t, admin, campaign._id, 'active');
    expect(response.statusCode, response.body).toBe(200);

    const entries = await entriesFor(campaign._id);
    expect(entries).toHaveLength(1);
    const [entry] = entries;
    expect(entry).toMatchObject({
      actorId: admin.id,
      actorName: 'Bola Okafor',
      action: 'PUT /api/v1/admin/crowdfunding/{id}/status',
      entityId: campaign._id,
      requestId: response.headers['x-request-id'],
    });
    expect(entry?.entityType).toMatch(/^(crowdfunding|campaign)$/);
    expect(entry?.summary).toBe(`Bola Okafor approved the campaign “${campaign.title}”`);
    expect(entry?.after).toMatchObject({ _id: campaign._id, status: 'active' });
  });

  it('records nothing for a failed admin write', async () => {
    const campaign = await createCampaign(t, member);
    const invalid = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/crowdfunding/${campaign._id}/status`,
      headers: admin.headers,
      payload: { status: 'rejected' },
    });
    expect(invalid.statusCode).toBe(400);
    const unknown = await setStatus(t, admin, '00000000-0000-4000-8000-000000000000', 'active');
    expect(unknown.statusCode).toBe(404);
    expect(await entriesFor(campaign._id)).toHaveLength(0);
    expect(await entriesFor('00000000-0000-4000-8000-000000000000')).toHaveLength(0);
  });

  it("records nothing for a member's own write, nor for a member refused on an admin route", async () => {
    const before = await t.database.db.$count(auditLog);
    const own = await apiCall(t, 'PUT', `/update-user-profile/${member.id}`, {
      as: member,
      payload: { firstName: 'Chidinma' },
    });
    expect(own.statusCode, own.body).toBe(200);
    const campaign = await createCampaign(t, member);
    const refused = await setStatus(t, member, campaign._id, 'active');
    expect(refused.statusCode).toBe(403);
    expect(await t.database.db.$count(auditLog)).toBe(before);
  });

  it('records nothing for admin reads', async () => {
    const before = await t.database.db.$count(auditLog);
    const read = await apiCall(t, 'GET', '/admin/crowdfunding', { as: admin });
    expect(read.statusCode).toBe(200);
    expect(await t.database.db.$count(auditLog)).toBe(before);
  });

  it('records an adminOnly route only when an admin calls it', async () => {
    const byMember = await apiCall(t, 'DELETE', '/test-things/member-thing', { as: member });
    expect(byMember.statusCode).toBe(200);
    expect(await entriesFor('member-thing')).toHaveLength(0);

    const byAdmin = await apiCall(t, 'DELETE', '/test-things/admin-thing', { as: admin });
    expect(byAdmin.statusCode).toBe(200);
    const [entry] = await entriesFor('admin-thing');
    expect(entry).toMatchObject({
      actorId: admin.id,
      action: 'DELETE /api/v1/test-things/{id}',
      entityType: 'thing',
      summary: 'Bola Okafor deleted a thing',
      after: null,
    });
  });

  it("records a complaint's deletion only when an admin deletes it", async () => {
    const own = await insertComplaintFor(t, member.id);
    const byOwner = await apiCall(t, 'DELETE', `/delete-advocacy/${own.id}`, { as: member });
    expect(byOwner.statusCode, byOwner.body).toBe(200);
    expect(await entriesFor(own.id)).toHaveLength(0);

    const someone = await insertComplaintFor(t, member.id);
    const byAdmin = await apiCall(t, 'DELETE', `/delete-advocacy/${someone.id}`, { as: admin });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    const entries = await entriesFor(someone.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: admin.id,
      action: 'DELETE /api/v1/delete-advocacy/{id}',
      entityType: 'complaint',
    });
    expect(entries[0]?.before).not.toBeNull();
  });

  it('takes the record id from the path before the answer', async () => {
    const response = await apiCall(t, 'PUT', '/admin/test-plain/path-id', {
      as: admin,
      payload: {},
    });
    expect(response.statusCode).toBe(200);
    const [entry] = await entriesFor('path-id');
    expect(entry?.after).toEqual({ _id: 'ignored', ok: true });
    expect(entry?.entityType).toBe('test-plain');
  });

  it('keeps the state before the write when the route says how to read it', async () => {
    const target = await createSignedInUser(t);
    const response = await apiCall(t, 'PUT', `/admin/users/${target.id}/role`, {
      as: admin,
      payload: { role: 'admin' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [entry] = await entriesFor(target.id);
    expect(entry).toMatchObject({
      action: 'PUT /api/v1/admin/users/{id}/role',
      entityType: 'user',
      before: { _id: target.id, role: 'member', isAdvocate: false },
      after: { _id: target.id, role: 'admin' },
    });
  });

  it('never stores secrets, and trims the snapshot to 4 KB', async () => {
    const response = await apiCall(t, 'POST', '/admin/test-secrets', { as: admin, payload: {} });
    expect(response.statusCode).toBe(201);
    const [entry] = await entriesFor('thing-7');
    const stored = JSON.stringify(entry?.after);
    expect(Buffer.byteLength(stored)).toBeLessThanOrEqual(4096);
    for (const secret of ['hunter2', 'argon2id', 'accessToken', 'secretAnswer', 'resetToken']) {
      expect(stored).not.toContain(secret);
    }
    expect(entry?.after).toMatchObject({ _id: 'thing-7', name: 'Visible', _truncated: true });
    expect(entry?.after).toHaveProperty('profile', { city: 'Ibadan' });
  });

  it('answers normally when the entry cannot be written, and logs the failure', async () => {
    const logged = vi.spyOn(t.app.log, 'error');
    const insert = vi.spyOn(t.app.db, 'insert').mockImplementationOnce(() => {
      throw new Error('database away');
    });
    try {
      const response = await apiCall(t, 'PUT', '/admin/test-plain/lost-entry', {
        as: admin,
        payload: {},
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'Touched', result: { _id: 'ignored', ok: true } });
      expect(logged).toHaveBeenCalledWith(expect.anything(), 'audit: writing the entry failed');
      expect(await entriesFor('lost-entry')).toHaveLength(0);
    } finally {
      insert.mockRestore();
      logged.mockRestore();
    }
  });

  it('keeps the actor name as written, even after the account is renamed', async () => {
    const renamed = await createSignedInUser(t, { role: 'admin', firstName: 'Kemi' });
    await apiCall(t, 'PUT', '/admin/test-plain/renamed', { as: renamed, payload: {} });
    await t.database.db
      .update(users)
      .set({ firstName: 'Kemisola' })
      .where(eq(users.id, renamed.id));
    const [entry] = await entriesFor('renamed');
    expect(entry?.actorName).toBe('Kemi Okafor');
  });
});
