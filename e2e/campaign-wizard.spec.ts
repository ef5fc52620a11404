import { errorTexts } from '@ipatient/contracts/errors';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/accounts.ts';
import { createMember } from './support/campaign-api.ts';
import {
  acceptAndSubmit,
  agreeForThem,
  expectCurrentStep,
  fillLongForm,
  openReview,
  seedReviewDraft,
  stepList,
  wizardPath,
} from './support/campaign-wizard.ts';
import { coverPng, logInFromRedirect, oversizedPng } from './support/campaigns.ts';
import { pdfFile } from './support/documents.ts';
import { giveConsent } from './support/site.ts';

test.beforeEach(async ({ context, baseURL }) => {
  await giveConsent(context, baseURL);
});

const hospital = 'Lagos University Teaching Hospital';
const privacy =
  'Only you and the iPatient team can open these documents. They are never shown on the campaign page.';
const story =
  'Tolu is four and was born with a hole in her heart. The surgeons at LUTH can close it in one operation; this pays for the surgery and two weeks in hospital.';

test('a visitor who opens the wizard is sent to log in', async ({ page }) => {
  await page.goto(wizardPath);
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcrowdfunding%2Fcreate$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome Back');
});

/** Step 4: the bill and the medical report, uploaded at once; then Next. */
async function addDocuments(page: Page) {
  const main = page.getByRole('main');
  await main.getByLabel('Hospital bill or estimate').setInputFiles(pdfFile('bill.pdf'));
  await expect(main.getByRole('button', { name: 'Remove bill.pdf' })).toBeVisible();
  await main.getByLabel('Medical report').setInputFiles(pdfFile('report.pdf'));
  await expect(main.getByRole('button', { name: 'Remove report.pdf' })).toBeVisible();
  await main.getByRole('button', { name: 'Next' }).click();
}

test('a member goes through the six steps, keeps the draft over a reload and submits', async ({
  page,
  request,
}) => {
  test.slow();
  const member = await createMember(request, 'wizard');
  const organiser = `${member.firstName} ${member.lastName}`;
  const title = `Help Tolu get heart surgery ${Date.now()}`;

  await page.goto(wizardPath);
  await logInFromRedirect(page, member, wizardPath);
  // Wait for React: the steps become buttons once the wizard runs.
  await page.waitForLoadState('networkidle');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('Start a Campaign');
  await expectCurrentStep(page, 'Campaign details');
  await expect(stepList(page).getByRole('listitem')).toHaveCount(6);
  const prev = main.getByRole('button', { name: 'Prev' });
  const next = main.getByRole('button', { name: 'Next' });
  await expect(prev).toBeDisabled();
  await expectNoSeriousA11yViolations(page);

  // Step 1: Next on an empty step shows what is missing and focuses the first field.
  await next.click();
  const titleField = main.getByLabel('Campaign title');
  await expect(titleField).toHaveAttribute('aria-invalid', 'true');
  await expect(titleField).toBeFocused();
  await expect(titleField).toHaveAccessibleDescription(/Title is required/);
  await expect(main.getByText('Title is required')).toBeVisible();
  await expect(main.getByLabel('Story', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expectCurrentStep(page, 'Campaign details');
  // The step list cannot jump past a step that is not filled in.
  await stepList(page).getByRole('button', { name: 'Review and Submit' }).click();
  await expectCurrentStep(page, 'Campaign details');

  await titleField.fill(title);
  await expect(titleField).not.toHaveAttribute('aria-invalid');
  await main.getByLabel('Category').selectOption('Emergency Treatment/Surgery');
  const state = main.getByLabel('State');
  const lga = main.getByLabel('LGA');
  await expect(lga).toBeDisabled();
  await state.selectOption('Oyo');
  await lga.selectOption('Ibadan North');
  await state.selectOption('Lagos');
  await expect(lga).toHaveValue('');
  await expect(lga.getByRole('option', { name: 'Ibadan North' })).toHaveCount(0);
  await lga.selectOption('Ikeja');
  await main.getByLabel('Address').fill('12 Allen Avenue');
  await main.getByLabel('Hospital treating the patient').fill(hospital);
  await main.getByLabel('Story', { exact: true }).fill(story);
  await next.click();

  // Step 2: the cover photo.
  await expectCurrentStep(page, 'Cover photo');
  await expect(main.getByRole('heading', { name: 'Add a cover photo' })).toBeFocused();
  await expect(prev).toBeEnabled();
  await expect(main.getByText('PNG or JPEG, not more than 850 KB')).toBeVisible();
  await next.click();
  await expect(main.getByText('Add a cover photo for your campaign (PNG or JPEG).')).toBeVisible();
  const coverInput = main.getByLabel('Cover photo', { exact: true });
  await coverInput.setInputFiles({ name: 'tolu.png', mimeType: 'image/png', buffer: coverPng() });
  const preview = main.getByRole('img', { name: 'Preview of your cover' });
  await expect(preview).toBeVisible();
  // Over 850 KB: the product's message, and the image is cleared.
  await coverInput.setInputFiles({
    name: 'too-big.png',
    mimeType: 'image/png',
    buffer: oversizedPng(),
  });
  await expect(main.getByRole('alert').filter({ hasText: errorTexts.imageTooLarge })).toBeVisible();
  await expect(preview).toHaveCount(0);
  await expect(coverInput).toHaveJSProperty('value', '');
  await coverInput.setInputFiles({ name: 'tolu.png', mimeType: 'image/png', buffer: coverPng() });
  await expect(preview).toBeVisible();
  await expect(main.getByText(errorTexts.imageTooLarge)).toHaveCount(0);
  await next.click();

  // Step 3: beneficiary and the bank account, whose name comes from the bank.
  await expectCurrentStep(page, 'Who you are campaigning for');
  await main.getByRole('radio', { name: 'Someone else' }).check();
  await main.getByLabel("Beneficiary's name").fill('Baby Tolu');
  // A campaign for someone else asks who agreed to it.
  await agreeForThem(page, 'Bisi Adebayo', 'guardian');
  await main.getByLabel('Bank', { exact: true }).selectOption({ label: 'Access Bank' });
  const accountNumber = main.getByLabel('Account number');
  await accountNumber.fill('0000000000');
  await main.getByRole('button', { name: 'Verify account' }).click();
  await expect(accountNumber).toHaveAccessibleDescription(/could not find this account/);
  await accountNumber.fill('0123456789');
  await next.click();
  await expect(accountNumber).toHaveAccessibleDescription(/Verify account/);
  await expect(accountNumber).toBeFocused();
  await main.getByRole('button', { name: 'Verify account' }).click();
  const accountName = main.getByLabel('Account name');
  await expect(accountName).toHaveAttribute('readonly');
  await expect(accountName).not.toHaveValue('');
  await expect(main.getByText('Sandbox', { exact: true })).toBeVisible();
  const resolvedName = await accountName.inputValue();

  // A reload keeps everything, on the same step.
  await page.reload({ waitUntil: 'networkidle' });
  await expectCurrentStep(page, 'Who you are campaigning for');
  await expect(main.getByLabel("Beneficiary's name")).toHaveValue('Baby Tolu');
  await expect(main.getByRole('radio', { name: 'Someone else' })).toBeChecked();
  await expect(main.getByLabel('Name of the person who agreed')).toHaveValue('Bisi Adebayo');
  await expect(main.getByRole('radio', { name: /Their parent or guardian/ })).toBeChecked();
  await expect(accountNumber).toHaveValue('0123456789');
  await expect(main.getByLabel('Account name')).toHaveValue(resolvedName);
  await prev.click();
  await prev.click();
  await expectCurrentStep(page, 'Campaign details');
  await expect(titleField).toHaveValue(title);
  await expect(main.getByLabel('State')).toHaveValue('Lagos');
  await expect(main.getByLabel('LGA')).toHaveValue('Ikeja');
  await next.click();
  await expect(preview).toBeVisible();
  await next.click();
  await next.click();

  // Step 4: the documents. Next without them says what is missing; each uploads when chosen.
  await expectCurrentStep(page, 'Medical documents');
  await expect(main.getByText(privacy)).toBeVisible();
  await next.click();
  await expectCurrentStep(page, 'Medical documents');
  const billInput = main.getByLabel('Hospital bill or estimate');
  await expect(billInput).toBeFocused();
  await expect(billInput).toHaveAccessibleDescription(/Add the hospital bill or estimate/);
  await expect(main.getByLabel('Medical report')).toHaveAccessibleDescription(
    /Add the medical report/,
  );
  // Another type is refused in the browser, with the reason.
  await billInput.setInputFiles({
    name: 'bill.docx',
    mimeType: 'application/msword',
    buffer: Buffer.from('x'),
  });
  await expect(
    main.getByText('bill.docx is not a PDF, JPEG or PNG', { exact: false }),
  ).toBeVisible();
  await billInput.setInputFiles(pdfFile('bill.pdf'));
  await expect(main.getByRole('button', { name: 'Remove bill.pdf' })).toBeVisible();
  await main.getByLabel('Medical report').setInputFiles(pdfFile('report.pdf'));
  await expect(main.getByRole('button', { name: 'Remove report.pdf' })).toBeVisible();
  // The ids are in the draft: a reload keeps the uploaded documents.
  await page.reload({ waitUntil: 'networkidle' });
  await expectCurrentStep(page, 'Medical documents');
  await expect(main.getByRole('button', { name: 'Remove report.pdf' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await next.click();

  // Step 5: the goal in naira and the duration.
  await expectCurrentStep(page, 'How much to raise');
  const goal = main.getByLabel('Goal amount in naira (₦)');
  await goal.fill('150.50');
  await next.click();
  await expect(goal).toHaveAccessibleDescription(/whole number of naira/);
  await goal.fill('150000');
  await expect(main.getByText('Your goal: ₦150,000')).toBeVisible();
  await main.getByLabel('Campaign duration').selectOption('3 months');
  await next.click();

  // Step 6: the review, as the campaign will look.
  await expectCurrentStep(page, 'Review and Submit');
  const review = main.getByRole('article');
  await expect(review.getByRole('heading', { name: title })).toBeVisible();
  await expect(review.getByRole('img', { name: `Cover of ${title}` })).toBeVisible();
  await expect(review).toContainText(
    `${organiser} is organising a fundraiser on behalf of Baby Tolu`,
  );
  await expect(review).toContainText('Ikeja, Lagos');
  await expect(review.getByRole('progressbar', { name: 'Amount raised' })).toHaveAttribute(
    'aria-valuetext',
    '₦0 raised of ₦150,000',
  );
  await expect(review).toContainText('₦0 raised of ₦150,000');
  await expect(review).toContainText(story);
  await expect(review).toContainText(hospital);
  await expect(review).toContainText('Hospital bill or estimate: bill.pdf');

  // Edit buttons go to the step that holds those fields; the list brings the organiser back.
  await main.getByRole('button', { name: 'Edit cover photo' }).click();
  await expectCurrentStep(page, 'Cover photo');
  await stepList(page).getByRole('button', { name: 'Review and Submit' }).click();
  await expectCurrentStep(page, 'Review and Submit');
  await main.getByRole('button', { name: 'Edit beneficiary' }).click();
  await expectCurrentStep(page, 'Who you are campaigning for');
  await stepList(page).getByRole('button', { name: 'Review and Submit' }).click();

  const submit = main.getByRole('button', { name: 'Submit', exact: true });
  await expect(submit).toBeDisabled();
  const terms = main.getByRole('checkbox', { name: 'I accept the terms and conditions' });
  await expect(main.getByRole('link', { name: 'terms and conditions' })).toHaveAttribute(
    'href',
    '/terms',
  );
  await expectNoSeriousA11yViolations(page);
  await terms.check();
  await expect(submit).toBeEnabled();
  await submit.click();

  // Submitted: the toast (2 s), the dialog, and the draft is gone.
  await expect(
    page.getByRole('status').filter({ hasText: errorTexts.campaignSubmitted }),
  ).toBeVisible();
  const dialog = page.getByRole('dialog', { name: 'Congratulations!!' });
  await expect(dialog).toBeVisible();
  // The page behind the dialog shows the submitted panel, not the footer.
  await expect(page.locator('#campaign-submitted-panel')).toBeInViewport();
  await expect(dialog).toContainText(
    'Your campaign has been submitted and pending approval. Check your profile for updates.',
  );
  const drafts = await page.evaluate(() =>
    Object.keys(window.localStorage).filter((key) => key.startsWith('campaignDraft:')),
  );
  expect(drafts).toEqual([]);
  await expectNoSeriousA11yViolations(page);

  // The campaign is waiting for review (the organiser's list), with the bank's name on the
  // account (the whole campaign, as its organiser reads it).
  const mine = await page.request.get('/api/v1/my-crowdfundings');
  expect(mine.status()).toBe(200);
  const { results } = (await mine.json()) as { results: { _id: string; status: string }[] };
  expect(results).toHaveLength(1);
  expect(results[0]?.status).toBe('awaiting_review');
  const whole = await page.request.get(`/api/v1/single-crowedfunding/${results[0]?._id}`);
  expect(whole.status()).toBe(200);
  const { result } = (await whole.json()) as {
    result: {
      title: string;
      status: string;
      accountName: string;
      amountNeeded: number;
      firstName: string | null;
      lastName: string | null;
      fundraisingFor: string;
      duration: string;
      category: string;
      lga: string;
      state: string;
      image: string | null;
    };
  };
  expect(result).toMatchObject({
    title,
    status: 'awaiting_review',
    accountName: resolvedName,
    amountNeeded: 150000,
    // Asked once: the first and last names the API keeps come from the beneficiary's name.
    firstName: 'Baby',
    lastName: 'Tolu',
    fundraisingFor: 'Baby Tolu',
    duration: '3 months',
    category: 'Emergency Treatment/Surgery',
    state: 'Lagos',
    lga: 'Ikeja',
  });
  expect(result.image).toBeTruthy();

  await dialog.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/crowdfunding$/);
});

test('a submission the server refuses is shown on the step that holds the field', async ({
  page,
  request,
}) => {
  test.slow();
  const member = await createMember(request, 'wizard-refused');
  // A draft whose account was "verified" for a number the bank does not know (0000000000):
  // only the server can find that out when the campaign is submitted.
  await seedReviewDraft(page, request, member, {
    title: 'Dialysis for Mama Ngozi',
    story,
    firstName: 'Ngozi',
    lastName: 'Eze',
    fundraisingFor: 'Mama Ngozi',
    accountName: 'NGOZI EZE',
    accountNumber: '0000000000',
    amountNeeded: '250000',
    facilityName: 'Parklane Hospital',
    coverName: 'ngozi.png',
  });
  await openReview(page);
  const main = page.getByRole('main');
  await expect(main.getByRole('article')).toContainText(
    'is organising a fundraiser on behalf of Mama Ngozi',
  );
  await acceptAndSubmit(page);

  await expect(
    page.getByRole('alert').filter({ hasText: errorTexts.campaignSubmitFailed }),
  ).toBeVisible();
  await expectCurrentStep(page, 'Who you are campaigning for');
  const accountNumber = main.getByLabel('Account number');
  await expect(accountNumber).toHaveAttribute('aria-invalid', 'true');
  await expect(accountNumber).toHaveAccessibleDescription(/could not find this account/);
  await expect(accountNumber).toBeFocused();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

/** Step 1 filled with valid details, then Next. */
async function fillDetails(page: Page, title: string) {
  const main = page.getByRole('main');
  await main.getByLabel('Campaign title').fill(title);
  await main.getByLabel('Category').selectOption('Hospital Bill Support');
  await main.getByLabel('State').selectOption('Lagos');
  await main.getByLabel('LGA').selectOption('Ikeja');
  await main.getByLabel('Address').fill('12 Allen Avenue');
  await main.getByLabel('Hospital treating the patient').fill(hospital);
  await main.getByLabel('Story', { exact: true }).fill(story);
  await main.getByRole('button', { name: 'Next' }).click();
}

for (const width of [412, 320]) {
  test(`on a ${width} px phone the steps are named and step 3 asks the beneficiary's name once`, async ({
    page,
    request,
  }) => {
    test.slow();
    await page.setViewportSize({ width, height: 800 });
    const member = await createMember(request, `wizard-phone-${width}`);
    await page.goto(wizardPath);
    await logInFromRedirect(page, member, wizardPath);
    await page.waitForLoadState('networkidle');
    const main = page.getByRole('main');
    const currentName = main.getByTestId('current-step-name');
    // The numbers alone do not say where you are: the current step's name is written out.
    await expect(currentName).toBeVisible();
    await expect(currentName).toHaveText('Step 1 of 6: Campaign details');
    // Every step button has its step's name as its accessible name.
    const names = ['Campaign details', 'Cover photo', 'Who you are campaigning for'];
    for (const name of [...names, 'Medical documents', 'How much to raise', 'Review and Submit']) {
      await expect(stepList(page).getByRole('button', { name, exact: true })).toHaveCount(1);
    }
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(width);

    await fillDetails(page, `Surgery for Ada ${Date.now()}`);
    await expect(currentName).toHaveText('Step 2 of 6: Cover photo');
    await main
      .getByLabel('Cover photo', { exact: true })
      .setInputFiles({ name: 'ada.png', mimeType: 'image/png', buffer: coverPng() });
    await main.getByRole('button', { name: 'Next' }).click();
    await expect(currentName).toHaveText('Step 3 of 6: Who you are campaigning for');

    // One name field; "Yourself" fills it with the organiser's own name.
    const step3 = main.getByRole('region', { name: 'Who are you campaigning for?' });
    await expect(step3.getByRole('textbox', { name: /name/i })).toHaveCount(1);
    await expect(step3.getByLabel(/first name|last name/i)).toHaveCount(0);
    const beneficiary = step3.getByLabel("Beneficiary's name");
    await step3.getByRole('radio', { name: 'Yourself' }).check();
    await expect(beneficiary).toHaveValue(`${member.firstName} ${member.lastName}`);
    await expectNoSeriousA11yViolations(page);
  });
}

test('the bank list puts the most used banks first and a search shortens it', async ({
  page,
  request,
}) => {
  test.slow();
  const member = await createMember(request, 'wizard-banks');
  await page.goto(wizardPath);
  await logInFromRedirect(page, member, wizardPath);
  await page.waitForLoadState('networkidle');
  await fillDetails(page, `Dialysis for Musa ${Date.now()}`);
  const main = page.getByRole('main');
  await main
    .getByLabel('Cover photo', { exact: true })
    .setInputFiles({ name: 'musa.png', mimeType: 'image/png', buffer: coverPng() });
  await main.getByRole('button', { name: 'Next' }).click();

  const bank = main.getByLabel('Bank', { exact: true });
  const mostUsed = bank.locator('optgroup[label="Most used"] option');
  await expect(mostUsed).toHaveText([
    'Access Bank',
    'Guaranty Trust Bank',
    'Zenith Bank',
    'First Bank of Nigeria',
    'United Bank For Africa',
    'OPay (Paycom)',
    'Moniepoint MFB',
    'PalmPay',
    'Kuda Bank',
  ]);
  const others = await bank.locator('optgroup:not([label="Most used"]) option').allTextContents();
  expect(others.length).toBeGreaterThan(90);
  expect(others).toEqual(
    [...others].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })),
  );

  // Typing filters, by the name people use; Enter goes on to the list, not to the next step.
  const search = main.getByLabel('Find your bank');
  await search.fill('gtbank');
  await expect(search).toHaveAccessibleDescription(/1 bank matches/);
  await expect(bank.locator('option:not([value=""])')).toHaveText(['Guaranty Trust Bank']);
  await search.press('Enter');
  await expect(bank).toBeFocused();
  await expectCurrentStep(page, 'Who you are campaigning for');
  await bank.selectOption({ label: 'Guaranty Trust Bank' });
  await search.fill('zzz');
  await expect(search).toHaveAccessibleDescription(/No bank has that name/);
  // The chosen bank stays chosen while the search hides the others.
  await expect(bank).toHaveValue('058');
  await search.fill('');
  await expect(bank.locator('option:not([value=""])')).toHaveCount(others.length + 9);
  await expectNoSeriousA11yViolations(page);
});

test('a member whose session ends before submitting signs in again and finds everything filled in', async ({
  page,
  request,
}) => {
  test.slow();
  const member = await createMember(request, 'wizard-session');
  const title = `Kidney care for Emeka ${Date.now()}`;
  await page.goto(wizardPath);
  await logInFromRedirect(page, member, wizardPath);
  await page.waitForLoadState('networkidle');
  const main = page.getByRole('main');
  const next = main.getByRole('button', { name: 'Next' });
  await fillDetails(page, title);
  await main
    .getByLabel('Cover photo', { exact: true })
    .setInputFiles({ name: 'emeka.png', mimeType: 'image/png', buffer: coverPng() });
  await next.click();
  await main.getByRole('radio', { name: 'Someone else' }).check();
  await main.getByLabel("Beneficiary's name").fill('Emeka Okafor');
  await agreeForThem(page, 'Emeka Okafor');
  await main.getByLabel('Bank', { exact: true }).selectOption({ label: 'Zenith Bank' });
  await main.getByLabel('Account number').fill('0123456789');
  await main.getByRole('button', { name: 'Verify account' }).click();
  await expect(main.getByLabel('Account name')).not.toHaveValue('');
  await next.click();
  await addDocuments(page);
  await main.getByLabel('Goal amount in naira (₦)').fill('300000');
  await main.getByLabel('Campaign duration').selectOption('2 months');
  await next.click();
  await main.getByRole('checkbox', { name: 'I accept the terms and conditions' }).check();

  // The session ends (signed out elsewhere, cookies cleared) before Submit.
  await page.context().clearCookies();
  await giveConsent(page.context(), page.url());
  await main.getByRole('button', { name: 'Submit', exact: true }).click();
  await logInFromRedirect(page, member, wizardPath);
  await page.waitForLoadState('networkidle');

  // Back on the review, everything as it was typed.
  await expectCurrentStep(page, 'Review and Submit');
  const review = main.getByRole('article');
  await expect(review.getByRole('heading', { name: title })).toBeVisible();
  await expect(review.getByRole('img', { name: `Cover of ${title}` })).toBeVisible();
  await expect(review).toContainText('on behalf of Emeka Okafor');
  await expect(review).toContainText('₦0 raised of ₦300,000');
  await expect(review).toContainText('Zenith Bank 0123456789');
  await acceptAndSubmit(page);
  await expect(page.getByRole('dialog', { name: 'Congratulations!!' })).toBeVisible();
  const mine = await page.request.get('/api/v1/my-crowdfundings');
  const { results } = (await mine.json()) as { results: { title: string; firstName: string }[] };
  expect(results.map((campaign) => campaign.title)).toEqual([title]);
  expect(results[0]?.firstName).toBe('Emeka');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the wizard is one long form that says JavaScript is off and submits everything at once', async ({
    page,
    request,
  }) => {
    test.slow();
    const member = await createMember(request, 'wizard-nojs');
    await page.goto(wizardPath);
    await logInFromRedirect(page, member, wizardPath);
    const main = page.getByRole('main');
    // Nothing is coming: the page says so, and how to get the step-by-step form.
    await expect(main.getByText(/JavaScript is switched off in your browser/)).toBeVisible();
    await expect(main.getByText(/switch JavaScript on and reload the page/)).toBeVisible();
    await expect(main.getByText(/loading/i)).toHaveCount(0);
    await expect(main.getByText(privacy)).toBeVisible();
    // Without JavaScript there is no search box: the plain list, most used banks first.
    await expect(main.getByLabel('Find your bank')).toHaveCount(0);
    const bank = main.getByLabel('Bank', { exact: true });
    await expect(bank.locator('optgroup').first()).toHaveAttribute('label', 'Most used');
    await expect(bank.locator('option:not([value=""])').first()).toHaveText('Access Bank');
    const title = `Medication for Musa ${Date.now()}`;
    // Without JavaScript the LGA list holds every state's LGAs: the server checks the pair.
    await fillLongForm(page, title, 'Ikeja');
    await main.getByRole('button', { name: 'Submit' }).click();

    // Refused: the failure toast, the server's message next to the field, the rest kept.
    await expect(
      page.getByRole('alert').filter({ hasText: errorTexts.campaignSubmitFailed }),
    ).toBeVisible();
    const lga = main.getByLabel('LGA');
    await expect(lga).toHaveAttribute('aria-invalid', 'true');
    await expect(lga).toHaveAccessibleDescription(/local government area of Kano/);
    await expect(main.getByLabel('Campaign title')).toHaveValue(title);
    await expect(main.getByLabel("Beneficiary's name")).toHaveValue('Musa');
    // The documents the refused post uploaded are kept: they are not asked for again.
    await expect(main.getByRole('list', { name: 'Hospital bill or estimate' })).toContainText(
      'musa-bill.pdf',
    );
    await expect(main.getByRole('list', { name: 'Medical report' })).toContainText(
      'musa-report.pdf',
    );

    await lga.selectOption('Kano Municipal');
    await main
      .getByLabel('Cover photo', { exact: true })
      .setInputFiles({ name: 'musa.png', mimeType: 'image/png', buffer: coverPng() });
    await main.getByRole('checkbox', { name: 'I accept the terms and conditions' }).check();
    await main.getByRole('button', { name: 'Submit' }).click();

    await expect(main.getByRole('heading', { name: 'Congratulations!!' })).toBeVisible();
    await expect(main).toContainText(
      'Your campaign has been submitted and pending approval. Check your profile for updates.',
    );
    await expect(
      page.getByRole('status').filter({ hasText: errorTexts.campaignSubmitted }),
    ).toBeVisible();
    await expect(main.getByRole('link', { name: 'Continue' })).toHaveAttribute(
      'href',
      '/crowdfunding',
    );
  });
});
