import { excerpts, limits } from '@ipatient/contracts/constants';
import { truncate } from '@ipatient/contracts/format';
import type { TPodcastCategory, TPodcastEpisode } from '@ipatient/contracts/podcasts';
import type { RouterContextProvider } from 'react-router';
import { getApi, rethrowIfUnavailable } from '../../lib/api-context.ts';
import { getJson, resultsOf } from '../../lib/api-read.server.ts';
import type { PodcastListItem } from './podcast-text.ts';

type Context = Readonly<RouterContextProvider>;

/** Only what cards show, with the summary already cut to `excerptLength` characters. */
export function toListItem(episode: TPodcastEpisode, excerptLength: number): PodcastListItem {
  return {
    _id: episode._id,
    title: episode.title,
    number: episode.number,
    releaseDate: episode.releaseDate,
    duration: episode.duration,
    excerpt: truncate(episode.summaryText, excerptLength),
    image: episode.image,
    imageSizes: episode.imageSizes,
    categoryName: episode.category?.name ?? null,
    sources: [...new Set(episode.channels.map((channel) => channel.source))],
  };
}

export interface EpisodePage {
  episodes: PodcastListItem[];
  page: number;
  limit: number;
  total: number;
}

export interface EpisodeQuery {
  page?: number;
  limit?: number;
  /** A podcast category id. */
  category?: string | undefined;
}

/**
 * Episodes, newest release first (GET /get-podcasts), with summaries cut to `excerptLength`;
 * null when the API could not answer (the page then says 'Error Fetching Podcasts').
 */
export async function fetchEpisodes(
  context: Context,
  query: EpisodeQuery,
  excerptLength: number,
): Promise<EpisodePage | null> {
  const params = new URLSearchParams();
  if (query.page) params.set('page', String(query.page));
  if (query.limit) params.set('limit', String(query.limit));
  if (query.category) params.set('category', query.category);
  const body = await getJson(context, `/get-podcasts?${params}`);
  const results = resultsOf(body);
  if (!results) return null;
  const meta = (body as { meta?: Partial<Record<'page' | 'limit' | 'total', number>> }).meta ?? {};
  return {
    episodes: (results as TPodcastEpisode[]).map((episode) => toListItem(episode, excerptLength)),
    page: meta.page ?? query.page ?? 1,
    limit: meta.limit ?? query.limit ?? results.length,
    total: meta.total ?? results.length,
  };
}

/** The podcast categories by name; null when the API could not answer. */
export async function fetchPodcastCategories(context: Context): Promise<TPodcastCategory[] | null> {
  const results = resultsOf(await getJson(context, '/get-podcast-categories/'));
  return results ? (results as TPodcastCategory[]).map(({ _id, name }) => ({ _id, name })) : null;
}

/**
 * The home page's latest episodes (SPEC §9: 2, summaries cut to 100 characters); null when the
 * API could not answer, so the section can say so instead of claiming there are none.
 */
export async function fetchHomeEpisodes(context: Context): Promise<PodcastListItem[] | null> {
  const page = await fetchEpisodes(
    context,
    { limit: limits.homePodcastEpisodes },
    excerpts.homePodcastSummary,
  );
  return page ? page.episodes.slice(0, limits.homePodcastEpisodes) : null;
}

export type EpisodeLookup =
  | { kind: 'found'; episode: TPodcastEpisode }
  | { kind: 'not-found' }
  | { kind: 'error' };

/** One episode (GET /get-single-podcast/{id}); a malformed id is as unknown as a missing one. */
export async function fetchEpisode(context: Context, id: string): Promise<EpisodeLookup> {
  try {
    const response = await getApi(context)(`/get-single-podcast/${encodeURIComponent(id)}`);
    if (response.status === 200) {
      return { kind: 'found', episode: (response.body as { result: TPodcastEpisode }).result };
    }
    if (response.status === 404 || response.status === 400) return { kind: 'not-found' };
    return { kind: 'error' };
  } catch (error) {
    rethrowIfUnavailable(error);
    console.error(`GET /get-single-podcast/${id} failed`, error);
    return { kind: 'error' };
  }
}
