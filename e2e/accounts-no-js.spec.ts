import { expect, test } from '@playwright/test';
import {
  codeBoxes,
  emailedCode,
  emailedResetLink,
  fillLogin,
  fillSignUp,
  newMember,
  userMenuToggle,
} from './support/accounts.ts';
import { giveConsent, toast } from './support/site.ts';

/**
 * Every account form is a plain HTML form posting to the server: on a slow phone it works before
 * the JavaScript has arrived, and without it at all. (axe needs script, so the accessibility of
 * these pages is checked in accounts.spec.ts.)
 */
test.use({ javaScriptEnabled: false });

test.beforeEach(async ({ context, baseURL }) => {
  await giveConsent(context, baseURL);
});

test('without JavaScript: sign up, verify, personalize, log out, reset the password, log in', async ({
  page,
}) => {
  test.slow();
  const member = newMember('nojs');
  const name = `${member.firstName} ${member.lastName}`;
  const main = page.getByRole('main');

  await page.goto('/signup');
  await fillSignUp(page, member);
  await expect(page).toHaveURL(/\/verify$/);
  // The server-rendered toast shows the API's message, then fades by CSS alone.
  const sent = toast(page, `code to ${member.email}`);
  await expect(sent).toBeVisible();
  await expect(sent).toBeHidden({ timeout: 5_000 });

  // Without script six boxes could neither advance nor take a paste: one field takes the code.
  const code = await emailedCode(page.request, member.email, 6);
  await expect(codeBoxes(page)).toHaveCount(1);
  await main.getByLabel('Verification code, all 6 characters').fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Verify my account' }).click();

  // Before any script, the LGA list has every LGA, grouped by state.
  await expect(page).toHaveURL(/\/personalize$/);
  await expect(userMenuToggle(page, name)).toBeVisible();
  const lga = main.getByLabel('LGA');
  await expect(lga).toBeEnabled();
  await expect(lga.getByRole('option', { name: 'Ikeja' })).toHaveCount(1);
  await expect(lga.getByRole('option', { name: 'Kano Municipal' })).toHaveCount(1);
  await main.getByLabel('Age').fill('29');
  await main.getByLabel('Street Address').fill('3 Ahmadu Bello Way');
  await main.getByLabel('Gender').selectOption('male');
  await main.getByLabel('State').selectOption('Lagos');
  // The server checks the pair: a Kano LGA does not belong to Lagos.
  await lga.selectOption('Kano Municipal');
  await main.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/personalize$/);
  await expect(lga).toHaveAttribute('aria-invalid', 'true');
  await expect(lga).toHaveAccessibleDescription(/Lagos/);
  await expect(main.getByLabel('Street Address')).toHaveValue('3 Ahmadu Bello Way');
  await main.getByLabel('State').selectOption('Lagos');
  await lga.selectOption('Ikeja');
  await main.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page, 'Your details have been saved')).toBeVisible();

  // The user menu is a native disclosure: it opens and logs out without script.
  await userMenuToggle(page, name).click();
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // Password reset (docs/product.md#accounts Login and reset).
  await main.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello!');
  await main.getByLabel('Email').fill(member.email);
  await main.getByRole('button', { name: 'Verify Email' }).click();
  await expect(page).toHaveURL(/\/verify-password$/);
  await expect(toast(page, 'we have sent a 10-character code and a link')).toBeVisible();
  const resetCode = await emailedCode(page.request, member.email, 10);
  const grouped = `${resetCode.slice(0, 5)}-${resetCode.slice(5)}`;
  const newPassword = 'Newyam2026Festival';
  // The code can be typed as it is shown (with its dash); a mismatch keeps what was typed.
  await main.getByLabel('Code').fill(grouped.toLowerCase());
  await main.getByLabel('New password', { exact: true }).fill(newPassword);
  await main.getByLabel('Confirm password').fill(`${newPassword}!`);
  await main.getByRole('button', { name: 'Reset Password' }).click();
  await expect(main.getByLabel('Confirm password')).toHaveAttribute('aria-invalid', 'true');
  await expect(main.getByLabel('Code')).toHaveValue(grouped.toLowerCase());

  // The emailed link opens the same form with the code filled in; the password is still chosen.
  await page.goto(await emailedResetLink(page.request, member.email));
  await expect(page).toHaveURL(/\/verify-password\?/);
  await expect(main.getByText('The code from your email is filled in')).toBeVisible();
  await expect(main.getByText(member.email)).toBeVisible();
  await expect(main.getByLabel('Code')).toHaveValue(grouped);
  await expect(main.getByLabel('New password', { exact: true })).toHaveValue('');
  await main.getByLabel('New password', { exact: true }).fill(newPassword);
  await main.getByLabel('Confirm password').fill(newPassword);
  await main.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(toast(page, 'Your password has been reset')).toBeVisible();

  // The old password no longer works; the new one does.
  await fillLogin(page, member.email, member.password);
  await expect(page.getByRole('alert')).toHaveText('Login failed. Please check your credentials.');
  await fillLogin(page, member.email, newPassword);
  await expect(page).toHaveURL(/\/$/);
  await expect(userMenuToggle(page, name)).toBeVisible();
});

test('without JavaScript, the sign-up form shows the server errors next to the fields', async ({
  page,
}) => {
  const member = { ...newMember('nojs-errors'), phone: '12345', password: 'lowercase123' };
  await page.goto('/signup');
  await fillSignUp(page, member);
  await expect(page).toHaveURL(/\/signup$/);
  const main = page.getByRole('main');
  const phone = main.getByLabel('Phone number');
  const password = main.getByLabel('Password', { exact: true });
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(phone).toHaveAccessibleDescription(/Nigerian phone number/);
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toHaveAccessibleDescription(/uppercase/);
  // What was typed is kept (never the password).
  await expect(main.getByLabel('Email')).toHaveValue(member.email);
  await expect(password).toHaveValue('');
  await expect(main.getByRole('checkbox', { name: /terms and conditions/ })).toBeChecked();
  await expect(page.getByRole('alert')).toBeVisible();
});
