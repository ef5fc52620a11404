import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { giveConsent, sitePages } from './support/site.ts';

/** Violations that would block or seriously hinder someone (axe impact serious or critical). */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

test.describe('axe', () => {
  test('home page, with the cookie banner', async ({ page }) => {
    await page.goto('/');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('home page, cookie settings dialog open', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect(page.getByRole('dialog', { name: 'Cookie settings' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('home page on a phone, menu open', async ({ page, context, baseURL }) => {
    await giveConsent(context, baseURL);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await page.getByRole('banner').getByText('Menu', { exact: true }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByText('Resources').click();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('not-found page', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    expect(await seriousViolations(page)).toEqual([]);
  });

  for (const { path } of sitePages.filter(
    (entry) => entry.path !== '/' && entry.path !== '/Login',
  )) {
    test(`${path}`, async ({ page, context, baseURL }) => {
      await giveConsent(context, baseURL);
      await page.goto(path);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
