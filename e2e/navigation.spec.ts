import { brand } from '@ipatient/contracts/brand';
import { expect, type Page, test } from '@playwright/test';
import { expectOpen, giveConsent, sitePages } from './support/site.ts';

test.beforeEach(async ({ context, baseURL }) => {
  await giveConsent(context, baseURL);
});

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test.describe('desktop header', () => {
  test('links to every section, with Sign Up and Log In', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: `${brand.siteName} home` })).toHaveAttribute(
      'href',
      '/',
    );
    const nav = mainNav(page);
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(nav.getByRole('link', { name: 'Advocacy' })).toHaveAttribute('href', '/advocacy');
    await expect(nav.getByRole('link', { name: 'Campaigns' })).toHaveAttribute(
      'href',
      '/crowdfunding',
    );
    await expect(header.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
    await expect(header.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
  });

  test('the Resources menu works from the keyboard', async ({ page }) => {
    await page.goto('/');
    const nav = mainNav(page);
    const menu = nav.getByRole('group');
    const toggle = menu.locator('summary');
    const blog = nav.getByRole('link', { name: /^Blog/ });
    const podcasts = nav.getByRole('link', { name: /^Podcasts/ });

    // Reach the toggle with Tab, like a keyboard user.
    await nav.getByRole('link', { name: 'Campaigns' }).focus();
    await page.keyboard.press('Tab');
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveText('Resources');
    await expect(blog).toBeHidden();

    await page.keyboard.press('Enter');
    await expectOpen(menu);
    await expect(blog).toContainText('Latest news, articles and relevant updates.');
    await expect(podcasts).toContainText('Voices of Advocacy, Stories of Hope');
    await page.keyboard.press('Tab');
    await expect(blog).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(podcasts).toBeFocused();

    // Escape closes the menu and gives focus back to its toggle.
    await page.keyboard.press('Escape');
    await expectOpen(menu, false);
    await expect(toggle).toBeFocused();

    // Tabbing out of the open menu closes it.
    await page.keyboard.press('Space');
    await expectOpen(menu);
    const links = await menu.getByRole('link').count();
    for (let i = 0; i <= links; i++) await page.keyboard.press('Tab');
    await expectOpen(menu, false);

    // Following a link.
    await toggle.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Our Latest Articles and Blog Posts',
    );
  });

  test('a click outside closes the Resources menu', async ({ page }) => {
    await page.goto('/');
    const menu = mainNav(page).getByRole('group');
    await menu.getByText('Resources').click();
    await expectOpen(menu);
    await page.getByRole('heading', { level: 1 }).click();
    await expectOpen(menu, false);
  });

  test('highlights Advocacy and Campaigns on their own pages', async ({ page }) => {
    await page.goto('/advocacy');
    const nav = mainNav(page);
    await expect(nav.getByRole('link', { name: 'Advocacy' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(nav.getByRole('link', { name: 'Campaigns' })).not.toHaveAttribute(
      'aria-current',
      /.*/,
    );
    await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', /.*/);

    await page.goto('/crowdfunding');
    await expect(nav.getByRole('link', { name: 'Campaigns' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(nav.getByRole('link', { name: 'Advocacy' })).not.toHaveAttribute(
      'aria-current',
      /.*/,
    );
  });

  test('the skip link jumps to the main content', async ({ page }) => {
    await page.goto('/');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
  });
});

test.describe('mobile header', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu opens, Resources expands and Blog is followed', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Sign Up' })).toBeHidden();

    await header.getByText('Menu', { exact: true }).click();
    const nav = mainNav(page);
    await expect(nav).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Advocacy' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Campaigns' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Sign Up' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Log In' })).toBeVisible();

    const resources = nav.getByRole('group');
    await expect(nav.getByRole('link', { name: /^Blog/ })).toBeHidden();
    await resources.getByText('Resources').click();
    await expectOpen(resources);
    await nav.getByRole('link', { name: /^Blog/ }).click();

    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Our Latest Articles and Blog Posts',
    );
  });

  test('Escape closes the menu', async ({ page }) => {
    await page.goto('/about');
    const header = page.getByRole('banner');
    await header.getByText('Menu', { exact: true }).click();
    await expect(mainNav(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(mainNav(page)).toBeHidden();
  });
});

test.describe('mobile menu from the keyboard', () => {
  // A common Android phone width.
  test.use({ viewport: { width: 412, height: 915 } });

  test('Escape closes the mobile menu and gives focus back to its toggle', async ({ page }) => {
    await page.goto('/about');
    const header = page.getByRole('banner');
    const menu = header
      .locator('details')
      .filter({ has: page.locator('summary', { hasText: 'Menu' }) });
    const toggle = menu.locator('summary').first();
    const nav = mainNav(page);

    // Reach the toggle with Tab from the logo, like a keyboard user.
    await header.getByRole('link', { name: /home$/ }).focus();
    await page.keyboard.press('Tab');
    await expect(toggle).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(nav).toBeVisible();

    // From a link inside the open menu.
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link').first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expectOpen(menu, false);
    await expect(toggle).toBeFocused();

    // From the toggle itself.
    await page.keyboard.press('Space');
    await expect(nav).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expect(toggle).toBeFocused();

    // Inside the open Resources group the first Escape closes the group, the next the menu.
    await page.keyboard.press('Enter');
    const resources = nav.getByRole('group');
    await resources.locator('summary').focus();
    await page.keyboard.press('Enter');
    await expectOpen(resources);
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: /^Blog/ })).toBeFocused();
    await page.keyboard.press('Escape');
    await expectOpen(resources, false);
    await expect(resources.locator('summary')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expect(toggle).toBeFocused();
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test('the mobile menu still opens and leads to Podcasts', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('banner').getByText('Menu', { exact: true }).click();
    const nav = mainNav(page);
    await nav.getByText('Resources').click();
    await nav.getByRole('link', { name: /^Podcasts/ }).click();
    await expect(page).toHaveURL(/\/podcast$/);
  });
});

test('the footer has its links, social profiles and copyright', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  const expected: [string, string][] = [
    ['Advocacy', '/advocacy'],
    ['Campaign', '/crowdfunding'],
    ['Blog', '/blog'],
    ['Podcasts', '/podcast'],
    ['Patient stories', '/stories'],
    ['Webinars', '/webinars'],
    ['Hospital reviews', '/review'],
    ['Health & Wellness Awards', '/awards'],
    ['About us', '/about'],
    ['Contact us', '/contact'],
    ['Terms and Conditions', '/terms-and-condition'],
  ];
  for (const [name, href] of expected) {
    await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  for (const network of ['Facebook', 'X', 'Instagram', 'LinkedIn', 'YouTube']) {
    const link = footer.getByRole('link', { name: `${brand.siteName} on ${network}` });
    await expect(link).toHaveAttribute('href', /^https:\/\//);
    await expect(link).toHaveAttribute('rel', /noopener/);
  }
  // The year of the clock in Lagos, never one written into the code.
  const year = new Intl.DateTimeFormat('en-NG', {
    year: 'numeric',
    timeZone: 'Africa/Lagos',
  }).format(new Date());
  await expect(footer).toContainText(`© ${year} ${brand.siteName}`);
});

test('every internal header and footer link leads to a real page', async ({ page, request }) => {
  await page.goto('/');
  const hrefs = new Set<string>();
  for (const landmark of [page.getByRole('banner'), page.getByRole('contentinfo')]) {
    for (const link of await landmark.getByRole('link', { includeHidden: true }).all()) {
      const href = await link.getAttribute('href');
      if (href?.startsWith('/')) hrefs.add(href);
    }
  }
  hrefs.add('/Login');
  hrefs.add('/terms');
  hrefs.add('/campaigns');
  expect(hrefs.size).toBeGreaterThanOrEqual(14);
  for (const href of hrefs) {
    const response = await request.get(href);
    expect(response.status(), href).toBe(200);
    const html = await response.text();
    expect(html, href).not.toContain('Page not found');
    expect(html, href).not.toContain('Something went wrong');
  }
});

test.describe('every page', () => {
  for (const { path, heading } of sitePages) {
    test(`${path} has landmarks, one h1 and its own title`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.getByRole('banner')).toHaveCount(1);
      await expect(page.getByRole('main')).toHaveCount(1);
      await expect(page.getByRole('contentinfo')).toHaveCount(1);
      await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(1);
      await expect(page).toHaveTitle(new RegExp(`\\| ${brand.siteName}$`));
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /\w+/);
    });
  }
});

test.describe('not found', () => {
  test('an unknown address answers 404 with a helpful page', async ({ page, request }) => {
    const raw = await request.get('/no-such-page');
    expect(raw.status()).toBe(404);
    expect(await raw.text()).toContain('Page not found');

    const response = await page.goto('/no-such-page/deeper');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await expect(page).toHaveTitle(`Page not found | ${brand.siteName}`);
    await expect(page.getByRole('banner')).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
