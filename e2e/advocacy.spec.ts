import type { TAdvocacyResource, TComplaint } from '@ipatient/contracts/advocacy';
import { complaintCategories, complaintReferencePattern } from '@ipatient/contracts/advocacy-rules';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, fillLogin } from './support/accounts.ts';
import {
  type ApiMember,
  adminToken,
  createMember,
  signedInPage,
  uniqueWord,
} from './support/campaign-api.ts';
import { giveConsent, toast } from './support/site.ts';

test.beforeEach(async ({ context, baseURL }) => {
  await giveConsent(context, baseURL);
});

const api = '/api/v1';
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A deadline as the pages show it: the day in Lagos time ("Friday 28 November 2025"). */
function lagosDay(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Africa/Lagos',
  })
    .format(new Date(iso))
    .replace(',', '');
}

function complaintInput(word: string) {
  return {
    hospitalName: `General Hospital ${word}`,
    hospitalAddress: '1 Hospital Road, Ikeja, Lagos',
    category: complaintCategories[1],
    complaints: `I was billed twice for the same scan at ${word} and nobody would explain why.`,
  };
}

async function createComplaint(request: APIRequestContext, member: ApiMember, word: string) {
  const response = await request.post(`${api}/create-advocacy`, {
    headers: bearer(member.token),
    data: complaintInput(word),
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { result: TComplaint }).result;
}

async function apiComplaint(request: APIRequestContext, member: ApiMember, id: string) {
  const response = await request.get(`${api}/get-single-advocacy/${id}`, {
    headers: bearer(member.token),
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { result: TComplaint }).result;
}

/** The server's own checks: the browser's are switched off to send an incomplete form. */
async function sendWithoutBrowserChecks(page: Page) {
  await page
    .locator('form[aria-label="Complaint"]')
    .evaluate((form: HTMLFormElement) => form.setAttribute('novalidate', ''));
  await page.getByRole('button', { name: 'Send your complaint' }).click();
}

test('a visitor logs in from the form, sends a complaint and follows it to acknowledgement', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.slow();
  const patient = await createMember(request, 'complainant');
  const word = uniqueWord('Hq');
  const input = complaintInput(word);

  await page.goto('/advocacy');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Patient Advocacy');
  await expect(page.getByRole('heading', { name: 'Details to include' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(
    main.getByRole('link', { name: 'Volunteer as an advocate' }).first(),
  ).toHaveAttribute('href', '/signup');
  await expect(main.getByRole('button', { name: 'Send your complaint' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await main.getByRole('button', { name: 'Log in to submit' }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadvocacy%23complaint-form$/);
  await fillLogin(page, patient.email, patient.password);
  await expect(page).toHaveURL(/\/advocacy#complaint-form$/);
  const send = main.getByRole('button', { name: 'Send your complaint' });
  await expect(send).toBeVisible();

  // Nothing but a hospital name: the server names every other field, and the name stays.
  await main.getByLabel('Hospital name').fill(input.hospitalName);
  await sendWithoutBrowserChecks(page);
  await expect(main.getByLabel('Hospital address')).toHaveAccessibleDescription(
    /Hospital address is required/,
  );
  await expect(main.getByLabel('Your complaint', { exact: true })).toHaveAccessibleDescription(
    /Describe your complaint/,
  );
  await expect(main.getByLabel('Category')).toHaveAccessibleDescription(/Choose one of:/);
  await expect(main.getByLabel('Hospital name')).toHaveValue(input.hospitalName);
  await expect(main.getByRole('alert').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The complaint itself.
  await main.getByLabel('Hospital address').fill(input.hospitalAddress);
  await main.getByLabel('Category').selectOption(input.category);
  await main.getByLabel('Your complaint', { exact: true }).fill(input.complaints);
  await send.click();
  await expect(page).toHaveURL(/\/advocacy\/complaints\/[^/?]+\?submitted=1$/);
  const id = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  const complaint = await apiComplaint(request, patient, id);
  expect(complaint.reference).toMatch(complaintReferencePattern);
  await expect(toast(page, 'Your complaint has been submitted')).toBeVisible();
  const sent = page.getByRole('region', { name: 'Your complaint has been submitted' });
  await expect(sent).toContainText(complaint.reference);
  await expect(sent).toContainText('Quote this reference');
  await expect(sent).toContainText(lagosDay(complaint.acknowledgementDueAt));
  await expect(sent).toContainText('(within 5 working days)');
  await expect(sent).toContainText(lagosDay(complaint.responseDueAt));
  await expect(sent).toContainText('(within 20 working days)');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `Complaint ${complaint.reference}`,
  );
  await expectNoSeriousA11yViolations(page);

  // It is listed in the account's Advocacy tab.
  await sent.getByRole('link', { name: /your account/ }).click();
  await expect(page).toHaveURL(/\/account\?tab=advocacy$/);
  await expect(page.getByRole('heading', { name: 'My complaints' })).toBeVisible();
  const row = page.getByRole('article', { name: input.hospitalName });
  await expect(row).toContainText(complaint.reference);
  await expect(row).toContainText('Submitted');
  await expect(row).toContainText(lagosDay(complaint.acknowledgementDueAt));
  await expect(page.getByRole('heading', { name: 'Ebooks (6)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Videos (9)' })).toBeVisible();
  // No video is out yet: the section says so once, not on each of the nine.
  const videos = page.getByRole('region', { name: 'Videos (9)' });
  await expect(videos.getByText(/coming soon/i)).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);

  // An advocate acknowledges it with a note; the patient sees both.
  const note = `We have written to the medical director of ${word}.`;
  const token = await adminToken(request);
  const moved = await request.put(`${api}/update-advocacy-status/${id}`, {
    headers: bearer(token),
    data: { status: 'acknowledged', note },
  });
  expect(moved.status(), await moved.text()).toBe(200);
  await row.getByRole('link', { name: input.hospitalName }).click();
  await expect(page).toHaveURL(new RegExp(`/advocacy/complaints/${id}$`));
  const progress = page.getByRole('region', { name: 'Progress', exact: true });
  await expect(progress).toContainText('Acknowledged');
  await expect(progress).toContainText(note);
  await expect(page.getByRole('region', { name: 'Your complaint', exact: true })).toContainText(
    'Acknowledged',
  );
  // Acknowledged complaints are no longer edited or withdrawn by the patient.
  await expect(page.getByRole('button', { name: 'Save changes' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Withdraw complaint' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // Someone else's complaint is not found.
  const other = await createMember(request, 'other-complainant');
  const theirs = await createComplaint(request, other, uniqueWord('Hq'));
  const response = await page.goto(`/advocacy/complaints/${theirs._id}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByText(theirs.reference)).toHaveCount(0);

  // Visitors are sent to log in first.
  const visitor = await browser.newContext({ baseURL });
  await giveConsent(visitor, baseURL);
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`/advocacy/complaints/${id}`);
  await expect(visitorPage).toHaveURL(/\/login\?redirectTo=%2Fadvocacy%2Fcomplaints%2F/);
  await visitor.close();
});

test('without JavaScript a complaint is edited, then withdrawn after a confirmation', async ({
  request,
  browser,
  baseURL,
}) => {
  const patient = await createMember(request, 'editor');
  const complaint = await createComplaint(request, patient, uniqueWord('Hq'));
  const page = await signedInPage(browser, baseURL, patient, { javaScriptEnabled: false });
  const path = `/advocacy/complaints/${complaint._id}`;
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `Complaint ${complaint.reference}`,
  );
  const edit = page.getByRole('form', { name: 'Edit complaint' });
  await expect(edit.getByLabel('Hospital name')).toHaveValue(complaint.hospitalName);

  // A complaint of only spaces passes the browser's length check; the server refuses it with
  // its message, and what was typed stays.
  await edit.getByLabel('Hospital name').fill('Reddington Hospital');
  await edit.getByLabel('Your complaint', { exact: true }).fill(' '.repeat(25));
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit.getByLabel('Your complaint', { exact: true })).toHaveAccessibleDescription(
    /Describe your complaint/,
  );
  await expect(edit.getByLabel('Hospital name')).toHaveValue('Reddington Hospital');
  expect((await apiComplaint(request, patient, complaint._id)).hospitalName).toBe(
    complaint.hospitalName,
  );

  await edit
    .getByLabel('Your complaint', { exact: true })
    .fill('The ward nurse refused to give my mother her prescribed insulin for two days.');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.getByRole('region', { name: 'Your complaint', exact: true })).toContainText(
    'Reddington Hospital',
  );
  expect((await apiComplaint(request, patient, complaint._id)).hospitalName).toBe(
    'Reddington Hospital',
  );

  // Withdraw: the first click only asks; Cancel keeps it; the second form deletes it.
  await page.getByRole('button', { name: 'Withdraw complaint' }).click();
  await expect(page).toHaveURL(new RegExp(`${path}\\?withdraw=1$`));
  const confirm = page.getByRole('region', { name: 'Withdraw this complaint?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await page.getByRole('button', { name: 'Withdraw complaint' }).click();
  await page
    .getByRole('region', { name: 'Withdraw this complaint?' })
    .getByRole('button', { name: 'Yes, withdraw complaint' })
    .click();
  await expect(page).toHaveURL(/\/account\?tab=advocacy$/);
  await expect(page.getByText('No complaints yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Send a complaint' })).toHaveAttribute(
    'href',
    '/advocacy#complaint-form',
  );
  const gone = await request.get(`${api}/get-single-advocacy/${complaint._id}`, {
    headers: bearer(patient.token),
  });
  expect(gone.status()).toBe(404);
  await page.context().close();
});

test('with JavaScript, Withdraw complaint asks in a dialog first', async ({
  request,
  browser,
  baseURL,
}) => {
  const patient = await createMember(request, 'withdrawer');
  const complaint = await createComplaint(request, patient, uniqueWord('Hq'));
  const page = await signedInPage(browser, baseURL, patient);
  await page.goto(`/advocacy/complaints/${complaint._id}`);
  await expect(page.getByRole('form', { name: 'Edit complaint' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const opener = page.getByRole('button', { name: 'Withdraw complaint' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Withdraw this complaint?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await opener.click();
  await dialog.getByRole('button', { name: 'Yes, withdraw complaint' }).click();
  await expect(page).toHaveURL(/\/account\?tab=advocacy$/);
  await expect(toast(page, 'Complaint deleted')).toBeVisible();
  await expect(page.getByRole('article', { name: complaint.hospitalName })).toHaveCount(0);
  await page.context().close();
});

test('the guides read as pages of their own; videos are coming soon; unknown guides are 404', async ({
  page,
  request,
}) => {
  const response = await request.get(`${api}/get-advocacy-files`);
  expect(response.status()).toBe(200);
  const resources = ((await response.json()) as { results: TAdvocacyResource[] }).results;
  const ebook = resources.find((resource) => resource.kind === 'ebook' && resource.available);
  if (!ebook) throw new Error('no readable ebook');
  await page.goto(`/advocacy/resources/${ebook._id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ebook.title);
  await expect(page).toHaveTitle(`${ebook.title} | iPatient`);
  expect(await page.locator('article h2').count()).toBeGreaterThan(2);
  await expectNoSeriousA11yViolations(page);

  const missing = await page.goto('/advocacy/resources/no-such-guide');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});
