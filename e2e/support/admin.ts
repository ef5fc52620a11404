import { execFileSync } from 'node:child_process';
import { type Browser, expect, type Page } from '@playwright/test';
import { fillLogin, strongPassword } from './accounts.ts';
import { giveConsent } from './site.ts';

export interface AdminAccount {
  email: string;
  password: string;
}

/**
 * A new admin of the server whose data directory is `dataDir`, made the way the first admin is
 * made (`npm run admin:create`, which connects to that server's embedded database).
 */
export function createAdmin(tag: string, dataDir = '.data-e2e'): AdminAccount {
  const email = `e2e-admin-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  execFileSync(
    'npm',
    ['run', '--silent', 'admin:create', '--', '--email', email, '--password', strongPassword],
    { env: { ...process.env, DATA_DIR: dataDir }, stdio: 'pipe' },
  );
  return { email, password: strongPassword };
}

/** A new browser session of a new admin, signed in through the login page, on /admin. */
export async function adminPage(
  browser: Browser,
  baseURL: string | undefined,
  tag: string,
  dataDir = '.data-e2e',
): Promise<{ page: Page; admin: AdminAccount }> {
  const admin = createAdmin(tag, dataDir);
  const context = await browser.newContext({ baseURL });
  await giveConsent(context, baseURL);
  const page = await context.newPage();
  await page.goto('/login?redirectTo=%2Fadmin');
  await fillLogin(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  return { page, admin };
}
