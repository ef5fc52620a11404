import { type Dispatch, type RefObject, useEffect, useMemo } from 'react';
import { coverFileProblem, readCover } from './cover-image.ts';
import { clearDraft, loadDraft, saveDraftCover, saveDraftFields } from './wizard-draft.ts';
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
}

interface WizardDraftOptions {
  formRef: RefObject<HTMLFormElement | null>;
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
  userId,
  edit,
  postedResult,
  state,
  submitted,
  dispatch,
}: WizardDraftOptions): DraftKeeper {
  const editing = edit !== undefined;
  const keeper = useMemo<DraftKeeper>(
    () => ({
      saveCover: (cover) => editing || saveDraftCover(userId, cover),
      clear: () => {
        if (!editing) clearDraft(userId);
      },
    }),
    [editing, userId],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on the first render in the browser
  useEffect(() => {
    if (postedResult?.ok) {
      keeper.clear();
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
    dispatch({ type: 'startedFromDraft', typed, draft: loadDraft(userId), terms, postedFields });
    void chosenCover(form)?.then((chosen) =>
      dispatch({ type: 'coverLoaded', cover: chosen, kept: saveDraftCover(userId, chosen) }),
    );
  }, []);

  const { enhanced, values, account, step, documents } = state;
  useEffect(() => {
    if (!enhanced || submitted || editing) return;
    saveDraftFields(userId, { values, account, step, documents: [...documents] });
  }, [enhanced, submitted, editing, userId, values, account, step, documents]);

  return keeper;
}
