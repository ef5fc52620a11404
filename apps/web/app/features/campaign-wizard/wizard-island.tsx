import { errorTexts } from '@ipatient/contracts/errors';
import { useState } from 'react';
import type { BankOption } from './beneficiary-step.tsx';
import type { FacilityOption } from './facility-field.tsx';
import { postToPage } from './page-post.ts';
import type { Organiser } from './wizard-model.ts';
import type { SubmitResult, VerifyResult, WizardRequest } from './wizard-results.ts';
import { CampaignWizardView } from './wizard-view.tsx';

/** What the create page's island is rendered with (server and browser alike). */
export interface WizardIslandProps {
  organiser: Organiser;
  csrf: string;
  banks: readonly BankOption[];
  banksError: string | undefined;
  /** The facility directory's first suggestions for the hospital field. */
  facilities: readonly FacilityOption[];
  postedResult: SubmitResult | undefined;
  /** The key of a new draft, made by the page (a draft in this browser keeps its own). */
  submissionKey: string;
}

/** The answer of the page to a JSON post whose session has ended: where to sign in again. */
export interface SignInAgain {
  signIn: string;
}

const connectionLost = 'We could not reach the server. Check your connection and try again.';

/**
 * A post to this page answered as JSON (the route's middleware, wizard-actions.server.ts). When
 * the session has ended the answer names the sign-in page, which brings the member back here;
 * the draft in this browser keeps everything typed meanwhile.
 */
function useJsonRequest<T>(failure: (body: FormData) => T): WizardRequest<T> {
  const [busy, setBusy] = useState(false);
  const [data, setData] = useState<T>();
  return {
    busy,
    data,
    send(body) {
      setBusy(true);
      postToPage<T>(body)
        .then((answer) => {
          if (answer !== null) setData(answer);
        })
        .catch(() => setData(failure(body)))
        .finally(() => setBusy(false));
    },
  };
}

const text = (body: FormData, name: string) => {
  const value = body.get(name);
  return typeof value === 'string' ? value : '';
};

/**
 * The campaign wizard as the create page's island: the same view as on the edit screen, with
 * plain fetch() for its two requests, so the page needs React DOM and this module only.
 */
export function WizardIsland({
  organiser,
  csrf,
  banks,
  banksError,
  facilities,
  postedResult,
  submissionKey,
}: WizardIslandProps) {
  const verifier = useJsonRequest<VerifyResult>((body) => ({
    ok: false,
    intent: 'verify',
    message: connectionLost,
    errors: {},
    account: null,
    bankCode: text(body, 'bankCode'),
    accountNumber: text(body, 'accountNumber'),
    toastId: `${Date.now()}`,
  }));
  const submitter = useJsonRequest<SubmitResult>(() => ({
    ok: false,
    intent: 'submit',
    message: errorTexts.campaignSubmitFailed,
    detail: connectionLost,
    errors: {},
    values: {},
    toastId: `${Date.now()}`,
  }));
  return (
    <CampaignWizardView
      organiser={organiser}
      csrf={csrf}
      verifier={verifier}
      submitter={submitter}
      banks={banks}
      banksError={banksError}
      facilities={facilities}
      postedResult={postedResult}
      submissionKey={submissionKey}
    />
  );
}
