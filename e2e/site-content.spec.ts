import type { TSiteContent } from '@ipatient/contracts/site-content';
import type { TSiteDocuments } from '@ipatient/contracts/site-docs';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, fillLogin } from './support/accounts.ts';
import { adminPage, createAdmin } from './support/admin.ts';
import { adminToken, createMember, signedInPage } from './support/campaign-api.ts';
import { emptySite, giveConsent } from './support/site.ts';

/**
 * The claims and figures the public pages make (the trust line, the timeline, the awards' year
 * and categories) and the contact details are site content admins edit, so an operator can make
 * them true. These tests change the site's content, so they run on the site without demo content
 * (which no other test reads these from), one after the other, and put back what they found.
 */
test.use({ baseURL: emptySite.url });
test.describe.configure({ mode: 'serial' });

const api = '/api/v1';
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

test.beforeEach(async ({ context }) => {
  await giveConsent(context, emptySite.url);
});

async function documents(request: APIRequestContext): Promise<TSiteDocuments> {
  const response = await request.get(`${api}/get-docs`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).result as TSiteDocuments;
}

/** The empty site has no documents until an admin publishes them: publish a first set. */
async function ensureDocuments(request: APIRequestContext): Promise<string> {
  const token = await adminToken(request, emptySite.dataDir);
  const created = await request.post(`${api}/create-dedocs`, {
    headers: bearer(token),
    data: {
      termsAndCondition: '<h2>1. Who we are</h2><p>A community for patients in Nigeria.</p>',
      aboutUs: '<p>We began in 2023 visiting clinics in Lagos.</p>',
      contactUs: { email: 'hello@ipatient.ng', address: '12 Admiralty Way, Lekki, Lagos' },
    },
  });
  expect([201, 409], await created.text()).toContain(created.status());
  return token;
}

/** Puts back the content and contact details found before a test. */
async function restore(request: APIRequestContext, token: string, before: TSiteDocuments) {
  const content = await request.put(`${api}/admin/site-content`, {
    headers: bearer(token),
    data: before.siteContent satisfies TSiteContent,
  });
  expect(content.status(), await content.text()).toBe(200);
  const docs = await request.put(`${api}/update-dedocs`, {
    headers: bearer(token),
    data: { contactUs: before.contactUs },
  });
  expect(docs.status(), await docs.text()).toBe(200);
}

const random = (digits: number) =>
  String(Math.floor(10 ** (digits - 1) + Math.random() * 9 * 10 ** (digits - 1)));

test('an admin edits the trust line, a timeline figure, the awards and the contact phone; the public pages show them', async ({
  browser,
  request,
  page,
}) => {
  const token = await ensureDocuments(request);
  const before = await documents(request);
  // Launch texts until an admin edits them; no made-up phone number.
  expect(before.siteContent.heroTrustLine).toBe('Trusted by 1M+ Patients');
  const trustLine = `Trusted by ${random(4)} patients in 14 states`;
  const figure = `${random(1)},${random(3)}`;
  const category = `Places ${random(4)}`;
  const phone = `+234 803 ${random(3)} ${random(4)}`;
  const email = `care-${random(6)}@ipatient.ng`;

  const { page: admin } = await adminPage(browser, emptySite.url, 'content', emptySite.dataDir);
  try {
    await admin
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Site content' })
      .click();
    await expect(admin).toHaveURL(/\/admin\/site-content$/);
    await expect(admin.getByRole('heading', { level: 1, name: 'Site content' })).toBeVisible();
    await expect(admin).toHaveTitle(/Site content/);
    await expect(admin.getByLabel('Trust line')).toHaveValue(before.siteContent.heroTrustLine);
    await expect(admin.getByLabel('Figure 2 of year 2', { exact: true })).toHaveValue('540');
    await expect(admin.getByLabel('Name of category 1', { exact: true })).toHaveValue('Category 1');
    await expect(admin.getByLabel('Latest awards year')).toHaveValue('2024');
    await expectNoSeriousA11yViolations(admin);

    // A bad value is refused next to its field, naming it; what was typed stays.
    await admin.getByLabel('Trust line').fill(trustLine);
    await admin.getByLabel('Year 1', { exact: true }).fill('20x3');
    await admin.getByRole('button', { name: 'Save site content' }).click();
    await expect(admin.locator('#sc-timeline-0-year-error')).toHaveText(
      'Timeline year must be a year of 4 digits, e.g. 2025',
    );
    await expect(admin.getByLabel('Year 1', { exact: true })).toHaveValue('20x3');
    await expect(admin.getByLabel('Trust line')).toHaveValue(trustLine);
    expect((await documents(request)).siteContent).toEqual(before.siteContent);

    await admin.getByLabel('Year 1', { exact: true }).fill('2023');
    await admin.getByLabel('Figure 2 of year 2', { exact: true }).fill(figure);
    await admin.getByLabel('Name of category 1', { exact: true }).fill(category);
    await admin.getByLabel('Latest awards year').fill('2025');
    await admin.getByRole('button', { name: 'Save site content' }).click();
    await expect(admin.getByText('Site content updated').first()).toBeVisible();
    const saved = (await documents(request)).siteContent;
    expect(saved.heroTrustLine).toBe(trustLine);
    expect(saved.timeline[1]?.items[1]).toEqual({ figure, text: 'community members' });
    expect(saved.awards.year).toBe(2025);
    expect(saved.awards.categories[0]?.name).toBe(category);
    // Nothing else moved.
    expect(saved.timeline[0]).toEqual(before.siteContent.timeline[0]);
    expect(saved.awards.categories[1]).toEqual(before.siteContent.awards.categories[1]);

    // The contact details live in the site documents.
    await admin.goto('/admin/documents');
    await admin.getByLabel('Contact phone').fill(phone);
    await admin.getByLabel('Contact email').fill(email);
    await admin.getByRole('button', { name: 'Save documents' }).click();
    await expect(admin.getByText('Website documents updated').first()).toBeVisible();

    // Every public page that makes the claim shows the new text.
    await page.goto('/');
    const hero = page.getByRole('region', { name: 'Amplifying Patient Voices in Nigeria' });
    await expect(hero).toContainText(trustLine);
    await expect(page.getByText('Trusted by 1M+ Patients')).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Our journey so far' })).toContainText(
      `${figure} community members`,
    );
    await expect(page.getByRole('contentinfo').getByRole('link', { name: email })).toHaveAttribute(
      'href',
      `mailto:${email}`,
    );

    await page.goto('/about');
    await expect(page.getByRole('main')).toContainText(`${figure} community members`);

    await page.goto('/awards');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Health & Wellness Awards 2025' }),
    ).toBeVisible();
    await expect(page.getByLabel('Year', { exact: true })).toHaveValue('2025');
    await expect(page.getByLabel('Category', { exact: true }).getByRole('option')).toHaveText([
      'All Category',
      category,
      'Category 2',
    ]);
    // No nominees are shown for a year that has none.
    await expect(page.getByText('The 2025 nominees are not published yet')).toBeVisible();
    await page.goto('/awards?year=2024&category=category-1');
    await expect(page.getByRole('heading', { name: `2024 awards: ${category}` })).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: /awards:/ })
        .getByRole('article')
        .first(),
    ).toContainText(`${category} · 2024`);
    await expectNoSeriousA11yViolations(page);

    await page.goto('/contact');
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: phone })).toHaveAttribute(
      'href',
      `tel:${phone.replace(/[^\d+]/g, '')}`,
    );
    await expect(main.getByRole('link', { name: email })).toHaveAttribute(
      'href',
      `mailto:${email}`,
    );
    // Every page that says "email us" gives the published address.
    await page.goto('/cookie-policy');
    await expect(main.getByRole('link', { name: email })).toHaveAttribute(
      'href',
      `mailto:${email}`,
    );
    await page.goto('/stories');
    await expect(main.getByRole('link', { name: 'Share your story' }).first()).toHaveAttribute(
      'href',
      new RegExp(`^mailto:${email.replace(/[.]/g, '\\.')}\\?`),
    );

    // A blank phone shows no phone at all, never a placeholder.
    await admin.goto('/admin/documents');
    await admin.getByLabel('Contact phone').fill('');
    await admin.getByRole('button', { name: 'Save documents' }).click();
    await expect(admin.getByText('Website documents updated').first()).toBeVisible();
    await page.goto('/contact');
    await expect(main.getByRole('heading', { name: 'Email us' })).toBeVisible();
    await expect(main.getByRole('heading', { name: 'Call us' })).toHaveCount(0);
    await expect(main.locator('a[href^="tel:"]')).toHaveCount(0);
  } finally {
    await admin.context().close();
    await restore(request, token, before);
  }
});

test('an admin turns the demo notice on and off', async ({ browser, request, page }) => {
  const token = await ensureDocuments(request);
  const before = await documents(request);
  // The site without demo content says nothing about demo content.
  expect(before.siteContent.demoNotice).toBe(false);
  await page.goto('/');
  await expect(page.getByRole('complementary', { name: 'Demo notice' })).toHaveCount(0);

  const { page: admin } = await adminPage(browser, emptySite.url, 'demo', emptySite.dataDir);
  try {
    await admin.goto('/admin/site-content');
    await admin.getByLabel('Show the demo notice on every page').check();
    await admin.getByRole('button', { name: 'Save site content' }).click();
    await expect(admin.getByText('Site content updated').first()).toBeVisible();
    await page.goto('/awards');
    await expect(page.getByRole('complementary', { name: 'Demo notice' })).toContainText('made up');
  } finally {
    await admin.context().close();
    await restore(request, token, before);
  }
  await page.goto('/');
  await expect(page.getByRole('complementary', { name: 'Demo notice' })).toHaveCount(0);
});

test('a member can neither open nor use the site content form', async ({ browser, request }) => {
  await ensureDocuments(request);
  const before = await documents(request);
  const member = await createMember(request, 'content');
  const page = await signedInPage(browser, emptySite.url, member);
  try {
    const response = await page.goto('/admin/site-content');
    expect(response?.status()).toBe(403);
    await expect(page.getByLabel('Trust line')).toHaveCount(0);
    const refused = await request.put(`${api}/admin/site-content`, {
      headers: bearer(member.token),
      data: { heroTrustLine: 'Trusted by everyone' },
    });
    expect(refused.status()).toBe(403);
    expect((await documents(request)).siteContent).toEqual(before.siteContent);
  } finally {
    await page.context().close();
  }
});

/** An admin's page with JavaScript off, signed in through the login form. */
async function noScriptAdminPage(browser: Browser): Promise<Page> {
  const admin = createAdmin('content-no-js', emptySite.dataDir);
  const context = await browser.newContext({ baseURL: emptySite.url, javaScriptEnabled: false });
  await giveConsent(context, emptySite.url);
  const page = await context.newPage();
  await page.goto('/login?redirectTo=%2Fadmin%2Fsite-content');
  await fillLogin(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin\/site-content$/);
  return page;
}

test('without JavaScript an admin adds a timeline item and changes the trust line', async ({
  browser,
  request,
  page,
}) => {
  const token = await ensureDocuments(request);
  const before = await documents(request);
  const admin = await noScriptAdminPage(browser);
  const trustLine = `Trusted by ${random(3)} families`;
  const item = `hospitals visited ${random(3)}`;
  try {
    await admin.getByLabel('Trust line').fill(trustLine);
    // The blank row after the last item of the first year adds one.
    await admin.getByLabel('Figure 6 of year 1', { exact: true }).fill('12');
    await admin.getByLabel('Item 6 of year 1', { exact: true }).fill(item);
    // Clearing an item removes it.
    await admin.getByLabel('Figure 1 of year 1', { exact: true }).fill('');
    await admin.getByLabel('Item 1 of year 1', { exact: true }).fill('');
    await admin.getByRole('button', { name: 'Save site content' }).click();
    await expect(admin).toHaveURL(/\/admin\/site-content$/);
    await expect(admin.getByText('Site content updated').first()).toBeVisible();
    const saved = (await documents(request)).siteContent;
    expect(saved.heroTrustLine).toBe(trustLine);
    expect(saved.timeline[0]?.items).toEqual([
      ...(before.siteContent.timeline[0]?.items.slice(1) ?? []),
      { figure: '12', text: item },
    ]);

    await page.goto('/');
    await expect(page.getByRole('main')).toContainText(trustLine);
    await expect(page.getByRole('main')).toContainText(`12 ${item}`);
  } finally {
    await admin.context().close();
    await restore(request, token, before);
  }
});

test.describe('on the site with demo content', () => {
  test.use({ baseURL: 'http://127.0.0.1:3107' });

  test('every page says the people and reviews are made up', async ({ page, context }) => {
    await giveConsent(context, 'http://127.0.0.1:3107');
    for (const path of ['/', '/review', '/campaigns', '/blog']) {
      await page.goto(path);
      await expect(page.getByRole('complementary', { name: 'Demo notice' })).toContainText(
        'Demo site: the people, campaigns, reviews and comments shown here are made up',
      );
    }
  });
});
