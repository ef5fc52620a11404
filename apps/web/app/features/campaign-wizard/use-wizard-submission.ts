import { type Dispatch, useEffect } from 'react';
import { coverFile } from './cover-image.ts';
import type { DraftKeeper } from './use-wizard-draft.ts';
import { currentAccount, wizardFields } from './wizard-model.ts';
import type { WizardAction, WizardViewState } from './wizard-reducer.ts';
import type { SubmitResult, WizardRequest } from './wizard-results.ts';

interface WizardSubmissionOptions {
  submitter: WizardRequest<SubmitResult>;
  csrf: string;
  state: WizardViewState;
  draft: DraftKeeper;
  dispatch: Dispatch<WizardAction>;
}

/**
 * Sending the campaign to the page, and its answer: a success forgets the draft; a refusal
 * shows the first step with a problem, or the page's explanation when no field has one.
 */
export function useWizardSubmission({
  submitter,
  csrf,
  state,
  draft,
  dispatch,
}: WizardSubmissionOptions) {
  const answer = submitter.data;
  useEffect(() => {
    if (!answer) return;
    if (answer.ok || answer.alreadySubmitted) {
      // The server has the campaign: the draft is gone for good, whatever happens next.
      draft.forgetSubmitted();
      return;
    }
    dispatch({ type: 'submitAnswered', result: answer });
  }, [answer, draft, dispatch]);

  function send() {
    if (submitter.busy) return;
    const { values, cover } = state;
    // The uploaded documents go as their ids (the files are with the page already).
    const documentIds = state.documents.map((document) => document.id).join(',');
    if (state.editing) {
      // Every field goes to the route action, which sends the API only what changed.
      const body = new FormData();
      body.set('csrf', csrf);
      body.set('intent', 'submit');
      for (const field of wizardFields) body.set(field, values[field]);
      if (documentIds) body.set('documentIds', documentIds);
      if (cover) body.set('image', coverFile(cover));
      submitter.send(body);
      return;
    }
    if (!cover) return;
    const body = new FormData();
    body.set('csrf', csrf);
    body.set('intent', 'submit');
    body.set('terms', 'on');
    for (const field of wizardFields) body.set(field, values[field]);
    body.set('documentIds', documentIds);
    body.set('submissionKey', draft.submissionKey());
    const verified = currentAccount(state);
    if (verified) {
      body.set('bank', verified.bank);
      body.set('accountName', verified.accountName);
    }
    body.set('image', coverFile(cover));
    draft.markSent();
    submitter.send(body);
  }

  return { send, submitting: submitter.busy };
}
