import { expect, type Page, test } from '@playwright/test';
import { bannerTitle, consentCookie, expectStoredConsent } from './support/site.ts';

const banner = (page: Page) => page.getByRole('region', { name: bannerTitle });

/** The banner is gone from the page and from the server's next answer, and stays gone. */
async function expectChoiceRemembered(page: Page, path: string) {
  const html = await (await page.request.get(path)).text();
  expect(html).not.toContain(bannerTitle);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
}

/** Marks the document so a test can tell whether the page was reloaded. */
async function markDocument(page: Page) {
  await page.evaluate(() => document.documentElement.setAttribute('data-test-marker', 'same'));
}

async function expectSameDocument(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-test-marker', 'same');
}

test.describe('cookie banner', () => {
  test('Accept stores every category for a year without leaving the page', async ({
    page,
    context,
  }) => {
    await page.goto('/about');
    await expect(banner(page)).toBeVisible();
    await expect(banner(page).getByRole('link', { name: 'cookie policy' })).toHaveAttribute(
      'href',
      '/cookie-policy',
    );
    await markDocument(page);
    await banner(page).getByRole('button', { name: 'Accept' }).click();
    // The banner turns into a confirmation that stays until it is closed.
    await expect(banner(page).getByRole('button', { name: 'Accept' })).toBeHidden();
    await expectSameDocument(page);
    await expect(page).toHaveURL(/\/about$/);
    await expect(banner(page).getByRole('status')).toContainText(
      'Your cookie choices have been saved.',
    );
    await expectStoredConsent(context, {
      necessary: true,
      functional: true,
      analytics: true,
      advertising: true,
    });
    await expectChoiceRemembered(page, '/about');
  });

  test('Decline stores only the necessary category', async ({ page, context }) => {
    await page.goto('/');
    await markDocument(page);
    await banner(page).getByRole('button', { name: 'Decline' }).click();
    await expect(banner(page).getByRole('button', { name: 'Decline' })).toBeHidden();
    await expectSameDocument(page);
    await expectStoredConsent(context, {
      necessary: true,
      functional: false,
      analytics: false,
      advertising: false,
    });
    await expectChoiceRemembered(page, '/');
  });

  test('Settings opens an accessible dialog whose choice is saved', async ({ page, context }) => {
    await page.goto('/');
    const settings = banner(page).getByRole('button', { name: 'Settings' });
    await settings.click();

    const dialog = page.getByRole('dialog', { name: 'Cookie settings' });
    await expect(dialog).toBeVisible();
    const necessary = dialog.getByRole('checkbox', { name: 'Necessary' });
    await expect(necessary).toBeChecked();
    await expect(necessary).toBeDisabled();
    for (const name of ['Functional', 'Analytics', 'Advertising']) {
      await expect(dialog.getByRole('checkbox', { name })).not.toBeChecked();
    }

    // Focus stays inside the dialog, forwards and backwards.
    for (let i = 0; i < 8; i += 1) {
      await page.keyboard.press('Tab');
      await expect(dialog.locator(':focus')).toHaveCount(1);
    }
    for (let i = 0; i < 8; i += 1) {
      await page.keyboard.press('Shift+Tab');
      await expect(dialog.locator(':focus')).toHaveCount(1);
    }

    // Escape closes it and focus returns to the Settings button.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(settings).toBeFocused();
    await expect(banner(page)).toBeVisible();
    expect(await consentCookie(context)).toBeUndefined();

    // Open it again from the keyboard and save a custom choice.
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('checkbox', { name: 'Analytics' }).check();
    await markDocument(page);
    await dialog.getByRole('button', { name: 'Save preferences' }).click();
    await expect(dialog).toBeHidden();
    await expect(banner(page).getByRole('status')).toContainText('saved');
    await expectSameDocument(page);
    // The focus is on the confirmation's Close button, which hides the banner for good.
    const close = banner(page).getByRole('button', { name: 'Close' });
    await expect(close).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(banner(page)).toBeHidden();
    await expect(page.getByRole('main')).toBeFocused();
    await expectStoredConsent(context, {
      necessary: true,
      functional: false,
      analytics: true,
      advertising: false,
    });
    await expectChoiceRemembered(page, '/');
  });

  test('the close button of the dialog keeps the banner', async ({ page }) => {
    await page.goto('/');
    await banner(page).getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cookie settings' });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(banner(page).getByRole('button', { name: 'Settings' })).toBeFocused();
  });

  test('the cookie policy shows and changes the current choice', async ({ page, context }) => {
    await page.goto('/cookie-policy');
    await banner(page).getByRole('button', { name: 'Accept' }).click();
    await expect(banner(page).getByRole('button', { name: 'Accept' })).toBeHidden();

    await page.reload();
    const settings = page.getByRole('region', { name: 'Your cookie choices' });
    await expect(settings.getByRole('checkbox', { name: 'Advertising' })).toBeChecked();
    await settings.getByRole('checkbox', { name: 'Advertising' }).uncheck();
    await settings.getByRole('button', { name: 'Save preferences' }).click();
    await expect(settings.getByRole('status')).toHaveText('Your cookie choices have been saved.');
    await expectStoredConsent(context, {
      necessary: true,
      functional: true,
      analytics: true,
      advertising: false,
    });
  });
});

test.describe('cookie banner without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('Accept posts the form and comes back to the same page', async ({ page, context }) => {
    await page.goto('/blog');
    await banner(page).getByRole('button', { name: 'Accept' }).click();
    // The page comes back with the confirmation at its top.
    await expect(page).toHaveURL(/\/blog\?cookie-choice=saved$/);
    await expect(page.getByRole('main').getByRole('status').first()).toContainText(
      'Your cookie choices have been saved.',
    );
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Our Latest Articles and Blog Posts',
    );
    await expect(banner(page)).toHaveCount(0);
    await expectStoredConsent(context, {
      necessary: true,
      functional: true,
      analytics: true,
      advertising: true,
    });
  });

  test('Decline works too', async ({ page, context }) => {
    await page.goto('/');
    await banner(page).getByRole('button', { name: 'Decline' }).click();
    await expect(banner(page)).toHaveCount(0);
    await expectStoredConsent(context, {
      necessary: true,
      functional: false,
      analytics: false,
      advertising: false,
    });
  });

  test('Settings leads to the cookie policy form, which brings the visitor back', async ({
    page,
    context,
  }) => {
    await page.goto('/podcast');
    await banner(page).getByRole('button', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/cookie-policy\?returnTo=%2Fpodcast#cookie-settings$/);
    const settings = page.getByRole('region', { name: 'Your cookie choices' });
    await settings.getByRole('checkbox', { name: 'Functional' }).check();
    await settings.getByRole('button', { name: 'Save preferences' }).click();
    await expect(page).toHaveURL(/\/podcast\?cookie-choice=saved$/);
    await expect(banner(page)).toHaveCount(0);
    await expectStoredConsent(context, {
      necessary: true,
      functional: true,
      analytics: false,
      advertising: false,
    });
  });
});

test.describe('cookie consent endpoint', () => {
  test('refuses choices posted from another site', async ({ request }) => {
    const response = await request.post('/cookie-consent', {
      form: { intent: 'accept', returnTo: '/' },
      headers: { 'Sec-Fetch-Site': 'cross-site' },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
    // The server may hand a first-time visitor its XSRF-TOKEN, but no choice is stored.
    expect(response.headers()['set-cookie'] ?? '').not.toContain('cookie_consent');
  });

  test('never redirects to another host', async ({ request }) => {
    const response = await request.post('/cookie-consent', {
      form: { intent: 'decline', returnTo: '//evil.example/steal' },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(303);
    // Back home, where the page says the choice was saved.
    expect(response.headers().location).toBe('/?cookie-choice=saved');
  });

  test('ignores a malformed consent cookie and asks again', async ({ page, context, baseURL }) => {
    await context.addCookies([
      { name: 'cookie_consent', value: 'not-json', url: baseURL ?? 'http://127.0.0.1:3107' },
    ]);
    await page.goto('/');
    await expect(banner(page)).toBeVisible();
  });
});
