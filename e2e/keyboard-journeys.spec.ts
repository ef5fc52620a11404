import { formatNaira } from '@ipatient/contracts/format';
import { expect, type Page, test } from '@playwright/test';
import { createLiveCampaign, createMember, signedInPage } from './support/campaign-api.ts';
import { coverPng } from './support/campaigns.ts';
import { KeyboardJourney } from './support/keyboard-focus.ts';
import { bannerTitle, consentCookie, giveConsent } from './support/site.ts';

/*
 * The journeys of the site with the keyboard alone: Tab, Shift+Tab, Enter, Space, the arrow keys
 * and Escape, never a click. At every stop the focused element must show it (an outline or ring
 * in its computed style) and must not be hidden under anything. Each journey writes how many
 * stops it checked to test-results/accessibility-figures/ (see bench/accessibility.mjs).
 */

let journey: KeyboardJourney | undefined;

test.afterEach(async ({ baseURL: _ }, testInfo) => {
  journey?.write(testInfo);
  journey = undefined;
});

/** The journey of this test, named by its title. */
function start(page: Page): KeyboardJourney {
  journey = new KeyboardJourney(page, test.info().title);
  return journey;
}

/** A signed-in page of `member` (the set-up signs in; the journey starts after). */
const memberPage = signedInPage;

test('sign in with the keyboard alone', async ({ page, context, baseURL, request }) => {
  const member = await createMember(request, 'kb-login');
  await giveConsent(context, baseURL);
  await page.goto('/login');
  const keys = start(page);
  await keys.skipToMain();
  const main = page.getByRole('main');
  await keys.tabTo(main.getByLabel('Email'));
  await page.keyboard.type(member.email);
  await keys.tabTo(main.getByLabel('Password', { exact: true }));
  await page.keyboard.type(member.password);
  await keys.tabTo(main.getByRole('button', { name: 'Log In' }));
  await keys.press('Enter');
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole('banner').locator('summary').filter({ hasText: member.firstName }),
  ).toBeVisible();
});

test('like a campaign and donate to it with the keyboard alone', async ({
  browser,
  baseURL,
  request,
}) => {
  test.slow();
  const [{ campaign }, member] = await Promise.all([
    createLiveCampaign(request, 'kb-liked'),
    createMember(request, 'kb-liker'),
  ]);
  const page = await memberPage(browser, baseURL, member);
  const keys = start(page);
  const main = page.getByRole('main');
  await page.goto(`/campaigns/${campaign._id}`, { waitUntil: 'networkidle' });

  // Like: the Green-Heart, then the focus is back on the button, which says Liked.
  await keys.skipToMain();
  await keys.tabTo(main.getByRole('button', { name: 'Like', exact: true }));
  await keys.press('Enter');
  const liked = main.getByRole('button', { name: 'Liked' });
  await expect(liked).toBeVisible();
  await expect(liked).toBeFocused();
  await keys.expectFocusVisible();
  await expect(main.getByText('1 Green-Heart', { exact: false }).first()).toBeVisible();

  // Donate: open the dialog, choose an amount with the arrows, fill, continue to payment.
  await page.goto(`/campaigns/${campaign._id}`, { waitUntil: 'networkidle' });
  await keys.skipToMain();
  await keys.tabTo(main.getByRole('button', { name: 'Donate', exact: true }));
  await keys.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Donate to this campaign' });
  await expect(dialog).toBeVisible();
  // Escape closes it and gives the focus back to Donate; Enter opens it again.
  await keys.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(main.getByRole('button', { name: 'Donate', exact: true })).toBeFocused();
  await keys.expectFocusVisible();
  await keys.press('Enter');
  await expect(dialog).toBeVisible();
  const amounts = dialog.getByRole('radio');
  await keys.tabTo(amounts.first());
  await keys.press('ArrowRight');
  await expect(amounts.nth(1)).toBeChecked();
  await keys.expectFocusVisible();
  const amount = (await amounts.nth(1).getAttribute('value')) ?? '';
  await keys.tabTo(dialog.getByLabel('Your name'));
  await page.keyboard.type('Ngozi Adeyemi');
  await keys.tabTo(dialog.getByLabel('Email for your receipt'));
  await page.keyboard.type(`kb-donor-${Date.now()}@example.com`);
  await keys.tabTo(dialog.getByRole('button', { name: 'Continue to payment' }));
  await keys.press('Enter');
  await expect(page).toHaveURL(/\/sandbox-checkout\/IPD-[A-Z2-7]{20}$/);

  // The sandbox checkout: Pay.
  const pay = page.getByRole('button', { name: `Pay ${formatNaira(Number(amount))}` });
  await keys.skipToMain();
  await keys.tabTo(pay);
  await keys.press('Enter');
  // The thank-you page after a paid gift, with its WhatsApp share prompt.
  await expect(page).toHaveURL(/\/donations\/return\?reference=IPD-/);
  // The thank-you page: its confirmation (the share prompt has a status line of its own).
  await expect(
    page.getByRole('main').getByRole('status').filter({ hasText: 'Thank you!' }),
  ).toBeVisible();
  await page.context().close();
});

test('file a complaint with the keyboard alone', async ({ browser, baseURL, request }) => {
  const member = await createMember(request, 'kb-complaint');
  const page = await memberPage(browser, baseURL, member);
  const keys = start(page);
  const main = page.getByRole('main');
  await page.goto('/advocacy');
  await keys.skipToMain();
  await keys.tabTo(main.getByLabel('Hospital name'));
  await page.keyboard.type('General Hospital Ikorodu');
  await keys.tabTo(main.getByLabel('Category'));
  // A closed select changes with the arrow keys.
  await keys.press('ArrowDown');
  await keys.press('ArrowDown');
  await expect(main.getByLabel('Category')).not.toHaveValue('');
  await keys.tabTo(main.getByLabel('Hospital address'));
  await page.keyboard.type('1 Hospital Road, Ikorodu, Lagos');
  await keys.tabTo(main.getByLabel('Your complaint', { exact: true }));
  await page.keyboard.type(
    'I was billed twice for the same scan and nobody at the desk would explain why.',
  );
  await keys.tabTo(main.getByRole('button', { name: 'Send your complaint' }));
  await keys.press('Enter');
  await expect(page).toHaveURL(/\/advocacy\/complaints\/[^/?]+\?submitted=1$/);
  await expect(
    page.getByRole('region', { name: 'Your complaint has been submitted' }),
  ).toBeVisible();
  await page.context().close();
});

test('write a review with stars with the keyboard alone', async ({ browser, baseURL, request }) => {
  const member = await createMember(request, 'kb-review');
  const page = await memberPage(browser, baseURL, member);
  const keys = start(page);
  await page.goto('/review');
  const facility = await page
    .getByRole('main')
    .locator('a[href^="/review/"]')
    .first()
    .getAttribute('href');
  await page.goto(`${facility}`, { waitUntil: 'networkidle' });
  const form = page.locator('#write-review');
  await keys.skipToMain();
  await keys.tabTo(form.getByLabel('Your review'));
  await page.keyboard.type(
    'The nurses were kind and the wait was short. The doctor explained every step.',
  );
  // The stars: Tab into the group, Space picks the first, the arrows move up to four.
  const stars = form.getByRole('group', { name: 'Your rating' });
  await keys.tabTo(stars.getByRole('radio', { name: '1 star' }));
  await keys.press('Space');
  for (let step = 0; step < 3; step += 1) await keys.press('ArrowRight');
  await expect(stars.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await keys.expectFocusVisible();
  await keys.tabTo(form.getByRole('button', { name: 'Submit' }));
  await keys.press('Enter');
  await expect(form.getByRole('status')).toHaveText(
    'Thank you. Your review will appear once it is approved.',
  );
  await page.context().close();
});

test('comment on a post with the keyboard alone', async ({ browser, baseURL, request }) => {
  const member = await createMember(request, 'kb-comment');
  const page = await memberPage(browser, baseURL, member);
  const keys = start(page);
  await page.goto('/blog');
  const post = await page
    .getByRole('main')
    .locator('a[href^="/blog/"]')
    .first()
    .getAttribute('href');
  await page.goto(`${post}`, { waitUntil: 'networkidle' });
  const main = page.getByRole('main');
  const text = `Thank you for this, it helped my mother. ${Date.now()}`;
  await keys.skipToMain();
  await keys.tabTo(main.getByLabel('Your comment'));
  await page.keyboard.type(text);
  await keys.tabTo(main.getByRole('button', { name: 'Comment', exact: true }));
  await keys.press('Enter');
  await expect(
    main.getByRole('article', { name: `Comment by ${member.firstName} ${member.lastName}` }),
  ).toContainText(text);
  await page.context().close();
});

test("go through the wizard's first steps with the keyboard alone", async ({
  browser,
  baseURL,
  request,
}) => {
  test.slow();
  const member = await createMember(request, 'kb-wizard');
  const page = await memberPage(browser, baseURL, member);
  const keys = start(page);
  await page.goto('/crowdfunding/create', { waitUntil: 'networkidle' });
  const main = page.getByRole('main');
  await keys.skipToMain();
  await keys.tabTo(main.getByLabel('Campaign title'));
  await page.keyboard.type('Help Tolu get heart surgery');
  await keys.tabTo(main.getByLabel('Category'));
  await keys.press('ArrowDown');
  await expect(main.getByLabel('Category')).not.toHaveValue('');
  await keys.tabTo(main.getByLabel('State'));
  await page.keyboard.type('Lagos');
  await expect(main.getByLabel('State')).toHaveValue('Lagos');
  await keys.tabTo(main.getByLabel('LGA'));
  await keys.press('ArrowDown');
  await expect(main.getByLabel('LGA')).not.toHaveValue('');
  await keys.tabTo(main.getByLabel('Address'));
  await page.keyboard.type('12 Allen Avenue');
  await keys.tabTo(main.getByLabel('Hospital treating the patient'));
  await page.keyboard.type('Lagos University Teaching Hospital');
  await keys.tabTo(main.getByLabel('Story', { exact: true }));
  await page.keyboard.type(
    'Tolu is four and was born with a hole in her heart. The surgeons at LUTH can close it in one operation.',
  );
  await keys.tabTo(main.getByRole('button', { name: 'Next' }));
  await keys.press('Enter');

  // Step 2: the heading takes the focus; the cover photo is chosen from the keyboard.
  await expect(main.getByRole('heading', { name: 'Add a cover photo' })).toBeFocused();
  const cover = main.getByLabel('Cover photo', { exact: true });
  await keys.tabTo(cover);
  const chooser = page.waitForEvent('filechooser');
  await keys.press('Space');
  await (await chooser).setFiles({ name: 'tolu.png', mimeType: 'image/png', buffer: coverPng() });
  await expect(main.getByRole('img', { name: 'Preview of your cover' })).toBeVisible();
  await keys.tabTo(main.getByRole('button', { name: 'Next' }));
  await keys.press('Enter');

  // Step 3 is reached; Prev (Shift+Tab back to it) returns to step 2.
  const steps = main.getByRole('list', { name: 'Campaign steps' });
  await expect(
    steps.getByRole('button', { name: 'Who you are campaigning for', exact: true }),
  ).toHaveAttribute('aria-current', 'step');
  await keys.tabTo(main.getByRole('button', { name: 'Prev' }));
  await keys.press('Enter');
  await expect(steps.getByRole('button', { name: 'Cover photo', exact: true })).toHaveAttribute(
    'aria-current',
    'step',
  );
  await page.context().close();
});

test('accept and decline cookies with the keyboard alone', async ({ page, browser, baseURL }) => {
  const keys = start(page);
  await page.goto('/', { waitUntil: 'networkidle' });
  const banner = page.getByRole('region', { name: bannerTitle });
  await expect(banner).toBeVisible();

  // Settings opens the dialog; Escape closes it and the focus returns to Settings.
  await keys.tabTo(banner.getByRole('button', { name: 'Settings' }));
  await keys.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Cookie settings' });
  await expect(dialog).toBeVisible();
  await keys.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(banner.getByRole('button', { name: 'Settings' })).toBeFocused();
  await keys.tabTo(banner.getByRole('button', { name: 'Accept' }));
  await keys.press('Enter');
  // The banner turns into a confirmation; its Close button takes the focus, Enter closes it.
  await expect(banner.getByRole('status')).toContainText('Your cookie choices have been saved.');
  const close = banner.getByRole('button', { name: 'Close' });
  await expect(close).toBeFocused();
  await keys.expectFocusVisible();
  await keys.press('Enter');
  await expect(banner).toBeHidden();
  const accepted = await consentCookie(page.context());
  expect(JSON.parse(decodeURIComponent(accepted?.value ?? '{}'))).toMatchObject({
    functional: true,
    analytics: true,
  });

  // Another visitor declines.
  const other = await browser.newContext({ baseURL });
  const second = await other.newPage();
  await second.goto('/', { waitUntil: 'networkidle' });
  const keys2 = new KeyboardJourney(second, 'decline cookies');
  const banner2 = second.getByRole('region', { name: bannerTitle });
  await keys2.tabTo(banner2.getByRole('button', { name: 'Decline' }));
  await keys2.press('Enter');
  await expect(banner2.getByRole('status')).toContainText('Your cookie choices have been saved.');
  await expect(banner2.getByRole('button', { name: 'Close' })).toBeFocused();
  await keys2.expectFocusVisible();
  await keys2.press('Enter');
  await expect(banner2).toBeHidden();
  const declined = await consentCookie(other);
  expect(JSON.parse(decodeURIComponent(declined?.value ?? '{}'))).toMatchObject({
    functional: false,
    analytics: false,
    advertising: false,
  });
  keys.stops += keys2.stops;
  keys.problems.push(...keys2.problems);
  await other.close();
});

test('at 400% zoom, with the cookie banner shown, no focused element of the home page is hidden', async ({
  page,
}) => {
  // A 1280×1024 window zoomed to 400% is 320×256 CSS pixels.
  await page.setViewportSize({ width: 320, height: 256 });
  const keys = start(page);
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByRole('region', { name: bannerTitle })).toBeVisible();
  const stops = await keys.tabThroughPage();
  expect(stops).toBeGreaterThan(20);
});

test('every Tab stop of a campaign, a facility and the sign-up page shows its focus', async ({
  page,
  context,
  baseURL,
}) => {
  test.slow();
  await giveConsent(context, baseURL);
  const keys = start(page);
  for (const list of ['/campaigns', '/review']) {
    await page.goto(list);
    const href = await page
      .getByRole('main')
      .locator(`a[href^="${list}/"]`)
      .first()
      .getAttribute('href');
    await page.goto(`${href}`, { waitUntil: 'networkidle' });
    await keys.tabThroughPage();
  }
  await page.goto('/signup', { waitUntil: 'networkidle' });
  await keys.tabThroughPage();
});

test('use the phone menu at 412 px with the keyboard alone', async ({ page, context, baseURL }) => {
  await giveConsent(context, baseURL);
  await page.setViewportSize({ width: 412, height: 900 });
  const keys = start(page);
  await page.goto('/', { waitUntil: 'networkidle' });
  const header = page.getByRole('banner');
  const toggle = header.locator('summary').filter({ hasText: 'Menu' });
  await keys.tabTo(toggle);
  await keys.press('Enter');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeVisible();
  // Into the menu: the Resources group opens with Enter, Escape closes it, then the menu.
  const resources = nav.locator('summary').filter({ hasText: 'Resources' });
  await keys.tabTo(resources);
  await keys.press('Enter');
  await expect(resources.locator('..')).toHaveAttribute('open');
  await keys.press('Escape');
  await expect(resources.locator('..')).not.toHaveAttribute('open');
  await keys.press('Escape');
  await expect(nav).toBeHidden();
  await expect(toggle).toBeFocused();
  await keys.expectFocusVisible();
  // Open again and follow a link.
  await keys.press('Enter');
  await keys.tabTo(nav.getByRole('link', { name: 'Advocacy' }));
  await keys.press('Enter');
  await expect(page).toHaveURL(/\/advocacy$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Patient Advocacy');
});
