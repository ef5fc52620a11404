import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, fillLogin, uniqueEmail } from './support/accounts.ts';
import { createAdmin } from './support/admin.ts';
import { createLiveCampaign } from './support/campaign-api.ts';
import { giveConsent, toast } from './support/site.ts';

/**
 * Report a campaign, through the screens: a visitor reports a live campaign from the link under
 * its story (no account), is thanked on the campaign page and emailed an acknowledgement; an
 * admin finds the report in the queue, holds the campaign's payouts and closes it as dismissed,
 * and the reporter is emailed the outcome. Once with JavaScript and once without.
 */

let addresses = 0;
/** A client address of its own per browser session, so the per-address limits never meet. */
function visitorAddress(): string {
  addresses += 1;
  const n = (process.pid * 100 + addresses) & 0xffff;
  return `10.231.${(n >> 8) & 255}.${n & 255}`;
}

async function session(browser: Browser, baseURL: string | undefined, javaScriptEnabled: boolean) {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled,
    extraHTTPHeaders: { 'x-forwarded-for': visitorAddress() },
  });
  await giveConsent(context, baseURL);
  return context.newPage();
}

/** A new admin's session on /admin. */
async function adminSession(
  browser: Browser,
  baseURL: string | undefined,
  tag: string,
  javaScriptEnabled: boolean,
): Promise<Page> {
  const admin = createAdmin(tag);
  const page = await session(browser, baseURL, javaScriptEnabled);
  await page.goto('/login?redirectTo=%2Fadmin');
  await fillLogin(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  return page;
}

interface OutboxMessage {
  subject: string;
  text: string;
}

/** The subjects of what the local outbox holds for `email`, once `count` have arrived. */
async function emailsTo(request: APIRequestContext, email: string, count: number) {
  let messages: OutboxMessage[] = [];
  await expect
    .poll(async () => {
      const response = await request.get(`/dev/outbox.json?to=${encodeURIComponent(email)}`);
      messages = response.ok() ? ((await response.json()) as OutboxMessage[]) : [];
      return messages.length;
    })
    .toBe(count);
  return messages;
}

for (const javaScriptEnabled of [true, false]) {
  const how = javaScriptEnabled ? 'with JavaScript' : 'without JavaScript';

  test(`a visitor reports a campaign and an admin holds its payouts and dismisses it (${how})`, async ({
    browser,
    baseURL,
    request,
  }) => {
    // An admin is made with `npm run admin:create`, a few seconds.
    test.setTimeout(90_000);
    const { campaign, input } = await createLiveCampaign(request, 'report');
    const reporter = uniqueEmail('reporter');

    // The visitor finds the quiet link under the story.
    const visitor = await session(browser, baseURL, javaScriptEnabled);
    await visitor.goto(`/campaigns/${campaign._id}`);
    await visitor.getByRole('link', { name: 'Report this campaign' }).click();
    await expect(visitor).toHaveURL(new RegExp(`/campaigns/${campaign._id}/report$`));
    await expect(
      visitor.getByRole('heading', { level: 1, name: 'Report this campaign' }),
    ).toBeVisible();
    if (javaScriptEnabled) await expectNoSeriousA11yViolations(visitor);

    // Details that are only spaces past the first few words: the server's message by the field.
    const form = visitor.getByRole('main');
    await form.getByRole('radio', { name: 'The story or amount seems false' }).check();
    await form.getByLabel('What did you see?').fill(`Too short${' '.repeat(20)}`);
    await form.getByLabel('Your email (optional)').fill(reporter);
    await form.getByRole('button', { name: 'Send report' }).click();
    await expect(visitor.locator('#details-error')).toHaveText(
      'Details must be at least 20 characters',
    );
    // What was typed is still there.
    await expect(form.getByLabel('Your email (optional)')).toHaveValue(reporter);
    await expect(
      form.getByRole('radio', { name: 'The story or amount seems false' }),
    ).toBeChecked();
    if (javaScriptEnabled) await expectNoSeriousA11yViolations(visitor);

    await form
      .getByLabel('What did you see?')
      .fill('The same photos appear on another campaign with a different patient name.');
    await form.getByRole('button', { name: 'Send report' }).click();
    await expect(visitor).toHaveURL(new RegExp(`/campaigns/${campaign._id}$`));
    await expect(
      toast(visitor, 'Thank you for your report. Our team will look into it.'),
    ).toBeVisible();
    const [received] = await emailsTo(request, reporter, 1);
    expect(received?.subject).toBe(`We received your report about "${input.title}"`);

    // The admin finds it in the queue, open.
    const admin = await adminSession(browser, baseURL, 'reports', javaScriptEnabled);
    await admin.goto('/admin/reports?status=open');
    await expect(admin.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
    if (javaScriptEnabled) await expectNoSeriousA11yViolations(admin);
    await admin
      .getByRole('row')
      .filter({ hasText: input.title })
      .getByRole('link', { name: new RegExp(input.title) })
      .click();
    await expect(
      admin.getByRole('heading', { level: 1, name: `Report of “${input.title}”` }),
    ).toBeVisible();
    await expect(admin.getByRole('main')).toContainText(
      'The same photos appear on another campaign',
    );
    await expect(admin.getByRole('main')).toContainText(reporter);
    if (javaScriptEnabled) await expectNoSeriousA11yViolations(admin);

    // Hold payouts: the campaign's payouts are held for the report.
    await admin.getByRole('button', { name: 'Hold payouts' }).click();
    await expect(
      toast(admin, 'Payouts from this campaign are held while the report is reviewed.'),
    ).toBeVisible();
    await expect(admin.getByRole('main')).toContainText('A report is under review');
    await expect(admin.getByRole('button', { name: 'Release payouts' })).toBeVisible();

    // Close as dismissed, with the outcome the reporter is sent.
    await admin
      .getByLabel('Outcome (sent to the reporter)')
      .fill('The hospital confirmed the patient and the bill; the photos are his own.');
    await admin.getByRole('button', { name: 'Close as dismissed' }).click();
    await expect(toast(admin, 'The report is closed as dismissed.')).toBeVisible();
    await expect(admin.getByText('Status: Dismissed').first()).toBeVisible();
    await expect(admin.getByRole('button', { name: 'Close as dismissed' })).toHaveCount(0);
    if (javaScriptEnabled) await expectNoSeriousA11yViolations(admin);

    // On a 320 px phone, neither admin page scrolls sideways.
    await admin.setViewportSize({ width: 320, height: 800 });
    for (const address of [admin.url(), '/admin/reports']) {
      await admin.goto(address);
      const width = await admin.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `${address} at 320 px`).toBeLessThanOrEqual(320);
    }

    // The reporter's two emails: the acknowledgement, then the outcome.
    const emails = await emailsTo(request, reporter, 2);
    const outcome = emails.find((email) => email.subject.includes('what we decided'));
    expect(outcome?.subject).toBe(`Your report about "${input.title}": what we decided`);
    expect(outcome?.text).toContain('found no reason to act on it');
    expect(outcome?.text).toContain('The hospital confirmed the patient and the bill');

    await visitor.context().close();
    await admin.context().close();
  });
}

test('a campaign that is not live has no report form', async ({ page }) => {
  const response = await page.goto('/campaigns/00000000-0000-4000-8000-000000000000/report');
  expect(response?.status()).toBe(404);
});
