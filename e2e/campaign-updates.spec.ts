import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, uniqueEmail } from './support/accounts.ts';
import { adminPage } from './support/admin.ts';
import { createLiveCampaign, signedInPage } from './support/campaign-api.ts';
import { giveConsent } from './support/site.ts';

/**
 * Updates and words of support, through the screens: the organiser posts an update that shows on
 * the campaign page at once and reaches the donor who asked for updates, whose email's link
 * stops them with one click; donors' messages show as words of support; the organiser thanks a
 * donor and reports a message; an admin hides a message and an update.
 */

interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  listUnsubscribe: string | null;
}

/** A paid sandbox gift with a message; the donor's email. */
async function giveWithMessage(
  request: APIRequestContext,
  campaignId: string,
  gift: { name: string; message: string; keepInformed: boolean },
): Promise<string> {
  const email = uniqueEmail('updates-donor');
  const started = await request.post('/api/v1/donations/initialize', {
    headers: {
      'x-forwarded-for': `10.252.${process.pid & 255}.${Math.floor(Math.random() * 250)}`,
    },
    data: { campaignId, amount: 2500, email, ...gift },
  });
  expect(started.status(), await started.text()).toBe(201);
  const { reference } = (await started.json()).result as { reference: string };
  const paid = await request.post(`/api/v1/donations/sandbox/${reference}/complete`, {
    data: { outcome: 'success' },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  return email;
}

async function emailsTo(request: APIRequestContext, to: string): Promise<OutboxMessage[]> {
  const response = await request.get(`/dev/outbox.json?to=${encodeURIComponent(to)}`);
  return response.ok() ? ((await response.json()) as OutboxMessage[]) : [];
}

/** The path of the unsubscribe link of the newest email to `to` whose subject has `subject`. */
async function unsubscribePath(request: APIRequestContext, to: string, subject: string) {
  let path = '';
  await expect
    .poll(async () => {
      const email = (await emailsTo(request, to)).find((m) => m.subject.includes(subject));
      const link = /(https?:\/\/\S+\/updates\/unsubscribe\?token=\S+)/.exec(email?.text ?? '')?.[1];
      if (link) path = `${new URL(link).pathname}${new URL(link).search}`;
      return path;
    })
    .not.toBe('');
  return path;
}

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? 'with JavaScript' : 'without JavaScript';
  // axe runs in the page's JavaScript: the pages are scanned in the run that has it (the
  // organiser's and the unsubscribe pages are the same HTML either way: they send no React).
  const scan = async (page: Page) => {
    if (javaScriptEnabled) await expectNoSeriousA11yViolations(page);
  };

  test(`the organiser posts an update that donors see and are emailed, ${mode}`, async ({
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(90_000);
    const { organiser, campaign } = await createLiveCampaign(request, 'updates');
    const keen = await giveWithMessage(request, campaign._id, {
      name: 'Ngozi Eze',
      message: 'Be strong, we are with you!',
      keepInformed: true,
    });
    await giveWithMessage(request, campaign._id, {
      name: 'Musa Bello',
      message: 'Spam spam spam',
      keepInformed: false,
    });

    const page = await signedInPage(browser, baseURL, organiser, { javaScriptEnabled });
    // The organiser finds "Post an update" on the campaign's own page.
    await page.goto(`/campaigns/${campaign._id}`);
    await page
      .getByRole('region', { name: /^Updates/ })
      .getByRole('link', { name: 'Post an update' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Updates and thanks' })).toBeVisible();
    await scan(page);

    // Too long first: the form says so by the field and keeps nothing.
    const form = page.getByRole('form', { name: 'Post an update' });
    await form
      .getByLabel('Your update')
      .evaluate((element) => element.removeAttribute('maxlength'));
    await form.getByLabel('Your update').fill('x'.repeat(2001));
    await form.getByRole('button', { name: 'Post update' }).click();
    await expect(page.locator('#body-error')).toContainText('at most 2,000');

    const news = `The surgery went well ${mode}. Thank you all!`;
    await page.getByRole('form', { name: 'Post an update' }).getByLabel('Your update').fill(news);
    await page.getByRole('button', { name: 'Post update' }).click();
    await expect(page).toHaveURL(new RegExp(`/campaigns/${campaign._id}`));
    const updates = page.getByRole('region', { name: /^Updates/ });
    await expect(updates).toContainText(news);
    const words = page.getByRole('region', { name: /^Words of support/ });
    await expect(words).toContainText('Be strong, we are with you!');
    await expect(words).toContainText('Ngozi Eze');
    await expect(page.locator('body')).not.toContainText(keen);
    await scan(page);

    // The organiser thanks the donor once and reports the other message.
    await page.goto(`/campaigns/${campaign._id}/updates`);
    const ngozi = page.getByRole('listitem', { name: /^Ngozi Eze/ });
    await ngozi.getByLabel('Note to Ngozi Eze (optional)').fill('Your words kept us going.');
    await ngozi.getByRole('button', { name: 'Say thank you' }).click();
    await expect(page.getByRole('listitem', { name: /^Ngozi Eze/ })).toContainText(
      'You thanked this donor.',
    );
    await page
      .getByRole('listitem', { name: /^Musa Bello/ })
      .getByRole('button', { name: 'Report this message' })
      .click();
    await expect(page.getByRole('listitem', { name: /^Musa Bello/ })).toContainText(
      'Reported to our team.',
    );
    await expect
      .poll(async () => (await emailsTo(request, keen)).map((m) => m.subject))
      .toContain(`Thank you from "${campaign.title}"`);

    // The donor who asked for updates gets the update, and its link stops them.
    const path = await unsubscribePath(request, keen, 'Update on');
    const emailed = (await emailsTo(request, keen)).find((m) => m.subject.includes('Update on'));
    expect(emailed?.text).toContain(news);
    // Mail apps' one-click unsubscribe (List-Unsubscribe) points at the same page.
    expect(emailed?.listUnsubscribe).toContain(path);
    const donorContext = await browser.newContext({ baseURL, javaScriptEnabled });
    await giveConsent(donorContext, baseURL);
    const donorPage = await donorContext.newPage();
    await donorPage.goto(path);
    // Following the link only asks (mail scanners follow every link); the button stops them.
    await expect(
      donorPage.getByRole('heading', { level: 1, name: 'Stop update emails?' }),
    ).toBeVisible();
    await scan(donorPage);
    if (javaScriptEnabled) {
      await donorPage.getByRole('button', { name: 'Stop update emails' }).click();
    } else {
      // A mail app's one-click unsubscribe: a POST with no cookies (RFC 8058).
      const oneClick = await request.post(path, { form: { 'List-Unsubscribe': 'One-Click' } });
      expect(oneClick.status()).toBe(200);
      await donorPage.goto(path);
    }
    await expect(
      donorPage.getByRole('heading', { level: 1, name: 'You are unsubscribed' }),
    ).toBeVisible();
    await expect(
      donorPage.getByRole('status').filter({ hasText: 'no more update emails' }),
    ).toContainText(campaign.title);
    await scan(donorPage);
    // Only the organiser is offered "Post an update".
    await donorPage.goto(`/campaigns/${campaign._id}`);
    await expect(donorPage.getByRole('region', { name: /^Updates/ })).toContainText(news);
    await expect(donorPage.getByRole('link', { name: 'Post an update' })).toHaveCount(0);

    // The next update is not emailed to them.
    await page.goto(`/campaigns/${campaign._id}/updates`);
    await page
      .getByRole('form', { name: 'Post an update' })
      .getByLabel('Your update')
      .fill('Second news');
    await page.getByRole('button', { name: 'Post update' }).click();
    await expect(page.getByRole('region', { name: /^Updates/ })).toContainText('Second news');
    const updateEmails = (await emailsTo(request, keen)).filter((m) =>
      m.subject.includes('Update on'),
    );
    expect(updateEmails).toHaveLength(1);
    await donorContext.close();
    await page.context().close();
  });
}

test('an admin hides a word of support and an update', async ({ browser, baseURL, request }) => {
  test.setTimeout(120_000);
  const { organiser, campaign } = await createLiveCampaign(request, 'hide-updates');
  await giveWithMessage(request, campaign._id, {
    name: 'Rude Donor',
    message: 'Something unkind here',
    keepInformed: false,
  });
  const posted = await request.post(`/api/v1/crowdfunding/${campaign._id}/updates`, {
    headers: { Authorization: `Bearer ${organiser.token}` },
    multipart: { body: 'A misleading claim' },
  });
  expect(posted.status(), await posted.text()).toBe(201);

  const { page } = await adminPage(browser, baseURL, 'updates');
  const list = `/admin/campaign-updates?campaignId=${campaign._id}`;
  await page.goto(list);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Updates and words of support' }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page
    .getByRole('article', { name: 'Message from Rude Donor' })
    .getByRole('button', { name: /^Hide/ })
    .click();
  await expect(page.getByRole('article', { name: 'Message from Rude Donor' })).toContainText(
    'Hidden',
  );

  // The update is hidden with a reason, asked for in a dialog.
  const update = page.getByRole('article', { name: `Update on ${campaign.title}` });
  await update.getByRole('button', { name: /^Hide/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Hide this update?' });
  await dialog.getByLabel('Reason (the organiser sees it)').fill('It names the wrong hospital.');
  await dialog.getByRole('button', { name: 'Hide update' }).click();
  await expect(page.getByRole('article', { name: `Update on ${campaign.title}` })).toContainText(
    'It names the wrong hospital.',
  );

  // The list fits a phone's screen, at both widths the admin console is checked at.
  for (const width of [412, 320]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(list);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, `scroll width at ${width} px`).toBeLessThanOrEqual(width + 1);
    await expectNoSeriousA11yViolations(page);
  }

  // Gone from the campaign page; the organiser still sees the update, marked hidden.
  const visitor = await browser.newContext({ baseURL, javaScriptEnabled: false });
  await giveConsent(visitor, baseURL);
  const visitorPage = await visitor.newPage();
  await expect
    .poll(async () => {
      await visitorPage.goto(`/campaigns/${campaign._id}`);
      return visitorPage.locator('main').innerText();
    })
    .not.toContain('Something unkind here');
  await expect(visitorPage.locator('main')).not.toContainText('A misleading claim');
  const own = await signedInPage(browser, baseURL, organiser, { javaScriptEnabled: false });
  await own.goto(`/campaigns/${campaign._id}/updates`);
  await expect(own.getByRole('region', { name: 'Your updates' })).toContainText(
    'Hidden by our team: It names the wrong hospital.',
  );
  await visitor.close();
});
