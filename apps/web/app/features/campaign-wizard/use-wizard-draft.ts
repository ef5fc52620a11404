import { type Dispatch, type RefObject, useEffect, useMemo, useRef } from 'react';
import { coverFileProblem, readCover } from './cover-image.ts';
import { postToPage } from './page-post.ts';
import {
  clearDraft,
  forgetSubmittedDraft,
  loadDraft,
  markDraftSent,
  newSubmissionKey,
  saveDraftCover,
  saveDraftFields,
} from './wizard-draft.ts';
import {
  type CoverImage,
  emptyValues,
  type WizardEdit,
  type WizardValues,
  wizardFields,
} from './wizard-model.ts';
import type { WizardAction, WizardViewState } from './wizard-reducer.ts';
import type { SubmitResult } from './wizard-results.ts';

/** What the long form holds right now (typed before the JavaScript ran, or sent back). */
function formValues(form: HTMLFormElement, base: WizardValues = emptyValues): WizardValues {
  const body = new FormData(form);
  const values = { ...base };
  for (const field of wizardFields) {
    const value = body.get(field);
    if (typeof value === 'string') values[field] = value;
  }
  return values;
}

/** A photo chosen in the long form before the JavaScript ran, when it can be the cover. */
function chosenCover(form: HTMLFormElement | null): Promise<CoverImage> | undefined {
  const fileInput = form?.elements.namedItem('image');
  const file = fileInput instanceof HTMLInputElement ? fileInput.files?.[0] : undefined;
  return file && !coverFileProblem(file) ? readCover(file) : undefined;
}

/** The draft's cover photo and its removal; editing a saved campaign keeps no draft. */
export interface DraftKeeper {
  /** Keeps (or with null, forgets) the cover; false when the browser had no room for it. */
  saveCover(cover: CoverImage | null): boolean;
  clear(): void;
  /** The draft's key, sent with its submission (the server refuses a second one). */
  submissionKey(): string;
  /** The submission is on its way: if the answer is lost, the next visit asks the server. */
  markSent(): void;
  /** The server has the campaign: the draft is gone for good, in every tab. */
  forgetSubmitted(): void;
}

/** The key the page rendered into the long form (a new one for every new draft). */
function formKey(form: HTMLFormElement | null): string {
  const input = form?.elements.namedItem('submissionKey');
  const value = input instanceof HTMLInputElement ? input.value : '';
  return value || newSubmissionKey();
}

/** Asks the page whether the draft with this key already made a campaign. */
async function alreadySubmitted(csrf: string, key: string): Promise<boolean> {
  const body = new FormData();
  body.set('csrf', csrf);
  body.set('intent', 'check-submission');
  body.set('submissionKey', key);
  const answer = await postToPage<{ submitted?: unknown }>(body).catch(() => null);
  return answer?.submitted === true;
}

interface WizardDraftOptions {
  formRef: RefObject<HTMLFormElement | null>;
  csrf: string;
  userId: string;
  edit: WizardEdit | undefined;
  postedResult: SubmitResult | undefined;
  state: WizardViewState;
  /** The campaign was submitted: there is nothing left to keep. */
  submitted: boolean;
  dispatch: Dispatch<WizardAction>;
}

/**
 * The wizard's draft in this browser (wizard-draft.ts). Once React runs it switches the long
 * form to steps: a new campaign starts from the draft with whatever was typed before the
 * JavaScript ran, the edit screen from the saved campaign. Then the draft follows every change
 * (a few kB; the photo is saved on its own when chosen).
 */
export function useWizardDraft({
  formRef,
  csrf,
  userId,
  edit,
  postedResult,
  state,
  submitted,
  dispatch,
}: WizardDraftOptions): DraftKeeper {
  const editing = edit !== undefined;
  const key = useRef<string>('');
  const sent = useRef(false);
  const keeper = useMemo<DraftKeeper>(
    () => ({
      saveCover: (cover) => editing || saveDraftCover(userId, cover),
      clear: () => {
        if (!editing) clearDraft(userId);
      },
      submissionKey: () => {
        if (!key.current) key.current = newSubmissionKey();
        return key.current;
      },
      markSent: () => {
        sent.current = true;
        if (!editing) markDraftSent(userId);
      },
      forgetSubmitted: () => {
        if (!editing) forgetSubmittedDraft(userId, key.current);
      },
    }),
    [editing, userId],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on the first render in the browser
  useEffect(() => {
    key.current = formKey(formRef.current);
    if (postedResult?.ok || postedResult?.alreadySubmitted) {
      keeper.forgetSubmitted();
      dispatch({ type: 'startedAfterSubmission' });
      return;
    }
    const form = formRef.current;
    const postedFields = Object.keys(postedResult?.errors ?? {});
    if (edit) {
      // Editing: the saved campaign, with whatever was typed before the JavaScript ran.
      const typed = form ? formValues(form, edit.values) : state.values;
      const cover = chosenCover(form);
      dispatch({ type: 'startedEditing', typed, postedFields });
      void cover?.then((chosen) => dispatch({ type: 'coverLoaded', cover: chosen, kept: true }));
      return;
    }
    const typed = form ? formValues(form) : { ...emptyValues };
    const termsBox = form?.elements.namedItem('terms');
    const terms = termsBox instanceof HTMLInputElement && termsBox.checked;
    const draft = loadDraft(userId);
    if (draft?.submissionKey) key.current = draft.submissionKey;
    const keyInput = form?.elements.namedItem('submissionKey');
    if (keyInput instanceof HTMLInputElement) keyInput.value = key.current;
    dispatch({ type: 'startedFromDraft', typed, draft, terms, postedFields });
    if (draft?.sent && draft.submissionKey) {
      // Its submission left and its answer never came back (the page was left, the connection
      // dropped): if the server has the campaign, this draft is done and the wizard starts afresh.
      const sentKey = draft.submissionKey;
      void alreadySubmitted(csrf, sentKey).then((submitted) => {
        if (!submitted) return;
        forgetSubmittedDraft(userId, sentKey);
        window.location.reload();
      });
    }
    void chosenCover(form)?.then((chosen) =>
      dispatch({ type: 'coverLoaded', cover: chosen, kept: saveDraftCover(userId, chosen) }),
    );
  }, []);

  const { enhanced, values, account, step, documents } = state;
  useEffect(() => {
    if (!enhanced || submitted || editing) return;
    saveDraftFields(userId, {
      values,
      account,
      step,
      documents: [...documents],
      submissionKey: key.current,
      sent: sent.current,
    });
  }, [enhanced, submitted, editing, userId, values, account, step, documents]);

  return keeper;
}
