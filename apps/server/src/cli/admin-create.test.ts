import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eq, users } from '@ipatient/db';
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
  });

  it('promotes an existing member', async () => {
    const member = await createSignedInUser(t);
    const result = await adminCreate('--email', member.email);
    expect(result.code).toBe(0);
    expect(await roleOf(member.email)).toBe('admin');
  });

  it('refuses a weak password or a missing email, creating nothing', async () => {
    const weak = await adminCreate('--email', 'weak@example.ng', '--password', 'password');
    expect(weak.code).toBe(1);
    expect(weak.stderr).toMatch(/--password/);
    expect(await roleOf('weak@example.ng')).toBeUndefined();
    const missing = await adminCreate('--password', 'Admin-Pass-2026');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/Usage/);
  });
});
