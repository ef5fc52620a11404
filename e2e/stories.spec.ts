import { brand } from '@ipatient/contracts/brand';
import { limits } from '@ipatient/contracts/constants';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/accounts.ts';
import { giveConsent } from './support/site.ts';

test.beforeEach(async ({ context, baseURL }) => {
  await giveConsent(context, baseURL);
});

test('the stories list offers Share your story and Read stories, and opens a story', async ({
  page,
}) => {
  const response = await page.goto('/stories');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(`Patient stories | ${brand.siteName}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  const main = page.getByRole('main');

  const share = main.getByRole('link', { name: 'Share your story', exact: true });
  await expect(share).toHaveAttribute(
    'href',
    new RegExp(`^mailto:${brand.contactEmail}\\?subject=`),
  );

  // Sample stories are said to be examples, so no one takes them for real people.
  await expect(main.getByText('the people in them are not real')).toBeVisible();

  const read = main.getByRole('link', { name: 'Read stories' });
  await expect(read).toHaveAttribute('href', '#stories-list');
  await read.click();
  await expect(page).toHaveURL(/#stories-list$/);
  const list = main.getByRole('region', { name: 'Latest stories' });
  await expect(list.getByRole('listitem')).toHaveCount(6);
  await expectNoSeriousA11yViolations(page);

  await list.getByRole('link', { name: 'Caring for Mama after her stroke' }).click();
  await expect(page).toHaveURL(/\/stories\/caring-for-mama-after-her-stroke$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Caring for Mama after her stroke' }),
  ).toBeVisible();
  await expect(page).toHaveTitle(`Caring for Mama after her stroke | ${brand.siteName}`);
});

test('a story copies its link, shows Copied! for two seconds and announces it', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const path = '/stories/my-first-year-with-diabetes';
  await page.goto(path);
  const main = page.getByRole('main');
  const url = `${baseURL}${path}`;

  // The share links carry the story's absolute address.
  const shareOn = main.getByRole('list', { name: 'Share on' });
  await expect(shareOn.getByRole('link', { name: /Facebook/ })).toHaveAttribute(
    'href',
    `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
  );
  await expect(shareOn.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute(
    'href',
    new RegExp(`^https://wa\\.me/\\?text=.*${encodeURIComponent(url)}`),
  );
  await expect(main.getByLabel('Link to this story')).toHaveValue(url);

  await main.getByRole('button', { name: 'Copy link' }).click();
  const copiedAt = Date.now();
  await expect(main.getByRole('button', { name: 'Copied!' })).toBeVisible();
  await expect(main.getByRole('status').filter({ hasText: 'Link copied' })).toHaveCount(1);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

  // Back to 'Copy link' after the confirmation time (2 s), and not before.
  await expect(main.getByRole('button', { name: 'Copy link' })).toBeVisible({
    timeout: limits.copyLinkConfirmMs + 2000,
  });
  expect(Date.now() - copiedAt).toBeGreaterThan(limits.copyLinkConfirmMs - 300);
  await expect(main.getByRole('button', { name: 'Copied!' })).toHaveCount(0);
  await expect(main.getByRole('status').filter({ hasText: 'Link copied' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the story still shows its link in a read-only field', async ({ page, baseURL }) => {
    const path = '/stories/speaking-up-at-the-hospital';
    await page.goto(path);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Speaking up at the hospital' }),
    ).toBeVisible();
    const field = page.getByLabel('Link to this story');
    await expect(field).toHaveValue(`${baseURL}${path}`);
    await expect(field).toHaveAttribute('readonly', '');
    await expect(page.getByRole('button', { name: 'Copy link' })).toBeHidden();
  });
});

test('an unknown story answers 404 with the not-found page', async ({ page }) => {
  const response = await page.goto('/stories/no-such-story');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
