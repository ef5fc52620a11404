import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, tinyPng } from './support/accounts.ts';
import { createMember, signedInPage } from './support/campaign-api.ts';

// The account page sends no JavaScript bundle (a slow phone can use it at once); what needs
// script there is a few lines inline: the LGA list follows the state, a photo is checked and
// previewed before it is sent.

test('the account page narrows the LGA list to the chosen state without a script bundle', async ({
  browser,
  baseURL,
  request,
}) => {
  const member = await createMember(request, 'account-static');
  const page = await signedInPage(browser, baseURL, member);
  const scripts: string[] = [];
  page.on('request', (sent) => {
    if (sent.resourceType() === 'script') scripts.push(sent.url());
  });
  await page.goto('/account');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
  expect(scripts, 'the account page loads no script files').toEqual([]);

  const state = main.getByLabel('State');
  const lga = main.getByLabel('LGA');
  await state.selectOption('Lagos');
  await expect(lga).toBeEnabled();
  await expect(lga.getByRole('option', { name: 'Ikeja' })).toHaveCount(1);
  await expect(lga.getByRole('option', { name: 'Kano Municipal' })).toHaveCount(0);
  await lga.selectOption('Ikeja');
  // A new state clears the LGA and offers that state's list.
  await state.selectOption('Kano');
  await expect(lga).toHaveValue('');
  await expect(lga.getByRole('option', { name: 'Kano Municipal' })).toHaveCount(1);
  await expect(lga.getByRole('option', { name: 'Ikeja' })).toHaveCount(0);
  await state.selectOption('');
  await expect(lga).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
});

test('the account page checks and previews a photo before it is sent', async ({
  browser,
  baseURL,
  request,
}) => {
  const member = await createMember(request, 'account-photo');
  const page = await signedInPage(browser, baseURL, member);
  await page.goto('/account');
  const main = page.getByRole('main');
  const photo = main.getByLabel('Profile photo', { exact: true });
  await photo.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('hi'),
  });
  await expect(main.getByText('Choose an image file, such as a PNG or JPEG photo.')).toBeVisible();
  await expect(photo).toHaveAttribute('aria-invalid', 'true');

  await photo.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: tinyPng(64) });
  await expect(main.getByRole('img', { name: 'Preview of your new profile photo' })).toBeVisible();
  await expect(main.getByText('Choose an image file, such as a PNG or JPEG photo.')).toBeHidden();
  await main.getByRole('button', { name: 'Upload photo' }).click();
  await expect(main.getByRole('img', { name: /^Profile photo of / })).toHaveAttribute(
    'src',
    /^\/images\//,
  );
});
