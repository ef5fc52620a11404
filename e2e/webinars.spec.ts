import { brand } from '@ipatient/contracts/brand';
import { webinarTopics } from '@ipatient/contracts/constants';
import { webinars } from '@ipatient/contracts/webinars';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, uniqueEmail } from './support/accounts.ts';
import { giveConsent } from './support/site.ts';

test.beforeEach(async ({ context, baseURL }) => {
  await giveConsent(context, baseURL);
});

function cards(page: Page) {
  return page.getByRole('region', { name: /webinars$/ }).getByRole('article');
}

test('the list shows six webinars with Watch Now or Sign up, and the nine topics', async ({
  page,
}) => {
  const response = await page.goto('/webinars');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(`Webinars | ${brand.siteName}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(cards(page)).toHaveCount(6);
  const topics = page.getByRole('group', { name: 'Topics' });
  for (const topic of webinarTopics) {
    await expect(topics.getByRole('checkbox', { name: topic, exact: true })).not.toBeChecked();
  }
  const onDemand = webinars.filter((webinar) => webinar.format === 'on-demand');
  await expect(page.getByRole('link', { name: /^Watch Now:/ })).toHaveCount(onDemand.length);
  await expect(page.getByRole('link', { name: /^Sign up:/ })).toHaveCount(6 - onDemand.length);
  await expectNoSeriousA11yViolations(page);
});

test('search and topic checkboxes narrow the list on the server', async ({ page }) => {
  await page.goto('/webinars');
  await page.getByRole('checkbox', { name: "Women's Health", exact: true }).check();
  await page.getByRole('checkbox', { name: "Men's Health", exact: true }).check();
  await page.getByRole('button', { name: 'Show webinars' }).click();
  await expect(page).toHaveURL(/topic=Women%27s\+Health&topic=Men%27s\+Health/);
  await expect(cards(page)).toHaveCount(2);
  await expect(page.getByRole('heading', { name: "Women's Health at Every Stage" })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: "Women's Health", exact: true })).toBeChecked();

  await page.getByLabel('Search webinars').fill('prostate');
  await page.getByRole('button', { name: 'Show webinars' }).click();
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText(
    "Men's Health: The Check-Up You Keep Putting Off",
  );

  await page.getByLabel('Search webinars').fill('astronomy');
  await page.getByRole('button', { name: 'Show webinars' }).click();
  await expect(cards(page)).toHaveCount(0);
  await expect(page.getByText('No webinars match your search')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('link', { name: 'Show all webinars' }).click();
  await expect(cards(page)).toHaveCount(6);
});

test('registration shows field errors inline, then a confirmation', async ({ page }) => {
  const webinar = webinars.find((item) => item.format === 'on-demand');
  if (!webinar) throw new Error('no on-demand webinar');
  await page.goto('/webinars');
  await page.getByRole('link', { name: `Watch Now: ${webinar.title}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: webinar.title })).toBeVisible();
  await expect(page).toHaveTitle(`${webinar.title} | ${brand.siteName}`);
  await expect(page.getByRole('heading', { name: 'Featured speakers' })).toBeVisible();
  for (const speaker of webinar.speakers) await expect(page.getByText(speaker.name)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('First name').fill('Chiamaka');
  await page.getByLabel('Last name').fill('Obi');
  // The browser accepts an address without a dot in its domain; the server does not.
  await page.getByLabel('Email').fill('chiamaka@example');
  await page.getByLabel('Phone number').fill('0803 123 4567');
  await page.getByRole('button', { name: 'Watch On-Demand' }).click();
  const email = page.getByLabel('Email');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription(/valid email/i);
  await expect(email).toHaveValue('chiamaka@example');
  await expect(page.getByLabel('First name')).toHaveValue('Chiamaka');
  await expectNoSeriousA11yViolations(page);

  const address = uniqueEmail('webinar');
  await email.fill(address);
  await page.getByRole('button', { name: 'Watch On-Demand' }).click();
  const confirmation = page.getByRole('status').filter({ hasText: 'You are registered' });
  await expect(confirmation).toBeVisible();
  await expect(confirmation).toContainText(`We will email the viewing link to ${address}.`);
  await expectNoSeriousA11yViolations(page);

  // The same email again: nothing new, and the page says so.
  await page.goto(`/webinars/${webinar.id}`);
  await page.getByLabel('First name').fill('Chiamaka');
  await page.getByLabel('Last name').fill('Obi');
  await page.getByLabel('Email').fill(address.toUpperCase());
  await page.getByLabel('Phone number').fill('0803 123 4567');
  await page.getByRole('button', { name: 'Watch On-Demand' }).click();
  await expect(page.getByRole('heading', { name: 'You are already registered' })).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('an upcoming webinar takes a sign-up', async ({ page }) => {
    const webinar = webinars.find((item) => item.format === 'upcoming');
    if (!webinar) throw new Error('no upcoming webinar');
    await page.goto(`/webinars/${webinar.id}`);
    await page.getByLabel('First name').fill('Ibrahim');
    await page.getByLabel('Last name').fill('Musa');
    await page.getByLabel('Email').fill(uniqueEmail('webinar-nojs'));
    await page.getByLabel('Phone number').fill('+44 20 7946 0958');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByRole('heading', { name: 'You are registered' })).toBeVisible();
    await expect(page.getByText(/joining link/)).toBeVisible();
  });
});

test('an unknown webinar answers 404', async ({ page }) => {
  const response = await page.goto('/webinars/no-such-webinar');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});
