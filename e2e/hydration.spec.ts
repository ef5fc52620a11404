import { limits } from '@ipatient/contracts/constants';
import type { TFacility } from '@ipatient/contracts/facilities';
import { states } from '@ipatient/contracts/reference';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { codeBoxes, fillSignUp, newMember } from './support/accounts.ts';
import { createPublishedPost } from './support/blog-api.ts';
import {
  type ApiMember,
  createLiveCampaign,
  createMember,
  uniqueWord,
} from './support/campaign-api.ts';
import { giveConsent } from './support/site.ts';

/*
 * What a person types or chooses before the page's JavaScript arrives is still there once it has
 * loaded and React has hydrated the page (a slow phone can show a form for 20 seconds before
 * that). Each test holds back the page's scripts, fills the form like a person, lets the scripts
 * through, waits for hydration and checks that nothing was lost.
 *
 * Pages that hydrate: /personalize, /verify (and the admin console and the campaign wizard's
 * island, whose own tests cover them). The account, review, complaint, comment and donate forms
 * are on pages that send no React at all (the account and review forms have small inline
 * scripts); they are checked the same way, so they stay safe if that ever changes.
 */

test.beforeEach(async ({ context, baseURL }) => {
  await giveConsent(context, baseURL);
});

/** Holds back every script of the page until the returned function is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.+\.js(\?.*)?$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Lets the scripts load and waits until React has hydrated `field` and the renders that follow
 * hydration (effects flipping "hydrated" state) have run.
 */
async function releaseAndHydrate(page: Page, release: () => void, field: Locator) {
  const hydrates = await page.evaluate(() =>
    Array.from(document.scripts).some((script) => script.type === 'module'),
  );
  release();
  await page.waitForLoadState('load');
  if (hydrates) {
    await expect
      .poll(() =>
        field.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__react'))),
      )
      .toBe(true);
  }
  await page.waitForLoadState('networkidle');
  // Effects and the renders they cause (a second or so on a slow machine).
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 1500)));
}

async function signedIn(
  browser: Browser,
  baseURL: string | undefined,
  member: ApiMember,
): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  await giveConsent(context, baseURL);
  const page = await context.newPage();
  await page.goto('/login');
  const main = page.getByRole('main');
  await main.getByLabel('Email').fill(member.email);
  await main.getByLabel('Password', { exact: true }).fill(member.password);
  await main.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/$/);
  return page;
}

async function someFacility(page: Page, index: number): Promise<TFacility> {
  const response = await page.request.get('/api/v1/facilities?limit=50');
  const { results } = (await response.json()) as { results: TFacility[] };
  const facility = results.at(index);
  if (!facility) throw new Error('no facilities');
  return facility;
}

async function chooseStars(form: Locator, name: string) {
  await form
    .locator('label', { has: form.page().getByRole('radio', { name, exact: true }) })
    .click();
}

test('a review typed and rated before the scripts arrive keeps its text, stars and Submit', async ({
  browser,
  baseURL,
  request,
}) => {
  const member = await createMember(request, 'hydrate-review');
  const page = await signedIn(browser, baseURL, member);
  const facility = await someFacility(page, -2);
  const release = await holdScripts(page);
  await page.goto(`/review/${facility._id}#write-review`, { waitUntil: 'commit' });
  const form = page.locator('#write-review');
  const text = `The ward at ${uniqueWord('Hy')} was clean and the night nurse checked on us often.`;
  await form.getByLabel('Title (optional)').fill('Clean ward');
  await form.getByLabel('Your review').fill(text);
  await chooseStars(form, '4 stars');

  await releaseAndHydrate(page, release, form.getByLabel('Your review'));
  await expect(form.getByLabel('Title (optional)')).toHaveValue('Clean ward');
  await expect(form.getByLabel('Your review')).toHaveValue(text);
  await expect(form.getByRole('radio', { name: '4 stars' })).toBeChecked();
  const submit = form.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeVisible();
  await expect(submit).toBeEnabled();
  // The review goes out as it is on the screen.
  await submit.click();
  await expect(form.getByText('Pending approval')).toBeVisible();
  await expect(form.getByLabel('Your review')).toHaveValue(text);
  await expect(form.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await page.context().close();
});

test('editing a review before the scripts arrive keeps the edit (text the server had filled in)', async ({
  browser,
  baseURL,
  request,
}) => {
  const member = await createMember(request, 'hydrate-edit');
  const page = await signedIn(browser, baseURL, member);
  const facility = await someFacility(page, -3);
  const first = `My first visit to ${uniqueWord('Ed')} was fine: the records office found my file quickly.`;
  const created = await request.post(`/api/v1/facilities/${facility._id}/reviews`, {
    headers: { Authorization: `Bearer ${member.token}` },
    data: { rating: 3, title: 'Fine', content: first },
  });
  expect(created.status(), await created.text()).toBe(201);

  const release = await holdScripts(page);
  await page.goto(`/review/${facility._id}#write-review`, { waitUntil: 'commit' });
  const form = page.locator('#write-review');
  await expect(form.getByLabel('Your review')).toHaveValue(first);
  const edited = `${first} On the second visit the pharmacy ran out of insulin.`;
  await form.getByLabel('Your review').fill(edited);
  await chooseStars(form, '2 stars');

  await releaseAndHydrate(page, release, form.getByLabel('Your review'));
  await expect(form.getByLabel('Your review')).toHaveValue(edited);
  await expect(form.getByRole('radio', { name: '2 stars' })).toBeChecked();
  await expect(form.getByRole('radio', { name: '3 stars' })).not.toBeChecked();
  await page.context().close();
});

test('personal details chosen before the scripts arrive stay chosen (/personalize)', async ({
  browser,
  baseURL,
  request,
}) => {
  const member = await createMember(request, 'hydrate-personal');
  const page = await signedIn(browser, baseURL, member);
  const state = states.find((candidate) => candidate.name === 'Enugu') ?? states[0];
  const lga = state?.lgas[1];
  if (!state || !lga) throw new Error('no states');
  const release = await holdScripts(page);
  await page.goto('/personalize', { waitUntil: 'commit' });
  const main = page.getByRole('main');
  await main.getByLabel('Age').fill('34');
  await main.getByLabel('Street Address').fill('4 Ogui Road');
  await main.getByLabel('State').selectOption(state.name);
  await main.getByLabel('LGA').selectOption(lga);

  await releaseAndHydrate(page, release, main.getByLabel('Age'));
  await expect(main.getByLabel('Age')).toHaveValue('34');
  await expect(main.getByLabel('Street Address')).toHaveValue('4 Ogui Road');
  await expect(main.getByLabel('State')).toHaveValue(state.name);
  await expect(main.getByLabel('LGA')).toHaveValue(lga);
  await page.context().close();
});

test('a profile edited before the scripts arrive keeps the edit (/account)', async ({
  browser,
  baseURL,
  request,
}) => {
  const member = await createMember(request, 'hydrate-account');
  const page = await signedIn(browser, baseURL, member);
  const release = await holdScripts(page);
  await page.goto('/account', { waitUntil: 'commit' });
  const main = page.getByRole('main');
  const firstName = main.getByLabel('First Name');
  await expect(firstName).toHaveValue(member.firstName);
  await firstName.fill('Chiamaka');
  await main.getByLabel('Phone Number').fill('0803 555 0101');

  await releaseAndHydrate(page, release, firstName);
  await expect(firstName).toHaveValue('Chiamaka');
  await expect(main.getByLabel('Phone Number')).toHaveValue('0803 555 0101');
  await page.context().close();
});

test('code characters typed before the scripts arrive stay in their boxes (/verify)', async ({
  page,
}) => {
  const member = newMember('hydrate-verify');
  await page.goto('/signup');
  await fillSignUp(page, member);
  await expect(page).toHaveURL(/\/verify$/);
  const release = await holdScripts(page);
  await page.reload({ waitUntil: 'commit' });
  const boxes = codeBoxes(page);
  await expect(boxes).toHaveCount(limits.signupCodeLength);
  await boxes.nth(0).fill('A');
  await boxes.nth(1).fill('B');
  await boxes.nth(2).fill('7');

  await releaseAndHydrate(page, release, boxes.nth(0));
  await expect(boxes.nth(0)).toHaveValue('A');
  await expect(boxes.nth(1)).toHaveValue('B');
  await expect(boxes.nth(2)).toHaveValue('7');
  await expect(boxes.nth(3)).toHaveValue('');
});

test('the complaint, comment and donate forms keep what was typed while scripts load', async ({
  browser,
  baseURL,
  request,
}) => {
  const member = await createMember(request, 'hydrate-static');
  const page = await signedIn(browser, baseURL, member);
  const { post } = await createPublishedPost(request, uniqueWord('Hb'));
  const { campaign } = await createLiveCampaign(request, 'hydrate-donate');

  let release = await holdScripts(page);
  await page.goto('/advocacy#complaint-form', { waitUntil: 'commit' });
  const main = page.getByRole('main');
  await main.getByLabel('Hospital name').fill('Lagos Island Maternity');
  await main.getByLabel('Category').selectOption({ index: 2 });
  await main.getByLabel('Your complaint', { exact: true }).fill('Nobody told us the fees.');
  await releaseAndHydrate(page, release, main.getByLabel('Hospital name'));
  await expect(main.getByLabel('Hospital name')).toHaveValue('Lagos Island Maternity');
  await expect(main.getByLabel('Category')).not.toHaveValue('');
  await expect(main.getByLabel('Your complaint', { exact: true })).toHaveValue(
    'Nobody told us the fees.',
  );
  await page.unrouteAll({ behavior: 'wait' });

  release = await holdScripts(page);
  await page.goto(`/blog/${post._id}`, { waitUntil: 'commit' });
  const comment = page.locator('#comment-form').getByLabel('Your comment');
  await comment.fill('This helped my family.');
  await releaseAndHydrate(page, release, comment);
  await expect(comment).toHaveValue('This helped my family.');
  await page.unrouteAll({ behavior: 'wait' });

  release = await holdScripts(page);
  await page.goto(`/campaigns/${campaign._id}?donate=1#donate`, { waitUntil: 'commit' });
  const donate = page.locator('#donate');
  await donate.getByLabel('Or another amount (₦)').fill('1500');
  await donate.getByLabel('Give anonymously').check();
  await donate.getByLabel('Email for your receipt').fill(member.email);
  await releaseAndHydrate(page, release, donate.getByLabel('Your name'));
  await expect(donate.getByLabel('Or another amount (₦)')).toHaveValue('1500');
  await expect(donate.getByLabel('Give anonymously')).toBeChecked();
  await expect(donate.getByLabel('Email for your receipt')).toHaveValue(member.email);
  await page.context().close();
});
