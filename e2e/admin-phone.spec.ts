import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/accounts.ts';
import { adminPage } from './support/admin.ts';
import { createLiveCampaign } from './support/campaign-api.ts';
import { donateTo, requestPayout } from './support/payouts.ts';

const api = '/api/v1';

/**
 * Every page of the admin console, read from the route table (the `admin` prefix), so a new
 * admin page is checked without anyone adding it here.
 */
function adminPaths(): string[] {
  const source = fs.readFileSync(path.resolve('apps/web/app/routes.ts'), 'utf8');
  const start = source.indexOf("prefix('admin'");
  expect(start, 'the admin prefix in routes.ts').toBeGreaterThan(-1);
  // The block ends where the prefix's brackets close: count them from its opening.
  let depth = 0;
  let end = start;
  for (let index = source.indexOf('[', start); index < source.length; index += 1) {
    if (source[index] === '[') depth += 1;
    if (source[index] === ']') depth -= 1;
    if (depth === 0) {
      end = index;
      break;
    }
  }
  const block = source.slice(start, end);
  const paths = ['/admin'];
  for (const match of block.matchAll(/route\(\s*'([^']+)',\s*'([^']+)'/g)) {
    // A module without a view (`.ts`, e.g. a CSV download) is no page.
    if (match[2]?.endsWith('.tsx')) paths.push(`/admin/${match[1]}`);
  }
  return paths;
}

/**
 * A real address for a route with a parameter: the first link to such a page on its list
 * (`/admin/campaigns/:id` → a campaign of the list at /admin/campaigns).
 */
async function realPath(page: Page, route: string): Promise<string | undefined> {
  if (!route.includes(':')) return route;
  const list = route.slice(0, route.indexOf('/:'));
  await page.goto(list);
  const pattern = new RegExp(`^${list.replaceAll('/', '\\/')}\\/(?!new$)[^/?#]+$`);
  const hrefs = await page
    .getByRole('main')
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return hrefs.find((href) => pattern.test(href));
}

/** What sticks out sideways: the page's width and any visible control beyond the screen. */
async function sideways(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const outside: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(
      'main a, main button, main input, main select, main textarea, nav a',
    )) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      // Inside a region that scrolls on its own (a wide table at tablet width) is fine.
      if (element.closest('[role="region"], section[aria-label][tabindex="0"]')) continue;
      if (box.right > width + 1 || box.left < -1) {
        outside.push(
          `${element.tagName.toLowerCase()} "${element.textContent?.trim().slice(0, 40)}"`,
        );
      }
    }
    // On a phone a table is a list of cards: its region has nothing to scroll either.
    const scrolling = [
      ...document.querySelectorAll<HTMLElement>('section[aria-label][tabindex="0"]'),
    ]
      .filter((region) => region.scrollWidth > region.clientWidth + 1)
      .map((region) => region.getAttribute('aria-label'));
    return { width, scrollWidth: document.documentElement.scrollWidth, outside, scrolling };
  });
}

for (const width of [412, 320]) {
  test(`every admin page fits a ${width} px phone: nothing scrolls sideways, and axe finds nothing serious`, async ({
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(240_000);
    // A payout of its own, so the payout page has one to show whatever ran before.
    const { organiser, campaign } = await createLiveCampaign(request, `phone-${width}`);
    await donateTo(request, campaign._id, 20_000);
    await requestPayout(request, organiser, campaign._id, 5_000);
    // A report of its own, so the report page has one to show.
    const reported = await request.post(`${api}/crowdfunding/${campaign._id}/reports`, {
      data: {
        reason: 'other',
        details: `A report made so the admin report page has a record (${width} px).`,
      },
    });
    expect(reported.ok(), await reported.text()).toBe(true);
    const { page } = await adminPage(browser, baseURL, `phone-${width}`);
    await page.setViewportSize({ width, height: 800 });
    const routes = adminPaths();
    expect(routes).toContain('/admin/users');
    expect(routes).toContain('/admin/audit');
    const checked: string[] = [];
    for (const route of routes) {
      const address = await realPath(page, route);
      if (!address) continue;
      const response = await page.goto(address);
      expect(response?.status(), address).toBeLessThan(400);
      const fit = await sideways(page);
      expect(fit.scrollWidth, `${address} is wider than the screen`).toBeLessThanOrEqual(fit.width);
      expect(fit.outside, `${address}: controls off the screen`).toEqual([]);
      expect(fit.scrolling, `${address}: tables scrolling sideways`).toEqual([]);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      checked.push(address);
    }
    // Every list page, and the pages of one record, were seen.
    expect(checked.length).toBeGreaterThanOrEqual(routes.length - 2);
    await page.context().close();
  });
}

test('on a phone the users table reads as cards, each value under its column name', async ({
  browser,
  baseURL,
}) => {
  const { page, admin } = await adminPage(browser, baseURL, 'phone-cards');
  await page.setViewportSize({ width: 412, height: 800 });
  await page.goto(`/admin/users?search=${encodeURIComponent(admin.email)}`);
  const row = page.getByRole('row').filter({ hasText: admin.email });
  await expect(row).toBeVisible();
  // The column's name is shown beside the value, so the card can be read without the header.
  for (const label of ['Email', 'Phone', 'Role', 'Advocate', 'Account', 'Joined']) {
    await expect(row.getByText(label, { exact: true })).toBeVisible();
  }
  const box = await row.boundingBox();
  expect(box?.width ?? 0).toBeLessThanOrEqual(412);
  // The filters and the admin menu are within reach.
  await page.getByRole('form', { name: 'Filter users' }).getByLabel('Search').fill('nobody-here');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/search=nobody-here/);
  await expect(page.getByText('No users found')).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: 'Audit log' })
    .click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  // On a wide screen it is a table again, its header visible.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/admin/users?search=${encodeURIComponent(admin.email)}`);
  await expect(page.getByRole('columnheader', { name: 'Email' })).toBeVisible();
  await page.context().close();
});
