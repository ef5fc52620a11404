import { emailKey } from '@ipatient/contracts/email-key';
import { emailOutbox, eq, sql, users } from '@ipatient/db';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../src/lib/passwords.ts';
import type { TestApp } from './helpers.ts';

export const strongPassword = 'Kolanut-Harmattan7';

let counter = 0;
/** A unique address per call, so tests never collide. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.ng`;
}

export interface SignedInUser {
  id: string;
  email: string;
  password: string;
  accessToken: string;
  refreshToken: string;
  /** `{ authorization: 'Bearer …' }` */
  headers: { authorization: string };
}

/**
 * A verified account, created directly (a valid argon2id hash) and signed in through the API,
 * for tests of other features that only need "a signed-in user".
 */
export async function createSignedInUser(
  t: TestApp,
  options: { role?: 'member' | 'facility' | 'admin'; email?: string; firstName?: string } = {},
): Promise<SignedInUser> {
  const email = options.email ?? uniqueEmail(options.role ?? 'member');
  const [row] = await t.database.db
    .insert(users)
    .values({
      email,
      emailKey: emailKey(email),
      firstName: options.firstName ?? 'Ada',
      lastName: 'Okafor',
      phone: '+2348031234567',
      passwordHash: await hashPassword(strongPassword),
      role: options.role ?? 'member',
    })
    .returning({ id: users.id });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/sign-in',
    payload: { email, password: strongPassword },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  const { tokens } = response.json();
  return {
    id: row?.id ?? '',
    email,
    password: strongPassword,
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    headers: { authorization: `Bearer ${tokens.accessToken}` },
  };
}

/**
 * The code in the newest email to an address ("code: 7KQ2MB", or a reset code shown grouped,
 * "code: ABCDE-FGHJK"), without its dashes.
 */
export async function latestCode(t: TestApp, to: string): Promise<string> {
  const [row] = await t.database.db
    .select({ text: emailOutbox.text })
    .from(emailOutbox)
    .where(eq(emailOutbox.to, to))
    .orderBy(sql`${emailOutbox.createdAt} desc`)
    .limit(1);
  const code = /code: ([A-Z0-9]+(?:-[A-Z0-9]+)*)/.exec(row?.text ?? '')?.[1];
  if (!code) throw new Error(`no code emailed to ${to}`);
  return code.replaceAll('-', '');
}

export function post(app: FastifyInstance, url: string, payload: object, headers = {}) {
  return app.inject({ method: 'POST', url: `/api/v1${url}`, payload, headers });
}

/** A multipart/form-data body, as a browser would send it. */
export async function multipart(
  fields: Record<string, string>,
  files: Record<string, { body: Buffer; filename: string; type: string }> = {},
): Promise<{ payload: Buffer; headers: { 'content-type': string } }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, file] of Object.entries(files)) {
    form.append(name, new Blob([new Uint8Array(file.body)], { type: file.type }), file.filename);
  }
  const request = new Request('http://local', { method: 'PUT', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}
