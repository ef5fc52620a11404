import { brand } from '@ipatient/contracts/brand';
import { excerpts } from '@ipatient/contracts/constants';
import { errorTexts } from '@ipatient/contracts/errors';
import { truncate } from '@ipatient/contracts/format';
import { data, type MetaDescriptor } from 'react-router';
import { imageUrl } from '../components/ui/responsive-image.tsx';
import { loadPlayersHref, playersAllowed } from '../features/cookie-consent/players.ts';
import { largestEpisodeImage } from '../features/podcasts/episode-image.tsx';
import { EpisodeLoadError, episodeErrorMeta } from '../features/podcasts/episode-load-error.tsx';
import { EpisodeView } from '../features/podcasts/episode-view.tsx';
import { episodePath } from '../features/podcasts/podcast-text.ts';
import { fetchEpisode } from '../features/podcasts/podcasts.server.ts';
import { getPublicUrl } from '../lib/api-context.ts';
import { staticPage } from '../lib/hydration.ts';
import { pageMeta } from '../lib/meta.ts';
import { loadSiteDocuments } from '../lib/site-docs.server.ts';
import type { Route } from './+types/podcast-episode';

// The player is the provider's iframe or a native <audio>: no React needed in the browser.
export const handle = staticPage;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const [lookup, documents] = await Promise.all([
    fetchEpisode(context, params.id),
    loadSiteDocuments(context),
  ]);
  if (lookup.kind === 'not-found') throw data(null, { status: 404 });
  if (lookup.kind === 'error') throw data(errorTexts.fetchPodcast, { status: 502 });
  const origin = getPublicUrl(context);
  const episode = lookup.value.result;
  return {
    episode,
    socialMedia: documents?.socialMedia ?? {},
    url: `${origin}${episodePath(episode._id)}`,
    origin,
    players: playersAllowed(request)
      ? ({ allowed: true } as const)
      : ({ allowed: false, loadHref: loadPlayersHref(request, 'player') } as const),
  };
}

export function meta({ loaderData, error }: Route.MetaArgs): MetaDescriptor[] {
  if (!loaderData) return episodeErrorMeta(error);
  const { episode, url, origin } = loaderData;
  const description = truncate(episode.summaryText, excerpts.podcastCardSummary);
  const image = largestEpisodeImage(episode);
  const tags: MetaDescriptor[] = [
    ...pageMeta({ title: episode.title, description }),
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: 'article' },
    { property: 'og:url', content: url },
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: `${episode.title} | ${brand.siteName}` },
    { name: 'twitter:description', content: description },
  ];
  if (image) {
    const address = `${origin}${imageUrl(image.path)}`;
    tags.push(
      { property: 'og:image', content: address },
      { property: 'og:image:width', content: String(image.width) },
      { property: 'og:image:height', content: String(image.height) },
      { property: 'og:image:alt', content: episode.title },
      { name: 'twitter:image', content: address },
    );
  }
  return tags;
}

export default function PodcastEpisode({ loaderData }: Route.ComponentProps) {
  return (
    <EpisodeView
      episode={loaderData.episode}
      socialMedia={loaderData.socialMedia}
      players={loaderData.players}
    />
  );
}

/** Unknown ids get the site's not-found page; a failing API says 'Error Fetching Podcast'. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <EpisodeLoadError error={error} />;
}
