import { excerpts, limits } from '@ipatient/contracts/constants';
import { truncate } from '@ipatient/contracts/format';
import type { TPodcastCategory, TPodcastEpisode } from '@ipatient/contracts/podcasts';
import type { RouterContextProvider } from 'react-router';
import { getApi } from '../../lib/api-context.ts';
import { type Lookup, lookup, readBody } from '../../lib/api-read.server.ts';
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
  const body = await readBody(
    'GET podcast episodes',
    getApi(context).podcasts.list({
      query: { page: query.page, limit: query.limit, category: query.category },
    }),
  );
  if (!body) return null;
  const { results, meta } = body;
  return {
    episodes: results.map((episode) => toListItem(episode, excerptLength)),
    page: meta?.page ?? query.page ?? 1,
    limit: meta?.limit ?? query.limit ?? results.length,
    total: meta?.total ?? results.length,
  };
}

/** The podcast categories by name; null when the API could not answer. */
export async function fetchPodcastCategories(context: Context): Promise<TPodcastCategory[] | null> {
  const body = await readBody('GET podcast categories', getApi(context).podcasts.categories());
  return body ? body.results.map(({ _id, name }) => ({ _id, name })) : null;
}

/**
 * The home page's latest episodes (docs/product.md#home-page: 2, summaries cut to 100 characters); null when the
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

/** One episode (GET /get-single-podcast/{id}); a malformed id is as unknown as a missing one. */
export async function fetchEpisode(
  context: Context,
  id: string,
): Promise<Lookup<{ result: TPodcastEpisode }>> {
  return lookup('GET podcast episode', getApi(context).podcasts.get({ params: { id } }));
}
