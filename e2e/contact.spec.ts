import { contactSentMessage } from '@ipatient/contracts/contact';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/accounts.ts';
import { giveConsent, toast } from './support/site.ts';

test.beforeEach(async ({ context, baseURL }) => {
  await giveConsent(context, baseURL);
});

async function fillContact(page: Page, email: string) {
  await page.getByLabel('First Name', { exact: true }).fill('Amaka');
  await page.getByLabel('Last Name', { exact: true }).fill('Okafor');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Phone Number', { exact: true }).fill('0803 123 4567');
  await page
    .getByLabel('Message', { exact: true })
    .fill('I would like to volunteer as an advocate in Enugu.');
}

test('a message is sent and confirmed with a toast', async ({ page }) => {
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await fillContact(page, `contact-${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(toast(page, contactSentMessage)).toBeVisible();
  // Post/Redirect/Get: the form is empty again.
  await expect(page.getByLabel('First Name', { exact: true })).toHaveValue('');
  await expectNoSeriousA11yViolations(page);
});

test("the server's field error shows next to the field, and what was typed stays", async ({
  page,
}) => {
  await page.goto('/contact');
  // The browser accepts an address without a dot in its domain; the server does not.
  await fillContact(page, 'amaka@example');
  await page.getByRole('button', { name: 'Submit' }).click();
  const email = page.getByLabel('Email', { exact: true });
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription(/valid email/i);
  await expect(email).toHaveValue('amaka@example');
  await expect(page.getByLabel('First Name', { exact: true })).toHaveValue('Amaka');
  await expect(page.getByRole('alert').first()).toContainText(/email/i);
  await expectNoSeriousA11yViolations(page);
});

test("the about page tells 'Our Story' and 'What we do' from the published documents", async ({
  page,
  request,
}) => {
  const { result } = await (await request.get('/api/v1/get-docs')).json();
  const [story = '', work = ''] = (result.aboutUs as string).split(/<h2>What we do<\/h2>/);
  const firstWords = (html: string) => html.replace(/<[^>]*>/g, '').slice(0, 40);
  expect(work).not.toBe('');
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'Our Story' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Our Story' })).toContainText(firstWords(story));
  await expect(page.getByRole('region', { name: 'Our Story' })).not.toContainText(firstWords(work));
  await expect(page.getByRole('heading', { level: 2, name: 'What we do' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'What we do' })).toContainText(firstWords(work));
  await expectNoSeriousA11yViolations(page);
});
