import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, type SignedInUser } from '../test/accounts.ts';
import { createTestApp, type TestApp } from '../test/helpers.ts';

/**
 * The authorisation matrix of the admin console, generated from the route table: every route
 * behind `app.requireAdmin` (collected by the audit plugin as routes are registered) answers
 * 401 to a visitor and 403 to a member, whatever they send.
 */
let t: TestApp;
let member: SignedInUser;
let admin: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  member = await createSignedInUser(t);
  admin = await createSignedInUser(t, { role: 'admin' });
});
afterAll(() => t.close());

/** Admin endpoints the console relies on: the generated set must hold at least these. */
const knownAdminRoutes = [
  'GET /api/v1/admin/dashboard',
  'GET /api/v1/admin/audit',
  'GET /api/v1/admin/audit/entity-types',
  'GET /api/v1/admin/access-log',
  'GET /api/v1/admin/weekly-review',
  'GET /api/v1/admin/users',
  'PUT /api/v1/admin/users/:id/role',
  'PUT /api/v1/admin/users/:id/advocate',
  'GET /api/v1/admin/contact-messages',
  'PUT /api/v1/admin/contact-messages/:id/handled',
  'GET /api/v1/admin/crowdfunding',
  'PUT /api/v1/admin/crowdfunding/:id/status',
  'POST /api/v1/post-blog',
  'PUT /api/v1/update-blog/:id',
  'DELETE /api/v1/delete-blog/:id',
  'POST /api/v1/admin/hub_category',
  'PUT /api/v1/update-blog-category/:id',
  'DELETE /api/v1/admin/hub_category/:id',
  'POST /api/v1/admin/author',
  'PUT /api/v1/admin/author/:id',
  'DELETE /api/v1/admin/author/:id',
  'POST /api/v1/post-podcast',
  'PUT /api/v1/update-podcast/:id',
  'DELETE /api/v1/delete-podcast/:id',
  'POST /api/v1/admin/podcast_category',
  'PUT /api/v1/admin/podcast_category/:id',
  'DELETE /api/v1/admin/podcast_category/:id',
  'POST /api/v1/create-dedocs',
  'PUT /api/v1/update-dedocs',
  'GET /api/v1/get-all-advocacies',
  'PUT /api/v1/update-advocacy-status/:id',
  'GET /api/v1/admin/facility-reviews',
  'PUT /api/v1/admin/facility-reviews/:id/status',
  'GET /api/v1/admin/webinar-registrations',
];

/**
 * Documented paths under /admin/ that are public reads on purpose (docs/architecture.md#glossary-of-api-paths: blog authors and
 * categories are shown on posts). Only these GETs may skip requireAdmin.
 */
const publicAdminPaths = new Set([
  'GET /api/v1/admin/author',
  'GET /api/v1/admin/author/{id}',
  'GET /api/v1/admin/hub_category/{id}',
]);

const key = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
const withParams = (url: string) => url.replace(/:[A-Za-z_]+/g, () => randomUUID());
const toOpenApi = (url: string) => url.replace(/:([A-Za-z_]+)/g, '{$1}');

function call(route: { method: string; url: string }, who?: SignedInUser) {
  const write = route.method !== 'GET' && route.method !== 'DELETE';
  return t.app.inject({
    method: route.method as 'GET',
    url: withParams(route.url),
    headers: { ...(who?.headers ?? {}), ...(write ? { 'content-type': 'application/json' } : {}) },
    ...(write ? { payload: '{}' } : {}),
  });
}

describe('admin authorisation matrix', () => {
  it('collects every admin route, at least the known ones', () => {
    const collected = new Set(t.app.adminRoutes.map(key));
    for (const known of knownAdminRoutes) expect(collected, known).toContain(known);
    expect(t.app.adminRoutes.length).toBeGreaterThanOrEqual(knownAdminRoutes.length);
  });

  it('answers 401 to a visitor on every admin route', async () => {
    const wrong: string[] = [];
    for (const route of t.app.adminRoutes) {
      const response = await call(route);
      if (response.statusCode !== 401) wrong.push(`${key(route)}: ${response.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers 403 to a member on every admin route', async () => {
    const wrong: string[] = [];
    for (const route of t.app.adminRoutes) {
      const response = await call(route, member);
      if (response.statusCode !== 403) wrong.push(`${key(route)}: ${response.statusCode}`);
      else expect(response.json().code).toBe('FORBIDDEN');
    }
    expect(wrong).toEqual([]);
  });

  it('lets an admin through (never 401 or 403)', async () => {
    const wrong: string[] = [];
    for (const route of t.app.adminRoutes) {
      const response = await call(route, admin);
      if (response.statusCode === 401 || response.statusCode === 403 || response.statusCode >= 500)
        wrong.push(`${key(route)}: ${response.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('protects every documented /admin/ route, apart from the public reads', async () => {
    const document = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const protectedRoutes = new Set(
      t.app.adminRoutes.map((route) => `${route.method} ${toOpenApi(route.url)}`),
    );
    const unprotected: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      if (!path.startsWith('/api/v1/admin/')) continue;
      for (const method of Object.keys(operations)) {
        const route = `${method.toUpperCase()} ${path}`;
        if (method === 'head' || protectedRoutes.has(route)) continue;
        if (publicAdminPaths.has(route)) continue;
        unprotected.push(route);
      }
    }
    expect(unprotected).toEqual([]);
    // The exceptions are reads a visitor may make, nothing else.
    for (const route of publicAdminPaths) {
      const [method, path = ''] = route.split(' ');
      expect(method).toBe('GET');
      const response = await t.app.inject({
        method: 'GET',
        url: path.replace(/\{[A-Za-z_]+\}/g, () => randomUUID()),
      });
      expect([200, 404], route).toContain(response.statusCode);
    }
  });
});
