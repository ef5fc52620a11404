import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { type ApiMember, uploadDocument } from './campaign-api.ts';
import { coverPng, logInFromRedirect } from './campaigns.ts';
import { pdfFile } from './documents.ts';

/** The campaign wizard (`/crowdfunding/create`), as the browser tests drive it. */
export const wizardPath = '/crowdfunding/create';

export function stepList(page: Page) {
  return page.getByRole('main').getByRole('list', { name: 'Campaign steps' });
}

export async function expectCurrentStep(page: Page, name: string) {
  await expect(stepList(page).getByRole('button', { name, exact: true })).toHaveAttribute(
    'aria-current',
    'step',
  );
}

/** What a seeded draft says of its campaign; the rest is the same for every draft. */
export interface DraftCampaign {
  title: string;
  story: string;
  firstName: string;
  lastName: string;
  /** The beneficiary's name as the campaign shows it. */
  fundraisingFor: string;
  /** The name the (sandbox) bank gave the account. */
  accountName: string;
  /** Access Bank; 0123456789 unless given. */
  accountNumber?: string;
  amountNeeded: string;
  facilityName: string;
  coverName: string;
}

/**
 * Signs in through the wizard and keeps a complete draft, on the review step, in this browser,
 * as the wizard keeps one: a bill and a medical report uploaded through the API, a cover photo,
 * an account the sandbox bank "verified", in Enugu for two months.
 */
export async function seedReviewDraft(
  page: Page,
  request: APIRequestContext,
  member: ApiMember,
  campaign: DraftCampaign,
) {
  await page.goto(wizardPath);
  await logInFromRedirect(page, member, wizardPath);
  const me = await page.request.get('/api/v1/get-me');
  const { result: user } = (await me.json()) as { result: { _id: string } };
  const accountNumber = campaign.accountNumber ?? '0123456789';
  const draft = {
    values: {
      title: campaign.title,
      state: 'Enugu',
      lga: 'Enugu North',
      address: '3 Ogui Road',
      category: 'Hospital Bill Support',
      description: campaign.story,
      beneficiaryType: 'someone else',
      beneficiaryConsent: 'beneficiary',
      consentName: campaign.fundraisingFor,
      consentGiven: 'on',
      firstName: campaign.firstName,
      lastName: campaign.lastName,
      fundraisingFor: campaign.fundraisingFor,
      bankCode: '044',
      accountNumber,
      amountNeeded: campaign.amountNeeded,
      duration: '2 months',
      facilityName: campaign.facilityName,
      facilityId: '',
    },
    account: {
      accountName: campaign.accountName,
      accountNumber,
      bankCode: '044',
      bank: 'Access Bank',
      provider: 'sandbox',
      checkDigitMatches: true,
    },
    step: 6,
    documents: [
      {
        id: await uploadDocument(request, member, 'bill'),
        kind: 'bill',
        fileName: 'bill.pdf',
        sizeBytes: 100,
      },
      {
        id: await uploadDocument(request, member, 'medical_report'),
        kind: 'medical_report',
        fileName: 'report.pdf',
        sizeBytes: 100,
      },
    ],
  };
  const cover = {
    dataUrl: `data:image/png;base64,${coverPng().toString('base64')}`,
    name: campaign.coverName,
    type: 'image/png',
  };
  // Seeded from another page: the wizard open in this tab keeps saving its own draft, and a
  // save landing after the seed would replace it.
  await page.goto('/');
  await page.evaluate(
    ({ key, draft, cover }) => {
      window.localStorage.setItem(key, JSON.stringify(draft));
      window.localStorage.setItem(`${key}:cover`, JSON.stringify(cover));
    },
    { key: `campaignDraft:${user._id}`, draft, cover },
  );
}

/**
 * The agreement a campaign for someone else needs (step 3): the person it is for agreed, by
 * this name, and the organiser ticks that they did.
 */
export async function agreeForThem(page: Page, name: string, by: 'adult' | 'guardian' = 'adult') {
  const main = page.getByRole('main');
  const giver = by === 'adult' ? 'The person it is for (an adult)' : /Their parent or guardian/;
  await main.getByRole('radio', { name: giver }).check();
  await main.getByLabel('Name of the person who agreed').fill(name);
  await main
    .getByRole('checkbox', { name: /They agreed that I may raise funds in their name/ })
    .check();
}

/** Opens the wizard on the review step of the draft this browser keeps. */
export async function openReview(page: Page) {
  await page.goto(wizardPath, { waitUntil: 'networkidle' });
  await expectCurrentStep(page, 'Review and Submit');
}

/** Accepts the terms and submits (the review step, or the one long form without JavaScript). */
export async function acceptAndSubmit(page: Page) {
  const main = page.getByRole('main');
  await main.getByRole('checkbox', { name: 'I accept the terms and conditions' }).check();
  await main.getByRole('button', { name: 'Submit', exact: true }).click();
}

/**
 * Without JavaScript the wizard is one long form: fills all of it for Musa's medication in Kano
 * (`lga` one that is not in Kano makes the server refuse it), the terms accepted.
 */
export async function fillLongForm(page: Page, title: string, lga = 'Kano Municipal') {
  const main = page.getByRole('main');
  await main.getByLabel('Campaign title').fill(title);
  await main.getByLabel('Category').selectOption('Medication/Drug Expenses');
  await main.getByLabel('State').selectOption('Kano');
  await main.getByLabel('LGA').selectOption(lga);
  await main.getByLabel('Address').fill('4 Zoo Road');
  await main.getByLabel('Hospital treating the patient').fill('Aminu Kano Teaching Hospital');
  await main
    .getByLabel('Story', { exact: true })
    .fill(
      'Musa has sickle cell disease and needs medication every month at Aminu Kano Teaching Hospital. This pays for six months of it.',
    );
  await main.getByLabel('Hospital bill or estimate').setInputFiles(pdfFile('musa-bill.pdf'));
  await main.getByLabel('Medical report').setInputFiles(pdfFile('musa-report.pdf'));
  await main
    .getByLabel('Cover photo', { exact: true })
    .setInputFiles({ name: 'musa.png', mimeType: 'image/png', buffer: coverPng() });
  await main.getByLabel("Beneficiary's name").fill('Musa');
  await main.getByLabel('Bank', { exact: true }).selectOption({ label: 'Guaranty Trust Bank' });
  await main.getByLabel('Account number').fill('0123456789');
  await main.getByLabel('Goal amount in naira (₦)').fill('80000');
  await main.getByLabel('Campaign duration').selectOption('1 month');
  await main.getByRole('checkbox', { name: 'I accept the terms and conditions' }).check();
}
