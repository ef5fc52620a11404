import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/accounts.ts';
import { adminPage } from './support/admin.ts';
import { createLiveCampaign } from './support/campaign-api.ts';
import { donateTo } from './support/payouts.ts';
import { giveConsent, toast } from './support/site.ts';

/**
 * The admin's money section through its screens: the donations list filtered with the totals of
 * the whole filter and its CSV, a part refund (a refused over-amount first) settled by the
 * sandbox bank, the refunds list and the donation showing it, and the reconciliation balancing.
 */
test.beforeEach(async ({ context, baseURL }) => {
  await giveConsent(context, baseURL);
});

const api = '/api/v1';

/** Filters the list of the page by the donor's email (and a status when given). */
async function filterBy(page: Page, form: string, email: string, status?: string) {
  const filters = page.getByRole('form', { name: form });
  await filters.getByLabel('Search').fill(email);
  if (status) await filters.getByLabel('Status').selectOption({ label: status });
  await filters.getByRole('button', { name: 'Apply filters' }).click();
}

test('an admin filters donations, downloads them, refunds part of one and sees it all balance', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const { campaign, word } = await createLiveCampaign(request, 'money');
  const email = `money-${word.toLowerCase()}@example.com`;
  const gift = { email, name: 'Ngozi Okafor' };
  const refunded = await donateTo(request, campaign._id, 10_000, gift);
  await donateTo(request, campaign._id, 5_000, gift);
  await donateTo(request, campaign._id, 700, { ...gift, pay: false });

  const { page } = await adminPage(browser, baseURL, 'money');
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: 'Money' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Donations' })).toBeVisible();
  const totals = page.getByRole('region', { name: 'Totals of this filter' });

  // The donor's three gifts, then only the paid ones: the totals are the whole filter's.
  await filterBy(page, 'Filter donations', email);
  await expect(totals).toContainText('3 donations · ₦16,142.14');
  await filterBy(page, 'Filter donations', email, 'Paid');
  await expect(page).toHaveURL(/status=succeeded/);
  await expect(totals).toContainText('2 donations · ₦15,431.48');
  const table = page.getByRole('region', { name: 'Donations', exact: true });
  await expect(table.getByRole('row').filter({ hasText: email })).toHaveCount(2);
  await expectNoSeriousA11yViolations(page);

  // The CSV of the same filter, through the web.
  const csvLink = totals.getByRole('link', { name: /Download CSV/ });
  const [download] = await Promise.all([page.waitForEvent('download'), csvLink.click()]);
  expect(download.suggestedFilename()).toMatch(/^ipatient-donations-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync(await download.path(), 'utf8').split('\r\n');
  expect(csv[0]).toBe(
    'Reference,Date,Status,Campaign,Donor,Anonymous,Email,Amount (NGN),Refunded (NGN),Flagged,Paid at',
  );
  expect(csv.filter((line) => line.includes(email))).toHaveLength(2);
  expect(csv.find((line) => line.startsWith(refunded))).toContain(`,succeeded,`);
  const answer = await page.context().request.get((await csvLink.getAttribute('href')) ?? '');
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('text/csv; charset=utf-8');
  expect(answer.headers()['content-disposition']).toMatch(
    /^attachment; filename="ipatient-donations-\d{4}-\d{2}-\d{2}\.csv"$/,
  );
  expect(await answer.text()).toContain(`${refunded},`);

  // More than the gift is refused, by the amount; then ₦4,000 of it is refunded.
  const row = table.getByRole('row').filter({ hasText: refunded });
  await row.getByRole('button', { name: `Refund: donation ${refunded}` }).click();
  const dialog = page.getByRole('dialog', { name: `Refund donation ${refunded}?` });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Amount to refund (naira)').fill('15000');
  await dialog.getByLabel('Reason for the refund').fill('The donor gave twice by mistake');
  await dialog.getByRole('button', { name: `Send refund: donation ${refunded}` }).click();
  const step = page.getByRole('region', { name: `Refund donation ${refunded}?` });
  const amount = step.getByLabel('Amount to refund (naira)');
  await expect(amount).toHaveAccessibleDescription(
    /At most ₦10,000 of this donation can still be refunded/,
  );
  await expect(step.getByLabel('Reason for the refund')).toHaveValue(
    'The donor gave twice by mistake',
  );
  await expectNoSeriousA11yViolations(page);
  await amount.fill('4000');
  await step.getByRole('button', { name: `Send refund: donation ${refunded}` }).click();
  await expect(toast(page, 'The refund was sent to the payment service.')).toBeVisible();
  await expect(totals).toContainText('2 donations · ₦15,431.48');
  await expect(row.getByRole('cell').nth(3)).toHaveText(/₦4,000/);

  // The refunds list: pending with the sandbox bank, which processes it.
  await page
    .getByRole('navigation', { name: 'Money' })
    .getByRole('link', { name: 'Refunds' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Refunds' })).toBeVisible();
  await filterBy(page, 'Filter refunds', email);
  const refunds = page.getByRole('region', { name: 'Refunds', exact: true });
  const refundRow = refunds.getByRole('row').filter({ hasText: refunded });
  await expect(refundRow.getByText('Status: Pending', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Totals of this filter' })).toContainText(
    '1 refund · ₦4,000',
  );
  await expectNoSeriousA11yViolations(page);
  await refundRow.getByRole('button', { name: `Mark processed: refund of ${refunded}` }).click();
  await expect(toast(page, 'The refund is done.')).toBeVisible();
  await expect(refundRow.getByText('Status: Processed', { exact: true })).toBeVisible();
  await expect(refundRow.getByRole('button', { name: /Mark processed/ })).toHaveCount(0);

  // The donation and the campaign's ledger count it.
  await page.goto(`/admin/money?search=${encodeURIComponent(email)}&status=succeeded`);
  await expect(row.getByRole('cell').nth(3)).toHaveText(/₦4,000/);
  const ledger = await request.get(`${api}/crowdfunding/${campaign._id}/ledger`);
  expect(((await ledger.json()) as { result: unknown }).result).toMatchObject({
    moneyIn: { donated: 15_000 },
    moneyOut: { refunded: 4_000 },
    balance: 11_000,
  });

  // Every counter still equals the sum of its rows.
  await page
    .getByRole('navigation', { name: 'Money' })
    .getByRole('link', { name: 'Reconciliation' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reconciliation' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Everything balances' })).toBeVisible();
  await expect(page.getByText('Green-Heart fund: balances')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('without JavaScript, a whole refund asks on the page, and a failed one gives the money back', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const { campaign, word } = await createLiveCampaign(request, 'money-nojs');
  const email = `nojs-${word.toLowerCase()}@example.com`;
  const reference = await donateTo(request, campaign._id, 3_000, { email, name: 'Ngozi Okafor' });
  const { page: withScript } = await adminPage(browser, baseURL, 'money-nojs');
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    storageState: await withScript.context().storageState(),
  });
  const page = await context.newPage();
  const list = `/admin/money?search=${encodeURIComponent(email)}`;
  await page.goto(list);
  const row = page
    .getByRole('region', { name: 'Donations', exact: true })
    .getByRole('row')
    .filter({ hasText: reference });

  // The button opens the same form on the page; left as it is, the amount is all of it.
  await row.getByRole('button', { name: `Refund: donation ${reference}` }).click();
  await expect(page).toHaveURL(/confirm=refund%3A/);
  const step = page.getByRole('region', { name: `Refund donation ${reference}?` });
  await expect(step.getByLabel('Amount to refund (naira)')).toHaveValue('3000');
  // The step as a browser with the script shows it (axe runs in the page).
  await withScript.goto(page.url());
  await expectNoSeriousA11yViolations(withScript);
  await step.getByLabel('Reason for the refund').fill('The campaign was a duplicate');
  await step.getByRole('button', { name: `Send refund: donation ${reference}` }).click();
  await expect(toast(page, 'The refund was sent to the payment service.')).toBeVisible();
  await expect(row.getByRole('cell').nth(3)).toHaveText(/₦3,000/);
  await expect(row.getByRole('button', { name: /^Refund:/ })).toHaveCount(0);

  // The sandbox bank fails it: the money is back on the donation and the campaign.
  await page.goto(`/admin/money/refunds?search=${encodeURIComponent(email)}`);
  const refundRow = page
    .getByRole('region', { name: 'Refunds', exact: true })
    .getByRole('row')
    .filter({ hasText: reference });
  await refundRow.getByRole('button', { name: `Mark failed: refund of ${reference}` }).click();
  await expect(
    toast(page, 'The payment service refused this refund: the money is back where it was.'),
  ).toBeVisible();
  await expect(
    refundRow.getByText('Status: Failed: money back where it was', { exact: true }),
  ).toBeVisible();
  await withScript.goto(page.url());
  await expectNoSeriousA11yViolations(withScript);
  await page.goto(list);
  await expect(row.getByRole('cell').nth(3)).toHaveText(/None$/);
  await expect(row.getByRole('button', { name: `Refund: donation ${reference}` })).toBeVisible();
  await context.close();
});
