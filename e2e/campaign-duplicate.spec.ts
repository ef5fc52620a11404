import { revisionTexts } from '@ipatient/contracts/campaign-revisions';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/accounts.ts';
import { type ApiMember, createMember } from './support/campaign-api.ts';
import {
  acceptAndSubmit,
  expectCurrentStep,
  fillLongForm,
  openReview,
  seedReviewDraft,
  wizardPath,
} from './support/campaign-wizard.ts';
import { logInFromRedirect } from './support/campaigns.ts';
import { giveConsent } from './support/site.ts';

// A submitted campaign is never submitted twice: its draft is gone for good once the server has
// it (even when the answer never reached the page), and the server refuses it a second time.

test.beforeEach(async ({ context, baseURL }) => {
  await giveConsent(context, baseURL);
});

const story =
  'Emeka needs a kidney transplant at the University of Nigeria Teaching Hospital in Enugu. This pays for the operation and the first month of medicines.';

async function myCampaignTitles(page: Page): Promise<string[]> {
  const response = await page.request.get('/api/v1/my-crowdfundings');
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { results: { title: string }[] };
  return body.results.map((campaign) => campaign.title);
}

/** Signs in through the wizard and puts a complete draft (review step) in this browser. */
async function seedDraft(page: Page, request: APIRequestContext, member: ApiMember, title: string) {
  await seedReviewDraft(page, request, member, {
    title,
    story,
    firstName: 'Emeka',
    lastName: 'Obi',
    fundraisingFor: 'Emeka Obi',
    accountName: 'EMEKA OBI',
    amountNeeded: '450000',
    facilityName: 'University of Nigeria Teaching Hospital',
    coverName: 'emeka.png',
  });
}

async function submitFromReview(page: Page) {
  await openReview(page);
  await acceptAndSubmit(page);
}

/** The wizard starts afresh: step 1, nothing typed. */
async function expectFreshStart(page: Page) {
  await expectCurrentStep(page, 'Campaign details');
  await expect(page.getByRole('main').getByLabel('Campaign title')).toHaveValue('');
}

test.describe('with JavaScript', () => {
  test('submitted, then the wizard opened again without Continue: a fresh start', async ({
    page,
    request,
  }) => {
    test.slow();
    const member = await createMember(request, 'dup-dialog');
    const title = `Kidney transplant for Emeka ${Date.now()}`;
    await seedDraft(page, request, member, title);
    await submitFromReview(page);
    await expect(page.getByRole('dialog', { name: 'Congratulations!!' })).toBeVisible();
    // Not Continue: straight back to the wizard.
    await page.goto(wizardPath, { waitUntil: 'networkidle' });
    await expectFreshStart(page);
    expect(await myCampaignTitles(page)).toEqual([title]);
  });

  test('the answer to Submit never arrives (the page was left): the next visit starts afresh, no second campaign', async ({
    page,
    request,
  }) => {
    test.slow();
    const member = await createMember(request, 'dup-lost');
    const title = `Kidney transplant for Emeka ${Date.now()}`;
    await seedDraft(page, request, member, title);
    // The server gets the submission and answers; the page never sees the answer.
    let reachedServer!: () => void;
    const answered = new Promise<void>((resolve) => {
      reachedServer = resolve;
    });
    await page.route(`**${wizardPath}`, async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      const response = await route.fetch();
      expect(response.status()).toBe(200);
      reachedServer();
      // Held: the member leaves before it arrives.
    });
    await submitFromReview(page);
    await answered;
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.goto('/crowdfunding');
    await page.goto(wizardPath, { waitUntil: 'networkidle' });
    await expectFreshStart(page);
    // The fresh draft is not the old one: reloading keeps the fresh start.
    await page.reload({ waitUntil: 'networkidle' });
    await expectFreshStart(page);
    expect(await myCampaignTitles(page)).toEqual([title]);
    await expectNoSeriousA11yViolations(page);
  });

  test('a second tab still showing the submitted draft cannot submit it again', async ({
    page,
    context,
    request,
  }) => {
    test.slow();
    const member = await createMember(request, 'dup-tabs');
    const title = `Kidney transplant for Emeka ${Date.now()}`;
    await seedDraft(page, request, member, title);
    const other = await context.newPage();
    await openReview(other);
    await submitFromReview(page);
    await expect(page.getByRole('dialog', { name: 'Congratulations!!' })).toBeVisible();

    await acceptAndSubmit(other);
    const dialog = other.getByRole('dialog', { name: 'Already submitted' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(revisionTexts.alreadySubmitted);
    expect(await myCampaignTitles(page)).toEqual([title]);
    // Neither tab brings the draft back.
    await other.goto(wizardPath, { waitUntil: 'networkidle' });
    await expectFreshStart(other);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the same campaign sent again is refused and says where to find it', async ({
    page,
    request,
  }) => {
    test.slow();
    const member = await createMember(request, 'dup-nojs');
    await page.goto(wizardPath);
    await logInFromRedirect(page, member, wizardPath);
    const title = `Medication for Musa ${Date.now()}`;
    const key = page.locator('input[name="submissionKey"]');
    const firstKey = await key.inputValue();
    expect(firstKey).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    await fillLongForm(page, title);
    await page.getByRole('main').getByRole('button', { name: 'Submit' }).click();
    await expect(
      page.getByRole('main').getByRole('heading', { name: 'Congratulations!!' }),
    ).toBeVisible();

    // Opened again: a fresh form with a new key; the same campaign typed again is refused.
    await page.goto(wizardPath);
    await expect(page.getByRole('main').getByLabel('Campaign title')).toHaveValue('');
    expect(await key.inputValue()).not.toBe(firstKey);
    await fillLongForm(page, title);
    await page.getByRole('main').getByRole('button', { name: 'Submit' }).click();
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'Already submitted' })).toBeVisible();
    await expect(main).toContainText(revisionTexts.alreadySubmitted);
    await expect(main.getByRole('link', { name: 'Go to my profile' })).toHaveAttribute(
      'href',
      '/account?tab=campaign',
    );
    expect(await myCampaignTitles(page)).toEqual([title]);
  });
});
