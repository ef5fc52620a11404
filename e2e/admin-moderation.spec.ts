import type { TComplaint } from '@ipatient/contracts/advocacy';
import { complaintCategories } from '@ipatient/contracts/advocacy-rules';
import { lagosToday } from '@ipatient/contracts/evidence';
import type { TFacility, TOwnFacilityReview } from '@ipatient/contracts/facilities';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, tinyPng } from './support/accounts.ts';
import { adminPage } from './support/admin.ts';
import {
  type ApiMember,
  adminToken,
  campaignInput,
  createMember,
  signedInPage,
  submitCampaign,
  uniqueWord,
} from './support/campaign-api.ts';
import { giveConsent, toast } from './support/site.ts';

test.beforeEach(async ({ context, baseURL }) => {
  await giveConsent(context, baseURL);
});

const api = '/api/v1';
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

interface AuditEntry {
  action: string;
  entityType: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
}

/** The audit log's entries about one record (newest first), read as an admin. */
async function auditOf(request: APIRequestContext, entityId: string): Promise<AuditEntry[]> {
  const token = await adminToken(request);
  const response = await request.get(`${api}/admin/audit?entityId=${entityId}`, {
    headers: bearer(token),
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { results: AuditEntry[] }).results;
}

async function expectAudited(request: APIRequestContext, entityId: string, action: string) {
  await expect
    .poll(async () => (await auditOf(request, entityId)).map((entry) => entry.action), {
      message: `an audit entry ${action} for ${entityId}`,
    })
    .toContain(action);
}

async function expectToast(page: Page, text: string | RegExp) {
  await expect(toast(page, text)).toBeVisible();
}

/** The approval checklist, every item filled in. */
async function fillChecklist(page: Page) {
  const checklist = page.getByRole('group', { name: 'Checklist before approving' });
  await checklist
    .getByRole('checkbox', { name: 'The bill and the medical report name the beneficiary' })
    .check();
  await checklist.getByRole('radio', { name: 'Phone call' }).check();
  await checklist
    .getByLabel('Who at the hospital confirmed it (name and role)')
    .fill('Mrs Bello, billing officer');
  await checklist.getByLabel('When it was confirmed').fill(lagosToday());
  await checklist.getByRole('radio', { name: 'The beneficiary' }).check();
}

test('an admin approves one campaign and rejects another with a reason', async ({
  browser,
  baseURL,
  request,
}) => {
  const organiser = await createMember(request, 'modcamp');
  const approvedWord = uniqueWord('Ap');
  const rejectedWord = uniqueWord('Rj');
  const toApprove = await submitCampaign(request, organiser, campaignInput(approvedWord));
  const other = await createMember(request, 'modcamp2');
  const toReject = await submitCampaign(request, other, campaignInput(rejectedWord));
  const { page } = await adminPage(browser, baseURL, 'campaigns');

  // The queue: awaiting review by default, searchable.
  await page.goto(`/admin/campaigns?search=${approvedWord}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Campaigns');
  await expect(page).toHaveTitle(/Campaigns · Admin/);
  await expect(page.getByRole('link', { name: 'Awaiting review' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByRole('heading', { name: 'Weekly winners' })).toBeVisible();
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(2);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: toApprove.title }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/campaigns/${toApprove._id}$`));

  // The whole campaign, bank account and organiser's email included.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(toApprove.title);
  const details = page.getByRole('region', { name: 'Details' });
  await expect(details).toContainText(toApprove.accountName);
  await expect(details).toContainText(toApprove.bank);
  await expect(details).toContainText('0123456789');
  await expect(details).toContainText(organiser.email);
  await expect(page.getByRole('img', { name: new RegExp(toApprove.title) })).toBeVisible();
  // The evidence beside it: the private documents as signed downloads, the hospital, the
  // account's name compared with the people in the campaign.
  const evidence = page.getByRole('region', { name: 'Evidence of need' });
  const billLink = evidence.getByRole('link', { name: 'Hospital bill or estimate: bill.pdf' });
  await expect(billLink).toHaveAttribute('download', 'bill.pdf');
  await expect(billLink).toHaveAttribute('href', /signature=/);
  await expect(
    evidence.getByRole('link', { name: 'Medical report: medical_report.pdf' }),
  ).toBeVisible();
  await expect(evidence).toContainText('Lagos University Teaching Hospital');
  await expect(evidence).toContainText('Account name check');
  const download = await request.get(`${baseURL}${await billLink.getAttribute('href')}`);
  expect(download.status()).toBe(200);
  expect((await download.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await expectNoSeriousA11yViolations(page);

  // Approving needs the checklist: each missing item is named beside it.
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Complete the checklist' })).toBeVisible();
  await expect(page.getByText('Confirm that the documents name the beneficiary')).toBeVisible();
  await expect(page.getByLabel('Who at the hospital confirmed it (name and role)')).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(page.getByText('Status: Awaiting review')).toBeVisible();
  await fillChecklist(page);
  await page.getByRole('button', { name: 'Approve' }).click();
  await expectToast(page, 'The campaign is live and the organiser has been told.');
  await expect(page.getByText('Status: Active')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark completed' })).toBeVisible();

  // It is live on /campaigns, and its page says what was verified (never the documents).
  await page.goto(`/campaigns?search=${approvedWord}`);
  await expect(page.getByRole('heading', { name: toApprove.fundraisingFor }).first()).toBeVisible();
  await page.goto(`/campaigns/${toApprove._id}`);
  const verified = page.getByRole('region', { name: /Verified by the iPatient team on/ });
  await expect(verified).toContainText(
    'Hospital bill and medical report checked and naming the patient',
  );
  await expect(verified).toContainText(
    'Bill confirmed with Lagos University Teaching Hospital by phone call on',
  );
  await expect(verified).toContainText('Bank account name checked (it belongs to the beneficiary)');
  await expect(page.getByRole('main').getByRole('link', { name: /bill\.pdf/ })).toHaveCount(0);

  // The other one is rejected with a reason, asked for in a dialog.
  await page.goto(`/admin/campaigns/${toReject._id}`);
  await page.getByRole('button', { name: 'Reject', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Reject this campaign?' });
  await expect(dialog).toBeVisible();
  const reason = `The bank account does not match the beneficiary ${rejectedWord}.`;
  await dialog.getByLabel('Reason for rejecting').fill(reason);
  await dialog.getByRole('button', { name: 'Reject campaign' }).click();
  await expectToast(page, 'The campaign was rejected and the organiser has been told why.');
  await expect(page.getByText('Status: Rejected')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Details' })).toContainText(reason);

  const token = await adminToken(request);
  const rejected = await request.get(`${api}/single-crowedfunding/${toReject._id}`, {
    headers: bearer(token),
  });
  expect((await rejected.json()).result).toMatchObject({
    status: 'rejected',
    rejectionReason: reason,
  });

  await expectAudited(request, toApprove._id, 'PUT /api/v1/admin/crowdfunding/{id}/status');
  await expectAudited(request, toReject._id, 'PUT /api/v1/admin/crowdfunding/{id}/status');
  const [entry] = await auditOf(request, toReject._id);
  expect(entry?.before).toMatchObject({ status: 'awaiting_review' });
});

test('an admin who approves a campaign changed since they opened it is shown the new version', async ({
  browser,
  baseURL,
  request,
}) => {
  const organiser = await createMember(request, 'modstale');
  const campaign = await submitCampaign(request, organiser, campaignInput(uniqueWord('St')));
  const { page } = await adminPage(browser, baseURL, 'campaigns');
  await page.goto(`/admin/campaigns/${campaign._id}`);
  const details = page.getByRole('region', { name: 'Details' });
  await expect(details).toContainText('0123456789');
  await fillChecklist(page);

  // While the admin reads, the organiser moves the money to another account.
  const edited = await request.put(`${api}/update-crowedFunding/${campaign._id}`, {
    headers: bearer(organiser.token),
    data: { bankCode: '044', accountNumber: '0987654321' },
  });
  expect(edited.status(), await edited.text()).toBe(200);

  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(
    page.getByRole('alert').filter({
      hasText: 'This campaign changed after you opened it. Please review the latest version.',
    }),
  ).toBeVisible();
  await expect(page.getByText('Status: Awaiting review')).toBeVisible();
  await expect(details).toContainText('0987654321');
  await expectNoSeriousA11yViolations(page);

  // What the page shows now is what gets approved.
  await page.getByRole('button', { name: 'Approve' }).click();
  await expectToast(page, 'The campaign is live and the organiser has been told.');
  await expect(page.getByText('Status: Active')).toBeVisible();
  const token = await adminToken(request);
  const live = await request.get(`${api}/single-crowedfunding/${campaign._id}`, {
    headers: bearer(token),
  });
  expect((await live.json()).result).toMatchObject({
    status: 'active',
    accountNumber: '0987654321',
  });
});

async function createComplaint(request: APIRequestContext, member: ApiMember, word: string) {
  const response = await request.post(`${api}/create-advocacy`, {
    headers: bearer(member.token),
    data: {
      hospitalName: `General Hospital ${word}`,
      hospitalAddress: '1 Hospital Road, Ikeja, Lagos',
      category: complaintCategories[1],
      complaints: `I was billed twice for the same scan at ${word} and nobody would explain why.`,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { result: TComplaint }).result;
}

test('an admin acknowledges a complaint with a note and the patient sees it', async ({
  browser,
  baseURL,
  request,
}) => {
  const patient = await createMember(request, 'modcomplaint');
  const word = uniqueWord('Cm');
  const complaint = await createComplaint(request, patient, word);
  const { page } = await adminPage(browser, baseURL, 'complaints');

  await page.goto('/admin/complaints');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Complaints');
  await page.getByLabel('Reference or hospital').fill(complaint.reference);
  await page.getByLabel('Status').selectOption('submitted');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/status=submitted/);
  const row = page.getByRole('row', { name: new RegExp(complaint.reference) });
  await expect(row).toContainText(`General Hospital ${word}`);
  await expect(row).toContainText(`${patient.firstName} ${patient.lastName}`);
  await expectNoSeriousA11yViolations(page);
  await row.getByRole('link', { name: complaint.reference }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `Complaint ${complaint.reference}`,
  );
  await expectNoSeriousA11yViolations(page);
  const note = `We have written to the medical director of ${word}.`;
  await page.getByLabel('Note to the patient (optional)').fill(note);
  await page.getByRole('button', { name: 'Move to Acknowledged' }).click();
  await expectToast(page, /./);
  await expect(page.getByRole('button', { name: 'Move to Under review' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Progress', exact: true })).toContainText(note);

  // The patient sees the new status and the note.
  const patientPage = await signedInPage(browser, baseURL, patient);
  await patientPage.goto(`/advocacy/complaints/${complaint._id}`);
  const progress = patientPage.getByRole('region', { name: 'Progress', exact: true });
  await expect(progress).toContainText('Acknowledged');
  await expect(progress).toContainText(note);

  await expectAudited(request, complaint._id, 'PUT /api/v1/update-advocacy-status/{id}');
  const [entry] = await auditOf(request, complaint._id);
  expect(entry?.before).toMatchObject({ status: 'submitted' });
});

test('an admin approves a pending review as a verified visit', async ({
  browser,
  baseURL,
  request,
}) => {
  const facilities = await request.get(`${api}/facilities?limit=50`);
  const [facility] = ((await facilities.json()) as { results: TFacility[] }).results;
  if (!facility) throw new Error('no facilities');
  const reviewer = await createMember(request, 'modreview');
  const word = uniqueWord('Rv');
  const created = await request.post(`${api}/facilities/${facility._id}/reviews`, {
    headers: bearer(reviewer.token),
    data: {
      rating: 4,
      title: `Kind nurses ${word}`,
      content: `The nurses at the ward were patient with us and explained ${word} clearly.`,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const review = ((await created.json()) as { result: TOwnFacilityReview }).result;

  const { page } = await adminPage(browser, baseURL, 'reviews');
  await page.goto('/admin/reviews');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Facility reviews');
  const card = page.getByRole('article', { name: `Kind nurses ${word}` });
  await expect(card).toContainText(facility.name);
  await expect(card).toContainText(`${reviewer.firstName} ${reviewer.lastName}`);
  await expect(card).toContainText(`explained ${word} clearly`);
  await expectNoSeriousA11yViolations(page);
  await card.getByRole('checkbox', { name: /Verified visit/ }).check();
  await card.getByRole('button', { name: /^Approve/ }).click();
  await expectToast(page, 'The review is published and the reviewer has been told.');
  await expect(page.getByRole('article', { name: `Kind nurses ${word}` })).toHaveCount(0);

  await page.goto(`/review/${facility._id}?sort=recent`);
  await expect(page.getByText(`Kind nurses ${word}`)).toBeVisible();

  const stored = await request.get(`${api}/facilities/${facility._id}/reviews?sort=recent`);
  const published = ((await stored.json()) as { results: TOwnFacilityReview[] }).results.find(
    (item) => item._id === review._id,
  );
  expect(published).toMatchObject({ status: 'approved', verified: true });
  await expectAudited(request, review._id, 'PUT /api/v1/admin/facility-reviews/{id}/status');
});

test('an admin creates a facility, finds it on /review, then deletes it', async ({
  browser,
  baseURL,
  request,
}) => {
  const word = uniqueWord('Fc');
  const name = `Harmony ${word} Hospital`;
  const { page } = await adminPage(browser, baseURL, 'facilities');
  await page.goto('/admin/facilities');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Facilities');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'New facility' }).click();
  await expect(page).toHaveURL(/\/admin\/facilities\/new$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('New facility');

  // The server names what is wrong.
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Facility type').fill('Hospital');
  await page.getByLabel('Services').fill('Maternity, Laboratory');
  await page.getByLabel('State').selectOption('Lagos');
  await page.getByLabel('LGA').selectOption('Ikeja');
  await page.getByLabel('Address').fill(`12 ${word} Road`);
  await page.getByLabel('Verified facility').check();
  await page.getByLabel('Photo').setInputFiles({
    name: 'front.png',
    mimeType: 'image/png',
    buffer: tinyPng(320),
  });
  await expect(page.getByRole('img', { name: 'Preview of the chosen file' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Add facility' }).click();
  await expectToast(page, 'Facility added');
  await expect(page).toHaveURL(/\/admin\/facilities\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').at(-1) ?? '';
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Edit ${name}`);
  await expect(page.getByLabel('Verified facility')).toBeChecked();

  // In the public directory, with its photo.
  await page.goto(`/review?search=${word}`);
  await expect(page.getByRole('article', { name })).toBeVisible();
  const stored = await request.get(`${api}/facilities/${id}`);
  expect((await stored.json()).result).toMatchObject({
    name,
    services: ['Maternity', 'Laboratory'],
    state: 'Lagos',
    lga: 'Ikeja',
    verified: true,
  });
  await expectAudited(request, id, 'POST /api/v1/admin/facilities');

  // Deleting asks first.
  await page.goto(`/admin/facilities/${id}`);
  await page.getByRole('button', { name: 'Delete facility' }).click();
  const dialog = page.getByRole('dialog', { name: `Delete ${name}?` });
  await dialog.getByRole('button', { name: 'Yes, delete facility' }).click();
  await expectToast(page, 'Facility deleted');
  await expect(page).toHaveURL(/\/admin\/facilities$/);
  expect((await request.get(`${api}/facilities/${id}`)).status()).toBe(404);
  await expectAudited(request, id, 'DELETE /api/v1/admin/facilities/{id}');
});

test('members get 403 on the moderation screens', async ({ browser, baseURL, request }) => {
  const member = await createMember(request, 'modforbidden');
  const page = await signedInPage(browser, baseURL, member);
  for (const path of [
    '/admin/campaigns',
    '/admin/complaints',
    '/admin/reviews',
    '/admin/facilities',
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
  }
});
