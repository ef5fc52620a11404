import { excerpts, limits } from '@ipatient/contracts/constants';
import { truncate } from '@ipatient/contracts/format';
import type { TPodcastChannel, TPodcastEpisode } from '@ipatient/contracts/podcasts';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, tinyPng } from './support/accounts.ts';
import { adminToken, uniqueWord } from './support/campaign-api.ts';
import { giveConsent } from './support/site.ts';

const api = '/api/v1';

test.beforeEach(async ({ context, baseURL, page }) => {
  // Players set cookies of their own: they load once functional cookies are allowed.
  await giveConsent(context, baseURL, { functional: true });
  // The players' own pages are not reachable from the test machine: answer with a stub, so
  // the iframes load (and axe can look inside them) without the network.
  await page.route(
    /^https:\/\/(www\.youtube-nocookie\.com|open\.spotify\.com|embed\.podcasts\.apple\.com)\//,
    (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><html lang="en"><head><title>Player</title></head><body><main><p>Player</p></main></body></html>',
      }),
  );
});

async function createCategory(request: APIRequestContext, name: string): Promise<string> {
  const token = await adminToken(request);
  const response = await request.post(`${api}/admin/podcast_category`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { name },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { result: { _id: string } }).result._id;
}

interface EpisodeInput {
  title: string;
  category: string;
  channels: TPodcastChannel[];
  summaryText: string;
}

async function createEpisode(
  request: APIRequestContext,
  input: EpisodeInput,
): Promise<TPodcastEpisode> {
  const token = await adminToken(request);
  const response = await request.post(`${api}/post-podcast`, {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      title: input.title,
      number: String(10_000 + Math.floor(Math.random() * 89_000)),
      releaseDate: '2025-03-05',
      duration: '45 min',
      summary: `<p>${input.summaryText}</p><p>Second paragraph with <strong>bold</strong> words.</p>`,
      category: input.category,
      channels: JSON.stringify(input.channels),
      producedBy: 'Ngozi Eze',
      image: { name: 'cover.png', mimeType: 'image/png', buffer: tinyPng(320) },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { result: TPodcastEpisode }).result;
}

const longSummary =
  'Amaka talks with a nurse from Enugu about what patients can ask for on the ward, how to raise a complaint without fear, and where to find help when the bill arrives before the diagnosis.';

async function newEpisode(request: APIRequestContext, channels: TPodcastChannel[]) {
  const word = uniqueWord('Pod');
  const category = await createCategory(request, `Rights ${word}`);
  const episode = await createEpisode(request, {
    title: `Knowing your rights ${word}`,
    category,
    channels,
    summaryText: longSummary,
  });
  return { word, category, episode };
}

async function openEpisode(page: Page, episode: TPodcastEpisode) {
  const response = await page.goto(`/podcast/${episode._id}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: episode.title })).toBeVisible();
}

test('a YouTube episode plays in a no-cookie iframe 350 pixels high', async ({ page, request }) => {
  const { episode } = await newEpisode(request, [
    { source: 'youtube', link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
    { source: 'spotify', link: 'https://open.spotify.com/episode/4rOoJ6Egrf8K2IrywzwOMk' },
  ]);
  await openEpisode(page, episode);
  const player = page.locator('iframe');
  await expect(player).toHaveCount(1);
  await expect(player).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
  await expect(player).toHaveAttribute('height', String(limits.iframeHeightDefault));
  await expect(player).toHaveAttribute('loading', 'lazy');
  await expect(player).toHaveAttribute('title', `Player: ${episode.title}`);
  await expect(page.getByRole('link', { name: /Listen on YouTube/ })).toHaveAttribute(
    'href',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  );
  await expect(page.getByRole('link', { name: /Listen on Spotify/ })).toBeVisible();
  await expect(page.getByText('Produced by Ngozi Eze')).toBeVisible();
  await expect(page.getByText(`Episode ${episode.number}`, { exact: false }).first()).toBeVisible();
  await expect(page.getByText('05 March 2025')).toBeVisible();
  await expect(page.getByText('45 min')).toBeVisible();
  await expect(page.locator('.prose-content strong')).toHaveText('bold');
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
    'content',
    new RegExp(episode.title),
  );
  await expectNoSeriousA11yViolations(page);
});

test('without functional cookies a player waits behind a placeholder until asked for', async ({
  browser,
  baseURL,
  request,
}) => {
  const { episode } = await newEpisode(request, [
    { source: 'youtube', link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
  ]);
  for (const javaScriptEnabled of [true, false]) {
    const context = await browser.newContext({ baseURL, javaScriptEnabled });
    await giveConsent(context, baseURL, { functional: false });
    const page = await context.newPage();
    const players: string[] = [];
    page.on('request', (r) => {
      if (/youtube/.test(r.url())) players.push(r.url());
    });
    await page.route(/^https:\/\/www\.youtube-nocookie\.com\//, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Player</title>' }),
    );
    await openEpisode(page, episode);
    const placeholder = page.getByRole('region', { name: 'Player from YouTube' });
    await expect(placeholder).toContainText(
      'not loaded, as you have not allowed functional cookies',
    );
    await expect(page.locator('iframe')).toHaveCount(0);
    await expect(placeholder.getByRole('link', { name: 'Open on YouTube' })).toHaveAttribute(
      'href',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    );
    // axe runs as a script in the page: only where scripts run.
    if (javaScriptEnabled) await expectNoSeriousA11yViolations(page);
    expect(players).toEqual([]);
    // Asked for, it loads on this page, where the placeholder was.
    await placeholder.getByRole('link', { name: 'Load the player' }).click();
    await expect(page.locator('iframe')).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    );
    await context.close();
  }
});

test('a Spotify episode plays in an iframe 170 pixels high', async ({ page, request }) => {
  const { episode } = await newEpisode(request, [
    { source: 'spotify', link: 'https://open.spotify.com/episode/4rOoJ6Egrf8K2IrywzwOMk' },
  ]);
  await openEpisode(page, episode);
  const player = page.locator('iframe');
  await expect(player).toHaveAttribute(
    'src',
    'https://open.spotify.com/embed/episode/4rOoJ6Egrf8K2IrywzwOMk',
  );
  await expect(player).toHaveAttribute('height', String(limits.iframeHeightCompact));
  await expectNoSeriousA11yViolations(page);
});

test('a direct audio episode plays in an audio element', async ({ page, request }) => {
  const { episode } = await newEpisode(request, [
    { source: 'other', link: 'https://media.example.com/ipatient/episode-1.mp3' },
  ]);
  await openEpisode(page, episode);
  await expect(page.locator('iframe')).toHaveCount(0);
  const audio = page.locator('audio');
  await expect(audio).toHaveAttribute('src', 'https://media.example.com/ipatient/episode-1.mp3');
  await expect(audio).toHaveAttribute('controls', '');
  await expect(page.getByRole('link', { name: /Listen to the audio file/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('an unknown episode is a 404 page', async ({ page }) => {
  const response = await page.goto('/podcast/00000000-0000-4000-8000-000000000000');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});

test('the list shows the card with a 120-character summary, filtered by category', async ({
  page,
  request,
}) => {
  const { category, episode, word } = await newEpisode(request, [
    { source: 'youtube', link: 'https://youtu.be/dQw4w9WgXcQ' },
    { source: 'apple', link: 'https://podcasts.apple.com/ng/podcast/ipatient/id1234567890' },
  ]);
  await page.goto(`/podcast?category=${category}`);
  await expect(page.getByRole('link', { name: `Rights ${word}` })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByRole('link', { name: 'All', exact: true })).not.toHaveAttribute(
    'aria-current',
  );
  const card = page.getByRole('article', { name: episode.title });
  await expect(card).toHaveCount(1);
  const expected = truncate(episode.summaryText, excerpts.podcastCardSummary);
  expect(expected.length).toBeLessThanOrEqual(excerpts.podcastCardSummary + 3);
  expect(expected.endsWith('...')).toBe(true);
  await expect(card.locator('[data-episode-excerpt]')).toHaveText(expected);
  await expect(card.getByText('05 March 2025')).toBeVisible();
  await expect(card.getByRole('list', { name: 'Available on' })).toContainText('YouTube');
  await expect(card.getByRole('list', { name: 'Available on' })).toContainText('Apple Podcasts');
  await expect(card.getByRole('img')).toHaveCount(0);
  await expect(card.locator('img')).toHaveAttribute('srcset', /\d+w/);
  await card.getByRole('link', { name: 'Play Episode' }).click();
  await expect(page).toHaveURL(new RegExp(`/podcast/${episode._id}$`));
  await page.goto(`/podcast?category=${category}`);
  await expectNoSeriousA11yViolations(page);
});

test('the hero animation pauses and plays again', async ({ page }) => {
  await page.goto('/podcast');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Voices of Advocacy, Stories of Hope' }),
  ).toBeVisible();
  const toggle = page.getByRole('button', { name: 'Pause the animation' });
  const bar = page.locator('.podcast-wave-bar').first();
  const playState = () => bar.evaluate((element) => getComputedStyle(element).animationPlayState);
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  expect(await playState()).toBe('running');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  expect(await playState()).toBe('paused');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  expect(await playState()).toBe('running');
  await expectNoSeriousA11yViolations(page);
});

test('with reduced motion the hero animation starts paused', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  await giveConsent(context, baseURL);
  const page = await context.newPage();
  await page.goto('/podcast');
  const toggle = page.getByRole('button', { name: 'Pause the animation' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await context.close();
});
