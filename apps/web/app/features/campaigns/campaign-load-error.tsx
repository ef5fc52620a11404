import { errorTexts } from '@ipatient/contracts/errors';
import { isRouteErrorResponse, type MetaDescriptor } from 'react-router';
import { ErrorView } from '../../components/errors/error-view.tsx';
import { NotFoundView } from '../../components/errors/not-found-view.tsx';
import { pageMeta } from '../../lib/meta.ts';

/** A campaign route's error: unknown ids get the not-found page; a failing API says so plainly. */
export function CampaignLoadError({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView />;
  return (
    <ErrorView
      title={errorTexts.fetchCampaign}
      message="This campaign could not be loaded right now. Please try again in a moment."
    />
  );
}

/** The page title when a campaign could not be loaded. */
export function campaignErrorMeta(error: unknown): MetaDescriptor[] {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return pageMeta({
    title: notFound ? 'Campaign not found' : errorTexts.fetchCampaign,
    description: 'This campaign could not be shown.',
  });
}
