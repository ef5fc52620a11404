import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { auditLog, eq, users } from '@ipatient/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

const run = promisify(execFile);
const script = fileURLToPath(new URL('./admin-create.ts', import.meta.url));

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  t = await createTestApp();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ipatient-cli-'));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function adminCreate(...args: string[]) {
  return run(process.execPath, ['--no-warnings', script, ...args], {
    env: { ...process.env, DATABASE_URL: t.database.url, DATA_DIR: dataDir },
  }).then(
    (result) => ({ code: 0, ...result }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

/** The audit entries about a user's account. */
async function auditOf(email: string) {
  const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
  if (!user) return [];
  return t.database.db.select().from(auditLog).where(eq(auditLog.entityId, user.id));
}

async function roleOf(email: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
  return row?.role;
}

describe('npm run admin:create', () => {
  it('creates an admin who can sign in', async () => {
    const result = await adminCreate('--email', 'Boss@Example.NG', '--password', 'Admin-Pass-2026');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Created the admin account boss@example.ng');
    expect(await roleOf('boss@example.ng')).toBe('admin');
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sign-in',
      payload: { email: 'boss@example.ng', password: 'Admin-Pass-2026' },
    });
    expect(signIn.json().result.role).toBe('admin');
    const [entry, ...more] = await auditOf('boss@example.ng');
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ actorId: null, entityType: 'user', before: null });
    expect(entry?.summary).toBe(
      'The command line (npm run admin:create) gave the admin role to Site Administrator',
    );
  });

  it('promotes an existing member', async () => {
    const member = await createSignedInUser(t);
    const result = await adminCreate('--email', member.email);
    expect(result.code).toBe(0);
    expect(await roleOf(member.email)).toBe('admin');
    const [entry] = await auditOf(member.email);
    expect(entry?.before).toMatchObject({ role: 'member' });
    expect(entry?.after).toMatchObject({ role: 'admin' });
    expect(entry?.summary).toMatch(
      /^The command line \(npm run admin:create\) gave the admin role to /,
    );
  });

  it('refuses a weak password or a missing email, creating nothing', async () => {
    const weak = await adminCreate('--email', 'weak@example.ng', '--password', 'password');
    expect(weak.code).toBe(1);
    expect(weak.stderr).toMatch(/--password/);
    expect(await roleOf('weak@example.ng')).toBeUndefined();
    expect(await auditOf('weak@example.ng')).toEqual([]);
    const missing = await adminCreate('--password', 'Admin-Pass-2026');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/Usage/);
  });
});
