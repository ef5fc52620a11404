import { z } from 'zod';
import { blankToUndefined } from './accounts.ts';
import { limits } from './constants.ts';
import { pageNumberParam, ZResultEnvelope, ZResultsEnvelope } from './envelopes.ts';

export const podcastSources = ['youtube', 'spotify', 'apple', 'other'] as const;
export type PodcastSource = (typeof podcastSources)[number];

export interface TPodcastChannel {
  source: PodcastSource;
  link: string;
}

export const podcastLimits = {
  titleMax: 200,
  producedByMax: 120,
  summaryMax: 20_000,
  numberMax: 100_000,
  /** A day: longer is a typo ("4500" for "45"). */
  durationMaxMinutes: 24 * 60,
  channelsMax: 6,
  linkMax: 500,
  categoryNameMax: 60,
  pageDefault: 12,
  pageMax: 50,
} as const;

/** The words shown for each channel in messages and on the player. */
export const podcastSourceNames: Record<PodcastSource, string> = {
  youtube: 'YouTube',
  spotify: 'Spotify',
  apple: 'Apple Podcasts',
  other: 'Direct audio',
};

export const audioExtensions = ['.mp3', '.m4a', '.aac', '.ogg', '.opus', '.wav'] as const;

/** Where the site serves its own media (the storage plugin's `/images/*`). */
export const ownMediaPrefix = '/images/';
/** A stored key's characters (see the storage keys): no `..`, no dot files, no query. */
const OWN_MEDIA_PATH = /^\/images(\/[a-z0-9_-][a-z0-9_.-]*)+$/i;

/** A path on our own media server that ends in an audio extension (`/images/podcasts/x.wav`). */
export function isOwnAudioPath(link: string): boolean {
  return (
    OWN_MEDIA_PATH.test(link) &&
    !link.includes('..') &&
    audioExtensions.some((extension) => link.toLowerCase().endsWith(extension))
  );
}

const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'youtu.be']);
const YOUTUBE_ID = /^[\w-]{11}$/;
const SPOTIFY_PATH = /^\/(?:intl-[a-z]{2}(?:-[a-z]{2})?\/)?(episode|show)\/([A-Za-z0-9]{22})\/?$/;
const APPLE_PATH = /^\/[a-z]{2}\/podcast\/(?:[^/?#]+\/)?id\d+\/?$/;

type Recognised =
  | { source: 'youtube'; id: string }
  | { source: 'spotify'; kind: 'episode' | 'show'; id: string }
  | { source: 'apple'; path: string; episode: string | undefined }
  | { source: 'other'; url: string };

type Recognition = { ok: true; value: Recognised } | { ok: false; problem: string };

const refuse = (problem: string): Recognition => ({ ok: false, problem });

/** Which channel a link belongs to, judged by its host; undefined for an unknown host. */
function channelOfHost(host: string): PodcastSource | undefined {
  if (YOUTUBE_HOSTS.has(host)) return 'youtube';
  if (host === 'open.spotify.com') return 'spotify';
  if (host === 'podcasts.apple.com') return 'apple';
  return undefined;
}

function recognise(link: string): Recognition {
  const trimmed = link.trim();
  // Our own media (a same-site path) is a direct audio file; `//host/...` is another site.
  if (trimmed.startsWith('/') && !trimmed.startsWith('//')) {
    if (!isOwnAudioPath(trimmed)) {
      return refuse(
        `Links on this site must be an audio file under ${ownMediaPrefix} (${audioExtensions.join(', ')})`,
      );
    }
    return { ok: true, value: { source: 'other', url: trimmed } };
  }
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return refuse('Enter the full channel link, starting with https://');
  }
  if (url.protocol !== 'https:') return refuse('Channel links must start with https://');
  if (url.username || url.password) return refuse('Channel links must not contain a user name');
  const host = url.hostname.toLowerCase();
  switch (channelOfHost(host)) {
    case 'youtube': {
      let id: string | undefined;
      if (host === 'youtu.be') id = url.pathname.slice(1).replace(/\/$/, '');
      else if (url.pathname === '/watch') id = url.searchParams.get('v') ?? undefined;
      else id = /^\/embed\/([^/]+)\/?$/.exec(url.pathname)?.[1];
      if (!id || !YOUTUBE_ID.test(id)) {
        return refuse(
          'YouTube links must be a video link (youtube.com/watch?v=…, youtu.be/… or youtube.com/embed/…)',
        );
      }
      return { ok: true, value: { source: 'youtube', id } };
    }
    case 'spotify': {
      const match = SPOTIFY_PATH.exec(url.pathname);
      if (!match) {
        return refuse(
          'Spotify links must be an episode or show link (open.spotify.com/episode/… or /show/…)',
        );
      }
      return {
        ok: true,
        value: { source: 'spotify', kind: match[1] as 'episode' | 'show', id: match[2] as string },
      };
    }
    case 'apple': {
      if (!APPLE_PATH.test(url.pathname)) {
        return refuse(
          'Apple Podcasts links must be a podcast or episode link (podcasts.apple.com/ng/podcast/…/id…)',
        );
      }
      const episode = url.searchParams.get('i') ?? undefined;
      if (episode !== undefined && !/^\d+$/.test(episode)) {
        return refuse('Apple Podcasts links must be a podcast or episode link');
      }
      return {
        ok: true,
        value: { source: 'apple', path: url.pathname.replace(/\/$/, ''), episode },
      };
    }
    default: {
      const path = url.pathname.toLowerCase();
      if (!audioExtensions.some((extension) => path.endsWith(extension))) {
        return refuse(
          `Only YouTube, Spotify, Apple Podcasts or direct audio links (${audioExtensions.join(', ')}) are accepted`,
        );
      }
      return { ok: true, value: { source: 'other', url: url.toString() } };
    }
  }
}

/**
 * What is wrong with a channel, or undefined when it is accepted: a known host (YouTube,
 * Spotify, Apple Podcasts), a direct https audio file or an audio file on our own media server
 * (`/images/….wav`), and `source` matching the link.
 */
export function channelProblem(channel: { source: string; link: string }): string | undefined {
  const recognised = recognise(channel.link);
  if (!recognised.ok) return recognised.problem;
  const actual = recognised.value.source;
  if (actual !== channel.source) {
    const given = podcastSourceNames[channel.source as PodcastSource] ?? channel.source;
    return actual === 'other'
      ? `This is a direct audio link, not a ${given} link: choose "other" as its channel`
      : `This is a ${podcastSourceNames[actual]} link, not a ${given} link: choose "${actual}" as its channel`;
  }
  return undefined;
}

export type ChannelEmbed =
  | { kind: 'iframe'; src: string; height: number }
  | { kind: 'audio'; src: string };

/**
 * How the episode page plays a channel: an iframe of the provider's own player (YouTube through
 * its no-cookie host) or an `<audio>` element for a direct file. Undefined for a link that is
 * not accepted, so a stored link can never become an arbitrary iframe.
 */
export function channelEmbed(channel: TPodcastChannel): ChannelEmbed | undefined {
  if (channelProblem(channel)) return undefined;
  const recognised = recognise(channel.link);
  if (!recognised.ok) return undefined;
  const value = recognised.value;
  switch (value.source) {
    case 'youtube':
      return {
        kind: 'iframe',
        src: `https://www.youtube-nocookie.com/embed/${value.id}`,
        height: limits.iframeHeightDefault,
      };
    case 'spotify':
      return {
        kind: 'iframe',
        src: `https://open.spotify.com/embed/${value.kind}/${value.id}`,
        height: limits.iframeHeightCompact,
      };
    case 'apple':
      return {
        kind: 'iframe',
        src: `https://embed.podcasts.apple.com${value.path}${value.episode ? `?i=${value.episode}` : ''}`,
        height: limits.iframeHeightCompact,
      };
    case 'other':
      return { kind: 'audio', src: value.url };
  }
}

export const ZPodcastChannel = z
  .object({
    source: z.enum(podcastSources, {
      error: `Channel source must be one of ${podcastSources.join(', ')}`,
    }),
    link: z
      .string({ error: 'Channel link is required' })
      .trim()
      .min(1, { error: 'Channel link is required' })
      .max(podcastLimits.linkMax, {
        error: `Channel links must be at most ${podcastLimits.linkMax} characters`,
      }),
  })
  .superRefine((channel, ctx) => {
    const problem = channelProblem(channel);
    if (problem) ctx.addIssue({ code: 'custom', path: ['link'], message: problem });
  });

/** `channels` of the episode form: a JSON array (a string in multipart, an array in JSON). */
const ZChannels = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  },
  z
    .array(ZPodcastChannel, {
      error: 'Channels must be a JSON array of {source, link}',
    })
    .min(1, { error: 'Add at least one channel link' })
    .max(podcastLimits.channelsMax, {
      error: `At most ${podcastLimits.channelsMax} channels`,
    }),
);

/** "45", 45, "45 min", "45 mins", "45 minutes" → 45. */
export function parseDurationMinutes(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isInteger(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const match = /^\s*(\d{1,5})\s*(?:m|min|mins|minute|minutes)?\.?\s*$/i.exec(value);
  return match ? Number(match[1]) : undefined;
}

const ZDuration = z.preprocess(
  (value) => {
    if (value === undefined || value === null) return value;
    return parseDurationMinutes(value) ?? Number.NaN;
  },
  z
    .number({ error: 'Duration must be a whole number of minutes, e.g. 45 or "45 min"' })
    .int()
    .min(1, { error: 'Duration must be at least 1 minute' })
    .max(podcastLimits.durationMaxMinutes, {
      error: `Duration must be at most ${podcastLimits.durationMaxMinutes} minutes`,
    }),
);

/** A real calendar day as YYYY-MM-DD (2025-02-30 is refused). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const ZReleaseDate = z
  .string({ error: 'Release date is required' })
  .trim()
  .refine(isCalendarDate, { error: 'Release date must be a date as YYYY-MM-DD' });

const ZEpisodeNumber = z.coerce
  .number({ error: 'Episode number must be a number' })
  .int({ error: 'Episode number must be a whole number' })
  .min(1, { error: 'Episode number must be at least 1' })
  .max(podcastLimits.numberMax, {
    error: `Episode number must be at most ${podcastLimits.numberMax}`,
  });

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` });

const episodeFields = {
  title: text('Title', podcastLimits.titleMax),
  number: ZEpisodeNumber,
  releaseDate: ZReleaseDate,
  duration: ZDuration,
  /** HTML; the server sanitizes it before storing. */
  summary: text('Summary', podcastLimits.summaryMax),
  category: z.uuid({ error: 'Choose a podcast category from the list' }),
  channels: ZChannels,
  producedBy: text('Produced by', podcastLimits.producedByMax),
};

/**
 * The fields of POST /post-podcast (multipart; the picture comes as the `image` file).
 * `channels` is a JSON array string: `[{"source":"spotify","link":"https://open.spotify.com/episode/…"}]`.
 */
export const ZPodcastEpisodeCreateRequest = z.object(episodeFields);
export type TPodcastEpisodeCreateRequest = z.infer<typeof ZPodcastEpisodeCreateRequest>;

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(blankToUndefined, schema.optional());

/** PUT /update-podcast/{id}: the same fields, each optional. */
export const ZPodcastEpisodeUpdateRequest = z.object({
  title: optional(episodeFields.title),
  number: optional(episodeFields.number),
  releaseDate: optional(episodeFields.releaseDate),
  duration: optional(episodeFields.duration),
  summary: optional(episodeFields.summary),
  category: optional(episodeFields.category),
  channels: optional(episodeFields.channels),
  producedBy: optional(episodeFields.producedBy),
});
export type TPodcastEpisodeUpdateRequest = z.infer<typeof ZPodcastEpisodeUpdateRequest>;

export const ZPodcastCategoryRequest = z.object({
  name: text('Category name', podcastLimits.categoryNameMax),
});

/** GET /get-podcasts: newest release first, optionally one category's episodes. */
export const ZPodcastListQuery = z.object({
  page: pageNumberParam('page', 1, 100_000),
  limit: pageNumberParam('limit', podcastLimits.pageDefault, podcastLimits.pageMax),
  category: z.preprocess(
    blankToUndefined,
    z.uuid({ error: 'category must be a podcast category id' }).optional(),
  ),
});
export type TPodcastListQuery = z.infer<typeof ZPodcastListQuery>;

export const ZPodcastCategory = z.object({ _id: z.string(), name: z.string() });
export type TPodcastCategory = z.infer<typeof ZPodcastCategory>;

/** A podcast episode as the API shows it (docs/product.md#podcasts). */
export const ZPodcastEpisode = z.object({
  _id: z.string(),
  /** The largest stored size; `imageSizes` lists every width for `srcset`. */
  image: z.string().nullable(),
  imageSizes: z.array(z.object({ width: z.number(), height: z.number(), path: z.string() })),
  title: z.string(),
  number: z.number(),
  /** YYYY-MM-DD. */
  releaseDate: z.string(),
  /** Whole minutes. */
  duration: z.number(),
  /** Sanitized HTML. */
  summary: z.string(),
  /** The summary as plain text, for card excerpts (cutting HTML would break tags). */
  summaryText: z.string(),
  category: ZPodcastCategory.nullable(),
  channels: z.array(z.object({ source: z.enum(podcastSources), link: z.string() })),
  producedBy: z.string(),
  createdAt: z.string(),
});
export type TPodcastEpisode = z.infer<typeof ZPodcastEpisode>;

export const ZPodcastEpisodeResponse = ZResultEnvelope(ZPodcastEpisode);
export const ZPodcastEpisodeListResponse = ZResultsEnvelope(ZPodcastEpisode);
export const ZPodcastCategoryResponse = ZResultEnvelope(ZPodcastCategory);
export const ZPodcastCategoryListResponse = ZResultsEnvelope(ZPodcastCategory);
