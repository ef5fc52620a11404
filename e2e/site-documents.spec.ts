import type { TSiteDocuments } from '@ipatient/contracts/site-docs';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/accounts.ts';
import { adminPage } from './support/admin.ts';
import { adminToken } from './support/campaign-api.ts';
import { giveConsent, toast } from './support/site.ts';

/**
 * Pages whose text comes from the website documents: server render → API → database. The site
 * has one set of documents, so every test that changes them on this site is in this file, and the
 * tests here run one after another: none of them sees another's change half done. (The site
 * without demo content has its own documents, changed in site-content.spec.ts.)
 */
test.describe.configure({ mode: 'serial' });

const api = '/api/v1';

test.beforeEach(async ({ context, baseURL }) => {
  await giveConsent(context, baseURL);
});

async function siteDocuments(request: APIRequestContext): Promise<TSiteDocuments> {
  const response = await request.get(`${api}/get-docs`);
  expect(response.status()).toBe(200);
  return (await response.json()).result as TSiteDocuments;
}

test('the terms page shows the published terms and when they were updated', async ({
  page,
  request,
}) => {
  const documents = await siteDocuments(request);

  await page.goto('/terms-and-condition');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '1. Who we are' })).toBeVisible();
  await expect(page.getByText(/^Last updated \d{2} \w+ \d{4}$/)).toBeVisible();
  await expect(page.locator('time')).toHaveAttribute(
    'datetime',
    documents.termsAndCondition.dateUpdated,
  );

  // /terms (linked from the sign-up checkbox) is the same page.
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 2, name: '3. Campaigns' })).toBeVisible();
});

test('the contact page shows the published email, and a phone only when one is published', async ({
  page,
  request,
}) => {
  const { contactUs } = await siteDocuments(request);
  await page.goto('/contact');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: contactUs.email })).toHaveAttribute(
    'href',
    `mailto:${contactUs.email}`,
  );
  if (contactUs.phone) {
    await expect(main.getByRole('link', { name: contactUs.phone })).toHaveAttribute(
      'href',
      /^tel:\+234/,
    );
  } else {
    // The demo publishes no phone: no card with a made-up number.
    await expect(main.getByRole('heading', { name: 'Call us' })).toHaveCount(0);
  }
  await expect(main).not.toContainText('+234 800 000 0000');
});

test('the footer shows the published contact email', async ({ page, request }) => {
  const { contactUs } = await siteDocuments(request);
  await page.goto('/blog');
  await expect(
    page.getByRole('contentinfo').getByRole('link', { name: contactUs.email }),
  ).toHaveAttribute('href', `mailto:${contactUs.email}`);
});

test('the footer links to the published social profiles', async ({ page, request }) => {
  const { socialMedia } = await siteDocuments(request);
  await page.goto('/about');
  await expect(
    page.getByRole('contentinfo').getByRole('link', { name: 'iPatient on Facebook' }),
  ).toHaveAttribute('href', socialMedia.facebook ?? '');
});

test('an admin changes the contact phone in the site documents and /contact shows it', async ({
  browser,
  baseURL,
  request,
}) => {
  // It makes an admin (`npm run admin:create`) and walks through two screens.
  test.setTimeout(120_000);
  const original = await siteDocuments(request);
  const phone = `+234 809 ${String(Math.floor(Math.random() * 900) + 100)} ${String(Math.floor(Math.random() * 9000) + 1000)}`;
  const { page } = await adminPage(browser, baseURL, 'documents');
  try {
    await page.goto('/admin/documents');
    await expect(page.getByRole('heading', { level: 1, name: 'Site documents' })).toBeVisible();
    await expect(page).toHaveTitle(/Site documents/);
    await expect(page.getByText(/^Last updated/).locator('time')).toHaveAttribute(
      'datetime',
      original.termsAndCondition.dateUpdated,
    );
    await expect(page.getByLabel('Contact email')).toHaveValue(original.contactUs.email);
    await expect(page.getByLabel('Facebook', { exact: true })).toHaveValue(
      original.socialMedia.facebook ?? '',
    );
    await expectNoSeriousA11yViolations(page);

    // A bad phone is refused next to the field; what was typed stays.
    await page.getByLabel('Contact phone').fill('call us');
    await page.getByRole('button', { name: 'Save documents' }).click();
    await expect(page.locator('#contact-phone-error')).toHaveText(
      'Enter a valid contact phone number',
    );
    await expect(page.getByLabel('Contact phone')).toHaveValue('call us');
    expect((await siteDocuments(request)).contactUs.phone).toBe(original.contactUs.phone);

    await page.getByLabel('Contact phone').fill(phone);
    await page.getByRole('button', { name: 'Save documents' }).click();
    await expect(toast(page, 'Website documents updated')).toBeVisible();
    const saved = await siteDocuments(request);
    expect(saved.contactUs.phone).toBe(phone);
    expect(saved.socialMedia).toEqual(original.socialMedia);

    await page.goto('/contact');
    await expect(page.getByRole('main').getByRole('link', { name: phone })).toHaveAttribute(
      'href',
      `tel:${phone.replace(/[^\d+]/g, '')}`,
    );
  } finally {
    await page.context().close();
    const restore = await request.put(`${api}/update-dedocs`, {
      headers: { Authorization: `Bearer ${await adminToken(request)}` },
      data: { contactUs: original.contactUs },
    });
    expect(restore.status(), await restore.text()).toBe(200);
  }
  expect((await siteDocuments(request)).contactUs).toEqual(original.contactUs);
});
