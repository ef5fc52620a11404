import { errorTexts } from '@ipatient/contracts/errors';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/accounts.ts';
import { adminPage } from './support/admin.ts';
import { approveCampaign, createMember } from './support/campaign-api.ts';
import { agreeForThem, expectCurrentStep, wizardPath } from './support/campaign-wizard.ts';
import { coverPng, logInFromRedirect } from './support/campaigns.ts';
import { pdfFile } from './support/documents.ts';
import { giveConsent } from './support/site.ts';

test.beforeEach(async ({ context, baseURL }) => {
  await giveConsent(context, baseURL);
});

const story =
  'Chika is nine and has been in and out of hospital all year. The doctors at UNTH have a plan that works; this pays for the treatment and the stay.';

test('a campaign for someone else records their agreement, and a hidden diagnosis stays off the public page', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.slow();
  const member = await createMember(request, 'health');
  const diagnosis = `Acute lymphoblastic leukaemia ${Date.now()}`;
  const title = `Treatment for Chika ${Date.now()}`;
  await page.goto(wizardPath);
  await logInFromRedirect(page, member, wizardPath);
  await page.waitForLoadState('networkidle');
  const main = page.getByRole('main');
  const next = main.getByRole('button', { name: 'Next' });

  // Step 1: the details, with the diagnosis kept off the public page.
  await main.getByLabel('Campaign title').fill(title);
  await main.getByLabel('Category').selectOption('Hospital Bill Support');
  await main.getByLabel('State').selectOption('Enugu');
  await main.getByLabel('LGA').selectOption('Enugu North');
  await main.getByLabel('Address').fill('3 Ogui Road');
  await main.getByLabel('Hospital treating the patient').fill('UNTH Enugu');
  await main.getByLabel('Story', { exact: true }).fill(story);
  await main.getByLabel('Diagnosis or medical condition (optional)').fill(diagnosis);
  await main
    .getByRole('checkbox', {
      name: 'Keep the diagnosis off the public page (only our reviewers see it)',
    })
    .check();
  await next.click();
  await main
    .getByLabel('Cover photo', { exact: true })
    .setInputFiles({ name: 'chika.png', mimeType: 'image/png', buffer: coverPng() });
  await next.click();

  // Step 3: for someone else, Next without their agreement names each missing answer.
  await expectCurrentStep(page, 'Who you are campaigning for');
  const agreement = main.getByRole('group', { name: /Their agreement/ });
  await expect(agreement).toBeHidden();
  await main.getByRole('radio', { name: 'Someone else' }).check();
  await expect(agreement).toBeVisible();
  await main.getByLabel("Beneficiary's name").fill('Chika Eze');
  await main.getByLabel('Bank', { exact: true }).selectOption({ label: 'Access Bank' });
  await main.getByLabel('Account number').fill('0123456789');
  await main.getByRole('button', { name: 'Verify account' }).click();
  await expect(main.getByLabel('Account name')).not.toHaveValue('');
  await next.click();
  await expectCurrentStep(page, 'Who you are campaigning for');
  const adult = main.getByRole('radio', { name: 'The person it is for (an adult)' });
  await expect(adult).toBeFocused();
  await expect(main.getByLabel('Name of the person who agreed')).toHaveAccessibleDescription(
    'Give the name of the person who agreed',
  );
  await expectNoSeriousA11yViolations(page);
  await agreeForThem(page, 'Ngozi Eze', 'guardian');
  await next.click();

  await expectCurrentStep(page, 'Medical documents');
  await main.getByLabel('Hospital bill or estimate').setInputFiles(pdfFile('bill.pdf'));
  await expect(main.getByRole('button', { name: 'Remove bill.pdf' })).toBeVisible();
  await main.getByLabel('Medical report').setInputFiles(pdfFile('report.pdf'));
  await expect(main.getByRole('button', { name: 'Remove report.pdf' })).toBeVisible();
  await next.click();
  await main.getByLabel('Goal amount in naira (₦)').fill('450000');
  await main.getByLabel('Campaign duration').selectOption('2 months');
  await next.click();
  await main.getByRole('checkbox', { name: 'I accept the terms and conditions' }).check();
  await main.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(
    page.getByRole('status').filter({ hasText: errorTexts.campaignSubmitted }),
  ).toBeVisible();

  const mine = await page.request.get('/api/v1/my-crowdfundings');
  const { results } = (await mine.json()) as { results: { _id: string }[] };
  const id = results[0]?._id ?? '';
  const own = await page.request.get(`/api/v1/single-crowedfunding/${id}`);
  const { result } = (await own.json()) as {
    result: {
      diagnosis: string;
      diagnosisHidden: boolean;
      beneficiaryConsent: { by: string; name: string; at: string };
    };
  };
  expect(result).toMatchObject({ diagnosis, diagnosisHidden: true });
  expect(result.beneficiaryConsent).toMatchObject({ by: 'guardian', name: 'Ngozi Eze' });
  // The admin's review page shows both, the diagnosis marked hidden.
  const { page: adminView } = await adminPage(browser, baseURL, 'health');
  await adminView.goto(`/admin/campaigns/${id}`);
  const details = adminView.getByRole('region', { name: 'Details' });
  await expect(details).toContainText(`${diagnosis} (hidden: only reviewers see it)`);
  await expect(details).toContainText(
    'Their parent or guardian (for a child, or someone who cannot decide): Ngozi Eze, recorded',
  );
  await expectNoSeriousA11yViolations(adminView);
  await adminView.context().close();
  await approveCampaign(request, id);

  // A visitor: neither the API's answer nor the page says it, and the page is accessible.
  const visitorContext = await browser.newContext();
  await giveConsent(visitorContext, baseURL);
  const visitor = await visitorContext.newPage();
  const json = await visitor.request.get(`/api/v1/single-crowedfunding/${id}`);
  expect(json.status()).toBe(200);
  expect(await json.text()).not.toContain('leukaemia');
  expect(await json.text()).not.toContain('Ngozi');
  const html = await visitor.request.get(`/campaigns/${id}`);
  expect(html.status()).toBe(200);
  expect(await html.text()).not.toContain('leukaemia');
  await visitor.goto(`/campaigns/${id}`);
  await expect(visitor.getByRole('heading', { name: 'The story' })).toBeVisible();
  await expect(visitor.getByTestId('story-text')).toContainText('Chika is nine');
  await expect(visitor.getByText('Condition:')).toHaveCount(0);
  await expectNoSeriousA11yViolations(visitor);
  await visitorContext.close();

  // The organiser sees it on their page, marked as kept off the public page.
  await page.goto(`/campaigns/${id}`);
  await expect(page.getByRole('main').getByText(diagnosis)).toBeVisible();
  await expect(
    page.getByText(/kept off the public page: only you and our reviewers/),
  ).toBeVisible();
});
