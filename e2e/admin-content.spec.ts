import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, fillLogin, tinyPng } from './support/accounts.ts';
import { adminPage, createAdmin } from './support/admin.ts';
import { adminToken, uniqueWord } from './support/campaign-api.ts';
import { giveConsent, toast } from './support/site.ts';

/**
 * The admin screens of the podcast (episodes, categories). Other tests read the podcast of the
 * same server: every change made here is undone. (The site documents' screen is tested with the
 * pages that show them, in site-documents.spec.ts.)
 */

const api = '/api/v1';
// Each test makes an admin (`npm run admin:create`) and walks through several screens.
test.describe.configure({ timeout: 120_000 });
const youtubeLink = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

async function authHeaders(request: APIRequestContext) {
  return { Authorization: `Bearer ${await adminToken(request)}` };
}

async function createCategory(request: APIRequestContext, name: string): Promise<string> {
  const response = await request.post(`${api}/admin/podcast_category`, {
    headers: await authHeaders(request),
    data: { name },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { result: { _id: string } }).result._id;
}

/** Removes what a test made, whatever state it was left in (404s are fine). */
async function cleanUp(request: APIRequestContext, paths: string[]) {
  const headers = await authHeaders(request);
  for (const path of paths) {
    const response = await request.delete(`${api}${path}`, { headers });
    expect([200, 404], `${path}: ${await response.text()}`).toContain(response.status());
  }
}

/** A button or link "Edit: <subject>" (screen readers may hear a space before the colon). */
function named(action: string, subject: string): RegExp {
  return new RegExp(`^${action}\\s*:\\s*${subject.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
}

/** An episode number no other test is likely to use (the numbers are unique). */
function episodeNumber(): number {
  return 90_000 + Math.floor(Math.random() * 9_999);
}

/** The players' own pages are not reachable from the test machine: answer with a stub. */
async function stubPlayers(page: Page) {
  await page.route(/^https:\/\/(www\.youtube-nocookie\.com|open\.spotify\.com)\//, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><head><title>Player</title></head><body><main><p>Player</p></main></body></html>',
    }),
  );
}

test('an admin publishes, edits and deletes an episode with a YouTube channel', async ({
  browser,
  baseURL,
  request,
}) => {
  const word = uniqueWord('Ep');
  const categoryName = `Admin listening ${word}`;
  const category = await createCategory(request, categoryName);
  const cleanup = [`/admin/podcast_category/${category}`];
  const { page } = await adminPage(browser, baseURL, 'podcast');
  await stubPlayers(page);
  const title = `Asking for a second opinion ${word}`;
  const number = episodeNumber();
  try {
    await page.goto('/admin/podcasts/new');
    await expect(
      page.getByRole('heading', { level: 1, name: 'New podcast episode' }),
    ).toBeVisible();
    await expect(page).toHaveTitle(/New podcast episode/);
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Episode number').fill(String(number));
    // An old date: the episode does not push others off the first page of the podcast.
    await page.getByLabel('Release date').fill('2001-02-03');
    await page.getByLabel('Duration (minutes)').fill('38');
    await page.getByLabel('Category').selectOption(category);
    await page.getByLabel('Produced by').fill('Ada Okafor');
    await page.getByLabel('Image', { exact: true }).setInputFiles({
      name: 'cover.png',
      mimeType: 'image/png',
      buffer: tinyPng(320),
    });
    const summary = page.getByRole('textbox', { name: 'Summary' });
    // The editor replaces the textarea once its script has loaded.
    await expect(page.getByRole('toolbar', { name: 'Formatting' })).toBeVisible();
    await summary.click();
    await page.keyboard.type('What to ask before surgery, and how to ask it.');
    // Four channel rows before anything is added; a Spotify link chosen as YouTube is refused.
    await expect(page.getByLabel(/^Channel \d link$/)).toHaveCount(4);
    await page
      .getByLabel('Channel 1 link')
      .fill('https://open.spotify.com/episode/4rOoJ6Egrf8K2IrywzwOMk');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Publish episode' }).click();
    await expect(page.locator('#channel-0-link-error')).toContainText(
      'This is a Spotify link, not a YouTube link',
    );
    await expect(page.getByLabel('Channel 1 link')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);

    // Fixed: saved, and the edit page of the new episode opens.
    await page.getByLabel('Channel 1 source').selectOption({ label: 'YouTube' });
    await page.getByLabel('Channel 1 link').fill(youtubeLink);
    // The file field is emptied by the failed post only without script; choose it again if so.
    if ((await page.getByLabel('Image', { exact: true }).inputValue()) === '') {
      await page.getByLabel('Image', { exact: true }).setInputFiles({
        name: 'cover.png',
        mimeType: 'image/png',
        buffer: tinyPng(320),
      });
    }
    await page.getByRole('button', { name: 'Publish episode' }).click();
    await expect(toast(page, 'Podcast episode published')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/podcasts\/[0-9a-f-]{36}$/);
    const id = new URL(page.url()).pathname.split('/').at(-1) as string;
    cleanup.unshift(`/delete-podcast/${id}`);
    await expect(
      page.getByRole('heading', { level: 1, name: `Edit episode ${number}` }),
    ).toBeVisible();
    await expect(page.getByLabel('Channel 1 link')).toHaveValue(youtubeLink);
    await expectNoSeriousA11yViolations(page);

    // On the podcast page (its category) and playing the YouTube embed on its own page.
    await page.goto(`/podcast?category=${category}`);
    const card = page.getByRole('article').filter({
      has: page.getByRole('heading', { name: title }),
    });
    await expect(card).toContainText(`Episode ${number}`);
    await card.getByRole('link', { name: 'Play Episode' }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    // Functional cookies are declined here: the player loads when asked for.
    await page.getByRole('link', { name: 'Load the player' }).click();
    await expect(page.locator('iframe')).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    );
    await expect(page.getByText('What to ask before surgery')).toBeVisible();

    // The create is in the audit log.
    const audit = await request.get(`${api}/admin/audit?entityId=${id}`, {
      headers: await authHeaders(request),
    });
    expect(audit.status(), await audit.text()).toBe(200);
    expect((await audit.json()).results).toContainEqual(
      expect.objectContaining({
        action: 'POST /api/v1/post-podcast',
        entityType: 'podcast',
        entityId: id,
        after: expect.objectContaining({ title, number }),
      }),
    );

    // The list: search by title, then edit.
    await page.goto(`/admin/podcasts?search=${encodeURIComponent(word)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Podcast episodes' })).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(title) });
    await expect(row).toContainText(categoryName);
    await expect(row).toContainText('38 min');
    await expect(row).toContainText(String(number));
    await expect(
      row.getByRole('link', { name: named('View', `episode ${number}`) }),
    ).toHaveAttribute('href', `/podcast/${id}`);
    await expectNoSeriousA11yViolations(page);
    await page.goto(`/admin/podcasts?search=${number}&category=${category}`);
    await expect(page.getByRole('row', { name: new RegExp(title) })).toBeVisible();
    await row.getByRole('link', { name: named('Edit', `episode ${number}`) }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: `Edit episode ${number}` }),
    ).toBeVisible();
    const renamed = `${title} (updated)`;
    await page.getByLabel('Title', { exact: true }).fill(renamed);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, 'Podcast episode updated')).toBeVisible();
    await page.goto(`/podcast/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();

    // Deleting asks first; Cancel keeps it.
    await page.goto(`/admin/podcasts?search=${encodeURIComponent(word)}`);
    const deleteButton = page.getByRole('button', { name: named('Delete', `episode ${number}`) });
    await deleteButton.click();
    const dialog = page.getByRole('dialog', { name: 'Delete this episode?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await deleteButton.click();
    await dialog.getByRole('button', { name: /Yes, delete episode/ }).click();
    await expect(toast(page, 'Podcast episode deleted')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(title) })).toHaveCount(0);
    expect((await request.get(`${api}/get-single-podcast/${id}`)).status()).toBe(404);
  } finally {
    await cleanUp(request, cleanup);
  }
});

test('an admin adds, renames and deletes a podcast category; one in use is refused', async ({
  browser,
  baseURL,
  request,
}) => {
  const word = uniqueWord('Cat');
  // A category with an episode, which cannot be deleted.
  const busyName = `Busy ${word}`;
  const busy = await createCategory(request, busyName);
  const episode = await request.post(`${api}/post-podcast`, {
    headers: await authHeaders(request),
    multipart: {
      title: `Kept episode ${word}`,
      number: String(episodeNumber()),
      releaseDate: '2001-01-01',
      duration: '20',
      summary: '<p>A short one.</p>',
      category: busy,
      channels: JSON.stringify([{ source: 'youtube', link: youtubeLink }]),
      producedBy: 'Ada Okafor',
      image: { name: 'cover.png', mimeType: 'image/png', buffer: tinyPng(320) },
    },
  });
  expect(episode.status(), await episode.text()).toBe(201);
  const episodeId = (await episode.json()).result._id as string;
  const cleanup = [`/delete-podcast/${episodeId}`, `/admin/podcast_category/${busy}`];
  const { page } = await adminPage(browser, baseURL, 'podcast-category');
  try {
    await page.goto('/admin/podcast-categories');
    await expect(page.getByRole('heading', { level: 1, name: 'Podcast categories' })).toBeVisible();
    await expect(page).toHaveTitle(/Podcast categories/);
    await expectNoSeriousA11yViolations(page);

    const name = `Nutrition ${word}`;
    await page.getByLabel('Category name').fill(name);
    await page.getByRole('button', { name: 'Add category' }).click();
    await expect(toast(page, 'Podcast category created')).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toBeVisible();
    const created = (
      (await (await request.get(`${api}/get-podcast-categories/`)).json()).results as {
        _id: string;
        name: string;
      }[]
    ).find((category) => category.name === name);
    expect(created).toBeDefined();
    cleanup.push(`/admin/podcast_category/${created?._id}`);

    // The same name again is refused next to the field.
    await page.getByLabel('Category name').fill(name.toUpperCase());
    await page.getByRole('button', { name: 'Add category' }).click();
    await expect(page.getByText(/already exists/).first()).toBeVisible();

    const renamed = `Food and health ${word}`;
    await page.getByLabel(`New name for ${name}`).fill(renamed);
    await page.getByRole('button', { name: named('Rename', name) }).click();
    await expect(toast(page, 'Podcast category updated')).toBeVisible();
    const renamedRow = page.getByRole('row', { name: new RegExp(renamed) });
    await expect(renamedRow).toBeVisible();

    // In use: the API's refusal is shown and the category stays.
    await page.getByRole('button', { name: named('Delete', busyName) }).click();
    await page
      .getByRole('dialog', { name: 'Delete this category?' })
      .getByRole('button', { name: /Yes, delete category/ })
      .click();
    await expect(page.getByRole('alert')).toContainText(`"${busyName}" still has 1 episode`);
    await expect(page.getByRole('row', { name: new RegExp(busyName) })).toBeVisible();

    // Empty: deleted after the confirmation.
    await page.getByRole('button', { name: named('Delete', renamed) }).click();
    await page
      .getByRole('dialog', { name: 'Delete this category?' })
      .getByRole('button', { name: /Yes, delete category/ })
      .click();
    await expect(toast(page, 'Podcast category deleted')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(renamed) })).toHaveCount(0);
  } finally {
    await cleanUp(request, cleanup);
  }
});

/** An admin's page with JavaScript off, signed in through the login form. */
async function noScriptAdminPage(browser: Browser, baseURL: string | undefined) {
  const admin = createAdmin('no-js-content');
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  await giveConsent(context, baseURL);
  const page = await context.newPage();
  await page.goto('/login?redirectTo=%2Fadmin');
  await fillLogin(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  return page;
}

test('without JavaScript: four channel rows, HTML textareas, and delete asks on the page', async ({
  browser,
  baseURL,
  request,
}) => {
  const word = uniqueWord('NoJs');
  const name = `Plain ${word}`;
  const category = await createCategory(request, name);
  const page = await noScriptAdminPage(browser, baseURL);
  try {
    await page.goto('/admin/podcasts/new');
    await expect(page.getByLabel(/^Channel \d link$/)).toHaveCount(4);
    await expect(page.getByRole('button', { name: 'Add a channel' })).toHaveCount(0);
    await expect(page.getByLabel('Summary')).toHaveJSProperty('tagName', 'TEXTAREA');
    // Sent with every field empty: the API's errors are shown next to the fields.
    await page.getByLabel('Title', { exact: true }).fill(`Unfinished ${word}`);
    await page.getByRole('button', { name: 'Publish episode' }).click();
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(`Unfinished ${word}`);
    await expect(page.locator('#channels-error')).toHaveText('Add at least one channel link');

    await page.goto('/admin/podcast-categories');
    await page.getByRole('button', { name: named('Delete', name) }).click();
    await expect(page).toHaveURL(new RegExp(`confirm=${category}`));
    await page.getByRole('button', { name: named('Yes, delete category', name) }).click();
    await expect(page.getByText('Podcast category deleted')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  } finally {
    await cleanUp(request, [`/admin/podcast_category/${category}`]);
  }
});
