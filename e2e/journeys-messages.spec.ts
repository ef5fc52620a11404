import { formatNaira } from '@ipatient/contracts/format';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/accounts.ts';
import {
  createLiveCampaign,
  createMember,
  fromOwnAddress,
  signedInPage,
} from './support/campaign-api.ts';
import { bannerTitle, giveConsent } from './support/site.ts';

// One message per error, named as the form names its fields; toasts only for outcomes, placed
// where they cover nothing; outcomes that matter stay on the page.

/** A sign-up the server refuses for two fields (a digit in the name, a short phone number). */
async function sendRefusedSignUp(page: Page) {
  await page.getByLabel('First name').fill('Ada1');
  await page.getByLabel('Last name').fill('Obi');
  await page.getByLabel('Phone number').fill('12345');
  await page.getByLabel('Email').fill(`summary-${Date.now()}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('Harmattan2025x');
  await page.getByLabel(/I agree to the/).check();
  await page.getByRole('button', { name: 'Register' }).click();
}

/** The summary at the top of the form: labels linked to their fields, and the focus. */
async function expectSummary(page: Page, fields: { label: string; id: string }[]) {
  const summary = page.getByRole('main').getByRole('alert');
  await expect(summary).toHaveCount(1);
  await expect(summary).toContainText('Please correct these fields:');
  await expect(summary).toBeFocused();
  for (const field of fields) {
    await expect(summary.getByRole('link', { name: field.label, exact: true })).toHaveAttribute(
      'href',
      `#${field.id}`,
    );
  }
  // No code names, and the message is said once: no toast repeats it.
  await expect(summary).not.toContainText(/firstName|acceptTerms|phone\b/);
  await expect(page.locator('[data-toast]')).toHaveCount(0);
  return summary;
}

async function expectFieldFocusedFromSummary(summary: Locator, label: string, field: Locator) {
  await summary.getByRole('link', { name: label, exact: true }).click();
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
}

test.describe('error summary without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a refused sign-up lists the fields by their labels, linked, with the focus on it', async ({
    page,
    baseURL,
    context,
  }) => {
    await giveConsent(context, baseURL);
    await page.goto('/signup');
    await sendRefusedSignUp(page);
    const summary = await expectSummary(page, [
      { label: 'First name', id: 'firstName' },
      { label: 'Phone number', id: 'phone' },
    ]);
    await expectFieldFocusedFromSummary(summary, 'Phone number', page.getByLabel('Phone number'));
    await expect(page.getByLabel('Phone number')).toHaveAccessibleDescription(/Nigerian/);
  });
});

test.describe('error summary with JavaScript', () => {
  test('on a page without React, the summary takes the focus and leads to the fields', async ({
    page,
    baseURL,
    context,
  }) => {
    await giveConsent(context, baseURL);
    await page.goto('/signup');
    await sendRefusedSignUp(page);
    const summary = await expectSummary(page, [
      { label: 'First name', id: 'firstName' },
      { label: 'Phone number', id: 'phone' },
    ]);
    await expectFieldFocusedFromSummary(summary, 'First name', page.getByLabel('First name'));
    await expectNoSeriousA11yViolations(page);
  });

  test('on a page that hydrates, the summary uses the form’s own labels and ids', async ({
    browser,
    baseURL,
    request,
  }) => {
    const member = await createMember(request, 'summaryjs');
    const page = await signedInPage(browser, baseURL, member);
    await page.goto('/account');
    const form = page.getByRole('region', { name: 'Account Information' });
    await form.getByLabel('First Name').fill('Ada1');
    await form.getByLabel('Phone Number').fill('12345');
    await form.getByRole('button', { name: 'Apply Changes' }).click();
    const summary = await expectSummary(page, [
      { label: 'First Name', id: 'profile-firstName' },
      { label: 'Phone Number', id: 'profile-phone' },
    ]);
    await expectFieldFocusedFromSummary(summary, 'Phone Number', form.getByLabel('Phone Number'));
    await page.context().close();
  });
});

test.describe('Like keeps its place', () => {
  test('with JavaScript the focus is back on the Like button after liking', async ({
    browser,
    baseURL,
    request,
  }) => {
    const { campaign } = await createLiveCampaign(request, 'likefocus');
    const fan = await createMember(request, 'likefocusfan');
    const page = await signedInPage(browser, baseURL, fan);
    await page.setViewportSize({ width: 412, height: 800 });
    await page.goto(`/campaigns/${campaign._id}`);
    await page.getByRole('button', { name: 'Like', exact: true }).focus();
    await page.keyboard.press('Enter');
    const liked = page.getByRole('button', { name: 'Liked', exact: true });
    await expect(liked).toBeFocused();
    await expect(liked).toBeInViewport();
    await expect(liked).toBeDisabled();
    await expect(page).toHaveURL(new RegExp(`/campaigns/${campaign._id}#campaign-like$`));
    await page.context().close();
  });

  test('without JavaScript the page comes back with the Like button in view', async ({
    browser,
    baseURL,
    request,
  }) => {
    const { campaign } = await createLiveCampaign(request, 'likenojs');
    const fan = await createMember(request, 'likenojsfan');
    const page = await signedInPage(browser, baseURL, fan, { javaScriptEnabled: false });
    await page.setViewportSize({ width: 412, height: 800 });
    await page.goto(`/campaigns/${campaign._id}`);
    await page.getByRole('button', { name: 'Like', exact: true }).click();
    const liked = page.getByRole('button', { name: 'Liked', exact: true });
    await expect(liked).toBeVisible();
    await expect(liked).toBeInViewport();
    await page.context().close();
  });
});

/** The boxes of the header's logo and Menu button (or desktop navigation). */
async function headerControls(page: Page) {
  const header = page.getByRole('banner');
  const boxes = [await header.getByRole('link').first().boundingBox()];
  const menu = header.getByText('Menu', { exact: true });
  if (await menu.isVisible()) boxes.push(await menu.boundingBox());
  return boxes.filter((box) => box !== null);
}

function overlaps(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test.describe('toasts', () => {
  for (const width of [320, 412, 1280]) {
    test(`at ${width} px a toast covers neither the logo nor the Menu, pauses on focus and closes`, async ({
      browser,
      baseURL,
      request,
    }) => {
      const member = await createMember(request, `toast${width}`);
      const page = await signedInPage(browser, baseURL, member);
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/account');
      const form = page.getByRole('region', { name: 'Account Information' });
      await form.getByLabel('Last Name').fill('Okafor');
      await form.getByRole('button', { name: 'Apply Changes' }).click();
      const shown = page.locator('[data-toast="success"]');
      await expect(shown).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, 0));
      const box = await shown.boundingBox();
      expect(box).not.toBeNull();
      for (const control of await headerControls(page)) {
        if (box) expect(overlaps(box, control)).toBe(false);
      }
      // Focused, it waits well past its 2 s; its Close button is a real button.
      const close = shown.getByRole('button', { name: 'Close' });
      await close.focus();
      await page.waitForTimeout(3000);
      await expect(shown).toBeVisible();
      await page.keyboard.press('Enter');
      await expect(shown).toBeHidden();
      await page.context().close();
    });
  }
});

test.describe('confirmations that stay', () => {
  test.use(fromOwnAddress());

  test('a donation received is said on the campaign page and stays there', async ({
    page,
    baseURL,
    context,
    request,
  }) => {
    await giveConsent(context, baseURL);
    const { campaign } = await createLiveCampaign(request, 'staydonation');
    await page.goto(`/campaigns/${campaign._id}`);
    await page.getByRole('main').getByRole('button', { name: 'Donate', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Donate to this campaign' });
    await dialog.getByRole('radio', { name: formatNaira(1000) }).check();
    await dialog.getByLabel('Give anonymously').check();
    await dialog.getByLabel('Email for your receipt').fill(`stay-${Date.now()}@example.com`);
    await dialog.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByRole('button', { name: `Pay ${formatNaira(1000)}` }).click();
    const notice = page
      .getByRole('main')
      .getByRole('status')
      .filter({ hasText: `Thank you! Your donation of ${formatNaira(1000)} has been received.` });
    await expect(notice).toBeVisible();
    await page.waitForTimeout(5000);
    await expect(notice).toBeVisible();
    await expect(page.locator('[data-toast]')).toHaveCount(0);
  });

  test('a cookie choice made in the banner stays confirmed until closed', async ({ page }) => {
    await page.goto('/about');
    const banner = page.getByRole('region', { name: bannerTitle });
    await banner.getByRole('button', { name: 'Accept' }).click();
    const saved = banner.getByRole('status');
    await expect(saved).toContainText('Your cookie choices have been saved.');
    await page.waitForTimeout(3000);
    await expect(saved).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await banner.getByRole('button', { name: 'Close' }).click();
    await expect(banner).toBeHidden();
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the page the cookie choice returns to says it was saved', async ({ page }) => {
      await page.goto('/blog');
      await page
        .getByRole('region', { name: bannerTitle })
        .getByRole('button', { name: 'Decline' })
        .click();
      await expect(page).toHaveURL(/\/blog\?cookie-choice=saved$/);
      const notice = page.getByRole('main').getByRole('status').first();
      await expect(notice).toContainText('Your cookie choices have been saved.');
      await page.waitForTimeout(3000);
      await expect(notice).toBeVisible();
    });
  });
});
