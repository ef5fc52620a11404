import { blogComments } from '@ipatient/db';
import fc from 'fast-check';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSignedInUser, type SignedInUser } from '../test/accounts.ts';
import { insertPostRow } from '../test/blog.ts';
import { createLiveCampaign, insertCampaignRow } from '../test/campaigns.ts';
import { insertComplaintFor } from '../test/complaints.ts';
import { createFacility, createReview } from '../test/facilities.ts';
import { createTestApp, type TestApp } from '../test/helpers.ts';

/**
 * Abuse of every write a visitor or a member can call (every POST, PUT, PATCH and DELETE under
 * /api/v1 that is not for administrators, taken from the app's own route table so a new route is
 * covered the day it is added): malformed JSON, bodies over the limit, wrong content types,
 * random fields, types, unicode and huge strings, aimed at real records. 1,000 requests in all.
 * None may answer 5xx, and none may change what is stored.
 *
 * api-robustness.test.ts sends a fixed set of wrong inputs to every route with made-up ids; this
 * one generates the bodies and points them at existing records, so they reach the handlers.
 */

/**
 * The route table with each route's options (its preHandler tells an administrators' route), seen
 * through Fastify's onRoute hook. The app registers its routes while it is built, so the hook is
 * added to every Fastify instance as it is created.
 */
const registered = vi.hoisted(() => [] as RouteOptions[]);
vi.mock('fastify', async (importOriginal) => {
  const original = await importOriginal<typeof import('fastify')>();
  const fastify = original.default as unknown as (...args: unknown[]) => FastifyInstance;
  const create = (...args: unknown[]) => {
    const app = fastify(...args);
    app.addHook('onRoute', (route) => {
      registered.push(route);
    });
    return app;
  };
  return { ...original, default: Object.assign(create, original.default) };
});

const TOTAL_REQUESTS = 1000;
const BODY_LIMIT = 1024 * 1024;

/** How a route takes its input, which decides what counts as abuse for it. */
type BodyKind =
  /** A schema-validated JSON body: random objects the schema accepts are real requests, skipped. */
  | 'schema'
  /** A multipart form (or its JSON form), read and validated by the handler. */
  | 'form'
  /** No body at all (likes, deletes): only bodies that cannot be parsed are abuse. */
  | 'none';

interface WriteRoute {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  kind: BodyKind;
  bodySchema: { safeParse(value: unknown): { success: boolean } } | undefined;
}

interface AbusiveRequest {
  contentType: string | undefined;
  payload: string | Buffer;
  /** What the body is, for failure messages. */
  label: string;
}

const routes: WriteRoute[] = [];
let t: TestApp;
let member: SignedInUser;
/** Real ids the route parameters are filled with, plus a few that point nowhere. */
let ids: string[] = [];

/** The route's own hooks (the audit plugin moves the administrator check to onRequest). */
function routeHooks(route: RouteOptions): unknown[] {
  return [route.preHandler, route.onRequest].flatMap((value) =>
    value === undefined ? [] : Array.isArray(value) ? value : [value],
  );
}

beforeAll(async () => {
  t = await createTestApp();
  for (const route of registered) {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!route.url.startsWith('/api/v1/') || route.url.includes('*')) continue;
    // Administrators' writes are not public; every other write is.
    if (routeHooks(route).includes(t.app.requireAdmin)) continue;
    const schema = (route.schema ?? {}) as {
      body?: WriteRoute['bodySchema'];
      consumes?: string[];
    };
    for (const method of methods) {
      if (!['POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) continue;
      routes.push({
        method: method as WriteRoute['method'],
        url: route.url,
        kind: schema.body
          ? 'schema'
          : schema.consumes?.includes('multipart/form-data')
            ? 'form'
            : 'none',
        bodySchema: schema.body,
      });
    }
  }
  member = await createSignedInUser(t);
  const owner = await createSignedInUser(t);
  const admin = await createSignedInUser(t, { role: 'admin' });
  const live = await createLiveCampaign(t, owner, admin);
  const own = await insertCampaignRow(t, member.id, {
    status: 'awaiting_review',
    approvedAt: null,
  });
  const post = await insertPostRow(t, { urlSlug: '/abuse-target' });
  const [comment] = await t.database.db
    .insert(blogComments)
    .values({ postId: post.id, userId: member.id, comment: 'A comment to aim at.' })
    .returning();
  const facility = await createFacility(t);
  const review = await createReview(t, member, facility.id);
  const complaint = await insertComplaintFor(t, member.id);
  ids = [
    live._id,
    own.id,
    post.id,
    comment?.id ?? '',
    facility.id,
    review._id,
    complaint.id,
    complaint.reference,
    member.id,
    '00000000-0000-4000-8000-000000000000',
    'not-an-id',
  ];
}, 60_000);
afterAll(() => t?.close());

/** Row count and a checksum of every row, per table: any insert, update or delete shows. */
async function snapshot(): Promise<Record<string, string>> {
  const tables = await t.database.pool.query<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1",
  );
  const result: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const { rows } = await t.database.pool.query<{ n: string; sum: string }>(
      `SELECT count(*) AS n, md5(coalesce(string_agg(r::text, '|' ORDER BY r::text), '')) AS sum FROM "${name}" r`,
    );
    result[name] = `${rows[0]?.n} rows, ${rows[0]?.sum}`;
  }
  return result;
}

const json = (value: unknown) => JSON.stringify(value) ?? 'null';

/** Longer than any text field of the API allows (the longest, a story, is 5,000 characters). */
const overLongText = fc.integer({ min: 10_000, max: 300_000 }).map((n) => 'ẞ'.repeat(n));
/** Any text: printable, full unicode (astral planes, lone surrogates, NUL), or very long. */
const anyText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '\u0000',
    '\uD800',
    '🙂'.repeat(500),
    '\u202Eevil',
    '<script>x</script>',
    "' OR 1=1 --",
  ),
  overLongText,
);
const anyValue = fc.oneof(
  anyText,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 5 }),
  fc.anything({ maxDepth: 3 }),
);

/** Bodies no parser accepts: broken JSON, over the size limit, content types the API does not take. */
const unparseable: fc.Arbitrary<AbusiveRequest> = fc.oneof(
  fc.string().map((s) => ({
    contentType: 'application/json',
    payload: `{"${s}`,
    label: 'unterminated JSON',
  })),
  fc.json().map((s) => ({
    contentType: 'application/json',
    payload: `${s},`,
    label: 'JSON with trailing garbage',
  })),
  fc
    .constantFrom('{', '}', '[', '{"a":1,}', "{'a':1}", 'undefined', '\u0000', '{"a":NaN}')
    .map((s) => ({ contentType: 'application/json', payload: s, label: `bad JSON ${json(s)}` })),
  fc.integer({ min: 1, max: 4096 }).map((extra) => ({
    contentType: 'application/json',
    payload: `{"comment":"${'a'.repeat(BODY_LIMIT + extra)}"}`,
    label: 'JSON over the body limit',
  })),
  fc
    .tuple(
      fc.constantFrom(
        'application/xml',
        'application/x-www-form-urlencoded',
        'text/html',
        'image/png',
        'application/octet-stream',
        'application/json-patch+json; charset=utf-7',
      ),
      fc.string({ unit: 'binary', maxLength: 200 }),
    )
    .map(([contentType, payload]) => ({ contentType, payload, label: `${contentType} body` })),
);

/** Parseable bodies with random fields and values, or the route's own fields with wrong ones. */
function randomObjects(route: WriteRoute): fc.Arbitrary<AbusiveRequest> {
  const shape = (route.bodySchema as { shape?: Record<string, unknown> } | undefined)?.shape;
  const knownKeys = shape ? Object.keys(shape) : ['email', 'comment', 'title', 'amount', 'name'];
  const objects = fc.oneof(
    fc.dictionary(fc.string({ maxLength: 20 }), anyValue, { maxKeys: 6 }),
    // A form route has no schema to tell a valid body from abuse, and a random but valid value
    // (a new title for one's own campaign) is an ordinary edit: its own fields get only values
    // longer than any field allows.
    fc.dictionary(fc.constantFrom(...knownKeys), shape ? anyValue : overLongText, { minKeys: 1 }),
    fc.constantFrom<unknown>([], 'text', 42, null, true),
  );
  return fc.oneof(
    objects.map((value) => ({
      contentType: 'application/json',
      payload: json(value),
      label: 'random JSON',
    })),
    objects.map((value) => ({
      contentType: 'text/plain',
      payload: json(value),
      label: 'JSON sent as text/plain',
    })),
    fc.string({ maxLength: 200 }).map((s) => ({
      contentType: 'multipart/form-data; boundary=abuse',
      payload: `--abuse\r\nContent-Disposition: form-data; name="title"\r\n\r\n${s}\r\n--abuse`,
      label: 'truncated multipart',
    })),
    fc.constant({ contentType: undefined, payload: '', label: 'no body' }),
  );
}

function bodies(route: WriteRoute): fc.Arbitrary<AbusiveRequest> {
  if (route.kind === 'none') return unparseable;
  const parseable = randomObjects(route).filter((request) => {
    // A body the route's own schema accepts is an ordinary request, not abuse.
    if (!route.bodySchema || request.contentType !== 'application/json') return true;
    try {
      return !route.bodySchema.safeParse(JSON.parse(request.payload as string)).success;
    } catch {
      return true;
    }
  });
  return fc.oneof({ arbitrary: unparseable, weight: 1 }, { arbitrary: parseable, weight: 2 });
}

describe('public writes under abuse', () => {
  it('finds the public writes of every feature', () => {
    const urls = routes.map((route) => `${route.method} ${route.url}`);
    expect(urls.length).toBeGreaterThan(25);
    for (const expected of [
      'POST /api/v1/sign-up',
      'POST /api/v1/sign-in',
      'POST /api/v1/validate-signup-otp',
      'POST /api/v1/contact-us',
      'POST /api/v1/create-advocacy',
      'PUT /api/v1/like-crowdfunding/:id',
      'POST /api/v1/comment-on-blog/:id',
      'POST /api/v1/facilities/:id/reviews',
      'POST /api/v1/post-crowedFunding',
      'POST /api/v1/donations/initialize',
    ]) {
      expect(urls).toContain(expected);
    }
    expect(urls.some((url) => url.includes('/admin/'))).toBe(false);
  });

  it('answers 1,000 abusive requests without a 5xx and stores nothing', async () => {
    const before = await snapshot();
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let sent = 0;
    let refused = 0;
    for (const [index, route] of routes.entries()) {
      // Spread the 1,000 requests evenly over the routes.
      const runs =
        Math.floor(TOTAL_REQUESTS / routes.length) +
        (index < TOTAL_REQUESTS % routes.length ? 1 : 0);
      await fc
        .assert(
          fc.asyncProperty(
            bodies(route),
            fc.boolean(),
            fc.constantFrom(...ids),
            async (body, asMember, id) => {
              sent++;
              const url = route.url.replace(/:[A-Za-z_]+/g, encodeURIComponent(id));
              const response = await t.app.inject({
                method: route.method,
                url,
                headers: {
                  ...(asMember ? member.headers : {}),
                  ...(body.contentType ? { 'content-type': body.contentType } : {}),
                },
                payload: body.payload,
              });
              statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
              // A body with only unknown fields, or none, to a route whose fields are all optional
              // (a profile update that changes nothing) is a valid empty update and may answer 2xx;
              // the snapshot below shows it stored nothing. A 5xx is always a failure.
              if (response.statusCode >= 300) refused++;
              if (response.statusCode >= 500) {
                failures.push(
                  `${route.method} ${url} as ${asMember ? 'member' : 'visitor'}, ${body.label}: ${response.statusCode} ${response.body.slice(0, 160)}`,
                );
                return false;
              }
              return true;
            },
          ),
          { numRuns: runs, endOnFailure: true },
        )
        .catch(() => {
          // The failure is in `failures`, with the request; keep going to list them all.
        });
    }
    expect(failures).toEqual([]);
    expect(sent).toBe(TOTAL_REQUESTS);
    // Nearly everything is refused; the few 2xx are empty updates (checked by the snapshot).
    expect(refused).toBeGreaterThan(TOTAL_REQUESTS * 0.95);
    const after = await snapshot();
    expect(after).toEqual(before);
    // The abuse reached the parsers and validation: 400 (bad body), 413 (too big), 415 (type).
    expect(statuses.get(400) ?? 0).toBeGreaterThan(100);
    expect(statuses.get(413) ?? 0).toBeGreaterThan(0);
    expect(statuses.get(415) ?? 0).toBeGreaterThan(0);
  }, 120_000);
});
