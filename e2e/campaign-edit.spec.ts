import type { TCampaign } from '@ipatient/contracts/campaigns';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, fillLogin } from './support/accounts.ts';
import {
  type ApiMember,
  adminToken,
  campaignInput,
  createMember,
  submitCampaign,
  uniqueWord,
} from './support/campaign-api.ts';
import { pdfFile } from './support/documents.ts';
import { giveConsent, toast } from './support/site.ts';

test.beforeEach(async ({ context, baseURL }) => {
  await giveConsent(context, baseURL);
});

const reason = 'The story does not say which hospital is treating the patient.';

/** A member with one campaign that an admin has rejected. */
async function rejectedCampaign(
  request: Parameters<typeof createMember>[0],
): Promise<{ organiser: ApiMember; campaign: TCampaign }> {
  const organiser = await createMember(request, 'edit');
  const campaign = await submitCampaign(request, organiser, campaignInput(uniqueWord('Ed')));
  const token = await adminToken(request);
  const response = await request.put(`/api/v1/admin/crowdfunding/${campaign._id}/status`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { status: 'rejected', reason },
  });
  expect(response.status(), await response.text()).toBe(200);
  return { organiser, campaign };
}

async function logIn(page: Page, member: ApiMember) {
  await page.goto('/login');
  await fillLogin(page, member.email, member.password);
  await expect(page).toHaveURL(/\/$/);
}

test('the organiser of a rejected campaign edits its story and sends it back to review', async ({
  page,
  request,
}) => {
  test.slow();
  const { organiser, campaign } = await rejectedCampaign(request);
  const heading = `Save ${campaign.fundraisingFor}`;
  const editPath = `/campaigns/${campaign._id}/edit`;

  await logIn(page, organiser);
  await page.goto('/account?tab=campaign', { waitUntil: 'networkidle' });
  const main = page.getByRole('main');
  const row = main.getByRole('article', { name: heading });
  await expect(row.getByText('Rejected')).toBeVisible();
  await expect(row).toContainText(reason);
  const edit = row.getByRole('link', { name: /^Edit campaign/ });
  await expect(edit).toHaveAttribute('href', editPath);
  await edit.click();

  await expect(page).toHaveURL(new RegExp(`${editPath}$`));
  await page.waitForLoadState('networkidle');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('Edit campaign');
  // The saved campaign fills the wizard; the current cover is kept.
  await expect(main.getByLabel('Campaign title')).toHaveValue(campaign.title);
  const storyField = main.getByLabel('Story', { exact: true });
  await expect(storyField).toHaveValue(campaign.description);
  await expectNoSeriousA11yViolations(page);

  const story = `${campaign.description}\n\nHe is treated at the Lagos University Teaching Hospital, Idi-Araba.`;
  await storyField.fill(story);
  // Another hospital, typed (not in the directory).
  await main.getByLabel('Hospital treating the patient').fill('St Nicholas Hospital Lagos');
  const steps = main.getByRole('list', { name: 'Campaign steps' });
  // The documents already sent are listed; one more is uploaded at once.
  await steps.getByRole('button', { name: 'Medical documents', exact: true }).click();
  await expect(main.getByRole('region', { name: 'Already with your campaign' })).toContainText(
    'bill.pdf',
  );
  await main.getByLabel('Other documents, up to 3').setInputFiles(pdfFile('scan.pdf'));
  await expect(main.getByRole('button', { name: 'Remove scan.pdf' })).toBeVisible();
  await steps.getByRole('button', { name: 'Cover photo', exact: true }).click();
  await expect(main.getByRole('img', { name: 'Your current cover' })).toBeVisible();
  // Every step of a saved campaign is complete: the review can be opened at once. The bank
  // account is unchanged, so it needs no new check.
  await steps.getByRole('button', { name: 'Review and Submit', exact: true }).click();
  await expect(main.getByRole('article', { name: campaign.title })).toContainText(
    'He is treated at the Lagos University Teaching Hospital',
  );
  await expect(main.getByLabel(/terms and conditions/)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await main.getByRole('button', { name: 'Save changes' }).click();

  await expect(page).toHaveURL(/\/account\?tab=campaign$/);
  await expect(toast(page, /Your changes were saved|review/i)).toBeVisible();
  const updated = main.getByRole('article', { name: heading });
  await expect(updated.getByText('Pending approval')).toBeVisible();
  await expect(updated).not.toContainText(reason);
  // Still editable while it waits for review.
  await expect(updated.getByRole('link', { name: /^Edit campaign/ })).toHaveAttribute(
    'href',
    editPath,
  );

  // The API has the new story.
  const saved = await request.get(`/api/v1/single-crowedfunding/${campaign._id}`, {
    headers: { Authorization: `Bearer ${organiser.token}` },
  });
  expect(saved.status()).toBe(200);
  const body = (await saved.json()) as { result: TCampaign };
  expect(body.result.description).toBe(story);
  expect(body.result.status).toBe('awaiting_review');
  expect(body.result.facility).toMatchObject({ name: 'St Nicholas Hospital Lagos', listed: false });
  const documents = await request.get(`/api/v1/crowdfunding/${campaign._id}/documents`, {
    headers: { Authorization: `Bearer ${organiser.token}` },
  });
  const { results } = (await documents.json()) as { results: { fileName: string }[] };
  expect(results.map((document) => document.fileName).sort()).toEqual([
    'bill.pdf',
    'medical_report.pdf',
    'scan.pdf',
  ]);
});

test("another member opening a campaign's edit address gets the not-found page", async ({
  page,
  request,
}) => {
  const { campaign } = await rejectedCampaign(request);
  const stranger = await createMember(request, 'stranger');
  await logIn(page, stranger);
  const response = await page.goto(`/campaigns/${campaign._id}/edit`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await expect(page.getByLabel('Campaign title')).toHaveCount(0);
});

test('a visitor opening an edit address is sent to log in', async ({ page }) => {
  await page.goto('/campaigns/000000000000000000000000/edit');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcampaigns%2F0+%2Fedit$/);
});
