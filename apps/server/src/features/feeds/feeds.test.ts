import { readFileSync } from 'node:fs';
import type { TBlogPost, TCampaign, TPodcastEpisode } from '@ipatient/contracts';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedInUser } from '../../../test/accounts.ts';
import { createCategory, createPost, insertPostRow, uniqueWord } from '../../../test/blog.ts';
import { createLiveCampaign, createMembers } from '../../../test/campaigns.ts';
import { createFacility } from '../../../test/facilities.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { createEpisode, createPodcastCategory, youtubeLink } from '../../../test/podcasts.ts';
import { forgetPublicAnswers } from '../../plugins/public-cache.ts';
import { chimeWav } from '../../seed/demo-content.ts';

let t: TestApp;
let admin: SignedInUser;
let base: string;
let post: TBlogPost;
let draft: TBlogPost;
let audioEpisode: TPodcastEpisode;
let videoEpisode: TPodcastEpisode;
let campaign: TCampaign;
let facility: { id: string };
const wav = chimeWav(1);
const trickyTitle = 'Mind & body <tips> for "busy" carers';

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  isArray: (name) => ['item', 'url', 'category'].includes(name),
});

type Item = Record<string, unknown> & { title: string; link: string };

beforeAll(async () => {
  t = await createTestApp();
  base = t.config.publicUrl;
  const [adminUser, owner] = await createMembers(t, 2, 'admin');
  admin = adminUser as SignedInUser;
  const category = await createCategory(t, admin, `Feeds ${uniqueWord()}`);
  // An old post first, so the tricky one is the newest.
  await insertPostRow(t, {
    urlSlug: `/older-${uniqueWord()}`,
    title: 'An older post',
    categoryId: category._id,
    publishedAt: new Date(Date.now() - 3 * 24 * 60 * 60 * 1000),
  });
  post = await createPost(t, admin, category._id, {
    title: trickyTitle,
    excerpt: 'Rest & water < stress',
  });
  draft = await createPost(t, admin, category._id, {
    title: `Draft ${uniqueWord()}`,
    status: 'draft',
  });
  const podcastCategory = await createPodcastCategory(t, admin, 'Health Talk & more');
  await t.app.storage.put('podcasts/feed-test.wav', wav, 'audio/wav');
  audioEpisode = await createEpisode(t, admin, podcastCategory._id, {
    title: 'Chimes & bells',
    duration: '28',
    releaseDate: '2025-03-05',
    channels: JSON.stringify([{ source: 'other', link: '/images/podcasts/feed-test.wav' }]),
  });
  videoEpisode = await createEpisode(t, admin, podcastCategory._id, {
    releaseDate: '2025-02-01',
    channels: JSON.stringify([{ source: 'youtube', link: youtubeLink }]),
  });
  campaign = await createLiveCampaign(t, owner as SignedInUser, admin);
  facility = await createFacility(t);
});
afterAll(() => t.close());

function expectCached(headers: Record<string, unknown>, type: string) {
  expect(headers['content-type']).toBe(type);
  expect(headers['cache-control']).toBe('public, max-age=600');
}

describe('GET /blog/rss.xml', () => {
  it('lists published posts, newest first, with escaped titles and no drafts', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/blog/rss.xml' });
    expect(response.statusCode).toBe(200);
    expectCached(response.headers, 'application/rss+xml; charset=utf-8');
    expect(response.body).toContain('Mind &amp; body &lt;tips&gt; for &quot;busy&quot; carers');
    expect(response.body).not.toContain(draft.title);

    const feed = parser.parse(response.body);
    expect(feed.rss['@_version']).toBe('2.0');
    const channel = feed.rss.channel;
    expect(channel.link).toBe(`${base}/blog`);
    expect(channel['atom:link']['@_href']).toBe(`${base}/blog/rss.xml`);
    const items: Item[] = channel.item;
    expect(items.map((item) => item.title)).toEqual([trickyTitle, 'An older post']);
    const [first] = items;
    expect(first?.link).toBe(`${base}/blog${post.urlSlug}`);
    expect(first?.guid).toEqual({ '#text': first?.link, '@_isPermaLink': 'true' });
    expect(first?.pubDate).toBe(new Date(post.date ?? '').toUTCString());
    expect(first?.description).toBe('Rest & water < stress');
    expect(first?.category).toEqual([post.category?.name]);
  });

  it('holds the 20 newest posts at most', async () => {
    for (let i = 0; i < 20; i++) {
      await insertPostRow(t, {
        urlSlug: `/bulk-${i}-${uniqueWord()}`,
        title: `Bulk post ${i}`,
        publishedAt: new Date(Date.now() - (10 + i) * 24 * 60 * 60 * 1000),
      });
    }
    // Rows written straight into the database reach visitors once the public cache expires
    // (plugins/public-cache.ts); the test does not wait for that.
    forgetPublicAnswers(t.app);
    const response = await t.app.inject({ method: 'GET', url: '/blog/rss.xml' });
    const items: Item[] = parser.parse(response.body).rss.channel.item;
    expect(items).toHaveLength(20);
    expect(items[0]?.title).toBe(trickyTitle);
    expect(items.map((item) => item.title)).not.toContain('Bulk post 19');
  });
});

describe('GET /podcast/rss.xml', () => {
  it('is an iTunes podcast feed with an enclosure for direct audio', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/podcast/rss.xml' });
    expect(response.statusCode).toBe(200);
    expectCached(response.headers, 'application/rss+xml; charset=utf-8');
    expect(response.body).toContain('xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"');
    expect(response.body).toContain('<title>Chimes &amp; bells</title>');

    const channel = parser.parse(response.body).rss.channel;
    expect(channel['itunes:author']).toBe('iPatient');
    expect(channel['itunes:image']['@_href']).toBe(`${base}/podcast/artwork.png`);
    expect(channel['itunes:category']['@_text']).toBe('Health & Fitness');
    expect(String(channel['itunes:explicit'])).toBe('false');

    const items: Item[] = channel.item;
    expect(items.map((item) => item.title)).toEqual([audioEpisode.title, videoEpisode.title]);
    const [audio, video] = items;
    expect(audio?.link).toBe(`${base}/podcast/${audioEpisode._id}`);
    expect(audio?.enclosure).toEqual({
      '@_url': `${base}/images/podcasts/feed-test.wav`,
      '@_length': String(wav.length),
      '@_type': 'audio/wav',
    });
    expect(audio?.['itunes:duration']).toBe(28 * 60);
    expect(audio?.['itunes:episode']).toBe(audioEpisode.number);
    expect(audio?.pubDate).toBe('Wed, 05 Mar 2025 08:00:00 GMT');
    expect(audio?.description).toBe(audioEpisode.summaryText);
    expect(audio?.category).toEqual(['Health Talk & more']);
    expect(video?.enclosure).toBeUndefined();
    expect(video?.['itunes:episode']).toBe(videoEpisode.number);
  });

  it('serves its square PNG artwork', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/podcast/artwork.png' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.rawPayload.subarray(1, 4).toString('ascii')).toBe('PNG');
  });
});

describe('GET /sitemap.xml', () => {
  it('lists the pages, published posts, episodes and live campaigns with absolute URLs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expectCached(response.headers, 'application/xml; charset=utf-8');
    const sitemap = parser.parse(response.body);
    expect(sitemap.urlset['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const urls: { loc: string; lastmod?: string }[] = sitemap.urlset.url;
    const locs = urls.map((url) => url.loc);
    expect(new Set(locs).size).toBe(locs.length);
    for (const loc of locs) expect(loc.startsWith(`${base}/`)).toBe(true);
    expect(locs).toEqual(
      expect.arrayContaining([
        `${base}/`,
        `${base}/blog`,
        `${base}/podcast`,
        `${base}/about`,
        `${base}/blog${post.urlSlug}`,
        `${base}/podcast/${audioEpisode._id}`,
        `${base}/podcast/${videoEpisode._id}`,
        `${base}/campaigns/${campaign._id}`,
        `${base}/review`,
        `${base}/review/${facility.id}`,
      ]),
    );
    expect(locs).not.toContain(`${base}/blog${draft.urlSlug}`);
    // Every published post: the older one, the tricky one and the 20 bulk posts.
    expect(locs.filter((loc) => loc.startsWith(`${base}/blog/`))).toHaveLength(22);
    expect(urls.find((url) => url.loc.endsWith(audioEpisode._id))?.lastmod).toBe('2025-03-05');
  });

  /** Pages with no address parameter that search engines should not list, and why. */
  const notIndexed = new Set([
    // Sign-in, sign-up and their steps: nothing to read there.
    '/login',
    '/signup',
    '/verify',
    '/personalize',
    '/reset-password',
    '/verify-password',
    '/logout',
    // A member's own pages and links from emails.
    '/account',
    '/account/phone',
    '/account/privacy',
    '/account/data',
    '/account/delete',
    '/emails/unsubscribe',
    '/updates/unsubscribe',
    '/donations/receipt',
    '/donations/return',
    '/crowdfunding/create',
    // The same page as /terms-and-condition, and a form action.
    '/terms',
    '/cookie-consent',
  ]);

  it('lists every public page of the web app that is not kept out on purpose', async () => {
    const routes = readFileSync(new URL('../../../../web/app/routes.ts', import.meta.url), 'utf8');
    const publicPart = routes.slice(0, routes.indexOf("prefix('admin'"));
    const pages = [...publicPart.matchAll(/route\('([^']+)'/g)]
      .map((match) => `/${match[1]}`)
      .filter((path) => !path.includes(':') && path !== '/*');
    expect(pages).toContain('/privacy');
    const response = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    const locs = (parser.parse(response.body).urlset.url as { loc: string }[]).map(
      (url) => url.loc,
    );
    const missing = pages.filter(
      (path) => !notIndexed.has(path) && !locs.includes(`${base}${path}`),
    );
    expect(missing).toEqual([]);
  });
});

describe('GET /robots.txt', () => {
  it('allows crawling except private paths and names the sitemap', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expectCached(response.headers, 'text/plain; charset=utf-8');
    const lines = response.body.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        'Allow: /',
        'Disallow: /account',
        'Disallow: /admin',
        'Disallow: /api/',
        'Disallow: /dev/',
        'Disallow: /crowdfunding/create',
        'Disallow: /advocacy/complaints/',
        `Sitemap: ${base}/sitemap.xml`,
      ]),
    );
  });
});
