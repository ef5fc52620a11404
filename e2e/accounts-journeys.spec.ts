import { limits } from '@ipatient/contracts/constants';
import { expect, type Page, test } from '@playwright/test';
import {
  codeBoxes,
  emailedCode,
  expectNoSeriousA11yViolations,
  fillLogin,
  fillSignUp,
  newMember,
} from './support/accounts.ts';
import { createMember, signedInPage } from './support/campaign-api.ts';
import { giveConsent, toast } from './support/site.ts';

test.beforeEach(async ({ context, baseURL }) => {
  await giveConsent(context, baseURL);
});

/** A code the server will refuse: the right one with its first character changed. */
function wrongCode(code: string): string {
  return `${code[0] === 'A' ? 'B' : 'A'}${code.slice(1)}`;
}

/** Fills the code boxes one by one (works before and after the page's JavaScript runs). */
async function typeCode(page: Page, code: string) {
  for (const [index, char] of code.split('').entries()) {
    await codeBoxes(page).nth(index).fill(char);
  }
}

test('a new sign-up code starts with all its tries, whatever was typed against the old one', async ({
  page,
}) => {
  test.slow();
  const member = newMember('fresh-tries');
  await page.goto('/signup');
  await fillSignUp(page, member);
  await expect(page).toHaveURL(/\/verify$/);
  const first = await emailedCode(page.request, member.email, limits.signupCodeLength);

  const boxes = codeBoxes(page);
  const verify = page.getByRole('button', { name: 'Verify my account' });
  const alert = page.getByRole('main').getByRole('alert').first();
  await typeCode(page, wrongCode(first));
  await verify.click();
  await expect(alert).toContainText('4 tries left');
  await typeCode(page, wrongCode(first));
  await verify.click();
  await expect(alert).toContainText('3 tries left');

  // The resend cooldown runs out in real time; then a new code is sent.
  const resend = page.getByRole('button', { name: 'Resend code', exact: true });
  await expect(resend).toBeEnabled({ timeout: (limits.resendCooldownSeconds + 10) * 1000 });
  await resend.click();
  const second = await emailedCode(page.request, member.email, limits.signupCodeLength, first);
  await expect(toast(page, `code to ${member.email}`)).toBeVisible();
  // What was said about the old code is gone: the new one has all its tries.
  await expect(page.getByText(/tries left/)).toHaveCount(0);
  await expect(boxes.first()).not.toHaveAttribute('aria-invalid', 'true');

  await typeCode(page, wrongCode(second));
  await verify.click();
  await expect(alert).toContainText('4 tries left');
});

test('a member volunteers as an advocate from the advocacy page, then stops', async ({
  page,
  request,
}) => {
  const member = await createMember(request, 'volunteer');
  await page.goto('/login');
  await fillLogin(page, member.email, member.password);
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/advocacy');
  const main = page.getByRole('main');
  await main.getByRole('link', { name: 'Volunteer as an advocate' }).first().click();
  await expect(page).toHaveURL(/\/account#advocate$/);
  const section = main.getByRole('region', { name: 'Patient Advocate' });
  await expect(section).toBeInViewport();
  await expect(section).toContainText('help other members raise complaints');
  await expect(section).toContainText('You are not volunteering as an advocate.');
  await expectNoSeriousA11yViolations(page);

  await section.getByRole('button', { name: 'Volunteer as an advocate' }).click();
  await expect(toast(page, 'Thank you for volunteering as an advocate')).toBeVisible();
  await expect(section).toContainText('You are volunteering as an advocate.');
  await page.reload();
  await expect(section).toContainText('You are volunteering as an advocate.');

  await section.getByRole('button', { name: 'Stop volunteering' }).click();
  await expect(toast(page, 'You are no longer volunteering as an advocate')).toBeVisible();
  await expect(section).toContainText('You are not volunteering as an advocate.');
  await expect(section.getByRole('button', { name: 'Volunteer as an advocate' })).toBeVisible();

  // The complaint form's link leads members to the same place (it points at sign-up, which a
  // member does not need).
  await page.goto('/advocacy');
  await main.getByRole('link', { name: 'Volunteer as an advocate' }).last().click();
  await expect(page).toHaveURL(/\/account#advocate$/);
  await expect(section).toBeVisible();
});

test('without JavaScript, a member volunteers as an advocate and stops', async ({
  browser,
  baseURL,
  request,
}) => {
  const member = await createMember(request, 'volunteer-nojs');
  const page = await signedInPage(browser, baseURL, member, { javaScriptEnabled: false });
  await page.goto('/advocacy');
  const main = page.getByRole('main');
  await main.getByRole('link', { name: 'Volunteer as an advocate' }).first().click();
  await expect(page).toHaveURL(/\/account#advocate$/);
  const section = main.getByRole('region', { name: 'Patient Advocate' });
  await section.getByRole('button', { name: 'Volunteer as an advocate' }).click();
  await expect(page).toHaveURL(/\/account#advocate$/);
  await expect(section).toContainText('You are volunteering as an advocate.');
  await section.getByRole('button', { name: 'Stop volunteering' }).click();
  await expect(section).toContainText('You are not volunteering as an advocate.');
  await page.context().close();
});

test('visitors who want to volunteer are sent to sign up', async ({ page }) => {
  await page.goto('/advocacy');
  await page
    .getByRole('main')
    .getByRole('link', { name: 'Volunteer as an advocate' })
    .first()
    .click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByLabel('Volunteer as a Patient Advocate?')).toBeVisible();
});

test('a new member skips personalizing and reaches the page they were heading to', async ({
  page,
}) => {
  const member = newMember('skip');
  await page.goto('/signup?redirectTo=%2Fcampaigns');
  await fillSignUp(page, member);
  await expect(page).toHaveURL(/\/verify$/);
  await typeCode(page, await emailedCode(page.request, member.email, limits.signupCodeLength));
  await page.getByRole('button', { name: 'Verify my account' }).click();

  await expect(page).toHaveURL(/\/personalize\?redirectTo=%2Fcampaigns$/);
  const main = page.getByRole('main');
  // Nothing is required, and each question says why it is asked.
  for (const label of ['Age', 'Gender', 'Street Address', 'State']) {
    const field = main.getByLabel(label, { exact: true });
    await expect(field).not.toHaveAttribute('required');
    await expect(field).toHaveAccessibleDescription(/^Optional\. \S+/);
  }
  await expectNoSeriousA11yViolations(page);
  await main.getByRole('button', { name: 'Skip for now' }).click();

  await expect(page).toHaveURL(/\/campaigns$/);
  await expect(toast(page, 'You can add these details any time')).toBeVisible();
  // The skip is remembered: the account counts as onboarded, with nothing made up.
  const me = await page.request.get('/api/v1/get-me');
  expect((await me.json()).result).toMatchObject({ isOnboarded: true, age: null, state: null });
});

test('a new member fills only some details and continues', async ({ page, request }) => {
  const member = await createMember(request, 'some-details');
  await page.goto('/login?redirectTo=%2Fpersonalize');
  await fillLogin(page, member.email, member.password);
  await expect(page).toHaveURL(/\/personalize$/);
  const main = page.getByRole('main');
  await main.getByLabel('Age').fill('34');
  await main.getByLabel('State').selectOption('Lagos');
  await main.getByLabel('LGA').selectOption('Ikeja');
  await main.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page, 'Your details have been saved')).toBeVisible();
  await page.goto('/account');
  await expect(main.getByLabel('Age')).toHaveValue('34');
  await expect(main.getByLabel('Gender')).toHaveValue('');
  await expect(main.getByLabel('Street Address')).toHaveValue('');
  await expect(main.getByLabel('State')).toHaveValue('Lagos');
  await expect(main.getByLabel('LGA')).toHaveValue('Ikeja');
});

test('without JavaScript, Skip for now goes on where the member was heading', async ({
  browser,
  baseURL,
  request,
}) => {
  const member = await createMember(request, 'skip-nojs');
  const page = await signedInPage(browser, baseURL, member, { javaScriptEnabled: false });
  await page.goto('/personalize?redirectTo=%2Fadvocacy');
  await page.getByRole('main').getByLabel('Age').fill('200');
  await page.getByRole('main').getByRole('button', { name: 'Skip for now' }).click();
  await expect(page).toHaveURL(/\/advocacy$/);
  // Only pages of this site, and never back into the sign-up steps.
  await page.goto('/personalize?redirectTo=%2F%2Fevil.example%2F');
  await page.getByRole('main').getByRole('button', { name: 'Skip for now' }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
  await page.context().close();
});
