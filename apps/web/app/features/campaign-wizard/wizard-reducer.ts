import type { CampaignDocumentKind } from '@ipatient/contracts/evidence-rules';
import { documentsReducer } from './documents-reducer.ts';
import type { WizardDraft } from './wizard-draft.ts';
import {
  type CoverImage,
  emptyValues,
  fieldId,
  fieldProblem,
  firstInvalidStep,
  headingId,
  isWizardField,
  lastStep,
  type StepNumber,
  stepOf,
  stepProblems,
  type WizardDocument,
  type WizardEdit,
  type WizardErrors,
  type WizardState,
  type WizardValueField,
  type WizardValues,
  wizardFields,
  wizardSteps,
} from './wizard-model.ts';
import type { SubmitResult, UploadResult, VerifyResult } from './wizard-results.ts';

export const termsRequired = 'Tick the box to accept the terms and conditions.';
export const coverNotKept =
  'This photo is too large to keep in the draft on this device: if the page reloads, choose it again.';

/**
 * Where focus goes after the next render: the first of these element ids that is shown. A new
 * object for every request, so asking for the same place twice moves focus twice.
 */
export interface FocusRequest {
  targets: readonly string[];
}

/** Everything the wizard shows that is not in the form's own controls. */
export interface WizardViewState extends WizardState {
  /** False until React runs: every step is then a section of one long form. */
  enhanced: boolean;
  /** Editing a saved campaign: no draft in this browser, the cover optional, no terms box. */
  editing: boolean;
  step: StepNumber;
  /** The furthest step shown so far (the step list marks the ones before it as done). */
  reached: StepNumber;
  currentCover: string | null;
  /** A remark about the cover that is not an error (the draft could not keep the photo). */
  coverNote: string | undefined;
  errors: WizardErrors;
  terms: boolean;
  /** Bumped when a restored draft changes what the uncontrolled fields must show. */
  fieldsKey: number;
  focus: FocusRequest | null;
  documents: readonly WizardDocument[];
  uploading: readonly CampaignDocumentKind[];
}

export type WizardAction =
  /** React runs on the answer to a successful submission posted without JavaScript. */
  | { type: 'startedAfterSubmission' }
  /** React runs on the edit screen; `typed` is the saved campaign with what was typed before. */
  | { type: 'startedEditing'; typed: WizardValues; postedFields: readonly string[] }
  /** React runs on a new campaign: what was typed before wins over the draft in this browser. */
  | {
      type: 'startedFromDraft';
      typed: WizardValues;
      draft: WizardDraft | null;
      terms: boolean;
      postedFields: readonly string[];
    }
  /** The step list, Prev, or an Edit link of the review. */
  | { type: 'goTo'; step: StepNumber }
  /** Next, or Submit on the last step while something is missing. */
  | { type: 'next' }
  | { type: 'fieldChanged'; field: WizardValueField; value: string; organiserName: string }
  | { type: 'termsChanged'; checked: boolean }
  /** A photo chosen in the long form before the JavaScript ran. */
  | { type: 'coverLoaded'; cover: CoverImage; kept: boolean }
  /** A photo chosen in the wizard; `kept`: the draft had room for it. */
  | { type: 'coverChosen'; cover: CoverImage; kept: boolean }
  | { type: 'coverRefused'; problem: string }
  | { type: 'coverRemoved' }
  /** "Verify account": the bank and number are checked before the bank is asked. */
  | { type: 'bankChecked' }
  | { type: 'verifyAnswered'; result: VerifyResult }
  /** A document passed the browser's checks and is on its way to the page. */
  | { type: 'documentUploading'; kind: CampaignDocumentKind }
  /** The browser refused a chosen document (type, size) before sending it. */
  | { type: 'documentRefused'; kind: CampaignDocumentKind; problem: string }
  | { type: 'documentAnswered'; result: UploadResult }
  | { type: 'documentRemoved'; id: string }
  | { type: 'submitAnswered'; result: SubmitResult };

const bankFields = ['bankCode', 'accountNumber'] as const;

export function without(errors: WizardErrors, fields: readonly string[]): WizardErrors {
  const copy = { ...errors };
  for (const field of fields) delete copy[field];
  return copy;
}

function postedValues(
  values: Record<string, string> | undefined,
  base: WizardValues = emptyValues,
): WizardValues {
  const result = { ...base };
  for (const [key, value] of Object.entries(values ?? {})) {
    if (isWizardField(key)) result[key] = value;
  }
  return result;
}

/** The wizard as the server renders it: the long form, with a posted answer's values. */
export function initialWizardState({
  edit,
  postedResult,
}: {
  edit?: WizardEdit | undefined;
  postedResult: SubmitResult | undefined;
}): WizardViewState {
  return {
    enhanced: false,
    editing: edit !== undefined,
    step: 1,
    reached: 1,
    values: postedValues(postedResult?.values, edit?.values),
    cover: null,
    currentCover: edit?.coverUrl ?? null,
    coverNote: undefined,
    account: edit?.account ?? null,
    errors: postedResult && !postedResult.ok ? postedResult.errors : {},
    terms: false,
    fieldsKey: 0,
    focus: null,
    documents: postedResult?.documents ?? [],
    ...(edit ? { savedDocuments: edit.documents } : {}),
    uploading: [],
  };
}

/** Raising funds for yourself: your own name, unless a name was typed already. */
export function ownNameFill(
  values: WizardValues,
  field: WizardValueField,
  value: string,
  organiserName: string,
): string | undefined {
  return field === 'beneficiaryType' && value === 'yourself' && !values.fundraisingFor.trim()
    ? organiserName
    : undefined;
}

/** The problems of the bank and account number, checked before the bank is asked. */
export function bankProblems(values: WizardValues): WizardErrors {
  const problems: WizardErrors = {};
  for (const field of bankFields) {
    const problem = fieldProblem(field, values);
    if (problem) problems[field] = problem;
  }
  return problems;
}

/** Submit on the last step goes to the page: every step is complete and the terms accepted. */
export function readyToSend(state: WizardViewState): boolean {
  return (
    state.step === lastStep &&
    firstInvalidStep(state, lastStep) === undefined &&
    (state.terms || state.editing)
  );
}

const firstStepOf = (fields: readonly string[]) =>
  fields.length > 0 ? (Math.min(...fields.map(stepOf)) as StepNumber) : undefined;

/** Shows a step and moves focus there (its heading, or a field to fix). */
function showStep(
  state: WizardViewState,
  target: StepNumber,
  focus: readonly string[],
): WizardViewState {
  return {
    ...state,
    step: target,
    reached: target > state.reached ? target : state.reached,
    focus: { targets: [...focus, headingId(target)] },
  };
}

/** Shows a step's problems next to its fields and focuses the first one. */
function reveal(state: WizardViewState, target: StepNumber): WizardViewState {
  const problems = stepProblems(target, state);
  const fields = wizardSteps[target - 1]?.fields ?? [];
  const first = fields.find((field) => problems[field]);
  const errors = { ...without(state.errors, fields), ...problems };
  return showStep({ ...state, errors }, target, first ? [fieldId(first)] : []);
}

/** Back is always allowed; forward only over steps that are complete. */
function goTo(state: WizardViewState, target: StepNumber): WizardViewState {
  if (target === state.step) return state;
  let errors = state.errors;
  if (target > state.step) {
    const blocked = firstInvalidStep(state, target);
    if (blocked !== undefined) return reveal(state, blocked);
    const passed = wizardSteps.filter((s) => s.step < target).flatMap((s) => s.fields);
    errors = without(errors, passed);
  }
  return showStep({ ...state, errors }, target, []);
}

function startFromDraft(
  state: WizardViewState,
  { typed, draft, terms, postedFields }: Extract<WizardAction, { type: 'startedFromDraft' }>,
): WizardViewState {
  const merged = { ...emptyValues, ...draft?.values };
  for (const field of wizardFields) if (typed[field]) merged[field] = typed[field];
  // A hospital typed before the JavaScript ran is a name, not the draft's listed one.
  if (typed.facilityName && typed.facilityName !== draft?.values.facilityName) {
    merged.facilityId = typed.facilityId;
  }
  // Documents the long form uploaded (a refused post) join those the draft remembers.
  const posted = new Set(state.documents.map((document) => document.id));
  const documents = [
    ...state.documents,
    ...(draft?.documents ?? []).filter((document) => !posted.has(document.id)),
  ];
  const restored: WizardState = {
    values: merged,
    cover: draft?.cover ?? null,
    account: draft?.account ?? null,
    documents,
  };
  let start: StepNumber = firstStepOf(postedFields) ?? 1;
  if (postedFields.length === 0 && draft) {
    start = firstInvalidStep(restored, draft.step) ?? draft.step;
  }
  const remount = wizardFields.some((field) => merged[field] !== typed[field]);
  return {
    ...state,
    values: merged,
    cover: restored.cover,
    account: restored.account,
    documents,
    terms,
    step: start,
    reached: Math.max(start, draft?.step ?? 1) as StepNumber,
    fieldsKey: remount ? state.fieldsKey + 1 : state.fieldsKey,
    enhanced: true,
  };
}

/** A field changed: its value, and its message when it shows one, follow. */
function changeField(
  state: WizardViewState,
  { field, value, organiserName }: Extract<WizardAction, { type: 'fieldChanged' }>,
): WizardViewState {
  const next = { ...state.values, [field]: value };
  // A new state means a new LGA list with nothing chosen.
  if (field === 'state') next.lga = '';
  const ownName = ownNameFill(state.values, field, value, organiserName);
  if (ownName !== undefined) next.fundraisingFor = ownName;
  const errors = { ...state.errors };
  for (const affected of field === 'state' ? ['state', 'lga'] : [field]) {
    if (errors[affected] === undefined || !isWizardField(affected)) continue;
    const problem = fieldProblem(affected, next);
    if (problem) errors[affected] = problem;
    else delete errors[affected];
  }
  return { ...state, values: next, errors };
}

function answerVerify(state: WizardViewState, result: VerifyResult): WizardViewState {
  if (result.ok && result.account) return { ...state, account: result.account };
  const problems: WizardErrors = {};
  for (const field of bankFields) {
    const problem = result.errors[field];
    if (problem) problems[field] = problem;
  }
  const first = Object.keys(problems)[0];
  return {
    ...state,
    errors: { ...state.errors, ...problems },
    focus: first ? { targets: [fieldId(first)] } : state.focus,
  };
}

function answerSubmit(state: WizardViewState, result: SubmitResult): WizardViewState {
  if (result.ok) return state;
  const fields = Object.keys(result.errors);
  const target = firstStepOf(fields);
  if (target === undefined) {
    return { ...state, errors: {}, focus: { targets: ['campaign-submit-alert'] } };
  }
  const ordered = wizardSteps[target - 1]?.fields ?? [];
  const first = ordered.find((field) => result.errors[field]) ?? fields[0] ?? '';
  return {
    ...state,
    errors: result.errors,
    step: target,
    focus: { targets: [fieldId(first), headingId(target)] },
  };
}

/** The wizard's state after an action: no effects, so every path can be tested on its own. */
export function wizardReducer(state: WizardViewState, action: WizardAction): WizardViewState {
  switch (action.type) {
    case 'startedAfterSubmission':
      return { ...state, enhanced: true };
    case 'startedEditing': {
      const start = firstStepOf(action.postedFields) ?? 1;
      // Every step of a saved campaign is filled in: the step list may jump anywhere.
      return { ...state, values: action.typed, step: start, reached: lastStep, enhanced: true };
    }
    case 'startedFromDraft':
      return startFromDraft(state, action);
    case 'goTo':
      return goTo(state, action.step);
    case 'next': {
      if (state.step < lastStep) return goTo(state, (state.step + 1) as StepNumber);
      const blocked = firstInvalidStep(state, lastStep);
      if (blocked !== undefined) return reveal(state, blocked);
      if (!state.terms && !state.editing) {
        return {
          ...state,
          errors: { ...state.errors, terms: termsRequired },
          focus: { targets: ['campaign-terms'] },
        };
      }
      return state;
    }
    case 'fieldChanged':
      return changeField(state, action);
    case 'termsChanged':
      return {
        ...state,
        terms: action.checked,
        errors: action.checked ? without(state.errors, ['terms']) : state.errors,
      };
    case 'coverLoaded':
      return {
        ...state,
        cover: action.cover,
        coverNote: action.kept ? state.coverNote : coverNotKept,
      };
    case 'coverChosen':
      return {
        ...state,
        cover: action.cover,
        errors: without(state.errors, ['image']),
        coverNote: action.kept ? undefined : coverNotKept,
      };
    case 'coverRefused':
      // The refused photo is not kept: the wizard has no cover until another is chosen.
      return {
        ...state,
        cover: null,
        coverNote: undefined,
        errors: { ...state.errors, image: action.problem },
      };
    case 'coverRemoved':
      return {
        ...state,
        cover: null,
        coverNote: undefined,
        errors: without(state.errors, ['image']),
        focus: { targets: ['campaign-image'] },
      };
    case 'bankChecked': {
      const problems = bankProblems(state.values);
      const first = Object.keys(problems)[0];
      return {
        ...state,
        errors: { ...without(state.errors, bankFields), ...problems },
        focus: first ? { targets: [fieldId(first)] } : state.focus,
      };
    }
    case 'verifyAnswered':
      return answerVerify(state, action.result);
    case 'documentUploading':
    case 'documentRefused':
    case 'documentAnswered':
    case 'documentRemoved':
      return documentsReducer(state, action);
    case 'submitAnswered':
      return answerSubmit(state, action.result);
  }
}
