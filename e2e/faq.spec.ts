import { expect, test } from '@playwright/test';
import { expectOpen, giveConsent } from './support/site.ts';

test.beforeEach(async ({ context, baseURL }) => {
  await giveConsent(context, baseURL);
});

test.describe('home FAQ', () => {
  test('has seven questions, opens one answer at a time and collapses again', async ({ page }) => {
    await page.goto('/');
    const faq = page.getByRole('region', { name: 'Frequently asked questions' });
    const items = faq.getByRole('group');
    await expect(items).toHaveCount(7);
    for (let i = 0; i < 7; i += 1) await expectOpen(items.nth(i), false);

    await faq.getByText('How do campaigns work?').click();
    await expectOpen(items.nth(1));
    await expect(faq.getByText('most Green-Heart likes wins the weekly funding')).toBeVisible();

    await faq.getByText('Who is eligible to start a campaign?').click();
    await expectOpen(items.nth(2));
    await expectOpen(items.nth(1), false);
    await expect(faq.getByText('Anyone in Nigeria with a verified healthcare need')).toBeVisible();
    await expect(faq.getByText('most Green-Heart likes wins the weekly funding')).toBeHidden();

    await faq.getByText('Who is eligible to start a campaign?').click();
    for (let i = 0; i < 7; i += 1) await expectOpen(items.nth(i), false);
  });

  test('works from the keyboard', async ({ page }) => {
    await page.goto('/');
    const faq = page.getByRole('region', { name: 'Frequently asked questions' });
    const items = faq.getByRole('group');

    await items.nth(0).locator('summary').focus();
    await page.keyboard.press('Enter');
    await expectOpen(items.nth(0));
    await expect(
      faq.getByText('A campaign is a fundraiser for a specific medical need'),
    ).toBeVisible();

    // The answers hold no links, so Tab goes straight to the next question.
    await page.keyboard.press('Tab');
    await expect(items.nth(1).locator('summary')).toBeFocused();
    await page.keyboard.press('Space');
    await expectOpen(items.nth(1));
    await expectOpen(items.nth(0), false);

    await page.keyboard.press('Space');
    await expectOpen(items.nth(1), false);
  });
});
