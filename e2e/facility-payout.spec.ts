import type { TFacility } from '@ipatient/contracts/facilities';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, fillLogin } from './support/accounts.ts';
import { adminPage, createAdmin } from './support/admin.ts';
import { adminToken, uniqueWord } from './support/campaign-api.ts';
import { giveConsent, toast } from './support/site.ts';

/**
 * A facility's payout account: one admin adds it (here without JavaScript: plain POST forms),
 * a second admin verifies it, and the directory then shows the facility's "Pays direct" badge.
 * The browser tests run on the sandbox, whose bank lookup makes names up, so the first admin
 * confirms that the name is the facility's.
 */
test.beforeEach(async ({ context, baseURL }) => {
  await giveConsent(context, baseURL);
});

const api = '/api/v1';
const ACCOUNT = '0123456789';

/** A new admin signed in through the login page in a browser session without JavaScript. */
async function noScriptAdminPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const admin = createAdmin('payout-a');
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  await giveConsent(context, baseURL);
  const page = await context.newPage();
  await page.goto('/login?redirectTo=%2Fadmin');
  await fillLogin(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  return page;
}

test('one admin adds a payout account, a second verifies it, the directory says "Pays direct"', async ({
  browser,
  baseURL,
  request,
}) => {
  // Two admins are made with `npm run admin:create`, a few seconds each.
  test.setTimeout(90_000);
  const word = uniqueWord('Pd');
  const name = `Mercy ${word} Hospital`;
  const token = await adminToken(request);
  const created = await request.post(`${api}/admin/facilities`, {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      name,
      facilityType: 'Hospital',
      state: 'Lagos',
      lga: 'Ikeja',
      address: `4 ${word} Close`,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const facility = ((await created.json()) as { result: TFacility }).result;
  expect(facility.paysDirect).toBe(false);

  // The first admin, without JavaScript: the sandbox's made-up name is refused until confirmed.
  const first = await noScriptAdminPage(browser, baseURL);
  await first.goto(`/admin/facilities/${facility._id}`);
  const section = first.getByRole('region', { name: 'Payout account' });
  await expect(section).toContainText('No payout account yet');
  await section.getByLabel('Bank').selectOption({ label: 'Guaranty Trust Bank' });
  await section.getByLabel('Account number').fill(ACCOUNT);
  await section.getByRole('button', { name: 'Look up and save account' }).click();
  const accountError = first.locator('#payout-accountNumber-error');
  await expect(accountError).toContainText(`does not match the facility (${name})`);
  await expect(section.getByLabel('Account number')).toHaveValue(ACCOUNT);
  await section.getByLabel('The account name matches the facility').check();
  await section.getByRole('button', { name: 'Look up and save account' }).click();
  await expect(first).toHaveURL(new RegExp(`/admin/facilities/${facility._id}`));
  await expect(section).toContainText('Waiting for a second admin');
  await expect(section).toContainText(ACCOUNT);
  await expect(section.locator('[data-account-name]')).not.toBeEmpty();
  await expect(section).toContainText('You added this account: another admin must verify it.');
  await expect(section.getByRole('button', { name: 'Verify account' })).toHaveCount(0);

  // Not yet public.
  const unverified = await request.get(`${api}/facilities/${facility._id}`);
  expect(((await unverified.json()) as { result: TFacility }).result.paysDirect).toBe(false);

  // The second admin verifies it (the dialog asks first).
  const { page: second } = await adminPage(browser, baseURL, 'payout-b');
  await second.goto(`/admin/facilities/${facility._id}`);
  const secondSection = second.getByRole('region', { name: 'Payout account' });
  await expect(secondSection).toContainText('Waiting for a second admin');
  // Axe needs scripts, so the pages are checked in this (scripted) session.
  await expectNoSeriousA11yViolations(second);
  await secondSection.getByRole('button', { name: 'Verify account' }).click();
  const dialog = second.getByRole('dialog', { name: 'Verify this payout account?' });
  await expect(dialog).toContainText(name);
  await dialog.getByRole('button', { name: 'Yes, verify account' }).click();
  await expect(toast(second, 'Payout account verified')).toBeVisible();
  await expect(secondSection).not.toContainText('Waiting for a second admin');
  await expect(secondSection.getByRole('term').filter({ hasText: /^Verified$/ })).toBeVisible();
  await expect(secondSection.getByRole('button', { name: 'Verify account' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(second);

  // The directory's badge, explained to screen readers; no account details in public.
  await second.goto(`/review?search=${word}`);
  const card = second.getByRole('article', { name });
  await expect(card.getByText('Pays direct')).toBeVisible();
  await expect(card).toContainText('Donations can be paid straight to this facility.');
  await expect(card).not.toContainText(ACCOUNT);
  await expect(second.getByRole('main')).toContainText(
    'Pays direct: donations can be paid straight',
  );
  await expectNoSeriousA11yViolations(second);
  // The facility's own page shows the badge and says what it means.
  await second.goto(`/review/${facility._id}`);
  await expect(
    second
      .getByRole('main')
      .getByText('Pays direct: Donations can be paid straight to this facility.', { exact: true }),
  ).toBeVisible();
  await expect(second.getByRole('main')).toContainText(
    'Pays direct: donations can be paid straight',
  );
  await expect(second.getByRole('main')).not.toContainText(ACCOUNT);
  const verified = await request.get(`${api}/facilities/${facility._id}`);
  const body = await verified.text();
  expect((JSON.parse(body) as { result: TFacility }).result.paysDirect).toBe(true);
  expect(body).not.toContain(ACCOUNT);

  // Removing asks first; the badge goes with the account.
  await second.goto(`/admin/facilities/${facility._id}`);
  await secondSection.getByRole('button', { name: 'Remove account' }).click();
  await second
    .getByRole('dialog', { name: 'Remove this payout account?' })
    .getByRole('button', { name: 'Yes, remove account' })
    .click();
  await expect(toast(second, 'Payout account removed')).toBeVisible();
  await expect(secondSection).toContainText('No payout account yet');
  const removed = await request.get(`${api}/facilities/${facility._id}`);
  expect(((await removed.json()) as { result: TFacility }).result.paysDirect).toBe(false);
});
