import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, type SignedInUser } from '../test/accounts.ts';
import { createTestApp, type TestApp } from '../test/helpers.ts';

/**
 * Every documented API route (the OpenAPI document is generated from the route table, so a new
 * route cannot be forgotten), answered with wrong input by a visitor, a member and an admin:
 * never a 500.
 */
const routes: { method: string; url: string }[] = [];
let t: TestApp;
let member: SignedInUser;
let admin: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  member = await createSignedInUser(t);
  admin = await createSignedInUser(t, { role: 'admin' });
  const document = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  for (const [path, operations] of Object.entries(document.paths)) {
    if (!path.startsWith('/api/v1/')) continue;
    for (const method of Object.keys(operations)) {
      routes.push({ method: method.toUpperCase(), url: path });
    }
  }
});
afterAll(() => t.close());

const badParams = ['not-an-id', '00000000-0000-4000-8000-000000000000', '%00', 'x'.repeat(300)];

const badBodies: { payload: string; contentType: string }[] = [
  { payload: '{"unclosed": ', contentType: 'application/json' },
  { payload: '[1, 2, 3]', contentType: 'application/json' },
  {
    payload: JSON.stringify({
      email: 42,
      title: ['a'],
      page: -1,
      status: { nested: true },
      comment: 'a\u0000b',
      amountNeeded: 'lots',
      name: null,
    }),
    contentType: 'application/json',
  },
  { payload: '--x\r\nnot a multipart body', contentType: 'multipart/form-data; boundary=x' },
  { payload: 'plain text', contentType: 'text/plain' },
];

function withParams(url: string, value: string): string {
  return url.replace(/\{[A-Za-z_]+\}/g, encodeURIComponent(value).replaceAll('%25', '%'));
}

describe('every API route answers wrong input without a server error', () => {
  it('has the routes of every feature', () => {
    expect(routes.length).toBeGreaterThan(50);
  });

  it('never answers 5xx to bad parameters, queries or bodies', async () => {
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (const route of routes) {
      for (const who of [undefined, member, admin]) {
        for (const param of badParams) {
          const url = `${withParams(route.url, param)}?page=-1&limit=abc&search=${'%'.repeat(3)}&status=nope&category=zz&order=sideways`;
          const bodies =
            route.method === 'GET' || route.method === 'DELETE' ? [undefined] : badBodies;
          for (const body of bodies) {
            const response = await t.app.inject({
              method: route.method as 'GET',
              url,
              headers: {
                ...(who?.headers ?? {}),
                ...(body ? { 'content-type': body.contentType } : {}),
              },
              ...(body ? { payload: body.payload } : {}),
            });
            statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
            if (response.statusCode >= 500) {
              failures.push(
                `${route.method} ${url} (${who ? 'signed in' : 'visitor'}): ${response.statusCode} ${response.body.slice(0, 120)}`,
              );
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
    // The wrong input reached validation, not only the sign-in checks.
    expect(statuses.get(400) ?? 0).toBeGreaterThan(routes.length);
  });
});
