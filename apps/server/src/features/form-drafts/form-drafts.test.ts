import { createHash } from 'node:crypto';
import { formDraftLimits } from '@ipatient/contracts/form-drafts';
import { formDrafts, rateEvents, sql } from '@ipatient/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, csrfToken, type TestApp } from '../../../test/helpers.ts';
import { purgeExpiredDrafts } from './form-drafts.service.ts';

let t: TestApp;
let xsrf: string;
beforeAll(async () => {
  t = await createTestApp();
  xsrf = csrfToken(t);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(formDrafts);
  await t.database.db.delete(rateEvents);
});

let addressCounter = 0;
/** A network address of its own, so one test's drafts never count against another's. */
function freshAddress(): string {
  addressCounter += 1;
  return `10.30.${Math.floor(addressCounter / 250)}.${addressCounter % 250}`;
}

const complaint = {
  path: '/advocacy',
  fields: {
    hospitalName: 'General Hospital Ikeja',
    category: 'negligence',
    complaints: 'I waited nine hours with my mother and no doctor came to see her.',
  },
};

/** As the web app calls it: cookies, the XSRF pair and the cookie transport. */
function headers(cookie = '') {
  return {
    'x-auth-transport': 'cookie',
    cookie: [`XSRF-TOKEN=${xsrf}`, cookie].filter(Boolean).join('; '),
    'x-xsrf-token': xsrf,
  };
}

function save(payload: object, cookie = '', remoteAddress = freshAddress()) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/v1/form-drafts',
    payload,
    headers: headers(cookie),
    remoteAddress,
  });
}

function take(path: string, cookie = '') {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/form-drafts/take',
    payload: { path },
    headers: headers(cookie),
    remoteAddress: freshAddress(),
  });
}

function draftCookie(response: { headers: Record<string, unknown> }): string {
  const list = ([] as string[]).concat(response.headers['set-cookie'] as string[] | string);
  const line = list.find((cookie) => cookie.startsWith('form_draft='));
  if (!line) throw new Error('no form_draft cookie');
  return line;
}

describe('PUT /api/v1/form-drafts', () => {
  it('keeps the fields under the hash of a random token in an HttpOnly, SameSite=Lax cookie', async () => {
    const response = await save(complaint);
    expect(response.statusCode).toBe(200);
    const line = draftCookie(response);
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Lax/i);
    expect(line).toMatch(/Max-Age=3600/);
    const token = line.split(';')[0]?.split('=')[1] ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const rows = await t.database.db.select().from(formDrafts);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(rows[0]?.tokenHash).not.toContain(token);
    expect(rows[0]?.fields).toEqual(complaint.fields);
    const lifetime = (rows[0]?.expiresAt.getTime() ?? 0) - Date.now();
    expect(lifetime).toBeGreaterThan((formDraftLimits.lifetimeMinutes - 1) * 60_000);
    expect(lifetime).toBeLessThanOrEqual(formDraftLimits.lifetimeMinutes * 60_000);
  });

  it('keeps the same token for a holder who has one, and replaces the draft of the same page', async () => {
    const first = draftCookie(await save(complaint)).split(';')[0] ?? '';
    const again = await save({ ...complaint, fields: { complaints: 'Changed my mind.' } }, first);
    expect(draftCookie(again).split(';')[0]).toBe(first);
    await save({ path: '/review/abc', fields: { content: 'Kind nurses.' } }, first);
    const rows = await t.database.db.select().from(formDrafts);
    expect(rows).toHaveLength(2);
    expect(rows.find((row) => row.path === '/advocacy')?.fields).toEqual({
      complaints: 'Changed my mind.',
    });
  });

  it('refuses a draft longer than any form takes with 413 and a clear message', async () => {
    const response = await save({
      path: '/advocacy',
      fields: { complaints: 'x'.repeat(formDraftLimits.totalChars + 1) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: expect.stringContaining('too long to keep'),
    });
    expect(await t.database.db.select().from(formDrafts)).toHaveLength(0);
  });

  it('never keeps passwords or codes, and names what is wrong', async () => {
    for (const name of ['password', 'newPassword', 'csrf', 'emailOtp', 'code']) {
      const response = await save({ path: '/login', fields: { email: 'a@b.ng', [name]: 'x' } });
      expect(response.statusCode, name).toBe(400);
      expect(response.json().message).toContain('never kept');
    }
    expect(await t.database.db.select().from(formDrafts)).toHaveLength(0);
  });

  it('refuses a page that is not a path on this site, too many fields, and a missing body', async () => {
    for (const path of ['https://evil.example/x', '//evil.example', 'advocacy', '/a?b=1', '/a#b']) {
      const response = await save({ path, fields: { a: 'b' } });
      expect(response.statusCode, path).toBe(400);
      expect(response.json().code).toBe('VALIDATION');
    }
    const many = Object.fromEntries(
      Array.from({ length: formDraftLimits.maxFields + 1 }, (_, i) => [`f${i}`, 'x']),
    );
    const tooMany = await save({ path: '/advocacy', fields: many });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toContain(`at most ${formDraftLimits.maxFields} fields`);
    expect((await save({})).statusCode).toBe(400);
    // What is wrong with the fields is said in words, not as a schema's jargon.
    const noFields = await save({ path: '/advocacy' });
    expect(noFields.statusCode).toBe(400);
    expect(noFields.json().errors.fields).toBe(
      "The form's fields are required, as names and texts",
    );
    const nested = await save({ path: '/advocacy', fields: { details: { text: 'x' } } });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().errors['fields.details']).toBe(
      'Each field must be text or a list of texts',
    );
    expect(await t.database.db.select().from(formDrafts)).toHaveLength(0);
  });

  it(`answers 429 after ${formDraftLimits.savesPerAddress} drafts from one address`, async () => {
    const address = freshAddress();
    for (let i = 0; i < formDraftLimits.savesPerAddress; i += 1) {
      expect((await save(complaint, '', address)).statusCode).toBe(200);
    }
    const refused = await save(complaint, '', address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', retryAfter: expect.any(Number) });
    expect((await save(complaint)).statusCode).toBe(200);
  });

  it('checks the XSRF pair when the web app calls it with cookies', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/form-drafts',
      payload: complaint,
      headers: { 'x-auth-transport': 'cookie', cookie: `XSRF-TOKEN=${xsrf}` },
      remoteAddress: freshAddress(),
    });
    expect(response.statusCode).toBe(403);
    expect(await t.database.db.select().from(formDrafts)).toHaveLength(0);
  });
});

describe('POST /api/v1/form-drafts/take', () => {
  it('hands the draft to the holder of the cookie once, then it is gone', async () => {
    const cookie = draftCookie(await save(complaint)).split(';')[0] ?? '';
    const first = await take('/advocacy', cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json().result).toEqual({ fields: complaint.fields });
    const second = await take('/advocacy', cookie);
    expect(second.json().result).toBeNull();
    expect(await t.database.db.select().from(formDrafts)).toHaveLength(0);
  });

  it('gives nothing to anyone else: no cookie, another token, another page', async () => {
    const cookie = draftCookie(await save(complaint)).split(';')[0] ?? '';
    expect((await take('/advocacy')).json().result).toBeNull();
    const other = `form_draft=${'A'.repeat(43)}`;
    expect((await take('/advocacy', other)).json().result).toBeNull();
    expect((await take('/advocacy', 'form_draft=not-a-token')).json().result).toBeNull();
    expect((await take('/review/1', cookie)).json().result).toBeNull();
    expect(await t.database.db.select().from(formDrafts)).toHaveLength(1);
  });

  it('never hands over an expired draft, and the purge deletes it', async () => {
    const cookie = draftCookie(await save(complaint)).split(';')[0] ?? '';
    await save({ path: '/review/1', fields: { content: 'Still fresh' } }, cookie);
    await t.database.db
      .update(formDrafts)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(sql`${formDrafts.path} = '/advocacy'`);
    expect((await take('/advocacy', cookie)).json().result).toBeNull();
    expect(await purgeExpiredDrafts({ db: t.database.db })).toBe(1);
    const left = await t.database.db.select().from(formDrafts);
    expect(left.map((row) => row.path)).toEqual(['/review/1']);
  });

  it('refuses a page that is not a path', async () => {
    const response = await take('https://evil.example');
    expect(response.statusCode).toBe(400);
  });
});
