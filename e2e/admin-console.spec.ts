import { adminUserTexts } from '@ipatient/contracts/admin';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/accounts.ts';
import { adminPage } from './support/admin.ts';
import {
  campaignInput,
  createMember,
  signedInPage,
  submitCampaign,
  uniqueWord,
} from './support/campaign-api.ts';
import { giveConsent, toast } from './support/site.ts';

/** The filter form of an admin list (its fields and Apply button). */
function filters(page: Page) {
  return page.getByRole('form', { name: /^Filter / });
}

/** The table row of the user with this email on the Users screen. */
function userRow(page: Page, email: string) {
  return page.getByRole('row').filter({ hasText: email });
}

test('visitors go to the login page and members are told the console is for administrators', async ({
  page,
  context,
  baseURL,
  browser,
  request,
}) => {
  await giveConsent(context, baseURL);
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Fusers/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin$/);

  const member = await createMember(request, 'admin-refused');
  const memberPage = await signedInPage(browser, baseURL, member);
  for (const path of ['/admin', '/admin/users', '/admin/audit']) {
    const response = await memberPage.goto(path);
    // A refusal, not a crash: 403 with a page that says why and where to go instead.
    expect(response?.status()).toBe(403);
    await expect(
      memberPage.getByRole('heading', { level: 1, name: 'This page is for administrators' }),
    ).toBeVisible();
    await expect(memberPage.getByText('Only administrators can open this page.')).toBeVisible();
    await expect(memberPage.getByText('Something went wrong')).toHaveCount(0);
    await expect(memberPage).toHaveTitle(/For administrators only/);
    await expect(memberPage.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute(
      'href',
      '/',
    );
  }
  await expectNoSeriousA11yViolations(memberPage);
  await memberPage.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(memberPage).toHaveURL(/\/$/);
  await memberPage.context().close();
});

test('the dashboard counts what needs attention and links to each queue', async ({
  browser,
  baseURL,
  request,
}) => {
  // At least one campaign is waiting for review.
  const organiser = await createMember(request, 'admin-dashboard');
  await submitCampaign(request, organiser, campaignInput(uniqueWord('Dq')));

  const { page } = await adminPage(browser, baseURL, 'dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeVisible();
  await expect(page).toHaveTitle(/Admin dashboard/);
  await expect(page.getByText(`Signed in as`)).toBeVisible();
  const campaigns = page.getByRole('region', { name: 'Campaigns awaiting review' });
  const count = Number(await campaigns.getByTestId('campaignsAwaitingReview').textContent());
  expect(count).toBeGreaterThanOrEqual(1);
  for (const name of [
    'Complaints overdue',
    'Complaints due soon',
    'Pending facility reviews',
    'New contact messages',
  ]) {
    await expect(page.getByRole('region', { name })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: /Read new messages/ })).toHaveAttribute(
    'href',
    '/admin/messages?status=new',
  );
  await expectNoSeriousA11yViolations(page);

  await campaigns.getByRole('link', { name: /Review campaigns/ }).click();
  await expect(page).toHaveURL(/\/admin\/campaigns\?status=awaiting_review$/);
  await page.context().close();
});

test('an admin grants and removes the admin role, and both are in the audit log', async ({
  browser,
  baseURL,
  request,
}) => {
  const member = await createMember(request, 'admin-role');
  const { page } = await adminPage(browser, baseURL, 'roles');

  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await filters(page).getByRole('searchbox', { name: 'Search' }).fill(member.email);
  await filters(page).getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/search=/);
  const row = userRow(page, member.email);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Member');
  await expectNoSeriousA11yViolations(page);

  // The admin's own row offers no way to drop their own role.
  await page.goto('/admin/users?role=admin');
  await expect(page.getByText(adminUserTexts.ownAdminRole).first()).toBeVisible();
  await page.goto(`/admin/users?search=${encodeURIComponent(member.email)}`);

  // Grant: one click, a toast, the role changes.
  const name = `${member.firstName} ${member.lastName}`;
  await row.getByRole('button', { name: `Make admin: ${name}` }).click();
  await expect(toast(page, `${name} is now an admin.`)).toBeVisible();
  await expect(row).toContainText('Admin');

  // Remove: the button opens a confirmation dialog first; Cancel changes nothing.
  await row.getByRole('button', { name: `Remove admin: ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove the admin role?' });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Admin');
  await row.getByRole('button', { name: `Remove admin: ${name}` }).click();
  await dialog.getByRole('button', { name: `Yes, remove admin: ${name}` }).click();
  await expect(toast(page, `${name} is no longer an admin.`)).toBeVisible();
  await expect(row).toContainText('Member');
  await expect(row.getByRole('button', { name: `Make admin: ${name}` })).toBeVisible();

  // The advocate flag: set and cleared.
  await row.getByRole('button', { name: `Mark as advocate: ${name}` }).click();
  await expect(toast(page, `${name} is now marked as an advocate.`)).toBeVisible();
  await row.getByRole('button', { name: `Remove advocate flag: ${name}` }).click();
  await expect(toast(page, `${name} is no longer marked as an advocate.`)).toBeVisible();

  // The audit log, filtered to users, tells the grant and the removal as sentences naming them.
  await page.goto(`/admin/audit?entityId=${member.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  await filters(page).getByLabel('Record type').selectOption('user');
  await filters(page).getByRole('searchbox', { name: 'Search' }).fill(name);
  await filters(page).getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/entityType=user/);
  const entries = page.getByRole('row').filter({ hasText: name });
  const roleEntries = entries.filter({ hasText: /the admin role (to|from)/ });
  await expect(roleEntries).toHaveCount(2);
  await expect(entries.filter({ hasText: /advocate/ })).toHaveCount(2);
  // Newest first: the removal, whose snapshots show the role before and after.
  const removal = roleEntries.first();
  await expect(removal).toContainText(`removed the admin role from ${name}`);
  await removal.getByText('Details').click();
  await expect(removal.locator('pre').first()).toContainText('"role": "admin"');
  await expect(removal.locator('pre').last()).toContainText('"role": "member"');
  await expectNoSeriousA11yViolations(page);
  await page.context().close();
});

test('without script, removing the admin role asks on the page first', async ({
  browser,
  baseURL,
  request,
}) => {
  const member = await createMember(request, 'admin-nojs');
  const { page } = await adminPage(browser, baseURL, 'nojs');
  const name = `${member.firstName} ${member.lastName}`;
  const search = `/admin/users?search=${encodeURIComponent(member.email)}`;
  await page.goto(search);
  await userRow(page, member.email)
    .getByRole('button', { name: `Make admin: ${name}` })
    .click();
  await expect(toast(page, `${name} is now an admin.`)).toBeVisible();

  // The confirmation step is part of the page (checked here with script, for axe).
  await page.goto(`${search}&confirm=${encodeURIComponent(`remove-admin:${member.id}`)}`);
  await expect(page.getByRole('region', { name: 'Remove the admin role?' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The same session with script off: the Remove admin button is a GET to ?confirm=...
  const cookies = await page.context().cookies();
  const noScript = await browser.newContext({ baseURL, javaScriptEnabled: false });
  await noScript.addCookies(cookies);
  const plain = await noScript.newPage();
  await plain.goto(search);
  await userRow(plain, member.email)
    .getByRole('button', { name: `Remove admin: ${name}` })
    .click();
  await expect(plain).toHaveURL(/confirm=remove-admin/);
  const step = plain.getByRole('region', { name: 'Remove the admin role?' });
  await expect(step).toBeVisible();
  await step.getByRole('button', { name: `Yes, remove admin: ${name}` }).click();
  await expect(plain).not.toHaveURL(/confirm=/);
  await expect(toast(plain, `${name} is no longer an admin.`)).toBeVisible();
  await expect(userRow(plain, member.email)).toContainText('Member');
  await noScript.close();
  await page.context().close();
});

test('a contact message is read in full and marked handled', async ({
  browser,
  baseURL,
  request,
}) => {
  // One message through the public form's API (5 per hour per address: this spec sends one).
  const word = uniqueWord('Cm');
  const email = `contact-${word.toLowerCase()}@example.com`;
  const sent = await request.post('/api/v1/contact-us', {
    data: {
      firstName: 'Ngozi',
      lastName: word,
      email,
      phone: '0803 123 4567',
      message: `Please call me about ${word}.\nI am free after 4 pm.`,
    },
  });
  expect(sent.status(), await sent.text()).toBe(200);

  const { page } = await adminPage(browser, baseURL, 'messages');
  await page.goto('/admin/messages');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact messages' })).toBeVisible();
  await expect(filters(page).getByLabel('Status')).toHaveValue('new');
  await filters(page).getByRole('searchbox', { name: 'Search' }).fill(word);
  await filters(page).getByRole('button', { name: 'Apply filters' }).click();
  const message = page.getByRole('article', { name: `Ngozi ${word}` });
  await expect(message).toBeVisible();
  await expect(message).toContainText(`Please call me about ${word}.`);
  await expect(message).toContainText('I am free after 4 pm.');
  await expect(message.getByRole('link', { name: email })).toHaveAttribute(
    'href',
    `mailto:${email}`,
  );
  // The API stores phone numbers in international form.
  await expect(message.getByRole('link', { name: '+2348031234567' })).toHaveAttribute(
    'href',
    'tel:+2348031234567',
  );
  await expectNoSeriousA11yViolations(page);

  await message.getByRole('button', { name: /^Mark handled/ }).click();
  await expect(toast(page, 'Message marked handled')).toBeVisible();
  // It left the New list...
  await expect(message).toHaveCount(0);
  await expect(page.getByText('No messages found')).toBeVisible();
  // ...and is in the Handled one, from where it can be made new again.
  await filters(page).getByLabel('Status').selectOption('handled');
  await filters(page).getByRole('button', { name: 'Apply filters' }).click();
  await expect(message).toContainText('Handled');
  await message.getByRole('button', { name: /^Mark as new/ }).click();
  await expect(toast(page, 'Message marked new')).toBeVisible();
  await expect(message).toHaveCount(0);
  await page.context().close();
});

test('webinar registrations are listed and filtered by webinar', async ({
  browser,
  baseURL,
  request,
}) => {
  const word = uniqueWord('Wb');
  const email = `webinar-${word.toLowerCase()}@example.com`;
  const registered = await request.post('/api/v1/webinars/mind-matters/registrations', {
    data: { firstName: 'Tunde', lastName: word, email, phone: '0803 765 4321' },
  });
  expect(registered.status(), await registered.text()).toBeLessThan(300);

  const { page } = await adminPage(browser, baseURL, 'webinars');
  await page.goto('/admin/webinar-registrations');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Webinar registrations' }),
  ).toBeVisible();
  await page
    .getByLabel('Webinar')
    .selectOption({ label: 'Mind Matters: Talking About Mental Health' });
  await filters(page).getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/webinarId=mind-matters/);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText(`Tunde ${word}`);
  await expect(row).toContainText('Mind Matters');
  await expectNoSeriousA11yViolations(page);

  await filters(page).getByLabel('Webinar').selectOption({ label: 'Eating Well on a Budget' });
  await filters(page).getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/webinarId=eating-well-on-a-budget/);
  await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(0);
  await page.context().close();
});
