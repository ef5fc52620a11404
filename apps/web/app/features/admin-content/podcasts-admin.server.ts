import {
  type PodcastSource,
  podcastLimits,
  podcastSources,
  type TPodcastCategory,
  type TPodcastEpisode,
} from '@ipatient/contracts/podcasts';
import type { RouterContextProvider } from 'react-router';
import { getApi } from '../../lib/api-context.ts';
import { readBody } from '../../lib/api-read.server.ts';
import { formText } from '../../lib/forms.server.ts';
import { type ChannelRow, channelRowCount, type EpisodeFormValues } from './episode-form-values.ts';

type Context = Readonly<RouterContextProvider>;

/** How many episodes one page of the admin list shows. */
export const adminEpisodesPerPage = 20;

/** What a row of the episodes table shows. */
export interface AdminEpisodeRow {
  _id: string;
  number: number;
  title: string;
  category: string | null;
  releaseDate: string;
  duration: number;
}

export interface AdminEpisodesPage {
  episodes: AdminEpisodeRow[];
  page: number;
  total: number;
  totalPages: number;
}

/** One page of episodes (GET /get-podcasts with search and category), or null when the API failed. */
export async function fetchAdminEpisodes(
  context: Context,
  query: { search: string; category: string; page: number },
): Promise<AdminEpisodesPage | null> {
  const body = await readBody(
    'GET podcast episodes',
    getApi(context).podcasts.list({
      query: {
        page: query.page,
        limit: adminEpisodesPerPage,
        category: query.category,
        search: query.search,
      },
    }),
  );
  if (!body) return null;
  const { results, meta } = body;
  const total = meta?.total ?? results.length;
  return {
    episodes: results.map((episode) => ({
      _id: episode._id,
      number: episode.number,
      title: episode.title,
      category: episode.category?.name ?? null,
      releaseDate: episode.releaseDate,
      duration: episode.duration,
    })),
    page: meta?.page ?? query.page,
    total,
    totalPages: Math.max(1, Math.ceil(total / (meta?.limit ?? adminEpisodesPerPage))),
  };
}

/** Every podcast category, by name; null when the API could not answer. */
export async function fetchPodcastCategoryList(
  context: Context,
): Promise<TPodcastCategory[] | null> {
  const body = await readBody('GET podcast categories', getApi(context).podcasts.categories());
  return body ? body.results.map(({ _id, name }) => ({ _id, name })) : null;
}

/** The form's values of a stored episode. */
export function episodeValues(episode: TPodcastEpisode): EpisodeFormValues {
  return {
    title: episode.title,
    number: String(episode.number),
    releaseDate: episode.releaseDate,
    duration: String(episode.duration),
    summary: episode.summary,
    category: episode.category?._id ?? '',
    producedBy: episode.producedBy,
    channels: episode.channels.map((channel) => ({ source: channel.source, link: channel.link })),
  };
}

const textFields = [
  'title',
  'number',
  'releaseDate',
  'duration',
  'summary',
  'category',
  'producedBy',
] as const;

function isSource(value: string): value is PodcastSource {
  return (podcastSources as readonly string[]).includes(value);
}

/** The posted episode form: its text fields and every channel row, blank ones included. */
export function readEpisodeForm(form: FormData): EpisodeFormValues {
  const sources = form.getAll('channelSource').map((value) => String(value));
  const links = form.getAll('channelLink').map((value) => String(value));
  const rows = Math.min(Math.max(sources.length, links.length), podcastLimits.channelsMax + 4);
  const channels: ChannelRow[] = [];
  for (let index = 0; index < rows; index += 1) {
    const source = sources[index] ?? '';
    channels.push({
      source: isSource(source) ? source : 'youtube',
      link: (links[index] ?? '').trim(),
    });
  }
  const values = Object.fromEntries(textFields.map((name) => [name, formText(form, name)]));
  return { ...(values as Omit<EpisodeFormValues, 'channels'>), channels };
}

/**
 * The fields the API receives (`channels` as JSON, blank rows left out) and how the API's
 * `channels.<n>.<field>` errors map back to the rows of the form.
 */
export function episodeApiFields(values: EpisodeFormValues): {
  fields: Record<string, string>;
  rename: Record<string, string>;
} {
  const sent: { source: PodcastSource; link: string; row: number }[] = [];
  values.channels.forEach((channel, row) => {
    if (channel.link) sent.push({ ...channel, row });
  });
  const rename: Record<string, string> = {};
  sent.forEach((channel, index) => {
    rename[`channels.${index}.link`] = `channel-${channel.row}-link`;
    rename[`channels.${index}.source`] = `channel-${channel.row}-source`;
    rename[`channels.${index}`] = `channel-${channel.row}-link`;
  });
  const fields: Record<string, string> = {};
  for (const name of textFields) fields[name] = values[name];
  fields.channels = JSON.stringify(sent.map(({ source, link }) => ({ source, link })));
  return { fields, rename };
}

/** The values to show again after a failure: the rows as sent, at least as many as the form has. */
export function echoEpisode(values: EpisodeFormValues): Record<string, string> {
  const echo: Record<string, string> = {};
  for (const name of textFields) echo[name] = values[name];
  echo.channels = JSON.stringify(values.channels.slice(0, channelRowCount(values.channels)));
  return echo;
}

/** The form the API's episode routes take: the fields and the optional `image` file. */
export function episodeUpload(fields: Record<string, string>, image: File | undefined): FormData {
  const upload = new FormData();
  for (const [name, value] of Object.entries(fields)) upload.append(name, value);
  if (image) upload.append('image', image, image.name);
  return upload;
}

/** The chosen image file, or undefined when none was chosen. */
export function chosenImage(form: FormData): File | undefined {
  const image = form.get('image');
  return image instanceof File && image.size > 0 ? image : undefined;
}
