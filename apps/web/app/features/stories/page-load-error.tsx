import { isRouteErrorResponse } from 'react-router';
import { ErrorView } from '../../components/errors/error-view.tsx';
import { NotFoundView } from '../../components/errors/not-found-view.tsx';

/** A sample page's error: unknown ids get the not-found page, anything else a plain apology. */
export function PageLoadError({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView />;
  return (
    <ErrorView
      title="Something went wrong"
      message="This page could not be shown right now. Please try again in a moment."
    />
  );
}
