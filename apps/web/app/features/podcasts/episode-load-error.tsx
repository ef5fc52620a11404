import { errorTexts } from '@ipatient/contracts/errors';
import { isRouteErrorResponse, type MetaDescriptor } from 'react-router';
import { ErrorView } from '../../components/errors/error-view.tsx';
import { NotFoundView } from '../../components/errors/not-found-view.tsx';
import { pageMeta } from '../../lib/meta.ts';

/** An episode page's error: unknown ids get the not-found page; a failing API says so plainly. */
export function EpisodeLoadError({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView />;
  return (
    <ErrorView
      title={errorTexts.fetchPodcast}
      message="This episode could not be loaded right now. Please try again in a moment."
    />
  );
}

/** The page title when an episode could not be loaded. */
export function episodeErrorMeta(error: unknown): MetaDescriptor[] {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return pageMeta({
    title: notFound ? 'Episode not found' : errorTexts.fetchPodcast,
    description: 'This podcast episode could not be shown.',
  });
}
