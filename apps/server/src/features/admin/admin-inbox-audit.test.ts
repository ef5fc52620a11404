import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, type SignedInUser } from '../../../test/accounts.ts';
import { admin, DAY, insertMessage, member, startAdminApp, t } from '../../../test/admin-suite.ts';
import { apiCall } from '../../../test/helpers.ts';

beforeAll(startAdminApp);
afterAll(() => t.close());

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
