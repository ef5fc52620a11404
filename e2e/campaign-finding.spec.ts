import fs from 'node:fs';
import path from 'node:path';
import { campaignTimeLeftText } from '@ipatient/contracts/campaign-rules';
import type { TCampaign } from '@ipatient/contracts/campaigns';
import { formatDate } from '@ipatient/contracts/format';
import { type DatabaseHandle, openDatabase, sql } from '@ipatient/db';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/accounts.ts';
import { adminPage } from './support/admin.ts';
import {
  approveCampaign,
  campaignInput,
  createLiveCampaign,
  createMember,
  signedInPage,
  submitCampaign,
  uniqueWord,
} from './support/campaign-api.ts';
import { giveConsent, toast } from './support/site.ts';

// Finding and judging a campaign: the list's filters and orders in the address, the days left,
// ended campaigns, the desktop layout of a campaign's page and asking for more time.

const dataDir = '.data-e2e';
let database: DatabaseHandle | undefined;

/**
 * The running e2e server's embedded database, to move a campaign's approval into the past
 * (nothing in the API does that: time does).
 */
function db() {
  if (!database) {
    const secrets = JSON.parse(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8'));
    const lines = fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n');
    const password = encodeURIComponent(secrets.databasePassword);
    database = openDatabase(`postgres://postgres:${password}@127.0.0.1:${lines[3]}/ipatient`, {
      max: 1,
    });
  }
  return database.db;
}

test.afterAll(async () => {
  await database?.close();
  database = undefined;
});

test.beforeEach(async ({ context, baseURL }) => {
  await giveConsent(context, baseURL);
});

/** Approved `days` ago for one month: ended `days - 31` or so days ago. */
async function endCampaign(id: string, daysAgo: number) {
  await db().execute(
    sql`update campaigns set approved_at = now() - make_interval(days => ${daysAgo}), duration = '1 month' where id = ${id}`,
  );
}

async function apiCampaign(page: Page, id: string): Promise<TCampaign> {
  const response = await page.request.get(`/api/v1/single-crowedfunding/${id}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { result: TCampaign }).result;
}

/** The cards of the campaign list (not the leaderboard or the weekly winners beside it). */
function listed(page: Page) {
  return page.locator('section[aria-labelledby="campaigns-title"] article');
}

async function visitor(browser: Browser, baseURL: string | undefined, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled });
  await giveConsent(context, baseURL);
  return context.newPage();
}

for (const javaScriptEnabled of [true, false]) {
  test(`filters by state and category and sorts through the list's form (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async ({
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(240_000);
    const organiser = await createMember(request, 'finder');
    const word = uniqueWord('Fz');
    const lagos = await submitCampaign(request, organiser, campaignInput(word));
    const kano = await submitCampaign(request, organiser, {
      ...campaignInput(word),
      title: `Heart surgery for ${word}`,
      fundraisingFor: `Amina ${word}`,
      state: 'Kano',
      lga: 'Kano Municipal',
    });
    await approveCampaign(request, lagos._id);
    await approveCampaign(request, kano._id);
    await db().execute(
      sql`update campaigns set category = 'Medication/Drug Expenses' where id = ${kano._id}`,
    );

    const page = await visitor(browser, baseURL, javaScriptEnabled);
    await page.goto(`/campaigns?search=${word}`);
    const cards = listed(page);
    await expect(cards).toHaveCount(2);
    const filters = page.getByRole('form', { name: 'Filter and sort campaigns' });
    await filters.getByLabel('State').selectOption('Kano');
    await filters.getByRole('button', { name: 'Show campaigns' }).click();
    await expect(page).toHaveURL(/state=Kano/);
    expect(new URL(page.url()).searchParams.get('search')).toBe(word);
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(`Save Amina ${word}`);

    await filters.getByLabel('State').selectOption('');
    await filters.getByLabel('Category').selectOption('Hospital Bill Support');
    await filters.getByLabel('Sort by').selectOption('Ending soon');
    await filters.getByRole('button', { name: 'Show campaigns' }).click();
    await expect(page).toHaveURL(/sort=ending-soon/);
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(`Save Chidi ${word}`);
    // The choices stay chosen, and a new search keeps them.
    await expect(filters.getByLabel('Sort by')).toHaveValue('ending-soon');
    await page.getByLabel('Search campaigns').fill(`${word} kidney`);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/sort=ending-soon/);
    await expect(page).toHaveURL(/category=Hospital/);
    await expect(cards).toHaveCount(1);
    // Axe runs in the page: the same HTML is checked with JavaScript on.
    if (javaScriptEnabled) await expectNoSeriousA11yViolations(page);
    await page.context().close();
  });
}

for (const javaScriptEnabled of [true, false]) {
  test(`cards and pages show the days left; an ended campaign says so and takes no donations (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async ({
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(240_000);
    const live = await createLiveCampaign(request, 'daysleft');
    const ended = await createLiveCampaign(request, 'ended');
    await endCampaign(ended.campaign._id, 45);

    const page = await visitor(browser, baseURL, javaScriptEnabled);
    const seen = await apiCampaign(page, live.campaign._id);
    const left = campaignTimeLeftText(seen.endsAt, new Date(), formatDate);
    expect(left).toMatch(/^\d+ days left$/);
    await page.goto(`/campaigns?search=${live.word}`);
    const card = listed(page).first();
    await expect(card.getByTestId('time-left')).toHaveText(left as string);
    await expect(card.getByRole('progressbar')).toBeVisible();
    await expect(card).toContainText('raised of ₦250,000');

    await page.goto(`/campaigns/${live.campaign._id}`);
    await expect(page.getByTestId('time-left')).toHaveText(left as string);
    await expect(page.getByRole('button', { name: 'Donate' })).toBeVisible();

    // The ended one: not listed, its page readable, no Donate.
    await page.goto(`/campaigns?search=${ended.word}`);
    await expect(listed(page)).toHaveCount(0);
    await page.goto(`/campaigns/${ended.campaign._id}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(ended.input.fundraisingFor);
    await expect(page.getByTestId('campaign-ended')).toContainText('This campaign has ended');
    await expect(page.getByTestId('time-left')).toContainText('Ended on');
    await expect(page.getByRole('button', { name: 'Donate' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'The story' })).toBeVisible();
    if (javaScriptEnabled) await expectNoSeriousA11yViolations(page);
    await page.context().close();
  });
}

test('the desktop page reads the story first with the donate panel beside it; phones show Donate first', async ({
  browser,
  baseURL,
  request,
}) => {
  const { campaign } = await createLiveCampaign(request, 'layout');
  const page = await visitor(browser, baseURL, true);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/campaigns/${campaign._id}`);
  const story = page.getByRole('heading', { name: 'The story' });
  const donate = page.getByRole('button', { name: 'Donate' });
  // Reading order: the story comes before the donate panel.
  const storyFirst = await page.evaluate(() => {
    const heading = document.getElementById('story-title');
    const aside = document.querySelector('aside[aria-label="Support this campaign"]');
    return Boolean(
      heading && aside && heading.compareDocumentPosition(aside) & Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });
  expect(storyFirst).toBe(true);
  const storyBox = await story.boundingBox();
  const donateBox = await donate.boundingBox();
  if (!storyBox || !donateBox) throw new Error('not laid out');
  // Beside it: the panel is to the right of the story column.
  expect(donateBox.x).toBeGreaterThan(storyBox.x + storyBox.width / 2);
  await expectNoSeriousA11yViolations(page);

  await page.setViewportSize({ width: 390, height: 844 });
  const phoneStory = await story.boundingBox();
  const phoneDonate = await donate.boundingBox();
  if (!phoneStory || !phoneDonate) throw new Error('not laid out');
  expect(phoneDonate.y).toBeLessThan(phoneStory.y);
  await page.context().close();
});

for (const javaScriptEnabled of [true, false]) {
  test(`an organiser asks for more time and an admin grants it (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async ({
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(240_000);
    const { organiser, campaign, word } = await createLiveCampaign(request, 'extend');
    await endCampaign(campaign._id, 45);

    const own = await signedInPage(browser, baseURL, organiser, { javaScriptEnabled });
    await own.goto('/account?tab=campaign');
    await own.getByRole('link', { name: /Ask for more time/ }).click();
    await expect(own).toHaveURL(new RegExp(`/campaigns/${campaign._id}/extension$`));
    await expect(own.getByRole('heading', { level: 1 })).toHaveText('Ask for more time');
    if (javaScriptEnabled) await expectNoSeriousA11yViolations(own);
    // Too short: refused at its field, what was typed kept.
    await own.getByLabel('Why does the campaign need more time?').fill('Too short');
    await own.getByRole('button', { name: 'Send the request' }).click();
    await expect(own.locator('#reason-error')).toHaveText('Reason must be at least 20 characters');
    await own
      .getByLabel('Why does the campaign need more time?')
      .fill('The hospital moved the operation to next month, so we need more time.');
    await own.getByLabel('How many more days?').selectOption('60');
    await own.getByRole('button', { name: 'Send the request' }).click();
    await expect(own).toHaveURL(/\/account\?tab=campaign/);
    if (javaScriptEnabled) await expect(toast(own, /Our team will/)).toBeVisible();
    await expect(own.getByText('You asked for 60 more days')).toBeVisible();
    await expect(own.getByRole('link', { name: /Ask for more time/ })).toHaveCount(0);
    await own.context().close();

    const { page: admin } = await adminPage(browser, baseURL, 'extensions');
    await admin.goto('/admin/extensions');
    const item = admin.getByRole('article').filter({ hasText: word });
    await expect(item).toContainText('60 days');
    await expectNoSeriousA11yViolations(admin);
    await item.getByRole('button', { name: /Grant 60 days/ }).click();
    await expect(admin.getByRole('article').filter({ hasText: word })).toHaveCount(0);
    await admin.context().close();

    const page = await visitor(browser, baseURL, javaScriptEnabled);
    await page.goto(`/campaigns/${campaign._id}`);
    await expect(page.getByTestId('campaign-ended')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Donate' })).toBeVisible();
    await page.goto(`/campaigns?search=${word}`);
    await expect(listed(page)).toHaveCount(1);
    await page.context().close();
  });
}
