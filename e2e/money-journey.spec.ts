import type { TFacility } from '@ipatient/contracts/facilities';
import { formatKobo, grossUpKobo } from '@ipatient/contracts/fees';
import { formatNaira } from '@ipatient/contracts/format';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/accounts.ts';
import { adminPage, createAdmin } from './support/admin.ts';
import { adminToken, createMember, fromOwnAddress, uniqueWord } from './support/campaign-api.ts';
import { agreeForThem } from './support/campaign-wizard.ts';
import { coverPng, logInFromRedirect } from './support/campaigns.ts';
import { completeChecklist, pdfFile } from './support/documents.ts';
import { giveConsent, toast } from './support/site.ts';

/**
 * The whole path of the money, through the screens: a campaign made in the wizard with its
 * documents, approved with the checklist, given to by a visitor, paid to the hospital with two
 * admin keys, and shown on the public ledger.
 */
test.beforeEach(async ({ context, baseURL }) => {
  await giveConsent(context, baseURL);
});

const api = '/api/v1';
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A facility of the directory whose payout account one admin added and another verified. */
async function payingFacility(request: APIRequestContext, name: string): Promise<TFacility> {
  const first = await adminToken(request);
  const created = await request.post(`${api}/admin/facilities`, {
    headers: bearer(first),
    data: { name, facilityType: 'Hospital', state: 'Lagos', lga: 'Ikeja', address: '1 Idi-Araba' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const facility = ((await created.json()) as { result: TFacility }).result;
  const account = await request.put(`${api}/admin/facilities/${facility._id}/payout-account`, {
    headers: bearer(first),
    // The sandbox's bank makes names up: the admin confirms the account is the hospital's.
    data: { bankCode: '058', accountNumber: '0123456789', confirmNameMatches: true },
  });
  expect(account.status(), await account.text()).toBeLessThan(300);
  const second = createAdmin('journey-verifier');
  const signIn = await request.post(`${api}/sign-in`, { data: second });
  const secondToken = ((await signIn.json()) as { tokens: { accessToken: string } }).tokens
    .accessToken;
  const verified = await request.post(
    `${api}/admin/facilities/${facility._id}/payout-account/verify`,
    { headers: bearer(secondToken) },
  );
  expect(verified.status(), await verified.text()).toBe(200);
  return facility;
}

function steps(page: Page) {
  return page.getByRole('main').getByRole('list', { name: 'Campaign steps' });
}

async function expectStep(page: Page, name: string) {
  await expect(steps(page).getByRole('button', { name, exact: true })).toHaveAttribute(
    'aria-current',
    'step',
  );
}

test('wizard with documents → checklist approval → a gift → payout to the hospital with two keys → the public ledger', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  // Three admins are made with `npm run admin:create`, a few seconds each.
  test.setTimeout(180_000);
  const word = uniqueWord('Mj');
  const hospital = `St ${word} Teaching Hospital`;
  await payingFacility(request, hospital);
  const organiser = await createMember(request, 'journey');
  const title = `Kidney transplant for ${word}`;
  const beneficiary = `Chidi ${word}`;

  // 1. The organiser makes the campaign in the wizard, choosing the listed hospital.
  await page.goto('/crowdfunding/create');
  await logInFromRedirect(page, organiser, '/crowdfunding/create');
  await page.waitForLoadState('networkidle');
  const main = page.getByRole('main');
  const next = main.getByRole('button', { name: 'Next' });
  await main.getByLabel('Campaign title').fill(title);
  await main.getByLabel('Category').selectOption('Emergency Treatment/Surgery');
  await main.getByLabel('State').selectOption('Lagos');
  await main.getByLabel('LGA').selectOption('Ikeja');
  await main.getByLabel('Address').fill('12 Allen Avenue');
  await main.getByLabel('Hospital treating the patient').fill(hospital);
  await main
    .getByLabel('Story', { exact: true })
    .fill(
      `${beneficiary} needs a kidney transplant at ${hospital}; this pays for the operation and the first month of medicine.`,
    );
  await next.click();
  await expectStep(page, 'Cover photo');
  await main
    .getByLabel('Cover photo', { exact: true })
    .setInputFiles({ name: 'chidi.png', mimeType: 'image/png', buffer: coverPng() });
  await expect(main.getByRole('img', { name: 'Preview of your cover' })).toBeVisible();
  await next.click();
  await expectStep(page, 'Who you are campaigning for');
  await main.getByRole('radio', { name: 'Someone else' }).check();
  await main.getByLabel("Beneficiary's name").fill(beneficiary);
  await agreeForThem(page, beneficiary);
  await main.getByLabel('Bank', { exact: true }).selectOption({ label: 'Access Bank' });
  await main.getByLabel('Account number').fill('0123456789');
  await main.getByRole('button', { name: 'Verify account' }).click();
  await expect(main.getByLabel('Account name')).not.toHaveValue('');
  // The sandbox bank's made-up name is nobody's in the campaign: the wizard says so at once.
  const mismatch = `does not match the beneficiary (${beneficiary}), the organiser or the hospital`;
  await expect(main.getByRole('status').filter({ hasText: mismatch })).toBeVisible();
  await next.click();
  await expectStep(page, 'Medical documents');
  await main.getByLabel('Hospital bill or estimate').setInputFiles(pdfFile('bill.pdf'));
  await expect(main.getByRole('button', { name: 'Remove bill.pdf' })).toBeVisible();
  await main.getByLabel('Medical report').setInputFiles(pdfFile('report.pdf'));
  await expect(main.getByRole('button', { name: 'Remove report.pdf' })).toBeVisible();
  await next.click();
  await expectStep(page, 'How much to raise');
  await main.getByLabel('Goal amount in naira (₦)').fill('900000');
  await main.getByLabel('Campaign duration').selectOption('3 months');
  await next.click();
  await expectStep(page, 'Review and Submit');
  await expect(main.getByRole('article')).toContainText(hospital);
  await main.getByRole('checkbox', { name: 'I accept the terms and conditions' }).check();
  await main.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Congratulations!!' })).toBeVisible();
  const mine = await page.request.get(`${api}/my-crowdfundings`);
  const { results } = (await mine.json()) as { results: { _id: string; title: string }[] };
  const campaignId = results.find((campaign) => campaign.title === title)?._id as string;
  expect(campaignId).toBeTruthy();

  // 2. Admin A reviews the documents and approves with the checklist.
  const { page: first } = await adminPage(browser, baseURL, 'journey-a');
  await first.goto(`/admin/campaigns/${campaignId}`);
  const evidence = first.getByRole('region', { name: 'Evidence of need' });
  await expect(evidence.getByRole('link', { name: /bill\.pdf/ })).toBeVisible();
  await expect(evidence).toContainText(hospital);
  // The admin sees the mismatch beside the documents.
  await expect(evidence).toContainText(
    `does not match the beneficiary ${beneficiary}, the organiser or the hospital`,
  );
  const checklist = first.getByRole('group', { name: 'Checklist before approving' });
  await checklist
    .getByRole('checkbox', { name: 'The bill and the medical report name the beneficiary' })
    .check();
  await checklist.getByRole('radio', { name: 'Phone call' }).check();
  await checklist
    .getByLabel('Who at the hospital confirmed it (name and role)')
    .fill(completeChecklist().hospitalConfirmedBy);
  await checklist.getByLabel('When it was confirmed').fill(completeChecklist().hospitalConfirmedOn);
  await checklist.getByRole('radio', { name: 'The beneficiary' }).check();
  await first.getByRole('button', { name: 'Approve' }).click();
  await expect(toast(first, 'The campaign is live and the organiser has been told.')).toBeVisible();

  // 3. A visitor gives ₦10,000 through the sandbox checkout, adding the fee so all of it arrives.
  const visitor = await browser.newContext({ baseURL, ...fromOwnAddress() });
  await giveConsent(visitor, baseURL);
  const donor = await visitor.newPage();
  await donor.goto(`/campaigns/${campaignId}`);
  await expect(
    donor.getByRole('region', { name: /Verified by the iPatient team on/ }),
  ).toContainText(`Bill confirmed with ${hospital} by phone call on`);
  await donor.getByRole('main').getByRole('button', { name: 'Donate', exact: true }).click();
  const dialog = donor.getByRole('dialog', { name: 'Donate to this campaign' });
  await dialog.getByRole('radio', { name: formatNaira(10_000) }).check();
  await dialog.getByLabel('Your name').fill('Ngozi Adeyemi');
  await dialog.getByLabel('Email for your receipt').fill(`ngozi-${word}@example.com`);
  const total = formatKobo(grossUpKobo(10_000_00));
  await dialog
    .getByLabel(
      `Add ${formatKobo(grossUpKobo(10_000_00) - 10_000_00)} so the campaign gets the whole ${formatNaira(10_000)}`,
    )
    .check();
  await dialog.getByRole('button', { name: 'Continue to payment' }).click();
  await donor.getByRole('button', { name: `Pay ${total}` }).click();
  await expect(
    donor
      .getByRole('main')
      .getByRole('status')
      .filter({ hasText: `Thank you! Your donation of ${total} has been received.` }),
  ).toBeVisible();

  // 4. The organiser asks for ₦8,000 against the bill; the hospital is the payee.
  await page.goto('/account?tab=campaign');
  await page.getByRole('link', { name: new RegExp(`^Payouts\\s*: Save ${beneficiary}$`) }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payouts' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Balance' })).toContainText('₦10,000');
  const form = page.getByRole('form', { name: 'Request a payout' });
  await expect(form).toContainText(hospital);
  await form.getByLabel('Amount (naira)').fill('8000');
  await form.getByLabel('What it pays for').fill('The deposit for the transplant');
  await form
    .getByLabel('The bill it pays')
    .selectOption({ label: 'Hospital bill or estimate: bill.pdf' });
  await form.getByRole('button', { name: 'Request payout' }).click();
  await expect(toast(page, 'Payout requested')).toBeVisible();

  // 5. Admin A approves; admin B releases, enters the bank's code and the sandbox bank pays.
  const openPayout = async (admin: Page) => {
    await admin.goto('/admin/payouts');
    await admin
      .getByRole('row')
      .filter({ hasText: title })
      .getByRole('link', { name: /₦8,000 payout/ })
      .click();
    await expect(admin.getByRole('heading', { level: 1, name: /Payout of ₦8,000/ })).toBeVisible();
  };
  await openPayout(first);
  await first.getByRole('button', { name: 'Approve payout' }).click();
  await expect(toast(first, 'Payout approved')).toBeVisible();
  const { page: second } = await adminPage(browser, baseURL, 'journey-b');
  await openPayout(second);
  await second.getByRole('button', { name: 'Release payout' }).click();
  await second.getByLabel('Transfer code (OTP)').fill('123456');
  await second.getByRole('button', { name: 'Finish the transfer' }).click();
  await second.getByRole('button', { name: 'Mark paid' }).click();
  await expect(toast(second, 'Payout paid')).toBeVisible();

  // 6. Anyone reads where the money went on the campaign's page.
  await donor.goto(`/campaigns/${campaignId}`);
  const ledger = donor.getByRole('region', { name: 'Where the money goes' });
  await expect(ledger).toContainText('₦10,000');
  await expect(ledger).toContainText(`${hospital} (verified)`);
  await expect(ledger).toContainText('The deposit for the transplant');
  await expect(ledger).toContainText('₦8,000');
  await expect(ledger).toContainText('₦2,000');
  await expectNoSeriousA11yViolations(donor);
  await visitor.close();
});
