import { errorTexts } from '@ipatient/contracts/errors';
import { isRouteErrorResponse, type MetaDescriptor } from 'react-router';
import { ErrorView } from '../../components/errors/error-view.tsx';
import { NotFoundView } from '../../components/errors/not-found-view.tsx';
import { pageMeta } from '../../lib/meta.ts';

/** A post's error: unknown posts get the not-found page; a failing API says so plainly. */
export function BlogLoadError({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView />;
  return (
    <ErrorView
      title={errorTexts.fetchBlog}
      message="This post could not be loaded right now. Please try again in a moment."
    />
  );
}

/** The page title when a post could not be loaded. */
export function blogErrorMeta(error: unknown): MetaDescriptor[] {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return pageMeta({
    title: notFound ? 'Post not found' : errorTexts.fetchBlog,
    description: 'This post could not be shown.',
  });
}
