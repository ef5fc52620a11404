import {
  type PodcastSource,
  podcastLimits,
  podcastSourceNames,
  podcastSources,
} from '@ipatient/contracts/podcasts';

/** The longest search the episodes list sends (the API refuses more than 100 characters). */
export const episodeSearchMax = 100;

export interface ChannelRow {
  source: PodcastSource;
  link: string;
}

/** What the episode form shows: every field as typed, channels as rows. */
export interface EpisodeFormValues {
  title: string;
  number: string;
  releaseDate: string;
  duration: string;
  summary: string;
  category: string;
  producedBy: string;
  channels: ChannelRow[];
}

/** Rows the form shows before JavaScript: enough for every channel of a usual episode. */
export const channelRowsWithoutScript = 4;

/** The choices of a channel's source select (the API's words for "other" is a direct file). */
export const channelSourceOptions = podcastSources.map((source) => ({
  value: source,
  label: source === 'other' ? 'Other (direct audio file)' : podcastSourceNames[source],
}));

/** How many rows to show for these channels: all of them, at least four, at most the API's limit. */
export function channelRowCount(channels: readonly ChannelRow[]): number {
  const filled = channels.reduce((last, channel, index) => (channel.link ? index + 1 : last), 0);
  return Math.min(
    Math.max(channelRowsWithoutScript, filled + 1),
    Math.max(podcastLimits.channelsMax, filled),
  );
}

/** The rows to show: the channels given, padded with blank YouTube rows. */
export function channelRows(channels: readonly ChannelRow[]): ChannelRow[] {
  const count = channelRowCount(channels);
  const rows = channels.slice(0, count).map((channel) => ({ ...channel }));
  while (rows.length < count) rows.push({ source: 'youtube', link: '' });
  return rows;
}

/** The rows echoed by a failed action (`values.channels` is their JSON). */
export function echoedChannels(json: string | undefined): ChannelRow[] | undefined {
  if (!json) return undefined;
  try {
    const parsed = JSON.parse(json) as unknown;
    if (!Array.isArray(parsed)) return undefined;
    return parsed.map((row) => {
      const { source, link } = (row ?? {}) as { source?: unknown; link?: unknown };
      return {
        source: (podcastSources as readonly unknown[]).includes(source)
          ? (source as PodcastSource)
          : 'youtube',
        link: typeof link === 'string' ? link : '',
      };
    });
  } catch {
    return undefined;
  }
}

export const emptyEpisode: EpisodeFormValues = {
  title: '',
  number: '',
  releaseDate: '',
  duration: '',
  summary: '',
  category: '',
  producedBy: '',
  channels: [],
};
