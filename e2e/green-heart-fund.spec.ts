import { formatNaira } from '@ipatient/contracts/format';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/accounts.ts';
import { fromOwnAddress } from './support/campaign-api.ts';
import { giveConsent } from './support/site.ts';

// The visitor's gifts come from an address of this file's own (see playwright.config).
test.use(fromOwnAddress());

// The e2e server pays through the sandbox provider: its checkout page drives the same webhook and
// return page as Paystack.

test.beforeEach(async ({ context, baseURL }) => {
  await giveConsent(context, baseURL);
});

async function fundHolds(request: import('@playwright/test').APIRequestContext) {
  const response = await request.get('/api/v1/donations/fund');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { result: { available: number } }).result.available;
}

test('a visitor gives to the Green-Heart fund through the sandbox checkout and the fund counts it once', async ({
  page,
  request,
}) => {
  test.slow();
  const stamp = Date.now();
  const before = await fundHolds(request);
  await page.goto('/green-heart-fund');
  await expect(page.getByRole('heading', { level: 1, name: 'The Green-Heart fund' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recent weekly awards' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const form = page.getByRole('region', { name: 'Give to the fund' });
  await form.getByRole('radio', { name: formatNaira(1000) }).check();
  await form.getByLabel('Your name').fill('Halima Yusuf');
  await form.getByLabel('Email for your receipt').fill(`fund-${stamp}@example.com`);
  await form.getByLabel('Email me how the money is used').check();
  await form.getByRole('button', { name: 'Continue to payment' }).click();

  await expect(page).toHaveURL(/\/sandbox-checkout\/IPD-[A-Z2-7]{20}$/);
  const reference = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  await expect(page.getByText('the Green-Heart fund', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: `Pay ${formatNaira(1000)}` }).click();

  // The thank-you page, with its WhatsApp share prompt for the fund.
  await expect(page).toHaveURL(/\/donations\/return\?reference=IPD-/);
  await expect(
    page
      .getByRole('main')
      .getByRole('status')
      .filter({ hasText: `Thank you! Your donation of ${formatNaira(1000)} has been received.` }),
  ).toBeVisible();
  await expect(
    page.getByRole('link', { name: 'Send it on WhatsApp', exact: true }),
  ).toHaveAttribute('href', /^https:\/\/wa\.me\/\?text=.*green-heart-fund/);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Back to the Green-Heart fund' }).click();
  const gifts = page.getByRole('region', { name: 'Gifts to the fund' });
  await expect(gifts.getByRole('listitem').first()).toContainText('Halima Yusuf');
  await expect(gifts.getByRole('listitem').first()).toContainText(formatNaira(1000));
  // The fund receives the gift less the provider's fee (1.5% under ₦2,500).
  expect(await fundHolds(request)).toBe(before + 985);
  await expectNoSeriousA11yViolations(page);

  // The return page visited again counts nothing more.
  await page.goto(`/donations/return?reference=${reference}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for giving' })).toBeVisible();
  expect(await fundHolds(request)).toBe(before + 985);
});
