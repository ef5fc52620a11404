import { emailOutbox, eq, rateEvents, sql } from '@ipatient/db';
import { expect } from 'vitest';
import { latestCode, strongPassword, uniqueEmail } from './accounts.ts';
import { createTestApp, type TestApp } from './helpers.ts';

/**
 * What the account route tests share: every test gets an app of its own (`beforeEach`), and
 * these helpers act on the current test's app.
 */
export let t: TestApp;

/** Starts the current test's app. */
export async function startAuthApp(): Promise<void> {
  t = await createTestApp();
}

let ipCounter = 0;
/** Each test speaks from its own network address, so per-address limits do not leak. */
export function freshIp(): string {
  ipCounter += 1;
  return `10.0.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

export function call(
  method: 'POST' | 'PUT' | 'GET',
  url: string,
  payload?: object,
  options: { headers?: Record<string, string>; ip?: string } = {},
) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    ...(payload ? { payload } : {}),
    headers: options.headers ?? {},
    remoteAddress: options.ip ?? '127.0.0.1',
  });
}

export function signUpBody(overrides: Record<string, unknown> = {}) {
  return {
    email: uniqueEmail('signup'),
    firstName: 'Chiamaka',
    lastName: 'Eze',
    phone: '0803 123 4567',
    isAdvocate: true,
    password: strongPassword,
    acceptTerms: true,
    ...overrides,
  };
}

/** Every email written to an address, oldest first. */
export async function emailsTo(to: string) {
  return t.database.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.to, to))
    .orderBy(emailOutbox.createdAt);
}

/** Adds abuse events as if they had happened just now. */
export async function seedEvents(bucket: string, key: string, count: number) {
  await t.database.db
    .insert(rateEvents)
    .values(Array.from({ length: count }, () => ({ bucket, key })));
}

/** Moves every abuse event of the database back in time, as if seconds had passed. */
export async function timePasses(seconds: number) {
  await t.database.db.execute(
    sql`update rate_events set created_at = created_at - make_interval(secs => ${seconds})`,
  );
}

export async function registered(overrides: Record<string, unknown> = {}, ip = freshIp()) {
  const body = signUpBody(overrides);
  const response = await call('POST', '/sign-up', body, { ip });
  expect(response.statusCode).toBe(200);
  return { body, code: await latestCode(t, String(body.email).toLowerCase()), ip };
}
