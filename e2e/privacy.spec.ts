import { consentTexts, privacyNoticeVersion } from '@ipatient/contracts/consents';
import { retention } from '@ipatient/contracts/retention';
import { expect, test } from '@playwright/test';
import {
  codeBoxes,
  emailedCode,
  expectNoSeriousA11yViolations,
  newMember,
} from './support/accounts.ts';
import { createMember, signedInPage } from './support/campaign-api.ts';
import { giveConsent, toast } from './support/site.ts';

test('the privacy notice is reachable from the footer, readable and accessible', async ({
  page,
  context,
  baseURL,
}) => {
  await giveConsent(context, baseURL);
  await page.goto('/');
  await page
    .getByRole('contentinfo')
    .getByRole('navigation', { name: 'Footer' })
    .getByRole('link', { name: 'Privacy notice' })
    .click();
  await expect(page).toHaveURL(/\/privacy$/);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Privacy Notice' })).toBeVisible();
  await expect(main.getByText(`Version ${privacyNoticeVersion}`)).toBeVisible();
  await expect(main.getByRole('link', { name: 'privacy@ipatient.ng' }).first()).toBeVisible();
  // The periods come from the same numbers the deletion jobs use.
  await expect(
    main.getByText(
      `Copies of emails and text messages we sent you: ${retention.sentMessagesDays} days.`,
    ),
  ).toBeVisible();
  await expect(main.getByRole('link', { name: 'download my data' })).toHaveAttribute(
    'href',
    '/account/data',
  );
  await expectNoSeriousA11yViolations(page);
});

test('a member who asked for news by email at sign-up sees it and turns it off', async ({
  page,
  context,
  baseURL,
}) => {
  test.slow();
  await giveConsent(context, baseURL);
  const member = newMember('privacy');
  await page.goto('/signup');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'privacy notice' })).toHaveAttribute(
    'href',
    '/privacy',
  );
  const marketing = main.getByRole('checkbox', { name: consentTexts.marketingLabel });
  await expect(marketing).not.toBeChecked();
  await main.getByLabel('First name').fill(member.firstName);
  await main.getByLabel('Last name').fill(member.lastName);
  await main.getByLabel('Phone number').fill(member.phone);
  await main.getByLabel('Email').fill(member.email);
  await main.getByLabel('Password', { exact: true }).fill(member.password);
  await main.getByRole('checkbox', { name: /terms and conditions/ }).check();
  await marketing.check();
  await main.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/verify$/);
  const code = await emailedCode(page.request, member.email, 6);
  // Box by box: the same with or without the page's script.
  for (const [index, char] of code.split('').entries()) {
    await codeBoxes(page).nth(index).fill(char);
  }
  await page.getByRole('button', { name: 'Verify my account' }).click();
  await expect(page).toHaveURL(/\/personalize/);

  await page.goto('/account/privacy');
  const emails = page.getByRole('switch', { name: consentTexts.marketingLabel });
  await expect(emails).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByText(/Terms and conditions: version of .*, accepted/)).toBeVisible();
  const history = page.getByRole('table', { name: 'Your consents, newest first' });
  await expect(history.getByRole('row')).toHaveCount(4);
  await expectNoSeriousA11yViolations(page);

  await emails.click();
  await expect(toast(page, consentTexts.marketingOff)).toBeVisible();
  await expect(emails).toHaveAttribute('aria-checked', 'false');
  await expect(history.getByRole('row').nth(1)).toContainText('Turned off');
  await expect(history.getByRole('row').nth(1)).toContainText('on your account page');
});

test('the Privacy and data tab links to each control, and a signed-in cookie choice is recorded', async ({
  browser,
  baseURL,
  request,
}) => {
  const member = await createMember(request, 'privacy-tab');
  const page = await signedInPage(browser, baseURL, member);
  await page.goto('/account');
  await page
    .getByRole('navigation', { name: 'Account sections' })
    .getByRole('link', { name: 'Privacy and data' })
    .click();
  const panel = page.getByRole('region', { name: 'Privacy and data' });
  const links = {
    'Phone number and text messages': '/account/phone',
    'Consents and emails': '/account/privacy',
    'Download my data': '/account/data',
    'Delete my account': '/account/delete',
  };
  for (const [name, href] of Object.entries(links)) {
    await expect(panel.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  await expect(panel.getByRole('link', { name: 'privacy notice' })).toHaveAttribute(
    'href',
    '/privacy',
  );
  await expectNoSeriousA11yViolations(page);

  await page.goto('/cookie-policy');
  await page.getByRole('main').getByRole('checkbox', { name: 'Analytics' }).check();
  await Promise.all([
    page.waitForResponse((answer) => answer.url().includes('/cookie-consent')),
    page.getByRole('main').getByRole('button', { name: 'Save preferences' }).click(),
  ]);
  await page.goto('/account/privacy');
  await expect(page.getByText('Your last choice: necessary and analytics cookies.')).toBeVisible();
});

test('an unsubscribe link that was changed says it is not valid', async ({
  page,
  context,
  baseURL,
}) => {
  await giveConsent(context, baseURL);
  const response = await page.goto('/emails/unsubscribe?token=not-a-real-token');
  expect(response?.status()).toBe(400);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This link does not work');
  await expect(page.getByRole('alert')).toHaveText(consentTexts.badToken);
  await expectNoSeriousA11yViolations(page);
});
