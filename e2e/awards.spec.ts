import { brand } from '@ipatient/contracts/brand';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/accounts.ts';
import { giveConsent } from './support/site.ts';

test.beforeEach(async ({ context, baseURL }) => {
  await giveConsent(context, baseURL);
});

function cards(page: Page) {
  return page.getByRole('region', { name: /awards:/ }).getByRole('article');
}

test('the awards page filters by year and category and pages through the cards', async ({
  page,
}) => {
  const response = await page.goto('/awards');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(`Health & Wellness Awards | ${brand.siteName}`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Health & Wellness Awards 2024' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByLabel('Year', { exact: true })).toHaveValue('2024');
  await expect(page.getByLabel('Category', { exact: true })).toHaveValue('all');
  await expect(page.getByLabel('Category', { exact: true }).getByRole('option')).toHaveText([
    'All Category',
    'Category 1',
    'Category 2',
  ]);
  await expect(page.getByText('10 awards')).toBeVisible();
  await expect(cards(page)).toHaveCount(6);
  await expectNoSeriousA11yViolations(page);

  // Real pagination: the remaining four on page 2.
  const pages = page.getByRole('navigation', { name: 'Award pages' });
  await expect(pages).toContainText('Page 1 of 2');
  await pages.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(cards(page)).toHaveCount(4);
  await expect(page.getByRole('navigation', { name: 'Award pages' })).toContainText('Page 2 of 2');

  // A year and a category.
  await page.getByLabel('Year', { exact: true }).selectOption('2022');
  await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Category 2' });
  await page.getByRole('button', { name: 'Show awards' }).click();
  await expect(page).toHaveURL(/year=2022&category=category-2/);
  await expect(page.getByRole('heading', { name: '2022 awards: Category 2' })).toBeVisible();
  await expect(cards(page)).toHaveCount(3);
  for (const card of await cards(page).all()) await expect(card).toContainText('Category 2 · 2022');
  await expect(page.getByRole('navigation', { name: 'Award pages' })).toHaveCount(0);

  await page.getByLabel('Year', { exact: true }).selectOption('2021');
  await page.getByLabel('Category', { exact: true }).selectOption({ label: 'All Category' });
  await page.getByRole('button', { name: 'Show awards' }).click();
  await expect(cards(page)).toHaveCount(4);
});

test('See Nominees reveals the nominees by keyboard', async ({ page }) => {
  await page.goto('/awards?year=2024&category=category-1');
  const card = cards(page).filter({ hasText: 'Outstanding Primary Health Centre' });
  const nominees = card.getByRole('listitem');
  await expect(nominees.first()).toBeHidden();
  const toggle = card.locator('summary', { hasText: 'See Nominees' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(nominees).toHaveCount(3);
  await expect(nominees.first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
