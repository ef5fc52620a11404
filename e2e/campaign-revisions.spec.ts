import { revisionTexts } from '@ipatient/contracts/campaign-revisions';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, fillLogin } from './support/accounts.ts';
import { createAdmin } from './support/admin.ts';
import { createLiveCampaign, signedInPage } from './support/campaign-api.ts';
import { giveConsent, toast } from './support/site.ts';

// Editing a live campaign keeps it live: visitors see the approved version until an admin has
// reviewed the change, with JavaScript and without.

test.beforeEach(async ({ context, baseURL }) => {
  await giveConsent(context, baseURL);
});

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? 'with JavaScript' : 'without JavaScript';

  test(`${mode}: a live campaign's new story waits for review while the page stays up`, async ({
    browser,
    baseURL,
    request,
  }) => {
    test.slow();
    const { organiser, campaign } = await createLiveCampaign(request, 'revise');
    const editPath = `/campaigns/${campaign._id}/edit`;
    const newStory = `${campaign.description}\n\nUpdate: the surgeons at LUTH moved the operation to next month.`;

    const page = await signedInPage(browser, baseURL, organiser, { javaScriptEnabled });
    await page.goto(editPath, { waitUntil: 'networkidle' });
    const main = page.getByRole('main');
    await expect(main).toContainText('Your campaign stays live.');
    await main.getByLabel('Story', { exact: true }).fill(newStory);
    if (javaScriptEnabled) {
      const steps = main.getByRole('list', { name: 'Campaign steps' });
      await steps.getByRole('button', { name: 'Review and Submit', exact: true }).click();
    }
    await main.getByRole('button', { name: 'Save changes' }).click();
    await expect(page).toHaveURL(/\/account\?tab=campaign$/);
    await expect(toast(page, revisionTexts.savedForReview)).toBeVisible();
    // The Campaign tab says the change was received and is not public yet.
    const row = main.getByRole('article').filter({ hasText: campaign.title });
    await expect(row).toContainText('Change waiting for review.');
    await expect(row.getByRole('link', { name: /^See your change/ })).toHaveAttribute(
      'href',
      editPath,
    );

    // Visitors: the page answers, with the approved story.
    const visitor = await browser.newContext({ baseURL, javaScriptEnabled });
    await giveConsent(visitor, baseURL);
    const publicPage = await visitor.newPage();
    const response = await publicPage.goto(`/campaigns/${campaign._id}`);
    expect(response?.status()).toBe(200);
    await expect(publicPage.getByRole('main')).toContainText(
      campaign.description.split('\n')[0] ?? '',
    );
    await expect(publicPage.getByRole('main')).not.toContainText('moved the operation');

    // The organiser's edit page shows the waiting change.
    await page.goto(editPath, { waitUntil: 'networkidle' });
    const notice = main.getByRole('region', { name: 'Changes waiting for review' });
    await expect(notice).toContainText(revisionTexts.waitingNote);
    await expect(main.getByLabel('Story', { exact: true })).toHaveValue(newStory);
    if (javaScriptEnabled) await expectNoSeriousA11yViolations(page);

    // The admin sees the diff in the queue and approves it on the campaign's page.
    const admin = createAdmin('revise');
    const adminContext = await browser.newContext({ baseURL, javaScriptEnabled });
    await giveConsent(adminContext, baseURL);
    const adminView: Page = await adminContext.newPage();
    await adminView.goto('/login?redirectTo=%2Fadmin');
    await fillLogin(adminView, admin.email, admin.password);
    await expect(adminView).toHaveURL(/\/admin$/);
    await adminView.goto('/admin/campaign-changes');
    const queue = adminView.getByRole('main');
    const item = queue.getByRole('listitem').filter({ hasText: campaign.title });
    await expect(item).toContainText('Story');
    await expect(item).toContainText('moved the operation');
    if (javaScriptEnabled) await expectNoSeriousA11yViolations(adminView);
    await item.getByRole('link', { name: /Review and decide/ }).click();
    await expect(adminView).toHaveURL(new RegExp(`/admin/campaigns/${campaign._id}`));
    const review = adminView.getByRole('region', { name: 'Changes waiting for review' });
    await expect(review).toContainText('moved the operation');
    await review.getByRole('button', { name: 'Approve changes' }).click();
    await expect(toast(adminView, revisionTexts.approved)).toBeVisible();
    await expect(adminView.getByRole('region', { name: 'Changes waiting for review' })).toHaveCount(
      0,
    );

    // The new story is what visitors see now.
    await publicPage.goto(`/campaigns/${campaign._id}`);
    await expect(publicPage.getByRole('main')).toContainText('moved the operation');
    await page.goto('/account?tab=campaign');
    await expect(main.getByRole('article').filter({ hasText: campaign.title })).not.toContainText(
      'Change waiting for review',
    );
  });
}
