import { adminUserTexts } from '@ipatient/contracts/admin';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, fillLogin } from './support/accounts.ts';
import { adminPage, createAdmin } from './support/admin.ts';
import { type ApiMember, createMember, signedInPage } from './support/campaign-api.ts';
import { giveConsent, toast } from './support/site.ts';

/** The row (a card on a phone) of the user with this email on the Users screen. */
function userRow(page: Page, email: string) {
  return page.getByRole('row').filter({ hasText: email });
}

async function openUser(page: Page, email: string) {
  await page.goto(`/admin/users?search=${encodeURIComponent(email)}`);
  const row = userRow(page, email);
  await expect(row).toBeVisible();
  return row;
}

/** Tries to sign in on the login page; stays there when refused. */
async function logIn(page: Page, member: ApiMember) {
  await page.goto('/login');
  await fillLogin(page, member.email, member.password);
}

test('an admin suspends a member: their open session ends, login says why; lifting it lets them back in', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(90_000);
  const member = await createMember(request, 'suspended');
  const name = `${member.firstName} ${member.lastName}`;
  const memberPage = await signedInPage(browser, baseURL, member);
  await memberPage.goto('/account');
  await expect(memberPage).toHaveURL(/\/account/);

  const { page } = await adminPage(browser, baseURL, 'suspends');
  const row = await openUser(page, member.email);
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: `Suspend: ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Suspend ${name}?` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('signed out everywhere at once');
  await expectNoSeriousA11yViolations(page);
  // The same question as a step on the page (what a browser without JavaScript gets).
  await page.goto(
    `/admin/users?${new URLSearchParams({ search: member.email, confirm: `suspend:${member.id}` })}`,
  );
  await expect(page.getByRole('region', { name: `Suspend ${name}?` })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await userRow(page, member.email)
    .getByRole('button', { name: `Suspend: ${name}` })
    .click();
  await dialog
    .getByRole('textbox', { name: 'Reason for the suspension' })
    .fill('Posting payment links to strangers in blog comments');
  await dialog.getByRole('button', { name: `Suspend account: ${name}` }).click();
  await expect(
    toast(page, `${name} is suspended and has been signed out everywhere.`),
  ).toBeVisible();
  const suspendedRow = userRow(page, member.email);
  await expect(suspendedRow.getByText('Suspended', { exact: true })).toBeVisible();
  await expect(suspendedRow).toContainText('Posting payment links to strangers in blog comments');

  // The member's open session is over: the next page asks them to log in.
  await memberPage.goto('/account');
  await expect(memberPage).toHaveURL(/\/login\?redirectTo=%2Faccount/);
  await logIn(memberPage, member);
  await expect(
    memberPage.getByRole('main').getByText(adminUserTexts.suspended).first(),
  ).toBeVisible();
  await expect(memberPage).toHaveURL(/\/login/);

  // The audit log tells it as a sentence, the member's name linked to them.
  await page.goto('/admin/audit?entityType=user');
  const entry = page
    .getByRole('row')
    .filter({ hasText: `suspended the member ${name}: Posting payment links` })
    .first();
  await expect(entry).toBeVisible();
  // The sentence is all that shows: no route, no raw id (those wait under "Details").
  await expect(
    entry.getByText(
      new RegExp(
        `^[A-Z][\\w ]+ suspended the member ${name}: Posting payment links to strangers in blog comments$`,
      ),
    ),
  ).toBeVisible();
  await expect(entry.getByRole('link', { name })).toHaveAttribute(
    'href',
    `/admin/users?${new URLSearchParams({ search: member.email })}`,
  );
  await expectNoSeriousA11yViolations(page);

  // Lifting the suspension lets them sign in again.
  const again = await openUser(page, member.email);
  await again.getByRole('button', { name: `Lift suspension: ${name}` }).click();
  await page
    .getByRole('dialog', { name: 'Lift the suspension?' })
    .getByRole('button', { name: `Yes, lift suspension: ${name}` })
    .click();
  await expect(toast(page, `${name} can sign in again.`)).toBeVisible();
  await expect(userRow(page, member.email).getByText('Active', { exact: true })).toBeVisible();
  await logIn(memberPage, member);
  await expect(memberPage).toHaveURL(/\/$/);
  await memberPage.goto('/account');
  await expect(memberPage).toHaveURL(/\/account/);

  await page.goto('/admin/audit?entityType=user');
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: `lifted the suspension of the member ${name}` })
      .first(),
  ).toBeVisible();
  await page.context().close();
  await memberPage.context().close();
});

test('admins are not offered suspension, for themselves or another admin', async ({
  browser,
  baseURL,
}) => {
  const other = createAdmin('not-suspendable');
  const { page, admin } = await adminPage(browser, baseURL, 'suspender');
  const own = await openUser(page, admin.email);
  await expect(own.getByRole('button', { name: /^Suspend/ })).toHaveCount(0);
  const otherRow = await openUser(page, other.email);
  await expect(otherRow.getByRole('button', { name: /^Suspend/ })).toHaveCount(0);
  await expect(page.getByText('admins cannot be suspended')).toBeVisible();
  await page.context().close();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('suspending asks for the reason on the page, and a refused reason keeps what was typed', async ({
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(90_000);
    const member = await createMember(request, 'suspendednojs');
    const name = `${member.firstName} ${member.lastName}`;
    const admin = createAdmin('suspend-nojs');
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    await giveConsent(context, baseURL);
    const page = await context.newPage();
    await page.goto('/login?redirectTo=%2Fadmin');
    await fillLogin(page, admin.email, admin.password);
    await expect(page).toHaveURL(/\/admin$/);

    const row = await openUser(page, member.email);
    await row.getByRole('button', { name: `Suspend: ${name}` }).click();
    const step = page.getByRole('region', { name: `Suspend ${name}?` });
    await expect(step).toBeVisible();
    const reason = step.getByRole('textbox', { name: 'Reason for the suspension' });
    // Spaces only: the browser lets it through, the server says what is wrong.
    await reason.fill('      ');
    await step.getByRole('button', { name: `Suspend account: ${name}` }).click();
    await expect(page.getByText(/Please give a reason for the suspension/).first()).toBeVisible();
    await expect(userRow(page, member.email).getByText('Active', { exact: true })).toBeVisible();

    const retry = page.getByRole('region', { name: `Suspend ${name}?` });
    await retry
      .getByRole('textbox', { name: 'Reason for the suspension' })
      .fill('Spam in comments');
    await retry.getByRole('button', { name: `Suspend account: ${name}` }).click();
    await expect(userRow(page, member.email).getByText('Suspended', { exact: true })).toBeVisible();
    await context.close();
  });
});
