import { adminUserTexts, type TAdminDashboard } from '@ipatient/contracts/admin';
import { complaints, contactMessages, eq, users } from '@ipatient/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, type SignedInUser } from '../../../test/accounts.ts';
import { approve, createCampaign, insertCampaignRow } from '../../../test/campaigns.ts';
import { insertComplaintFor } from '../../../test/complaints.ts';
import { approveReview, createFacility, createReview } from '../../../test/facilities.ts';
import { apiCall, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { findUser } from './admin.repository.ts';
import { setUserRole } from './admin.service.ts';

let t: TestApp;
let admin: SignedInUser;
let member: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createSignedInUser(t, { role: 'admin', firstName: 'Bola' });
  member = await createSignedInUser(t, { firstName: 'Chidi' });
});
afterAll(() => t.close());

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

async function dashboard() {
  const response = await apiCall(t, 'GET', '/admin/dashboard', { as: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result as TAdminDashboard;
}

async function insertMessage(overrides: Partial<typeof contactMessages.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(contactMessages)
    .values({
      firstName: 'Ngozi',
      lastName: 'Eze',
      email: 'ngozi@example.ng',
      phone: '+2348031112222',
      message: 'I would like to volunteer as a patient advocate in Enugu.',
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('message not inserted');
  return row;
}

/** A complaint of `member` with the given status and deadlines (relative to now). */
async function complaintWith(
  status: 'submitted' | 'acknowledged' | 'resolved' | 'closed',
  ack: number,
  response: number,
) {
  const row = await insertComplaintFor(t, member.id, { status });
  await t.database.db
    .update(complaints)
    .set({
      acknowledgementDueAt: new Date(Date.now() + ack),
      responseDueAt: new Date(Date.now() + response),
    })
    .where(eq(complaints.id, row.id));
  return row;
}

describe('GET /admin/dashboard', () => {
  it('counts campaigns awaiting review, leaving out deleted ones', async () => {
    const start = await dashboard();
    const campaign = await createCampaign(t, member);
    await insertCampaignRow(t, member.id, { status: 'awaiting_review', deletedAt: new Date() });
    await insertCampaignRow(t, member.id, { status: 'active' });
    expect((await dashboard()).campaignsAwaitingReview).toBe(start.campaignsAwaitingReview + 1);
    await approve(t, admin, campaign._id);
    expect((await dashboard()).campaignsAwaitingReview).toBe(start.campaignsAwaitingReview);
  });

  it('counts overdue complaints and those due within 2 days, apart', async () => {
    const start = await dashboard();
    // Overdue: acknowledgement late while submitted; response late while open.
    await complaintWith('submitted', -HOUR, 10 * DAY);
    await complaintWith('acknowledged', -5 * DAY, -HOUR);
    // Due soon: the acknowledgement or the response within 2 days.
    await complaintWith('submitted', DAY, 10 * DAY);
    await complaintWith('acknowledged', -5 * DAY, DAY);
    // Neither: acknowledged with time left; closed ones never count.
    await complaintWith('acknowledged', -5 * DAY, 10 * DAY);
    await complaintWith('resolved', -5 * DAY, -DAY);
    await complaintWith('closed', -5 * DAY, DAY);
    const now = await dashboard();
    expect(now.complaintsOverdue).toBe(start.complaintsOverdue + 2);
    expect(now.complaintsDueSoon).toBe(start.complaintsDueSoon + 2);
  });

  it('counts pending reviews and new contact messages', async () => {
    const start = await dashboard();
    const facility = await createFacility(t);
    const review = await createReview(t, member, facility.id);
    const message = await insertMessage();
    await insertMessage({ handledAt: new Date() });
    const mid = await dashboard();
    expect(mid.pendingReviews).toBe(start.pendingReviews + 1);
    expect(mid.newContactMessages).toBe(start.newContactMessages + 1);

    await approveReview(t, admin, review._id);
    const handled = await apiCall(t, 'PUT', `/admin/contact-messages/${message.id}/handled`, {
      as: admin,
      payload: { handled: true },
    });
    expect(handled.statusCode).toBe(200);
    const end = await dashboard();
    expect(end.pendingReviews).toBe(start.pendingReviews);
    expect(end.newContactMessages).toBe(start.newContactMessages);
  });
});

describe('GET /admin/users', () => {
  let zainab: SignedInUser;

  beforeAll(async () => {
    zainab = await createSignedInUser(t, { firstName: 'Zainab' });
    await t.database.db
      .update(users)
      .set({ phone: '+2348099990001', isAdvocate: true })
      .where(eq(users.id, zainab.id));
  });

  const list = (query: string) => apiCall(t, 'GET', `/admin/users?${query}`, { as: admin });

  it('finds users by name, email or phone (as typed locally), never with a hash', async () => {
    for (const search of [
      'zainab okafor',
      zainab.email.toUpperCase(),
      '0809 999 0001',
      '99990001',
    ]) {
      const response = await list(`search=${encodeURIComponent(search)}`);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      expect(
        body.results.map((user: { _id: string }) => user._id),
        search,
      ).toEqual([zainab.id]);
      expect(body.meta).toEqual({ page: 1, limit: 20, total: 1 });
      expect(response.body).not.toMatch(/passwordHash|argon2/);
    }
  });

  it('takes % and _ in a search literally', async () => {
    const response = await list('search=%25');
    expect(response.json().results).toEqual([]);
  });

  it('filters by role and advocate flag', async () => {
    const admins = (await list('role=admin&limit=100')).json().results as { role: string }[];
    expect(admins.length).toBeGreaterThan(0);
    expect(admins.every((user) => user.role === 'admin')).toBe(true);
    const advocates = (await list('advocate=true&limit=100')).json().results as {
      _id: string;
      isAdvocate: boolean;
    }[];
    expect(advocates.map((user) => user._id)).toContain(zainab.id);
    expect(advocates.every((user) => user.isAdvocate)).toBe(true);
    const others = (await list('advocate=false&limit=100')).json().results as { _id: string }[];
    expect(others.map((user) => user._id)).not.toContain(zainab.id);
  });

  it('pages, newest first', async () => {
    const first = (await list('limit=1&page=1')).json();
    const second = (await list('limit=1&page=2')).json();
    expect(first.meta.total).toBeGreaterThanOrEqual(3);
    expect(first.results[0]._id).not.toBe(second.results[0]._id);
    expect(new Date(first.results[0].createdAt) >= new Date(second.results[0].createdAt)).toBe(
      true,
    );
  });

  it('refuses bad filters with the field named', async () => {
    for (const [query, field] of [
      ['role=boss', 'role'],
      ['advocate=maybe', 'advocate'],
      ['limit=0', 'limit'],
      ['page=abc', 'page'],
      [`search=${'a'.repeat(101)}`, 'search'],
    ] as const) {
      const response = await list(query);
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json().errors), query).toContain(field);
    }
  });

  it('is for admins only', async () => {
    expect((await apiCall(t, 'GET', '/admin/users')).statusCode).toBe(401);
    expect((await apiCall(t, 'GET', '/admin/users', { as: member })).statusCode).toBe(403);
  });
});

describe('PUT /admin/users/{id}/role', () => {
  const setRole = (as: SignedInUser, id: string, role: string) =>
    apiCall(t, 'PUT', `/admin/users/${id}/role`, { as, payload: { role } });

  it('grants the admin role, which works at once, and removes it again', async () => {
    const other = await createSignedInUser(t);
    expect((await apiCall(t, 'GET', '/admin/dashboard', { as: other })).statusCode).toBe(403);
    const granted = await setRole(admin, other.id, 'admin');
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json().result).toMatchObject({ _id: other.id, role: 'admin' });
    expect((await apiCall(t, 'GET', '/admin/dashboard', { as: other })).statusCode).toBe(200);

    const removed = await setRole(admin, other.id, 'member');
    expect(removed.statusCode).toBe(200);
    expect(removed.json().result.role).toBe('member');
    expect((await apiCall(t, 'GET', '/admin/dashboard', { as: other })).statusCode).toBe(403);
  });

  it('lets an admin remove the role of another admin, never their own', async () => {
    const second = await createSignedInUser(t, { role: 'admin' });
    const own = await setRole(second, second.id, 'member');
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe(adminUserTexts.ownAdminRole);
    expect((await findUser(t.database.db, second.id))?.role).toBe('admin');
    // Granting yourself the role you have changes nothing and is allowed.
    expect((await setRole(second, second.id, 'admin')).statusCode).toBe(200);
    expect((await setRole(admin, second.id, 'member')).statusCode).toBe(200);
  });

  it("never changes a facility account's role", async () => {
    const facility = await createSignedInUser(t, { role: 'facility' });
    for (const role of ['admin', 'member']) {
      const response = await setRole(admin, facility.id, role);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(adminUserTexts.facilityRole);
    }
    expect((await findUser(t.database.db, facility.id))?.role).toBe('facility');
  });

  it('refuses unknown users, unknown roles and non-admins', async () => {
    expect((await setRole(admin, '00000000-0000-4000-8000-000000000000', 'admin')).statusCode).toBe(
      404,
    );
    const facilityRole = await setRole(admin, member.id, 'facility');
    expect(facilityRole.statusCode).toBe(400);
    expect(facilityRole.json().errors.role).toBeDefined();
    expect(
      (
        await apiCall(t, 'PUT', '/admin/users/not-an-id/role', {
          as: admin,
          payload: { role: 'admin' },
        })
      ).statusCode,
    ).toBe(400);
    expect((await setRole(member, member.id, 'admin')).statusCode).toBe(403);
    expect((await findUser(t.database.db, member.id))?.role).toBe('member');
  });
});

describe('PUT /admin/users/{id}/advocate', () => {
  it('sets and clears the advocate flag', async () => {
    const user = await createSignedInUser(t);
    const set = await apiCall(t, 'PUT', `/admin/users/${user.id}/advocate`, {
      as: admin,
      payload: { isAdvocate: true },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().result).toMatchObject({ _id: user.id, isAdvocate: true });
    expect((await findUser(t.database.db, user.id))?.isAdvocate).toBe(true);
    const cleared = await apiCall(t, 'PUT', `/admin/users/${user.id}/advocate`, {
      as: admin,
      payload: { isAdvocate: false },
    });
    expect(cleared.json().result.isAdvocate).toBe(false);
  });

  it('refuses a bad body, an unknown user and a member', async () => {
    const bad = await apiCall(t, 'PUT', `/admin/users/${member.id}/advocate`, {
      as: admin,
      payload: { isAdvocate: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.isAdvocate).toBeDefined();
    const unknown = await apiCall(
      t,
      'PUT',
      '/admin/users/00000000-0000-4000-8000-000000000000/advocate',
      {
        as: admin,
        payload: { isAdvocate: true },
      },
    );
    expect(unknown.statusCode).toBe(404);
    const byMember = await apiCall(t, 'PUT', `/admin/users/${member.id}/advocate`, {
      as: member,
      payload: { isAdvocate: true },
    });
    expect(byMember.statusCode).toBe(403);
    expect((await findUser(t.database.db, member.id))?.isAdvocate).toBe(false);
  });
});

describe('the site keeps at least one admin', () => {
  let own: TestApp;

  beforeAll(async () => {
    own = await createTestApp();
  });
  afterAll(() => own.close());

  it('refuses to demote the last admin, even for an actor who lost the role meanwhile', async () => {
    const only = await createSignedInUser(own, { role: 'admin' });
    await own.database.db.update(users).set({ role: 'member' }).where(eq(users.role, 'admin'));
    await own.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, only.id));
    const formerAdmin = await createSignedInUser(own);
    const actor = await findUser(own.database.db, formerAdmin.id);
    if (!actor) throw new Error('no actor');
    await expect(setUserRole(own.database.db, actor, only.id, { role: 'member' })).rejects.toThrow(
      adminUserTexts.lastAdmin,
    );
    expect((await findUser(own.database.db, only.id))?.role).toBe('admin');
  });

  it('lets only one of two admins demoting each other at once succeed', async () => {
    const a = await createSignedInUser(own, { role: 'admin' });
    const b = await createSignedInUser(own, { role: 'admin' });
    await own.database.db.update(users).set({ role: 'member' }).where(eq(users.role, 'admin'));
    await own.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, a.id));
    await own.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, b.id));
    const [first, second] = await Promise.all([
      apiCall(own, 'PUT', `/admin/users/${b.id}/role`, { as: a, payload: { role: 'member' } }),
      apiCall(own, 'PUT', `/admin/users/${a.id}/role`, { as: b, payload: { role: 'member' } }),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const remaining = await own.database.db.$count(users, eq(users.role, 'admin'));
    expect(remaining).toBe(1);
  });
});

describe('the contact inbox', () => {
  let zobo: Awaited<ReturnType<typeof insertMessage>>;

  beforeAll(async () => {
    zobo = await insertMessage({ message: 'Where can I buy zobo_drinks near LUTH? 100% urgent.' });
    await insertMessage({ firstName: 'Tayo', email: 'tayo@example.ng' });
  });

  const list = (query: string) =>
    apiCall(t, 'GET', `/admin/contact-messages?${query}`, { as: admin });
  const ids = async (query: string) =>
    ((await list(query)).json().results as { _id: string }[]).map((message) => message._id);

  it('lists messages newest first, with their state', async () => {
    const response = await list('status=all');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.meta.total).toBeGreaterThanOrEqual(2);
    const found = body.results.find((message: { _id: string }) => message._id === zobo.id);
    expect(found).toMatchObject({
      firstName: 'Ngozi',
      email: 'ngozi@example.ng',
      handled: false,
      handledAt: null,
    });
    const dates = body.results.map((message: { createdAt: string }) => message.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('searches name, email and text, with % and _ taken literally', async () => {
    expect(await ids('search=zobo_drinks')).toEqual([zobo.id]);
    expect(await ids('search=100%25')).toEqual([zobo.id]);
    expect(await ids('search=zobo%25drinks')).toEqual([]);
    expect(await ids('search=tayo%40example')).toHaveLength(1);
  });

  it('marks a message handled and new again, and filters by it', async () => {
    const handled = await apiCall(t, 'PUT', `/admin/contact-messages/${zobo.id}/handled`, {
      as: admin,
      payload: { handled: true },
    });
    expect(handled.statusCode, handled.body).toBe(200);
    expect(handled.json().result).toMatchObject({ _id: zobo.id, handled: true });
    expect(handled.json().result.handledAt).toEqual(expect.any(String));
    expect(await ids('status=handled&limit=100')).toContain(zobo.id);
    expect(await ids('status=new&limit=100')).not.toContain(zobo.id);

    const reopened = await apiCall(t, 'PUT', `/admin/contact-messages/${zobo.id}/handled`, {
      as: admin,
      payload: { handled: false },
    });
    expect(reopened.json().result).toMatchObject({ handled: false, handledAt: null });
    expect(await ids('status=new&limit=100')).toContain(zobo.id);
  });

  it('refuses unknown messages, bad input and members', async () => {
    const unknown = await apiCall(
      t,
      'PUT',
      '/admin/contact-messages/00000000-0000-4000-8000-000000000000/handled',
      { as: admin, payload: { handled: true } },
    );
    expect(unknown.statusCode).toBe(404);
    const bad = await apiCall(t, 'PUT', `/admin/contact-messages/${zobo.id}/handled`, {
      as: admin,
      payload: { handled: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.handled).toBeDefined();
    const badStatus = await list('status=archived');
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().errors.status).toBeDefined();
    const byMember = await apiCall(t, 'PUT', `/admin/contact-messages/${zobo.id}/handled`, {
      as: member,
      payload: { handled: true },
    });
    expect(byMember.statusCode).toBe(403);
  });
});

describe('GET /admin/audit', () => {
  let target: SignedInUser;

  beforeAll(async () => {
    target = await createSignedInUser(t, { firstName: 'Yemi' });
    await apiCall(t, 'PUT', `/admin/users/${target.id}/advocate`, {
      as: admin,
      payload: { isAdvocate: true },
    });
    await apiCall(t, 'PUT', `/admin/users/${target.id}/role`, {
      as: admin,
      payload: { role: 'admin' },
    });
  });

  const list = (query: string) => apiCall(t, 'GET', `/admin/audit?${query}`, { as: admin });
  const results = async (query: string) => {
    const response = await list(query);
    expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
    return response.json().results as {
      action: string;
      entityId: string;
      actorName: string;
      before: unknown;
    }[];
  };

  it('lists entries newest first, filtered by record', async () => {
    const response = await list(`entityType=user&entityId=${target.id}`);
    const body = response.json();
    expect(body.meta).toEqual({ page: 1, limit: 20, total: 2 });
    expect(body.results.map((entry: { action: string }) => entry.action)).toEqual([
      'PUT /api/v1/admin/users/{id}/role',
      'PUT /api/v1/admin/users/{id}/advocate',
    ]);
    expect(body.results[0]).toMatchObject({
      actorId: admin.id,
      actorName: 'Bola Okafor',
      entityType: 'user',
      before: { role: 'member', isAdvocate: true },
      after: { role: 'admin' },
    });
    expect(body.results[1].before).toMatchObject({ isAdvocate: false });
  });

  it('filters by actor, action, search and dates', async () => {
    expect(await results(`actorId=${admin.id}&entityId=${target.id}`)).toHaveLength(2);
    expect(await results(`actorId=${member.id}`)).toEqual([]);
    const byAction = await results(`action=users%2F%7Bid%7D%2Frole&entityId=${target.id}`);
    expect(byAction.map((entry) => entry.action)).toEqual(['PUT /api/v1/admin/users/{id}/role']);
    // The search reads the entries' sentences, which name the user.
    expect(await results('search=yemi%20okafor')).toHaveLength(2);
    expect((await results('search=bola%20okafor')).length).toBeGreaterThanOrEqual(2);
    expect(await results('search=%25%25%25')).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await results(`entityId=${target.id}&from=${today}&to=${today}`)).toHaveLength(2);
    expect(await results(`entityId=${target.id}&to=2000-01-01`)).toEqual([]);
    const future = new Date(Date.now() + DAY).toISOString();
    expect(await results(`entityId=${target.id}&from=${encodeURIComponent(future)}`)).toEqual([]);
  });

  it('lists the entity types for the filter', async () => {
    const response = await apiCall(t, 'GET', '/admin/audit/entity-types', { as: admin });
    expect(response.statusCode).toBe(200);
    const types = response.json().results as string[];
    expect(types).toContain('user');
    expect(types).toContain('contact-message');
    expect([...types].sort()).toEqual(types);
  });

  it('refuses bad filters with the field named', async () => {
    for (const [query, field] of [
      ['actorId=nope', 'actorId'],
      ['from=2025-13-01', 'from'],
      ['from=2025-02-30', 'from'],
      ['to=yesterday', 'to'],
      ['from=2025-03-02&to=2025-03-01', 'to'],
      ['limit=500', 'limit'],
      [`entityType=${'x'.repeat(61)}`, 'entityType'],
    ] as const) {
      const response = await list(query);
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json().errors ?? {}), query).toContain(field);
    }
  });

  it('is for admins only', async () => {
    expect((await apiCall(t, 'GET', '/admin/audit')).statusCode).toBe(401);
    expect((await apiCall(t, 'GET', '/admin/audit', { as: member })).statusCode).toBe(403);
  });
});
