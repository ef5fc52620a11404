import { passwordRules } from '@ipatient/contracts/account-rules';
import { expect, test } from '@playwright/test';
import {
  codeBoxes,
  emailedCode,
  expectNoSeriousA11yViolations,
  fillLogin,
  fillSignUp,
  newMember,
  tinyPng,
  userMenuToggle,
} from './support/accounts.ts';
import { createAdmin } from './support/admin.ts';
import { signedCookieValue } from './support/signed-cookies.ts';
import { giveConsent, toast } from './support/site.ts';

test.beforeEach(async ({ context, baseURL }) => {
  await giveConsent(context, baseURL);
});

/** A code the server will refuse: the right one with its first character changed. */
function wrongCode(code: string): string {
  return `${code[0] === 'A' ? 'B' : 'A'}${code.slice(1)}`;
}

test('a member signs up, verifies, personalizes, logs out and in, and edits the profile', async ({
  page,
  context,
  baseURL,
}) => {
  test.slow();
  const member = newMember('journey');
  const name = `${member.firstName} ${member.lastName}`;

  // Sign up (docs/product.md#accounts Registration).
  await page.goto('/signup');
  await expectNoSeriousA11yViolations(page);
  await expect(page.getByRole('main').getByRole('link', { name: 'Log In' })).toHaveAttribute(
    'href',
    '/Login',
  );
  await expect(
    page.getByRole('main').getByRole('link', { name: 'terms and conditions' }),
  ).toHaveAttribute('href', '/terms');
  await fillSignUp(page, member, { advocate: true });

  // Verify: the code went out, and a new one cannot be asked for during the cooldown.
  await expect(page).toHaveURL(/\/verify$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verify Your Account');
  await expect(toast(page, `code to ${member.email}`)).toBeVisible();
  const countdown = page.getByRole('button', { name: /^Resend code in \d+s$/ });
  await expect(countdown).toBeDisabled();
  await expectNoSeriousA11yViolations(page);

  // As if the cooldown had passed here: the button sends, shows 'Sending...', and the server's
  // own cooldown answers with the time left, which the button counts down.
  await context.addCookies([
    {
      name: 'pending_signup',
      value: signedCookieValue(
        'pending_signup',
        JSON.stringify({ email: member.email, resendAt: 0 }),
      ),
      url: baseURL ?? 'http://127.0.0.1:3107',
      httpOnly: true,
    },
  ]);
  // Wait for React: clicked before hydration, the button would post as a plain form.
  await page.reload({ waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Resend code', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Sending...' })).toBeVisible();
  await expect(
    page.getByRole('alert').filter({ hasText: /Please wait \d+ seconds/ }),
  ).toBeVisible();
  await expect(countdown).toBeDisabled();

  // Pasting a whole code fills every box; a wrong code is refused with the server's message.
  const code = await emailedCode(page.request, member.email, 6);
  const boxes = codeBoxes(page);
  await expect(boxes).toHaveCount(6);
  await boxes.first().evaluate((box, text) => {
    const data = new DataTransfer();
    data.setData('text', text);
    box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
  }, wrongCode(code).toLowerCase());
  for (const [index, char] of wrongCode(code).split('').entries()) {
    await expect(boxes.nth(index)).toHaveValue(char);
  }
  await expect(boxes.nth(5)).toBeFocused();
  await page.getByRole('button', { name: 'Verify my account' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /code is not correct/i })).toBeVisible();
  await expect(boxes.first()).toHaveAttribute('aria-invalid', 'true');

  // Typing moves forward box by box; Backspace on an empty box goes back.
  await boxes.first().click();
  await page.keyboard.type(code);
  for (const [index, char] of code.split('').entries()) {
    await expect(boxes.nth(index)).toHaveValue(char);
  }
  await boxes.nth(2).focus();
  await page.keyboard.press('Backspace');
  await expect(boxes.nth(2)).toHaveValue('');
  await page.keyboard.press('Backspace');
  await expect(boxes.nth(1)).toBeFocused();
  await boxes.nth(2).click();
  await page.keyboard.type(code.charAt(2));
  await expect(boxes.nth(3)).toBeFocused();
  await page.getByRole('button', { name: 'Verify my account' }).click();

  // Personalize: the LGA list follows the state.
  await expect(page).toHaveURL(/\/personalize$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Personalize your experience');
  await expect(toast(page, 'Your account has been verified')).toBeVisible();
  await expect(userMenuToggle(page, name)).toBeVisible();
  const main = page.getByRole('main');
  const lga = main.getByLabel('LGA');
  await expect(lga).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
  await main.getByLabel('Age').fill('34');
  await main.getByLabel('Street Address').fill('12 Allen Avenue');
  await main.getByLabel('Gender').selectOption('female');
  await main.getByLabel('State').selectOption('Lagos');
  await expect(lga).toBeEnabled();
  await expect(lga.getByRole('option', { name: 'Ikeja' })).toHaveCount(1);
  await expect(lga.getByRole('option', { name: 'Kano Municipal' })).toHaveCount(0);
  await lga.selectOption('Ikeja');
  await main.getByLabel('State').selectOption('Oyo');
  await expect(lga).toHaveValue('');
  await main.getByLabel('State').selectOption('Lagos');
  await lga.selectOption('Ikeja');
  await main.getByRole('button', { name: 'Continue' }).click();

  // Home, signed in: the user menu replaces Sign Up and Log In.
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page, 'Your details have been saved')).toBeVisible();
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Log In' })).toHaveCount(0);
  await expect(header.getByRole('link', { name: 'Sign Up' })).toHaveCount(0);
  await userMenuToggle(page, name).click();
  await expect(header.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/account');
  await expectNoSeriousA11yViolations(page);
  await header.getByRole('button', { name: 'Logout' }).click();

  // Logged out, on the login page.
  await expect(page).toHaveURL(/\/login$/);
  await expect(toast(page, 'You have been logged out')).toBeVisible();
  await expect(header.getByRole('link', { name: 'Log In' })).toBeVisible();

  // /personalize and /account send visitors to log in, and bring them back afterwards.
  await page.goto('/personalize');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fpersonalize$/);
  await fillLogin(page, member.email, 'Not-the-password1');
  await expect(page.getByRole('alert')).toHaveText('Login failed. Please check your credentials.');
  await expect(main.getByLabel('Email')).toHaveValue(member.email);
  await fillLogin(page, member.email, member.password);
  await expect(page).toHaveURL(/\/personalize$/);
  await expect(main.getByLabel('LGA')).toHaveValue('Ikeja');
  await userMenuToggle(page, name).click();
  await header.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto('/account');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount$/);
  await fillLogin(page, member.email, member.password);
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My account');
  await expectNoSeriousA11yViolations(page);

  // A signed-in member has nothing to do on the login page.
  await page.goto('/Login');
  await expect(page).toHaveURL(/\/$/);

  // Profile photo: previewed when chosen, shown in the side panel and the header once uploaded.
  await page.goto('/account', { waitUntil: 'networkidle' });
  await expect(main.getByLabel('Email Address')).toHaveValue(member.email);
  await expect(main.getByLabel('Email Address')).toHaveAttribute('readonly');
  await main
    .getByLabel('Profile photo', { exact: true })
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: tinyPng() });
  await expect(main.getByRole('img', { name: 'Preview of your new profile photo' })).toBeVisible();
  await main.getByRole('button', { name: 'Upload photo' }).click();
  await expect(toast(page, 'Profile updated')).toBeVisible();
  await expect(main.getByRole('img', { name: `Profile photo of ${name}` })).toHaveAttribute(
    'src',
    /^\/images\/.+/,
  );
  await expect(header.locator('img').first()).toHaveAttribute('src', /^\/images\/.+/);
  const avatar = await page.request.get(
    (await header.locator('img').first().getAttribute('src')) ?? '',
  );
  expect(avatar.status()).toBe(200);
  expect(avatar.headers()['content-type']).toMatch(/^image\//);

  // Account Information: a field error from the server, then a saved change.
  await main.getByLabel('Phone Number').fill('12345');
  await main.getByRole('button', { name: 'Apply Changes' }).click();
  await expect(main.getByLabel('Phone Number')).toHaveAttribute('aria-invalid', 'true');
  await expect(main.getByLabel('Phone Number')).toHaveAccessibleDescription(/Nigerian phone/);
  await main.getByLabel('Phone Number').fill('0905 555 0101');
  await main.getByLabel('First Name').fill('Adaeze');
  await main.getByLabel('State').selectOption('Kano');
  await main.getByLabel('LGA').selectOption('Kano Municipal');
  await main.getByRole('button', { name: 'Apply Changes' }).click();
  await expect(toast(page, 'Profile updated')).toBeVisible();
  await expect(userMenuToggle(page, `Adaeze ${member.lastName}`)).toBeVisible();
  await expect(main.getByLabel('LGA')).toHaveValue('Kano Municipal');

  // Change Password: the old one must be right.
  await main.getByLabel('Old Password').fill('Wrong-password1');
  await main.getByLabel('New Password').fill('Rainyseason2026y');
  await main.getByRole('button', { name: 'Change password' }).click();
  await expect(main.getByLabel('Old Password')).toHaveAttribute('aria-invalid', 'true');
  await main.getByLabel('Old Password').fill(member.password);
  await main.getByLabel('New Password').fill('Rainyseason2026y');
  await main.getByRole('button', { name: 'Change password' }).click();
  await expect(toast(page, 'Your password has been changed')).toBeVisible();

  // The Campaign tab of the side menu.
  await page
    .getByRole('navigation', { name: 'Account sections' })
    .getByRole('link', { name: 'Campaign' })
    .click();
  await expect(page.getByText('No Campaign Yet')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // On a phone: avatar and name link to /account, and the sign-out icon button.
  await page.setViewportSize({ width: 390, height: 844 });
  await header.getByText('Menu', { exact: true }).click();
  const mobileAccount = header.getByRole('link', { name: `Adaeze ${member.lastName}` });
  await expect(mobileAccount).toHaveAttribute('href', '/account');
  await expectNoSeriousA11yViolations(page);
  await header.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(header.getByText('Menu', { exact: true })).toBeVisible();

  // The new password works.
  await fillLogin(page, member.email, 'Rainyseason2026y');
  await expect(page).toHaveURL(/\/$/);
});

test('visitors are sent from /account and /personalize to log in, and only to local pages', async ({
  page,
}) => {
  const redirectField = page.locator('input[name="redirectTo"]');
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount$/);
  await expect(redirectField).toHaveValue('/account');
  await page.goto('/personalize');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fpersonalize$/);
  await expect(redirectField).toHaveValue('/personalize');
  await page.goto('/login?redirectTo=//evil.example/steal');
  await expect(redirectField).toHaveValue('/');
  await page.goto('/login?redirectTo=https://evil.example/');
  await expect(redirectField).toHaveValue('/');
});

test('the terms checkbox is required by the browser and by the server', async ({
  page,
  baseURL,
}) => {
  await page.goto('/signup');
  const terms = page.getByRole('checkbox', { name: /terms and conditions/ });
  await expect(terms).toHaveAttribute('required');
  const csrf = await page.locator('main input[name="csrf"]').inputValue();
  const member = newMember('terms');
  // A request that skips the browser's check still needs the box ticked.
  const response = await page.request.post('/signup', {
    headers: { Origin: baseURL ?? 'http://127.0.0.1:3107' },
    form: {
      csrf,
      firstName: member.firstName,
      lastName: member.lastName,
      phone: member.phone,
      email: member.email,
      password: member.password,
    },
  });
  expect(response.status()).toBe(400);
  expect(await response.text()).toContain('Please accept the terms and conditions');
});

test('the code pages ask for the email address when they do not know it', async ({ page }) => {
  await page.goto('/verify');
  const main = page.getByRole('main');
  await expect(main.getByLabel('Email')).toBeVisible();
  await expect(codeBoxes(page)).toHaveCount(6);
  await expect(page.getByRole('button', { name: /Resend code/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await page.goto('/verify-password');
  for (const label of ['Email', 'Code', 'New password', 'Confirm password']) {
    await expect(main.getByLabel(label, { exact: true })).toBeVisible();
  }
  await expect(main.getByLabel('New password', { exact: true })).toHaveAccessibleDescription(
    passwordRules.hint,
  );
  await expectNoSeriousA11yViolations(page);
});

test('signing up with an address that has an account answers like any sign-up and tells its owner', async ({
  page,
}) => {
  // An account made without any sign-up code, so no send limit is running for its address.
  const existing = createAdmin('signup-taken');
  await page.goto('/signup');
  await fillSignUp(page, { ...newMember('taken'), email: existing.email });
  await expect(page).toHaveURL(/\/verify$/);
  await expect(toast(page, `We sent a 6-character code to ${existing.email}`)).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByText(/Already have an account with this email\?/)).toBeVisible();
  await expect(main.getByRole('link', { name: 'reset your password' })).toHaveAttribute(
    'href',
    '/reset-password',
  );
  await expectNoSeriousA11yViolations(page);
  // The owner gets a notice with the login and reset links instead of a code.
  await expect
    .poll(async () => {
      const response = await page.request.get(
        `/dev/outbox.json?to=${encodeURIComponent(existing.email)}`,
      );
      const messages = (await response.json()) as { subject: string; text: string }[];
      return messages.map((message) => `${message.subject}\n${message.text}`).join('\n');
    })
    .toMatch(/Someone tried to create[\s\S]*\/reset-password/);
});
