import { complaintCategories } from '@ipatient/contracts/advocacy-rules';
import { limits } from '@ipatient/contracts/constants';
import type { TFacility } from '@ipatient/contracts/facilities';
import { type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import {
  codeBoxes,
  emailedCode,
  expectNoSeriousA11yViolations,
  fillLogin,
  fillSignUp,
  newMember,
} from './support/accounts.ts';
import { createPublishedPost } from './support/blog-api.ts';
import {
  type ApiMember,
  createLiveCampaign,
  createMember,
  uniqueWord,
} from './support/campaign-api.ts';
import { giveConsent } from './support/site.ts';

/*
 * What a person types before an authentication detour (log in, sign up, a session that ended
 * while the form was open) comes back filled in, with and without JavaScript, on every form that
 * needs an account: complaint, review, comment, and a donation sent as the session ended.
 */

const kept = 'We kept what you wrote. Check it and submit.';

test.beforeEach(async ({ context, baseURL }) => {
  await giveConsent(context, baseURL);
});

function complaintText(word: string) {
  return {
    hospitalName: `General Hospital ${word}`,
    hospitalAddress: '12 Hospital Road, Ikeja, Lagos',
    category: complaintCategories[1],
    complaints: `My mother waited nine hours at ${word} with chest pain and no doctor came to see her.`,
  };
}

async function fillComplaint(main: Locator, text: ReturnType<typeof complaintText>) {
  await main.getByLabel('Hospital name').fill(text.hospitalName);
  await main.getByLabel('Hospital address').fill(text.hospitalAddress);
  await main.getByLabel('Category').selectOption(text.category);
  await main.getByLabel('Your complaint', { exact: true }).fill(text.complaints);
}

async function expectComplaint(main: Locator, text: ReturnType<typeof complaintText>) {
  await expect(main.getByLabel('Hospital name')).toHaveValue(text.hospitalName);
  await expect(main.getByLabel('Hospital address')).toHaveValue(text.hospitalAddress);
  await expect(main.getByLabel('Category')).toHaveValue(text.category);
  await expect(main.getByLabel('Your complaint', { exact: true })).toHaveValue(text.complaints);
}

/** The login page the detour leads to, coming back to `back`. */
async function expectLoginFor(page: Page, back: string) {
  await expect(page).toHaveURL(
    (url) => url.pathname === '/login' && url.searchParams.get('redirectTo') === back,
  );
}

/** Ends the browser's session as if it had run out: a dead access token, no refresh token. */
async function endSession(context: BrowserContext, baseURL: string | undefined) {
  await context.clearCookies({ name: 'refreshToken' });
  await context.addCookies([
    { name: 'accessToken', value: 'ended.session.token', url: baseURL ?? 'http://127.0.0.1:3107' },
  ]);
}

async function logIn(page: Page, member: ApiMember) {
  await page.goto('/login');
  await fillLogin(page, member.email, member.password);
  await expect(page).toHaveURL(/\/$/);
}

/** Clicks a star (its radio is visually hidden inside the star's label). */
async function chooseStars(form: Locator, name: string) {
  await form
    .locator('label', { has: form.page().getByRole('radio', { name, exact: true }) })
    .click();
}

async function someFacility(page: Page): Promise<TFacility> {
  const response = await page.request.get('/api/v1/facilities?limit=50');
  const { results } = (await response.json()) as { results: TFacility[] };
  const facility = results.at(-1);
  if (!facility) throw new Error('no facilities');
  return facility;
}

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? 'with JavaScript' : 'without JavaScript';

  test.describe(mode, () => {
    test.use({ javaScriptEnabled });

    test('a complaint typed before logging in comes back filled in, once', async ({
      page,
      request,
    }) => {
      const patient = await createMember(request, 'draft-complaint');
      const text = complaintText(uniqueWord('Dr'));
      await page.goto('/advocacy#complaint-form');
      const main = page.getByRole('main');
      await fillComplaint(main, text);
      // A real button that sends what was typed, not a link that leaves it behind.
      await main.getByRole('button', { name: 'Log in to submit' }).click();

      await expectLoginFor(page, '/advocacy#complaint-form');
      await fillLogin(page, patient.email, patient.password);
      await expect(page).toHaveURL(/\/advocacy#complaint-form$/);
      await expect(main.getByRole('status').filter({ hasText: kept })).toBeVisible();
      await expectComplaint(main, text);
      if (javaScriptEnabled) await expectNoSeriousA11yViolations(page);

      // Taken once: the next visit starts empty.
      await page.reload();
      await expect(main.getByLabel('Hospital name')).toHaveValue('');
      await expect(main.getByText(kept)).toHaveCount(0);
    });

    test('a review typed before logging in comes back with its stars', async ({
      page,
      request,
    }) => {
      const member = await createMember(request, 'draft-review');
      const facility = await someFacility(page);
      const path = `/review/${facility._id}`;
      const content = `The nurses at ${uniqueWord('Rv')} were kind and the wait for the scan was short.`;
      await page.goto(path);
      const form = page.locator('#write-review');
      await form.getByLabel('Title (optional)').fill('Kind nurses');
      await form.getByLabel('Your review').fill(content);
      await chooseStars(form, '4 stars');
      await form.getByRole('button', { name: 'Log in to submit' }).click();

      await expectLoginFor(page, `${path}#write-review`);
      await fillLogin(page, member.email, member.password);
      await expect(page).toHaveURL((url) => url.pathname === path);
      await expect(form.getByRole('status').filter({ hasText: kept })).toBeVisible();
      await expect(form.getByLabel('Title (optional)')).toHaveValue('Kind nurses');
      await expect(form.getByLabel('Your review')).toHaveValue(content);
      await expect(form.getByRole('radio', { name: '4 stars' })).toBeChecked();
      await expect(form.getByRole('button', { name: 'Submit' })).toBeEnabled();
      if (javaScriptEnabled) await expectNoSeriousA11yViolations(page);
    });

    test('a comment typed before logging in comes back in its box', async ({ page, request }) => {
      const member = await createMember(request, 'draft-comment');
      const { post } = await createPublishedPost(request, uniqueWord('Bc'));
      const comment = `Thank you for this guide, ${uniqueWord('Cm')}. I will ask for my records.`;
      await page.goto(`/blog/${post._id}`);
      const box = page.locator('#comment-form');
      await box.getByLabel('Your comment').fill(comment);
      await box.getByRole('button', { name: 'Log in to comment' }).click();

      await expectLoginFor(page, `/blog/${post._id}#comment-form`);
      await fillLogin(page, member.email, member.password);
      await expect(page).toHaveURL((url) => url.pathname === `/blog/${post._id}`);
      await expect(box.getByRole('status').filter({ hasText: kept })).toBeVisible();
      await expect(box.getByLabel('Your comment')).toHaveValue(comment);
      await box.getByRole('button', { name: 'Comment', exact: true }).click();
      await expect(page.getByRole('article', { name: /Comment by/ }).first()).toContainText(
        comment,
      );
    });

    test('a complaint sent as the session ended comes back after logging in again', async ({
      page,
      context,
      baseURL,
      request,
    }) => {
      const patient = await createMember(request, 'draft-expired');
      await logIn(page, patient);
      const text = complaintText(uniqueWord('Ex'));
      await page.goto('/advocacy#complaint-form');
      const main = page.getByRole('main');
      await fillComplaint(main, text);
      await endSession(context, baseURL);
      await main.getByRole('button', { name: 'Send your complaint' }).click();

      await expectLoginFor(page, '/advocacy#complaint-form');
      await fillLogin(page, patient.email, patient.password);
      await expect(page).toHaveURL(/\/advocacy#complaint-form$/);
      await expectComplaint(main, text);
      await main.getByRole('button', { name: 'Send your complaint' }).click();
      await expect(page).toHaveURL(/\/advocacy\/complaints\/[^/?]+\?submitted=1$/);
    });

    test('a donation sent as the session ended comes back filled in', async ({
      page,
      context,
      baseURL,
      request,
    }) => {
      const { campaign } = await createLiveCampaign(request, 'draft-donation');
      const donor = await createMember(request, 'draft-donor');
      await logIn(page, donor);
      const path = `/campaigns/${campaign._id}`;
      await page.goto(`${path}?donate=1#donate`);
      const form = page.locator('#donate');
      await form.getByLabel('Or another amount (₦)').fill('2500');
      await form.getByLabel('Your name').fill('Chiamaka Obi');
      await form.getByLabel('Email for your receipt').fill(donor.email);
      await form.getByLabel('Message of support (optional)').fill('Get well soon, from Enugu.');
      await endSession(context, baseURL);
      await form.getByRole('button', { name: 'Continue to payment' }).click();

      await expectLoginFor(page, `${path}?donate=1#donate`);
      await fillLogin(page, donor.email, donor.password);
      await expect(page).toHaveURL((url) => url.pathname === path);
      const back = page.locator('#donate');
      await expect(back.getByRole('status').filter({ hasText: kept })).toBeVisible();
      await expect(back.getByLabel('Or another amount (₦)')).toHaveValue('2500');
      await expect(back.getByLabel('Your name')).toHaveValue('Chiamaka Obi');
      await expect(back.getByLabel('Email for your receipt')).toHaveValue(donor.email);
      await expect(back.getByLabel('Message of support (optional)')).toHaveValue(
        'Get well soon, from Enugu.',
      );
    });
  });
}

test('a new person who signs up on the way gets their complaint back', async ({ page }) => {
  test.slow();
  const member = newMember('draft-signup');
  const text = complaintText(uniqueWord('Su'));
  await page.goto('/advocacy#complaint-form');
  const main = page.getByRole('main');
  await fillComplaint(main, text);
  await main.getByRole('button', { name: 'Log in to submit' }).click();

  await expectLoginFor(page, '/advocacy#complaint-form');
  await main.getByRole('link', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(
    (url) =>
      url.pathname === '/signup' &&
      url.searchParams.get('redirectTo') === '/advocacy#complaint-form',
  );
  await fillSignUp(page, member);
  await expect(page).toHaveURL(/\/verify$/);
  const code = await emailedCode(page.request, member.email, limits.signupCodeLength);
  for (const [index, char] of code.split('').entries()) {
    await codeBoxes(page).nth(index).fill(char);
  }
  await page.getByRole('button', { name: 'Verify my account' }).click();
  await expect(page).toHaveURL(/\/personalize\?/);
  await main.getByRole('button', { name: 'Skip for now' }).click();

  await expect(page).toHaveURL(/\/advocacy#complaint-form$/);
  await expect(main.getByRole('status').filter({ hasText: kept })).toBeVisible();
  await expectComplaint(main, text);
});

test('nobody else gets the draft: another browser signed in as someone else sees an empty form', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  const other = await createMember(request, 'draft-other');
  const text = complaintText(uniqueWord('Ot'));
  await page.goto('/advocacy#complaint-form');
  await fillComplaint(page.getByRole('main'), text);
  await page.getByRole('main').getByRole('button', { name: 'Log in to submit' }).click();
  await expectLoginFor(page, '/advocacy#complaint-form');

  // The draft cookie is HttpOnly: the page's scripts cannot read it.
  const cookies = await page.context().cookies();
  const draftCookie = cookies.find((cookie) => cookie.name === 'form_draft');
  expect(draftCookie?.httpOnly).toBe(true);
  expect(draftCookie?.sameSite).toBe('Lax');
  expect(await page.evaluate(() => document.cookie)).not.toContain('form_draft');

  const context = await browser.newContext({ baseURL });
  await giveConsent(context, baseURL);
  const otherPage = await context.newPage();
  await logIn(otherPage, other);
  await otherPage.goto('/advocacy#complaint-form');
  await expect(otherPage.getByRole('main').getByLabel('Hospital name')).toHaveValue('');
  await context.close();
});
