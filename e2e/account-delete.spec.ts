import { errorTexts } from '@ipatient/contracts/errors';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, fillLogin } from './support/accounts.ts';
import { createLiveCampaign, createMember, signedInPage } from './support/campaign-api.ts';

const api = '/api/v1';

test('a member deletes the account: signed out, cannot sign in again, and the Green-Heart is gone', async ({
  browser,
  baseURL,
  request,
}) => {
  const { campaign } = await createLiveCampaign(request, 'delete-organiser');
  const member = await createMember(request, 'delete-me');
  const liked = await request.put(`${api}/like-crowdfunding/${campaign._id}`, {
    headers: { Authorization: `Bearer ${member.token}` },
  });
  expect(liked.status(), await liked.text()).toBe(200);
  const likesCount = async () =>
    (await (await request.get(`${api}/single-crowedfunding/${campaign._id}`)).json()).result
      .likesCount;
  expect(await likesCount()).toBe(1);

  const page = await signedInPage(browser, baseURL, member);
  await page.goto('/account/delete');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Delete my account' })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'What we keep, and why' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The box must be ticked, and a wrong password is refused with nothing changed.
  await main.getByLabel('Your password').fill(member.password);
  await main.getByRole('button', { name: 'Delete my account' }).click();
  await expect(main.getByText('Please tick the box', { exact: false }).first()).toBeVisible();
  await main.getByLabel('Your password').fill('Not-the-right-one-7');
  await main.getByLabel('I understand this cannot be undone').check();
  await main.getByRole('button', { name: 'Delete my account' }).click();
  await expect(main.getByText('That password is not right.').first()).toBeVisible();
  expect(await likesCount()).toBe(1);

  await main.getByLabel('Your password').fill(member.password);
  await main.getByLabel('I understand this cannot be undone').check();
  await main.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();

  // Signed out: the member pages send the visitor to log in.
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login/);
  await fillLogin(page, member.email, member.password);
  await expect(page.getByRole('main').getByText(errorTexts.signIn).first()).toBeVisible();

  expect(await likesCount()).toBe(0);
  const old = await request.get(`${api}/get-me`, {
    headers: { Authorization: `Bearer ${member.token}` },
  });
  expect(old.status()).toBe(401);
});

test('the deletion page is for members only', async ({ page }) => {
  await page.goto('/account/delete');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount%2Fdelete/);
});
