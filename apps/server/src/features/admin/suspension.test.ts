import { adminUserTexts } from '@ipatient/contracts/admin';
import { auditLog, desc, emailOutbox, eq, sessions, users } from '@ipatient/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSignedInUser,
  latestCode,
  type SignedInUser,
  strongPassword,
} from '../../../test/accounts.ts';
import { insertPostRow, uniqueWord } from '../../../test/blog.ts';
import { apiCall, createTestApp, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
let admin: SignedInUser;
let otherAdmin: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createSignedInUser(t, { role: 'admin', firstName: 'Bola' });
  otherAdmin = await createSignedInUser(t, { role: 'admin', firstName: 'Tunde' });
});
afterAll(() => t.close());

let ipCounter = 0;
/** Each call from its own address, so the per-address limits never get in the way. */
function freshIp(): string {
  ipCounter += 1;
  return `10.9.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

function post(url: string, payload: object) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    payload,
    remoteAddress: freshIp(),
  });
}

const signIn = (email: string, password = strongPassword) => post('/sign-in', { email, password });

const suspend = (id: string, reason: unknown = 'Posting spam links', as = admin) =>
  apiCall(t, 'PUT', `/admin/users/${id}/suspension`, { as, payload: { reason } });
const unsuspend = (id: string, as = admin) =>
  apiCall(t, 'DELETE', `/admin/users/${id}/suspension`, { as });

/** A member signed in on a second device too (two sessions). */
async function memberOnTwoDevices(firstName = 'Musa') {
  const member = await createSignedInUser(t, { firstName });
  const second = await signIn(member.email);
  expect(second.statusCode, second.body).toBe(200);
  return { member, second: second.json().tokens as { accessToken: string; refreshToken: string } };
}

const me = (accessToken: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/v1/get-me',
    headers: { authorization: `Bearer ${accessToken}` },
  });

describe('PUT /admin/users/{id}/suspension', () => {
  it('suspends with the reason, and says so in the user list and its filter', async () => {
    const { member } = await memberOnTwoDevices();
    const response = await suspend(member.id, '  Posting spam links  ');
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json().result;
    expect(result).toMatchObject({ _id: member.id, suspendedReason: 'Posting spam links' });
    expect(Date.parse(result.suspendedAt)).not.toBeNaN();
    expect(result).not.toHaveProperty('passwordHash');

    const listed = await apiCall(t, 'GET', `/admin/users?suspended=true&search=${member.email}`, {
      as: admin,
    });
    expect(listed.json().results).toHaveLength(1);
    const notListed = await apiCall(
      t,
      'GET',
      `/admin/users?suspended=false&search=${member.email}`,
      { as: admin },
    );
    expect(notListed.json().results).toEqual([]);
  });

  it('signs the account out everywhere at once: access and refresh tokens of every session stop', async () => {
    const { member, second } = await memberOnTwoDevices();
    expect((await me(member.accessToken)).statusCode).toBe(200);
    expect((await me(second.accessToken)).statusCode).toBe(200);

    expect((await suspend(member.id)).statusCode).toBe(200);
    for (const token of [member.accessToken, second.accessToken]) {
      expect((await me(token)).statusCode).toBe(401);
    }
    for (const refreshToken of [member.refreshToken, second.refreshToken]) {
      expect((await post('/get-access-token', { refreshToken })).statusCode).toBe(401);
    }
    const open = await t.database.db
      .select({ revokedAt: sessions.revokedAt, reason: sessions.revokedReason })
      .from(sessions)
      .where(eq(sessions.userId, member.id));
    expect(open).toHaveLength(2);
    for (const session of open) expect(session).toMatchObject({ reason: 'suspended' });
  });

  it('lets no token of a suspended account act, even of a session left open', async () => {
    const member = await createSignedInUser(t);
    // Suspended behind the API's back: its session is still open.
    await t.database.db
      .update(users)
      .set({ suspendedAt: new Date(), suspendedReason: 'set directly' })
      .where(eq(users.id, member.id));
    expect((await me(member.accessToken)).statusCode).toBe(401);
    const refreshed = await post('/get-access-token', { refreshToken: member.refreshToken });
    expect(refreshed.statusCode).toBe(401);
  });

  it('refuses to sign in with the message, and only after the right password', async () => {
    const member = await createSignedInUser(t);
    expect((await suspend(member.id)).statusCode).toBe(200);
    const refused = await signIn(member.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN', message: adminUserTexts.suspended });
    expect(refused.json()).not.toHaveProperty('tokens');
    // A wrong password gets the usual answer: the form does not tell who is suspended.
    const wrong = await signIn(member.email, 'Not-The-Password-1');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).not.toContain('suspended');
  });

  it('sends a suspended account no reset code, tells its mailbox why, and answers as for anyone', async () => {
    const member = await createSignedInUser(t, { firstName: 'Ngozi' });
    expect((await suspend(member.id)).statusCode).toBe(200);
    const asked = await post('/send-password-reset-link', { email: member.email });
    expect(asked.statusCode).toBe(200);
    expect(asked.json().message).toContain(`If an account exists for ${member.email}`);
    await expect(latestCode(t, member.email)).rejects.toThrow();
    const [email] = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, member.email))
      .orderBy(desc(emailOutbox.createdAt))
      .limit(1);
    expect(email?.subject).toBe('Your iPatient account is suspended');
    expect(email?.text).toContain('Hello Ngozi,');
    expect(email?.text).toContain(`${t.config.publicUrl}/contact`);
    // Not the reason: that is for the admins.
    expect(email?.text).not.toContain('Posting spam links');
  });

  it('lets a reset code sent before the suspension change nothing after it', async () => {
    const member = await createSignedInUser(t);
    expect((await post('/send-password-reset-link', { email: member.email })).statusCode).toBe(200);
    const code = await latestCode(t, member.email);
    expect((await suspend(member.id)).statusCode).toBe(200);
    const newPassword = 'Jollof-Rice-2026';
    const reset = await post('/reset-password', {
      email: member.email,
      resetCode: code,
      password: newPassword,
      confirmPassword: newPassword,
    });
    expect(reset.statusCode).toBe(400);
    expect((await signIn(member.email, newPassword)).statusCode).toBe(401);
  });

  it('keeps what the account published', async () => {
    const member = await createSignedInUser(t);
    const blogPost = await insertPostRow(t, {
      title: 'A post with a comment',
      urlSlug: `/${uniqueWord(10)}`,
    });
    const commented = await apiCall(t, 'POST', `/comment-on-blog/${blogPost.id}`, {
      as: member,
      payload: { comment: 'Thank you for this.' },
    });
    expect(commented.statusCode).toBe(201);
    expect((await suspend(member.id)).statusCode).toBe(200);
    const comments = await apiCall(t, 'GET', `/fetch-blog-comments/${blogPost.id}`);
    expect(comments.json().results).toHaveLength(1);
  });

  it('needs a reason', async () => {
    const member = await createSignedInUser(t);
    for (const reason of [null, '', '   ', 'no', 'x'.repeat(501), 42]) {
      const response = await suspend(member.id, reason);
      expect(response.statusCode, String(reason)).toBe(400);
      expect(Object.keys(response.json().errors ?? {}), String(reason)).toContain('reason');
    }
    const missing = await apiCall(t, 'PUT', `/admin/users/${member.id}/suspension`, {
      as: admin,
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/reason for the suspension/);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, member.id));
    expect(row?.suspendedAt).toBeNull();
  });

  it('refuses your own account and any admin, saying why', async () => {
    const self = await suspend(admin.id);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(adminUserTexts.ownSuspension);
    const other = await suspend(otherAdmin.id);
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(adminUserTexts.adminSuspension);
    expect((await me(otherAdmin.accessToken)).statusCode).toBe(200);
  });

  it('refuses to make a suspended account an admin', async () => {
    const member = await createSignedInUser(t);
    expect((await suspend(member.id)).statusCode).toBe(200);
    const promoted = await apiCall(t, 'PUT', `/admin/users/${member.id}/role`, {
      as: admin,
      payload: { role: 'admin' },
    });
    expect(promoted.statusCode).toBe(409);
    expect(promoted.json().message).toBe(adminUserTexts.suspendedAdmin);
  });

  it('answers 404 for an unknown user, 400 for a malformed id, and only to admins', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await suspend(unknown)).statusCode).toBe(404);
    expect((await unsuspend(unknown)).statusCode).toBe(404);
    expect((await suspend('nope')).statusCode).toBe(400);
    const member = await createSignedInUser(t);
    const target = await createSignedInUser(t);
    expect((await suspend(target.id, 'spam', member)).statusCode).toBe(403);
    expect((await unsuspend(target.id, member)).statusCode).toBe(403);
    const visitor = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/users/${target.id}/suspension`,
      payload: { reason: 'spam' },
    });
    expect(visitor.statusCode).toBe(401);
    expect((await me(target.accessToken)).statusCode).toBe(200);
  });
});

describe('DELETE /admin/users/{id}/suspension', () => {
  it('lets the account sign in again', async () => {
    const member = await createSignedInUser(t);
    expect((await suspend(member.id)).statusCode).toBe(200);
    expect((await signIn(member.email)).statusCode).toBe(403);
    const lifted = await unsuspend(member.id);
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(lifted.json().result).toMatchObject({ suspendedAt: null, suspendedReason: null });
    const back = await signIn(member.email);
    expect(back.statusCode).toBe(200);
    expect((await me(back.json().tokens.accessToken)).statusCode).toBe(200);
  });
});

describe('the audit log', () => {
  it('tells both as sentences, with the reason', async () => {
    const member = await createSignedInUser(t, { firstName: 'Musa' });
    await t.database.db.update(users).set({ lastName: 'Bello' }).where(eq(users.id, member.id));
    expect((await suspend(member.id, 'spam')).statusCode).toBe(200);
    expect((await unsuspend(member.id)).statusCode).toBe(200);
    const response = await apiCall(t, 'GET', `/admin/audit?entityId=${member.id}`, { as: admin });
    const [lifted, suspended] = response.json().results;
    expect(suspended.sentence).toEqual({
      text: 'Bola Okafor suspended the member Musa Bello: spam',
      actor: 'Bola Okafor',
      verb: 'suspended the member',
      object: {
        label: 'Musa Bello',
        quoted: false,
        href: `/admin/users?${new URLSearchParams({ search: member.email })}`,
      },
      rest: ': spam',
    });
    expect(lifted.sentence.text).toBe('Bola Okafor lifted the suspension of the member Musa Bello');
    const stored = await t.database.db
      .select({ summary: auditLog.summary })
      .from(auditLog)
      .where(eq(auditLog.entityId, member.id))
      .orderBy(desc(auditLog.createdAt));
    expect(stored.map((row) => row.summary)).toEqual([
      lifted.sentence.text,
      suspended.sentence.text,
    ]);
  });
});
