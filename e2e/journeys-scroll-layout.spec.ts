import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/accounts.ts';
import { createMember, signedInPage } from './support/campaign-api.ts';
import { bannerTitle, giveConsent } from './support/site.ts';

// A person lands where the thing they asked for is; larger text spacing and 400% zoom hide
// nothing.

const phone = { width: 412, height: 800 };

async function scrollY(page: Page): Promise<number> {
  return page.evaluate(() => window.scrollY);
}

test.describe('account tabs on a phone', () => {
  for (const javaScriptEnabled of [true, false]) {
    test(`a tab opens with its content in view (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async ({
      browser,
      baseURL,
      request,
    }) => {
      test.setTimeout(90_000);
      const member = await createMember(request, `tabs${javaScriptEnabled ? 'js' : 'nojs'}`);
      const page = await signedInPage(browser, baseURL, member, { javaScriptEnabled });
      await page.setViewportSize(phone);
      await page.goto('/account');
      const tabs = page.getByRole('navigation', { name: 'Account sections' });
      await tabs.getByRole('link', { name: 'Campaign' }).click();
      await expect(page).toHaveURL(/\/account\?tab=campaign#account-panel$/);
      const content = page.getByText('No Campaign Yet');
      await expect(content).toBeInViewport();
      // The panel starts on screen (at the top when the page is long enough below it).
      const panel = await page.locator('#account-panel').boundingBox();
      expect(panel?.y ?? -1).toBeGreaterThanOrEqual(0);
      expect(panel?.y ?? phone.height).toBeLessThan(phone.height - 200);

      await tabs.getByRole('link', { name: 'Account Information' }).click();
      await expect(page.getByRole('heading', { name: 'Account Information' })).toBeInViewport();
      if (javaScriptEnabled) {
        await expect(page.locator('#account-panel')).toBeFocused();
        await expectNoSeriousA11yViolations(page);
      }
      await page.context().close();
    });
  }
});

test('moving between pages that hydrate and pages that do not starts each page at the top', async ({
  browser,
  baseURL,
  request,
}) => {
  const member = await createMember(request, 'scrollmoves');
  const page = await signedInPage(browser, baseURL, member);
  await page.setViewportSize(phone);
  // The account page hydrates; the footer's links lead on inside the running app.
  await page.goto('/account');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const accountScroll = await scrollY(page);
  expect(accountScroll).toBeGreaterThan(500);
  await page.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Our Story' })).toBeVisible();
  // At the top, and it stays there: no smooth scroll up from where the last page was left.
  expect(await scrollY(page)).toBe(0);
  await page.waitForTimeout(1000);
  expect(await scrollY(page)).toBe(0);

  // About does not hydrate on its own; reached inside the app, its links still start at the top.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const aboutScroll = await scrollY(page);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  expect(await scrollY(page)).toBe(0);
  await page.waitForTimeout(1000);
  expect(await scrollY(page)).toBe(0);

  // Back: each page is exactly where it was left.
  await page.goBack();
  await expect(page).toHaveURL(/\/about$/);
  await page.waitForTimeout(1000);
  expect(Math.abs((await scrollY(page)) - aboutScroll)).toBeLessThanOrEqual(1);
  await page.goBack();
  await expect(page).toHaveURL(/\/account$/);
  await expect.poll(() => scrollY(page)).toBeGreaterThan(accountScroll - 50);
  await page.context().close();
});

/** WCAG 1.4.12: the spacing a reader may set in their own style sheet. */
const textSpacing = `
  * { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
  p { margin-bottom: 2em !important; }
`;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

function overlaps(a: Box, b: Box) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The box of the text in the definition of the term `term`, overflow included. */
async function definitionTextBox(page: Page, term: string): Promise<Box> {
  return page.evaluate((name) => {
    const dt = Array.from(document.querySelectorAll('main dt')).find(
      (item) => item.textContent?.trim() === name,
    );
    const dd = dt?.nextElementSibling;
    if (!dd) throw new Error(`no definition for ${name}`);
    const range = document.createRange();
    range.selectNodeContents(dd);
    const rect = range.getBoundingClientRect();
    return { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
  }, term);
}

test('with increased text spacing at 320 px the category and the location do not overlap', async ({
  page,
  baseURL,
  context,
  request,
}) => {
  await giveConsent(context, baseURL);
  const answer = await request.get('/api/v1/get-crowedFundings?limit=50');
  const { results } = (await answer.json()) as { results: { _id: string; category: string }[] };
  // The longest category holds a word ("Medication/Drug") wider than half a 320 px screen.
  const campaign = results.find((item) => item.category === 'Medication/Drug Expenses');
  expect(campaign, 'a demo campaign for medication').toBeDefined();
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto(`/campaigns/${campaign?._id}`);
  await page.addStyleTag({ content: textSpacing });
  const category = await definitionTextBox(page, 'Category');
  const location = await definitionTextBox(page, 'Location');
  expect(overlaps(category, location)).toBe(false);
  // Nothing runs off the screen either.
  expect(category.x + category.width).toBeLessThanOrEqual(320);
  expect(location.x + location.width).toBeLessThanOrEqual(320);

  // The cards of the campaign list: the Green-Hearts and the place stay apart and on screen.
  await page.goto('/campaigns');
  await page.addStyleTag({ content: textSpacing });
  const cards = page.getByRole('main').getByRole('article');
  const count = Math.min(await cards.count(), 6);
  for (let index = 0; index < count; index += 1) {
    const boxes = await cards.nth(index).evaluate((card) => {
      const row = card.querySelector('div.flex-wrap');
      const parts = row ? Array.from(row.children) : [];
      return parts.map((part) => {
        const rect = part.getBoundingClientRect();
        return { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
      });
    });
    const [hearts, place] = boxes;
    if (hearts && place) expect(overlaps(hearts, place)).toBe(false);
    for (const box of boxes) expect(box.x + box.width).toBeLessThanOrEqual(320);
  }
});

test.describe('the cookie banner at 400% zoom (320 by 256)', () => {
  test.use({ viewport: { width: 320, height: 256 } });

  test('covers at most a third of the screen and never hides the focused element', async ({
    page,
  }) => {
    await page.goto('/about');
    const banner = page.getByRole('region', { name: bannerTitle });
    await expect(banner).toBeVisible();
    const viewport = { x: 0, y: 0, width: 320, height: 256 };
    /** The share of the screen the banner covers while the page is read further down. */
    const covered = async () => {
      const box = await banner.boundingBox();
      if (!box) return 0;
      const top = Math.max(box.y, 0);
      const bottom = Math.min(box.y + box.height, viewport.height);
      return Math.max(0, bottom - top) / viewport.height;
    };
    // Tab through the page: every focused element is on screen and not under the banner.
    for (let step = 0; step < 25; step += 1) {
      await page.keyboard.press('Tab');
      const focused = page.locator(':focus');
      if ((await focused.count()) === 0) continue;
      const inBanner = await focused.evaluate((element) =>
        Boolean(element.closest('[data-cookie-banner]')),
      );
      if (inBanner) continue;
      const box = await focused.boundingBox();
      const bannerBox = await banner.boundingBox();
      if (box && bannerBox && (await scrollY(page)) > 0) {
        expect(overlaps(box, bannerBox), `step ${step} is hidden under the banner`).toBe(false);
      }
      if ((await scrollY(page)) > 300) expect(await covered()).toBeLessThanOrEqual(0.34);
    }
    await page.evaluate(() => window.scrollTo(0, 600));
    expect(await covered()).toBeLessThanOrEqual(0.34);
  });
});
