import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/accounts.ts';
import { adminPage } from './support/admin.ts';
import { createLiveCampaign, createMember, signedInPage } from './support/campaign-api.ts';

test("a member without a verified phone is told; an admin reviews the week's count in a table", async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const { campaign } = await createLiveCampaign(request, 'weekly');
  // A member without a verified phone is told, beside the Green-Heart, that theirs does not count.
  const unverified = await createMember(request, 'weekly-c');
  const memberPage = await signedInPage(browser, baseURL, unverified);
  await memberPage.goto(`/campaigns/${campaign._id}`);
  await expect(
    memberPage.getByText(
      'Verify your phone number so your Green-Heart counts for the weekly funding.',
    ),
  ).toBeVisible();
  await expect(memberPage.getByRole('link', { name: 'Verify your phone number' })).toHaveAttribute(
    'href',
    '/account/phone',
  );
  await memberPage.getByRole('button', { name: 'Like' }).click();
  await expect(memberPage.getByRole('button', { name: 'Liked' })).toBeVisible();

  const { page } = await adminPage(browser, baseURL, 'weekly');
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: 'Weekly winners' })
    .click();
  await expect(page).toHaveURL(/\/admin\/weekly-winners$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Weekly winners' })).toBeVisible();
  await expect(page.getByText('This week is still running')).toBeVisible();
  const table = page.getByRole('table', { name: /Campaigns with most counted likes/ });
  for (const header of ['Campaign', 'Counted likes', 'All likes', 'Warning signs']) {
    await expect(table.getByRole('columnheader', { name: header })).toBeVisible();
  }
  // The demo data's campaigns lead the week; each row gives its figures and its warning signs.
  const rows = table.getByRole('row').filter({ has: page.getByRole('rowheader') });
  expect(await rows.count()).toBeGreaterThan(0);
  expect(await rows.count()).toBeLessThanOrEqual(10);
  await expect(rows.first().getByRole('cell').nth(0)).toHaveText(/(^|Counted likes)\d+$/);
  await expectNoSeriousA11yViolations(page);

  // The week before, through the plain links; a wrong week is named.
  await page.getByRole('link', { name: 'Previous week' }).click();
  await expect(page).toHaveURL(/\?week=\d{4}-\d{2}-\d{2}$/);
  await expect(page.getByRole('link', { name: 'Next week' })).toBeVisible();
  await page.goto('/admin/weekly-winners?week=2025-03-04');
  await expect(page.getByText('Week must be a Monday written as YYYY-MM-DD').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
