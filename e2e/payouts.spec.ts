import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/accounts.ts';
import { adminPage } from './support/admin.ts';
import { createLiveCampaign, signedInPage } from './support/campaign-api.ts';
import { donateTo } from './support/payouts.ts';
import { giveConsent, toast } from './support/site.ts';

/**
 * Payouts with two keys, through the screens: the organiser asks for money against the bill, one
 * admin approves it but may not release it too, a second admin releases it, enters the sandbox
 * bank's transfer code and marks it paid; the organiser then sees it paid.
 */
test.beforeEach(async ({ context, baseURL }) => {
  await giveConsent(context, baseURL);
});

async function openPayout(page: Page, title: string) {
  await page.goto('/admin/payouts');
  await expect(page.getByRole('heading', { level: 1, name: 'Payouts' })).toBeVisible();
  // The cancelled ₦5,000 request is listed too.
  await page
    .getByRole('row')
    .filter({ hasText: title })
    .getByRole('link', { name: /₦20,000 payout/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: /Payout of ₦20,000/ })).toBeVisible();
}

test('the organiser requests a payout; one admin approves, another releases it, the bank pays', async ({
  browser,
  baseURL,
  request,
}) => {
  // Three admins are made with `npm run admin:create`, a few seconds each.
  test.setTimeout(120_000);
  const { organiser, campaign, input } = await createLiveCampaign(request, 'payout');
  await donateTo(request, campaign._id, 50_000);

  // The organiser asks for ₦20,000 against the bill.
  // The organiser's forms are plain POST forms: this session runs no JavaScript.
  const own = await signedInPage(browser, baseURL, organiser, { javaScriptEnabled: false });
  await own.goto(`/campaigns/${campaign._id}/payouts`);
  await expect(own.getByRole('heading', { level: 1, name: 'Payouts' })).toBeVisible();
  const balance = own.getByRole('region', { name: 'Balance' });
  await expect(balance).toContainText('Available now');
  await expect(balance).toContainText('₦50,000');
  const form = own.getByRole('form', { name: 'Request a payout' });
  // Too much first: the API's message shows by the amount.
  await form.getByLabel('Amount (naira)').fill('90000');
  await form.getByLabel('What it pays for').fill('The dialysis sessions of this month');
  await form
    .getByLabel('The bill it pays')
    .selectOption({ label: 'Hospital bill or estimate: bill.pdf' });
  await form.getByRole('button', { name: 'Request payout' }).click();
  await expect(own.locator('#amount-error')).toContainText('Only ₦50,000 is available');
  await own
    .getByRole('form', { name: 'Request a payout' })
    .getByLabel('Amount (naira)')
    .fill('20000');
  await own.getByRole('button', { name: 'Request payout' }).click();
  await expect(toast(own, 'Payout requested')).toBeVisible();
  const payouts = own.getByRole('region', { name: 'Your payouts' });
  await expect(payouts).toContainText('Waiting for approval');
  await expect(payouts).toContainText('₦20,000');
  await expect(balance).toContainText('₦30,000');

  // A second request, cancelled while it waits: the money returns to the balance.
  const again = own.getByRole('form', { name: 'Request a payout' });
  await again.getByLabel('Amount (naira)').fill('5000');
  await again.getByLabel('What it pays for').fill('A blood test on the same bill');
  await again
    .getByLabel('The bill it pays')
    .selectOption({ label: 'Hospital bill or estimate: bill.pdf' });
  await again.getByRole('button', { name: 'Request payout' }).click();
  await expect(toast(own, 'Payout requested')).toBeVisible();
  await expect(balance).toContainText('₦25,000');
  await own.getByRole('button', { name: 'Cancel payout ₦5,000' }).click();
  await expect(toast(own, 'Payout cancelled')).toBeVisible();
  await expect(payouts).toContainText('Cancelled');
  await expect(balance).toContainText('₦30,000');

  // Admin A approves, then may not release it as well.
  const { page: first } = await adminPage(browser, baseURL, 'payout-a');
  await openPayout(first, input.title);
  await expectNoSeriousA11yViolations(first);
  await first.getByRole('button', { name: 'Approve payout' }).click();
  await expect(toast(first, 'Payout approved')).toBeVisible();
  await first.getByRole('button', { name: 'Release payout' }).click();
  await expect(first.getByRole('alert')).toContainText(
    'A different admin must release this payout',
  );

  // Admin B releases it, enters the sandbox bank's code and marks it paid.
  const { page: second } = await adminPage(browser, baseURL, 'payout-b');
  await openPayout(second, input.title);
  await second.getByRole('button', { name: 'Release payout' }).click();
  await expect(second.getByText('Sandbox: the code is 123456')).toBeVisible();
  await expectNoSeriousA11yViolations(second);
  await second.getByLabel('Transfer code (OTP)').fill('123456');
  await second.getByRole('button', { name: 'Finish the transfer' }).click();
  await expect(second.getByRole('button', { name: 'Mark paid' })).toBeVisible();
  await second.getByRole('button', { name: 'Mark paid' }).click();
  await expect(toast(second, 'Payout paid')).toBeVisible();
  await expect(second.getByText('Status: Paid', { exact: true })).toBeVisible();

  // The organiser sees it paid (axe needs the page's script, so this session runs it).
  const later = await signedInPage(browser, baseURL, organiser);
  await later.goto(`/campaigns/${campaign._id}/payouts`);
  await expect(
    later.getByRole('region', { name: 'Your payouts' }).getByText('Status: Paid', { exact: true }),
  ).toBeVisible();
  await expect(later.getByRole('region', { name: 'Balance' })).toContainText('₦20,000');
  await expectNoSeriousA11yViolations(later);
});
