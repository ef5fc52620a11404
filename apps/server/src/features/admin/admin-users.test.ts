import { adminUserTexts } from '@ipatient/contracts/admin';
import { eq, users } from '@ipatient/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, type SignedInUser } from '../../../test/accounts.ts';
import { admin, member, startAdminApp, t } from '../../../test/admin-suite.ts';
import { apiCall, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { findUser } from './admin.repository.ts';
import { setUserRole } from './admin.service.ts';

beforeAll(startAdminApp);
afterAll(() => t.close());

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
