import { Readable } from 'node:stream';
import { brand } from '@ipatient/contracts';
import { blogLimits, type TBlogPost } from '@ipatient/contracts/blog';
import { campaignLimits } from '@ipatient/contracts/campaign-rules';
import type { TCampaign } from '@ipatient/contracts/campaigns';
import type { EndpointDefinition } from '@ipatient/contracts/endpoints/define';
import { endpoints } from '@ipatient/contracts/endpoints/index';
import type { TFacility } from '@ipatient/contracts/facilities';
import { reviewLimits } from '@ipatient/contracts/facility-rules';
import {
  audioExtensions,
  isOwnAudioPath,
  ownMediaPrefix,
  podcastLimits,
  type TPodcastEpisode,
} from '@ipatient/contracts/podcasts';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import sharp from 'sharp';

/** Feeds and the sitemap change when content does; crawlers may keep them ten minutes. */
const CACHE_CONTROL = 'public, max-age=600';
const RSS_TYPE = 'application/rss+xml; charset=utf-8';
const XML_TYPE = 'application/xml; charset=utf-8';
/** Newest posts in the blog feed. */
const BLOG_FEED_ITEMS = 20;
/** Episodes in the podcast feed (podcast apps expect the whole back catalogue). */
const PODCAST_FEED_ITEMS = 500;
/** One sitemap file holds at most 50,000 URLs; ours stops well before. */
const SITEMAP_MAX_URLS = 5_000;
/** Pages of the web app worth indexing (not sign-in, account or forms). */
const STATIC_PAGES = [
  '/',
  '/advocacy',
  '/crowdfunding',
  '/campaigns',
  '/blog',
  '/podcast',
  '/review',
  '/stories',
  '/webinars',
  '/awards',
  '/how-it-works',
  '/green-heart-fund',
  '/about',
  '/contact',
  '/terms-and-condition',
  '/cookie-policy',
  '/privacy',
];
const ROBOTS_DISALLOW = [
  '/account',
  '/admin',
  '/api/',
  '/dev/',
  '/crowdfunding/create',
  '/advocacy/complaints/',
];

const AUDIO_TYPES: Record<(typeof audioExtensions)[number], string> = {
  '.mp3': 'audio/mpeg',
  '.m4a': 'audio/x-m4a',
  '.aac': 'audio/aac',
  '.ogg': 'audio/ogg',
  '.opus': 'audio/opus',
  '.wav': 'audio/wav',
};

// Characters XML 1.0 does not allow at all (even escaped).
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters removed.
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Text or attribute value made safe for XML. */
export function escapeXml(text: string): string {
  return text
    .replace(NOT_XML, '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
}

const element = (name: string, text: string) => `<${name}>${escapeXml(text)}</${name}>`;

/** RFC 822 date, as RSS wants it ("Sat, 21 Nov 2026 10:00:00 GMT"). */
const rfc822 = (date: Date) => date.toUTCString();

interface Page<T> {
  results: T[];
  meta?: { total: number };
}

type Query = Record<string, string | number>;

/**
 * Reads a list of the public API in-process (features do not import each other's internals),
 * addressed by its endpoint definition.
 */
async function apiGet<T>(
  app: FastifyInstance,
  endpoint: EndpointDefinition,
  query: Query,
): Promise<Page<T>> {
  const search = new URLSearchParams(
    Object.entries(query).map(([name, value]) => [name, String(value)]),
  );
  const url = `/api/v1${endpoint.path}?${search}`;
  const response = await app.inject({ method: endpoint.method, url });
  if (response.statusCode !== 200) {
    throw new Error(`${endpoint.method} ${url} answered ${response.statusCode}`);
  }
  return response.json() as Page<T>;
}

/** Every item of a paged API list, page by page, up to `max`. */
async function apiGetAll<T>(
  app: FastifyInstance,
  endpoint: EndpointDefinition,
  query: Query,
  pageSize: number,
  max: number,
): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; items.length < max; page++) {
    const { results, meta } = await apiGet<T>(app, endpoint, { ...query, page, limit: pageSize });
    items.push(...results);
    if (results.length < pageSize || (meta && items.length >= meta.total)) break;
  }
  return items.slice(0, max);
}

/** The size of a file on our own media server, or 0 when unknown (RSS allows it). */
async function ownMediaLength(app: FastifyInstance, path: string): Promise<number> {
  try {
    const object = await app.storage.get(path.slice(ownMediaPrefix.length));
    if (!object) return 0;
    if (object.body instanceof Readable) object.body.destroy();
    return object.contentLength ?? (Buffer.isBuffer(object.body) ? object.body.length : 0);
  } catch {
    return 0;
  }
}

const audioTypeOf = (link: string) => {
  const path = link.split(/[?#]/)[0]?.toLowerCase() ?? '';
  const extension = audioExtensions.find((candidate) => path.endsWith(candidate));
  return extension ? AUDIO_TYPES[extension] : 'audio/mpeg';
};

/** The channel artwork: a square of shapes in the brand green (PNG, as Apple asks). */
function artworkSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1400" height="1400" viewBox="0 0 1400 1400">
<defs><linearGradient id="g" x1="0" y1="1" x2="1" y2="0"><stop offset="0" stop-color="#0b7a3e"/><stop offset="1" stop-color="#7ed3a4"/></linearGradient></defs>
<rect width="1400" height="1400" fill="url(#g)"/>
<circle cx="700" cy="700" r="440" fill="#ffffff" fill-opacity="0.92"/>
${[-240, -144, -48, 48, 144, 240]
  .map((dx, i) => {
    const h = [160, 320, 460, 380, 260, 140][i] ?? 200;
    return `<rect x="${700 + dx - 30}" y="${700 - h / 2}" width="60" height="${h}" rx="30" fill="#0b7a3e"/>`;
  })
  .join('')}
</svg>`;
}

/**
 * Machine-readable views of the public content, outside /api/v1: RSS feeds of the blog and the
 * podcast (with the iTunes tags podcast apps read), the sitemap and robots.txt. Content comes
 * from the public API, so drafts and hidden campaigns never appear.
 */
export const feedsRoutes: FastifyPluginAsync = async (app) => {
  const base = app.config.publicUrl;
  const absolute = (path: string) => (path.startsWith('/') ? `${base}${path}` : path);
  let artwork: Promise<Buffer> | undefined;

  app.get('/blog/rss.xml', { schema: { hide: true } }, async (_request, reply) => {
    const { results: posts } = await apiGet<TBlogPost>(app, endpoints.blog.posts.list, {
      page: 1,
      limit: BLOG_FEED_ITEMS,
    });
    const items = posts.map((post) => {
      const link = `${base}/blog${post.urlSlug}`;
      return [
        '<item>',
        element('title', post.title),
        element('link', link),
        `<guid isPermaLink="true">${escapeXml(link)}</guid>`,
        element('pubDate', rfc822(new Date(post.date ?? post.createdAt))),
        element('dc:creator', post.publisher),
        element('description', post.excerpt),
        post.category ? element('category', post.category.name) : '',
        '</item>',
      ].join('');
    });
    const newest = posts[0]?.date;
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
<channel>
${element('title', `${brand.siteName} Blog`)}
${element('link', `${base}/blog`)}
${element('description', `Patient rights, health tips and community stories from ${brand.siteName}.`)}
<language>en-ng</language>
${newest ? element('lastBuildDate', rfc822(new Date(newest))) : ''}
<atom:link href="${escapeXml(`${base}/blog/rss.xml`)}" rel="self" type="application/rss+xml"/>
${items.join('\n')}
</channel>
</rss>
`;
    return reply.type(RSS_TYPE).header('cache-control', CACHE_CONTROL).send(xml);
  });

  app.get('/podcast/artwork.png', { schema: { hide: true } }, async (_request, reply) => {
    artwork ??= sharp(Buffer.from(artworkSvg())).png().toBuffer();
    return reply
      .type('image/png')
      .header('cache-control', 'public, max-age=86400')
      .send(await artwork);
  });

  app.get('/podcast/rss.xml', { schema: { hide: true } }, async (_request, reply) => {
    const episodes = await apiGetAll<TPodcastEpisode>(
      app,
      endpoints.podcasts.list,
      {},
      podcastLimits.pageMax,
      PODCAST_FEED_ITEMS,
    );
    const items: string[] = [];
    for (const episode of episodes) {
      const link = `${base}/podcast/${encodeURIComponent(episode._id)}`;
      const audio = episode.channels.find((channel) => channel.source === 'other');
      let enclosure = '';
      if (audio) {
        const length = isOwnAudioPath(audio.link) ? await ownMediaLength(app, audio.link) : 0;
        enclosure = `<enclosure url="${escapeXml(absolute(audio.link))}" length="${length}" type="${audioTypeOf(audio.link)}"/>`;
      }
      items.push(
        [
          '<item>',
          element('title', episode.title),
          element('link', link),
          `<guid isPermaLink="false">${escapeXml(episode._id)}</guid>`,
          element('pubDate', rfc822(new Date(`${episode.releaseDate}T08:00:00Z`))),
          element('description', episode.summaryText),
          episode.category ? element('category', episode.category.name) : '',
          enclosure,
          element('itunes:episode', String(episode.number)),
          element('itunes:duration', String(episode.duration * 60)),
          element('itunes:explicit', 'false'),
          '</item>',
        ].join(''),
      );
    }
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:atom="http://www.w3.org/2005/Atom">
<channel>
${element('title', `${brand.siteName} Podcast`)}
${element('link', `${base}/podcast`)}
${element('description', `Conversations with patients, carers and health workers in Nigeria, from ${brand.siteName}.`)}
<language>en-ng</language>
<atom:link href="${escapeXml(`${base}/podcast/rss.xml`)}" rel="self" type="application/rss+xml"/>
${element('itunes:author', brand.siteName)}
<itunes:image href="${escapeXml(`${base}/podcast/artwork.png`)}"/>
<itunes:category text="Health &amp; Fitness"/>
<itunes:explicit>false</itunes:explicit>
${items.join('\n')}
</channel>
</rss>
`;
    return reply.type(RSS_TYPE).header('cache-control', CACHE_CONTROL).send(xml);
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const urls: { loc: string; lastmod?: string | undefined }[] = STATIC_PAGES.map((path) => ({
      loc: path === '/' ? `${base}/` : `${base}${path}`,
    }));
    const room = () => SITEMAP_MAX_URLS - urls.length;
    const day = (iso: string | null | undefined) => iso?.slice(0, 10);
    for (const post of await apiGetAll<TBlogPost>(
      app,
      endpoints.blog.posts.list,
      {},
      blogLimits.pageMax,
      room(),
    )) {
      urls.push({ loc: `${base}/blog${post.urlSlug}`, lastmod: day(post.updatedAt) });
    }
    for (const episode of await apiGetAll<TPodcastEpisode>(
      app,
      endpoints.podcasts.list,
      {},
      podcastLimits.pageMax,
      room(),
    )) {
      urls.push({
        loc: `${base}/podcast/${encodeURIComponent(episode._id)}`,
        lastmod: episode.releaseDate,
      });
    }
    if (room() > 0) {
      for (const campaign of await apiGetAll<TCampaign>(
        app,
        endpoints.campaigns.list,
        { sort: 'recent' },
        campaignLimits.pageMax,
        room(),
      )) {
        urls.push({
          loc: `${base}/campaigns/${encodeURIComponent(campaign._id)}`,
          lastmod: day(campaign.updatedAt),
        });
      }
    }
    if (room() > 0) {
      for (const facility of await apiGetAll<TFacility>(
        app,
        endpoints.facilities.list,
        {},
        reviewLimits.pageMax,
        room(),
      )) {
        urls.push({ loc: `${base}/review/${encodeURIComponent(facility._id)}` });
      }
    }
    const entries = urls
      .slice(0, SITEMAP_MAX_URLS)
      .map(
        (url) =>
          `<url>${element('loc', url.loc)}${url.lastmod ? element('lastmod', url.lastmod) : ''}</url>`,
      );
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${entries.join('\n')}
</urlset>
`;
    return reply.type(XML_TYPE).header('cache-control', CACHE_CONTROL).send(xml);
  });

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) => {
    const lines = [
      'User-agent: *',
      'Allow: /',
      ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`),
      '',
      `Sitemap: ${base}/sitemap.xml`,
      '',
    ];
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', CACHE_CONTROL)
      .send(lines.join('\n'));
  });
};
