import { webinarLimits, webinars } from '@ipatient/contracts/webinars';
import { emailOutbox, eq, rateEvents, webinarRegistrations } from '@ipatient/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../test/accounts.ts';
import { apiCall, createTestApp, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(webinarRegistrations);
  await t.database.db.delete(emailOutbox);
  await t.database.db.delete(rateEvents);
});

let addressCounter = 0;
/** A network address of its own, so one test's registrations never count against another's. */
function freshAddress(): string {
  addressCounter += 1;
  return `10.30.${Math.floor(addressCounter / 250)}.${addressCounter % 250}`;
}

const onDemand = webinars.find((webinar) => webinar.format === 'on-demand');
const upcoming = webinars.find((webinar) => webinar.format === 'upcoming');
if (!onDemand || !upcoming) throw new Error('the samples need both formats');

const valid = {
  firstName: 'Chidinma',
  lastName: 'Okeke',
  email: 'Chidinma.Okeke@Example.ng',
  phone: '0803 123 4567',
};

function register(
  payload: object,
  options: { webinarId?: string; address?: string; headers?: Record<string, string> } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/webinars/${options.webinarId ?? onDemand?.id}/registrations`,
    payload,
    remoteAddress: options.address ?? freshAddress(),
    headers: options.headers ?? {},
  });
}

async function stored() {
  return t.database.db.select().from(webinarRegistrations);
}
async function emails() {
  return t.database.db.select().from(emailOutbox);
}

describe('POST /api/v1/webinars/{id}/registrations', () => {
  it('stores the registration and queues the confirmation, promising the recording link', async () => {
    const response = await register(valid);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      message: 'You are registered for this webinar. We have sent you a confirmation email.',
      result: { webinarId: onDemand.id },
    });
    const rows = await stored();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      webinarId: onDemand.id,
      firstName: 'Chidinma',
      lastName: 'Okeke',
      email: 'chidinma.okeke@example.ng',
      phone: '+2348031234567',
      userId: null,
    });
    const queued = await emails();
    expect(queued).toHaveLength(1);
    expect(queued[0]?.to).toBe('chidinma.okeke@example.ng');
    expect(queued[0]?.subject).toContain(onDemand.title);
    // Anyone can register any address: the email greets no one by the name that was typed.
    expect(queued[0]?.text.startsWith('Hello,\n')).toBe(true);
    expect(queued[0]?.text).not.toContain('Chidinma');
    expect(queued[0]?.html).not.toContain('Chidinma');
    expect(queued[0]?.text).toContain('We will email you the link to the recording.');
    expect(queued[0]?.text).toContain(
      `Webinar details: ${t.config.publicUrl}/webinars/${onDemand.id}`,
    );
  });

  it('tells an upcoming webinar’s registrant when it takes place', async () => {
    expect((await register(valid, { webinarId: upcoming.id })).statusCode).toBe(201);
    const [email] = await emails();
    expect(email?.subject).toBe(`You are registered: ${upcoming.title}`);
    expect(email?.text).toContain('WAT');
    expect(email?.text).toContain(`Webinar details: ${t.config.publicUrl}/webinars/${upcoming.id}`);
  });

  it('refuses names that carry more than a name, saying which field and why', async () => {
    for (const [field, value, message] of [
      ['firstName', '<b>Ada</b>', 'First name can only contain letters'],
      ['lastName', 'URGENT: call 0803', 'Last name can only contain letters'],
      ['firstName', 'Verify at evil.example', 'First name must not contain a web address'],
    ] as const) {
      const response = await register({ ...valid, [field]: value });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[field]).toMatch(message);
    }
    expect(await stored()).toHaveLength(0);
    expect(await emails()).toHaveLength(0);
  });

  it('links the registration to the signed-in user', async () => {
    const user = await createSignedInUser(t);
    expect((await register(valid, { headers: user.headers })).statusCode).toBe(201);
    const [row] = await stored();
    expect(row?.userId).toBe(user.id);
  });

  it('answers 404 for an unknown webinar and stores and sends nothing', async () => {
    const response = await register(valid, { webinarId: 'no-such-webinar' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Webinar not found' });
    expect(await stored()).toHaveLength(0);
    expect(await emails()).toHaveLength(0);
  });

  it('registers an email once per webinar, whatever its case: a repeat answers 200 and writes nothing', async () => {
    const address = freshAddress();
    expect((await register(valid, { address })).statusCode).toBe(201);
    const again = await register(
      { ...valid, email: 'CHIDINMA.okeke@example.NG', firstName: 'Chi' },
      { address },
    );
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({
      message: 'You are already registered for this webinar.',
      result: { webinarId: onDemand.id },
    });
    const rows = await stored();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.firstName).toBe('Chidinma');
    expect(await emails()).toHaveLength(1);
    const events = await t.database.db.select().from(rateEvents).where(eq(rateEvents.key, address));
    expect(events).toHaveLength(1);
  });

  it('lets the same email register for another webinar', async () => {
    expect((await register(valid)).statusCode).toBe(201);
    expect((await register(valid, { webinarId: upcoming.id })).statusCode).toBe(201);
    expect(await stored()).toHaveLength(2);
    expect(await emails()).toHaveLength(2);
  });

  it.each([
    ['email', { email: 'not-an-email' }],
    ['email', { email: undefined }],
    ['firstName', { firstName: '' }],
    ['firstName', { firstName: '   ' }],
    ['firstName', { firstName: 'x'.repeat(51) }],
    ['firstName', { firstName: undefined }],
    ['lastName', { lastName: '' }],
    ['lastName', { lastName: 'y'.repeat(51) }],
    ['lastName', { lastName: 'Okeke2' }],
    ['phone', { phone: '12345' }],
    ['phone', { phone: '0803 123' }],
    ['phone', { phone: undefined }],
  ])('refuses a bad %s (%j) and stores and sends nothing', async (field, override) => {
    const response = await register({ ...valid, ...override });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty(field);
    expect(await stored()).toHaveLength(0);
    expect(await emails()).toHaveLength(0);
  });

  it('accepts names of exactly 50 characters, of any script, and an international number', async () => {
    const response = await register({
      ...valid,
      firstName: 'a'.repeat(webinarLimits.nameMax),
      lastName: 'b'.repeat(webinarLimits.nameMax),
      phone: '+44 20 7946 0958',
    });
    expect(response.statusCode).toBe(201);
    const [row] = await stored();
    expect(row?.phone).toBe('+442079460958');
    const scripts = await register(
      { ...valid, firstName: 'Ọláolúwa', lastName: 'O’Brien-Sàndé' },
      { webinarId: upcoming.id },
    );
    expect(scripts.statusCode).toBe(201);
  });

  it('allows 10 registrations an hour from one address, then answers 429 with a wait', async () => {
    const address = freshAddress();
    for (let i = 0; i < 10; i++) {
      const response = await register({ ...valid, email: `person${i}@example.ng` }, { address });
      expect(response.statusCode).toBe(201);
    }
    const limited = await register({ ...valid, email: 'person10@example.ng' }, { address });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect(limited.json().message).toMatch(/Please try again in \d+ minutes/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await stored()).toHaveLength(10);
    expect(await emails()).toHaveLength(10);
    // Another address is not affected.
    const other = await register({ ...valid, email: 'person10@example.ng' });
    expect(other.statusCode).toBe(201);
  });

  it('counts registrations sent at once: no more than 10 get through', async () => {
    const address = freshAddress();
    const answers = await Promise.all(
      Array.from({ length: 14 }, (_, i) =>
        register({ ...valid, email: `burst${i}@example.ng` }, { address }),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(10);
    expect(codes.filter((code) => code === 429)).toHaveLength(4);
    expect(await stored()).toHaveLength(10);
  });

  it('does not count refused registrations against the address', async () => {
    const address = freshAddress();
    for (let i = 0; i < 11; i++) await register({ ...valid, email: 'bad' }, { address });
    const events = await t.database.db.select().from(rateEvents).where(eq(rateEvents.key, address));
    expect(events).toHaveLength(0);
    expect((await register(valid, { address })).statusCode).toBe(201);
  });
});

describe('GET /api/v1/admin/webinar-registrations', () => {
  it('answers 401 to visitors and 403 to members', async () => {
    expect((await apiCall(t, 'GET', '/admin/webinar-registrations')).statusCode).toBe(401);
    const member = await createSignedInUser(t);
    const response = await apiCall(t, 'GET', '/admin/webinar-registrations', { as: member });
    expect(response.statusCode).toBe(403);
  });

  it('lists registrations newest first, by webinar and page', async () => {
    const admin = await createSignedInUser(t, { role: 'admin' });
    for (let i = 0; i < 3; i++) await register({ ...valid, email: `od${i}@example.ng` });
    await register({ ...valid, email: 'up@example.ng' }, { webinarId: upcoming.id });

    const all = await apiCall(t, 'GET', '/admin/webinar-registrations', { as: admin });
    expect(all.statusCode).toBe(200);
    expect(all.json().meta).toEqual({ page: 1, limit: 20, total: 4 });
    expect(all.json().results[0]).toMatchObject({
      webinarId: upcoming.id,
      webinarTitle: upcoming.title,
      email: 'up@example.ng',
      phone: '+2348031234567',
    });

    const page = await apiCall(
      t,
      'GET',
      `/admin/webinar-registrations?webinarId=${onDemand.id}&page=2&limit=2`,
      { as: admin },
    );
    expect(page.statusCode).toBe(200);
    expect(page.json().meta).toEqual({ page: 2, limit: 2, total: 3 });
    expect(page.json().results).toHaveLength(1);
    expect(page.json().results[0]).toMatchObject({
      webinarId: onDemand.id,
      email: 'od0@example.ng',
    });
  });

  it.each([
    ['webinarId', 'webinarId=nope'],
    ['page', 'page=0'],
    ['limit', 'limit=1000'],
  ])('refuses a bad %s', async (field, query) => {
    const admin = await createSignedInUser(t, { role: 'admin' });
    const response = await apiCall(t, 'GET', `/admin/webinar-registrations?${query}`, {
      as: admin,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty(field);
  });
});
