import { useFetcher } from 'react-router';
import { useCsrfToken } from '../../lib/session.tsx';
import type { BankOption } from './beneficiary-step.tsx';
import type { FacilityOption } from './facility-field.tsx';
import type { Organiser, WizardEdit } from './wizard-model.ts';
import type { SubmitResult, VerifyResult, WizardRequest } from './wizard-results.ts';
import { CampaignWizardView } from './wizard-view.tsx';

export type { Organiser, WizardEdit } from './wizard-model.ts';

interface CampaignWizardProps {
  organiser: Organiser;
  /** Editing a saved campaign: no draft in this browser, the cover optional, no terms box. */
  edit?: WizardEdit | undefined;
  banks: readonly BankOption[];
  banksError: string | undefined;
  facilities: readonly FacilityOption[];
  /** The answer to a submission posted without JavaScript (the route's action data). */
  postedResult: SubmitResult | undefined;
}

/** A React Router fetcher as the wizard's request to its route action. */
function useRouteRequest<T>(revalidate: boolean): WizardRequest<T> {
  const fetcher = useFetcher<T>();
  return {
    busy: fetcher.state !== 'idle',
    data: fetcher.data as T | undefined,
    send(body) {
      void fetcher.submit(body, {
        method: 'post',
        encType: 'multipart/form-data',
        // Checking an account changes nothing on the page's loaders.
        ...(revalidate ? {} : { defaultShouldRevalidate: false }),
      });
    },
  };
}

/**
 * The campaign wizard on a page that hydrates with React Router (the edit screen): its requests
 * are the route's fetchers. The create page runs the same view as an island instead
 * (wizard-island.tsx), without React Router in the browser.
 */
export function CampaignWizard(props: CampaignWizardProps) {
  const csrf = useCsrfToken();
  const verifier = useRouteRequest<VerifyResult>(false);
  const submitter = useRouteRequest<SubmitResult>(true);
  return <CampaignWizardView {...props} csrf={csrf} verifier={verifier} submitter={submitter} />;
}
