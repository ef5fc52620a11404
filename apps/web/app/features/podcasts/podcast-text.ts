import {
  type PodcastSource,
  podcastSourceNames,
  type TPodcastEpisode,
} from '@ipatient/contracts/podcasts';

/** What a card or the home section shows of an episode: no description HTML, no channel links. */
export interface PodcastListItem {
  _id: string;
  title: string;
  number: number;
  releaseDate: string;
  duration: number;
  /** Plain-text excerpt, already cut to the list's length. */
  excerpt: string;
  image: string | null;
  imageSizes: TPodcastEpisode['imageSizes'];
  categoryName: string | null;
  /** The sources of its channels, first channel first, without repeats. */
  sources: PodcastSource[];
}

/** The address of an episode page. */
export function episodePath(id: string): string {
  return `/podcast/${encodeURIComponent(id)}`;
}

/** Whole minutes as "45 min" or "1 h 30 min". */
export function formatDuration(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}

/** "Listen on Spotify"; a direct audio file is "Listen to the audio file". */
export function listenLabel(source: PodcastSource): string {
  return source === 'other'
    ? 'Listen to the audio file'
    : `Listen on ${podcastSourceNames[source]}`;
}
