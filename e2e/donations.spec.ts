import { formatNaira } from '@ipatient/contracts/format';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/accounts.ts';
import { createLiveCampaign, fromOwnAddress, signedInPage } from './support/campaign-api.ts';
import { bannerTitle, giveConsent } from './support/site.ts';

// The e2e server has no PAYSTACK_SECRET_KEY: payments go through the sandbox provider, whose
// checkout page drives the same return and webhook code paths as Paystack.

// Visitors start many donations here: from an address of this file's own (see playwright.config).
test.use(fromOwnAddress());

test.beforeEach(async ({ context, baseURL }) => {
  await giveConsent(context, baseURL);
});

interface Gift {
  amount: number;
  name?: string;
  email: string;
  message?: string;
}

/** Opens 'Donate' (the modal), fills the form with a preset amount and goes on to the sandbox. */
async function startDonation(page: Page, gift: Gift) {
  await page.getByRole('main').getByRole('button', { name: 'Donate', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Donate to this campaign' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio', { name: formatNaira(gift.amount) }).check();
  if (gift.name) await dialog.getByLabel('Your name').fill(gift.name);
  else await dialog.getByLabel('Give anonymously').check();
  await dialog.getByLabel('Email for your receipt').fill(gift.email);
  if (gift.message) await dialog.getByLabel('Message of support (optional)').fill(gift.message);
  await dialog.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/sandbox-checkout\/IPD-[A-Z2-7]{20}$/);
  await expect(page.getByText('Sandbox: no real money')).toBeVisible();
  await expect(page.getByText(formatNaira(gift.amount), { exact: true })).toBeVisible();
  await expect(page.getByText(gift.email, { exact: true })).toBeVisible();
}

/** The thank-you page after a paid gift, then back to the campaign. */
async function thankedThenBack(page: Page, amount: number) {
  await expect(page).toHaveURL(/\/donations\/return\?reference=IPD-[A-Z2-7]{20}$/);
  await expect(
    page
      .getByRole('main')
      .getByRole('status')
      .filter({ hasText: `Thank you! Your donation of ${formatNaira(amount)} has been received.` }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Back to the campaign' }).click();
}

async function expectRaised(page: Page, raised: number, needed: number, count: string) {
  const main = page.getByRole('main');
  await expect(main.getByRole('progressbar')).toHaveAttribute(
    'aria-valuetext',
    new RegExp(`^${formatNaira(raised)} raised of ${formatNaira(needed)}`),
  );
  await expect(main.getByText(count, { exact: true })).toBeVisible();
}

test('a visitor donates through the sandbox: the progress and the list update; a failed payment counts nothing; an anonymous gift shows Anonymous', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.slow();
  const { organiser, campaign, input } = await createLiveCampaign(request, 'donee');
  const path = `/campaigns/${campaign._id}`;
  const stamp = Date.now();
  await page.goto(path);
  await expectRaised(page, 0, input.amountNeeded, '0 donations');
  const donations = page.getByRole('main').getByRole('region', { name: 'Donations' });
  await expect(donations).toContainText('No donations yet');

  // The modal passes axe.
  await page.getByRole('main').getByRole('button', { name: 'Donate', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Donate to this campaign' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  // ₦1,000 (a preset), paid.
  await startDonation(page, {
    amount: 1000,
    name: 'Ngozi Adeyemi',
    email: `donor-${stamp}@example.com`,
    message: 'Get well soon, we are praying for you.',
  });
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: `Pay ${formatNaira(1000)}` }).click();
  await thankedThenBack(page, 1000);
  await expect(page).toHaveURL(path);
  // The campaign receives the gift less the provider's fee (1.5% under ₦2,500: ₦15).
  await expectRaised(page, 985, input.amountNeeded, '1 donation');
  const first = donations.getByRole('listitem').first();
  await expect(first).toContainText('Ngozi Adeyemi');
  await expect(first).toContainText(formatNaira(1000));
  await expect(first).toContainText('Get well soon, we are praying for you.');
  await expect(first).toContainText('just now');

  // ₦5,000, failed: nothing is counted.
  await startDonation(page, {
    amount: 5000,
    name: 'Tunde Bello',
    email: `tunde-${stamp}@example.com`,
  });
  await page.getByRole('button', { name: 'Fail payment' }).click();
  await expect(page).toHaveURL(new RegExp(`${path}\\?donation=failed$`));
  // An error toast is an alert.
  await expect(page.getByRole('alert').filter({ hasText: /did not go through/ })).toBeVisible();
  await expectRaised(page, 985, input.amountNeeded, '1 donation');
  await expect(donations).not.toContainText('Tunde Bello');
  await expect(donations.getByRole('listitem')).toHaveCount(1);

  // ₦500, anonymous: listed as 'Anonymous', newest first.
  await startDonation(page, { amount: 500, email: `anon-${stamp}@example.com` });
  await page.getByRole('button', { name: `Pay ${formatNaira(500)}` }).click();
  await thankedThenBack(page, 500);
  // ₦985 and ₦492.50: ₦1,477 shown in whole naira.
  await expectRaised(page, 1477, input.amountNeeded, '2 donations');
  await expect(donations.getByRole('listitem')).toHaveCount(2);
  await expect(donations.getByRole('listitem').first()).toContainText('Anonymous');
  await expect(donations.getByRole('listitem').first()).toContainText(formatNaira(500));
  await expect(donations).not.toContainText(`anon-${stamp}`);

  // The organiser's Campaign tab shows the raised amount and the donations.
  const organiserPage = await signedInPage(browser, baseURL, organiser);
  await organiserPage.goto('/account?tab=campaign');
  const row = organiserPage.getByRole('article', { name: `Save ${input.fundraisingFor}` });
  await expect(row.getByRole('progressbar')).toHaveAttribute(
    'aria-valuetext',
    new RegExp(`^${formatNaira(1477)} raised of ${formatNaira(input.amountNeeded)}`),
  );
  await expect(row.getByText('2 donations', { exact: true })).toBeVisible();
  const latest = row.getByRole('region', { name: 'Latest donations' });
  await expect(latest.getByRole('listitem')).toHaveCount(2);
  await expect(latest).toContainText('Ngozi Adeyemi');
  await expect(latest).toContainText('Anonymous');
  await organiserPage.context().close();
});

test('without JavaScript the form shows on the page; an amount below ₦100 is refused next to the field', async ({
  browser,
  baseURL,
  request,
}) => {
  const { campaign } = await createLiveCampaign(request, 'nojsdonee');
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    ...fromOwnAddress(),
  });
  await giveConsent(context, baseURL);
  const page = await context.newPage();
  const path = `/campaigns/${campaign._id}`;
  await page.goto(path);
  await page.getByRole('main').getByRole('button', { name: 'Donate', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${path}\\?donate=1#donate$`));
  const form = page.getByRole('region', { name: 'Donate to this campaign' });
  await form.getByLabel('Or another amount (₦)').fill('50');
  await form.getByLabel('Your name').fill('Bisi Ola');
  await form.getByLabel('Email for your receipt').fill('bisi@example.com');
  await form.getByRole('button', { name: 'Continue to payment' }).click();
  // The page comes back with the form first, the error next to its field.
  const custom = form.getByLabel('Or another amount (₦)');
  await expect(custom).toBeInViewport();
  await expect(custom).toHaveAttribute('aria-invalid', 'true');
  await expect(custom).toHaveAccessibleDescription(/at least ₦100/);
  await expect(custom).toHaveValue('50');
  await expect(form.getByLabel('Your name')).toHaveValue('Bisi Ola');
  await expect(form.getByLabel('Email for your receipt')).toHaveValue('bisi@example.com');

  // A whole-naira custom amount goes on to the sandbox and is paid without script.
  await custom.fill('2500');
  await form.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByText('Sandbox: no real money')).toBeVisible();
  await page.getByRole('button', { name: `Pay ${formatNaira(2500)}` }).click();
  await thankedThenBack(page, 2500);
  await expect(page.getByRole('main').getByText('1 donation', { exact: true })).toBeVisible();
  await expect(
    page.getByRole('main').getByRole('region', { name: 'Donations' }).getByRole('listitem'),
  ).toContainText(['Bisi Ola']);
  await context.close();
});

test('an unknown sandbox reference or return reference is not found', async ({ page }) => {
  const sandbox = await page.goto('/sandbox-checkout/IPD-AAAAAAAAAAAAAAAAAAAA');
  expect(sandbox?.status()).toBe(404);
  const back = await page.goto('/donations/return?reference=IPD-AAAAAAAAAAAAAAAAAAAA');
  expect(back?.status()).toBe(404);
});

test('a donor browsing at another local address stays on it through the checkout and back', async ({
  browser,
  request,
  baseURL,
}) => {
  // The site's PUBLIC_URL is 127.0.0.1; this donor types "localhost" instead.
  const here = (baseURL ?? 'http://127.0.0.1:3107').replace('127.0.0.1', 'localhost');
  const { campaign } = await createLiveCampaign(request, 'localhost');
  const context = await browser.newContext({ baseURL: here, ...fromOwnAddress() });
  await giveConsent(context, here);
  const page = await context.newPage();
  await page.goto(`/campaigns/${campaign._id}`);
  await startDonation(page, { amount: 1000, email: `local-${Date.now()}@example.com` });
  expect(page.url().startsWith(`${here}/sandbox-checkout/`)).toBe(true);
  await page.getByRole('button', { name: `Pay ${formatNaira(1000)}` }).click();
  await thankedThenBack(page, 1000);
  await expect(page).toHaveURL(`${here}/campaigns/${campaign._id}`);
  // Still the same site: the cookie choice made here holds, so no banner asks again.
  await expect(page.getByRole('region', { name: bannerTitle })).toHaveCount(0);
  await context.close();
});

test('a refused donation keeps the dialog open with the errors at their fields, and no toast', async ({
  page,
  request,
}) => {
  const { campaign } = await createLiveCampaign(request, 'refused');
  await page.goto(`/campaigns/${campaign._id}`);
  await page.getByRole('main').getByRole('button', { name: 'Donate', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Donate to this campaign' });
  await dialog.getByLabel('Or another amount (₦)').fill('50');
  await dialog.getByLabel('Your name').fill('Bisi Ola');
  await dialog.getByLabel('Email for your receipt').fill('bisi@example.com');
  await dialog.getByRole('button', { name: 'Continue to payment' }).click();
  // The page comes back with the dialog open, as it was left, the error at the field.
  const custom = dialog.getByLabel('Or another amount (₦)');
  await expect(dialog).toBeVisible();
  await expect(custom).toHaveAttribute('aria-invalid', 'true');
  await expect(custom).toHaveAccessibleDescription(/at least ₦100/);
  await expect(custom).toBeFocused();
  await expect(dialog.getByLabel('Your name')).toHaveValue('Bisi Ola');
  await expect(page.locator('[data-toast]')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  // Corrected, it goes on to the payment page.
  await custom.fill('2500');
  await dialog.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByText('Sandbox: no real money')).toBeVisible();
});
