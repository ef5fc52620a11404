import { type ChangeEvent, type FormEvent, useEffect, useReducer, useRef } from 'react';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { Toast } from '../../components/ui/toast.tsx';
import { type BankOption, BeneficiaryStep } from './beneficiary-step.tsx';
import { coverFileProblem, readCover } from './cover-image.ts';
import { CoverStep } from './cover-step.tsx';
import { DetailsStep } from './details-step.tsx';
import { DocumentsStep } from './documents-step.tsx';
import { type FacilityOption, useFacilitySuggestions } from './facility-field.tsx';
import { GoalStep } from './goal-step.tsx';
import { ReviewSummary, TermsField } from './review-step.tsx';
import { StepList } from './step-list.tsx';
import { Submitted } from './submitted.tsx';
import { useBankVerification } from './use-bank-verification.ts';
import { useDocumentUpload } from './use-document-upload.ts';
import { useWizardDraft } from './use-wizard-draft.ts';
import { useWizardSubmission } from './use-wizard-submission.ts';
import { NoScriptNote, StepSection, WizardNav } from './wizard-frame.tsx';
import {
  currentAccount,
  isWizardField,
  lastStep,
  type Organiser,
  type StepNumber,
  type WizardEdit,
  wizardSteps,
} from './wizard-model.ts';
import {
  type FocusRequest,
  initialWizardState,
  ownNameFill,
  readyToSend,
  wizardReducer,
} from './wizard-reducer.ts';
import type { SubmitResult, VerifyResult, WizardRequest } from './wizard-results.ts';

export interface CampaignWizardViewProps {
  organiser: Organiser;
  /** The CSRF token every post carries (its hidden `csrf` field). */
  csrf: string;
  verifier: WizardRequest<VerifyResult>;
  submitter: WizardRequest<SubmitResult>;
  /** Editing a saved campaign: no draft in this browser, the cover optional, no terms box. */
  edit?: WizardEdit | undefined;
  banks: readonly BankOption[];
  banksError: string | undefined;
  /** The facility directory's first suggestions for the hospital field. */
  facilities: readonly FacilityOption[];
  /** The answer to a submission posted without JavaScript (the route's action data). */
  postedResult: SubmitResult | undefined;
  /** A new campaign: the key the page made for a new draft (the long form posts it). */
  submissionKey?: string | undefined;
}

function setControlValue(form: HTMLFormElement | null, name: string, value: string) {
  const control = form?.elements.namedItem(name);
  if (control instanceof HTMLInputElement) control.value = value;
}

/** Focus goes where the last action asked: a step's heading or the first field to fix. */
function useFocusRequest(request: FocusRequest | null) {
  useEffect(() => {
    for (const id of request?.targets ?? []) {
      const element = document.getElementById(id);
      if (element && !element.closest('[hidden]')) {
        element.focus();
        return;
      }
    }
  }, [request]);
}

/**
 * The six-step campaign wizard. The server renders one long form that works without
 * JavaScript; once React runs it becomes a step-by-step wizard that checks each step with the
 * shared campaign rules before Next, keeps a draft in this browser, and verifies the bank
 * account and submits through its page (`verifier` and `submitter`: a fetch() asking for JSON
 * in the create page's island, React Router's fetchers on the edit screen). It uses nothing of
 * React Router itself, so it can be an island (docs/decisions/010-interactive-islands.md).
 *
 * The form's controls stay uncontrolled (their own DOM state, so the long form and the wizard
 * are the same markup); one change listener on the form mirrors them into the state
 * (wizard-reducer.ts).
 */
export function CampaignWizardView({
  organiser,
  csrf,
  verifier,
  submitter,
  edit,
  banks,
  banksError,
  facilities,
  postedResult,
  submissionKey,
}: CampaignWizardViewProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [state, dispatch] = useReducer(wizardReducer, { edit, postedResult }, initialWizardState);
  const { enhanced, editing, step, values, cover, currentCover, errors } = state;
  const submitResult = submitter.data ?? postedResult;
  const submitted = submitResult?.ok === true || submitResult?.alreadySubmitted === true;
  const organiserName = `${organiser.firstName} ${organiser.lastName}`.trim();

  const draft = useWizardDraft({
    formRef,
    csrf,
    userId: organiser._id,
    edit,
    postedResult,
    state,
    submitted,
    dispatch,
  });
  useFocusRequest(state.focus);
  const bank = useBankVerification({ verifier, csrf, values, dispatch });
  const submission = useWizardSubmission({ submitter, csrf, state, draft, dispatch });
  const documents = useDocumentUpload({ csrf, state, dispatch });
  const suggestions = useFacilitySuggestions(facilities, csrf);

  const goTo = (target: StepNumber) => dispatch({ type: 'goTo', step: target });

  function onFormChange(event: FormEvent<HTMLFormElement>) {
    const target = event.target;
    if (
      !(
        target instanceof HTMLInputElement ||
        target instanceof HTMLSelectElement ||
        target instanceof HTMLTextAreaElement
      )
    ) {
      return;
    }
    if (target instanceof HTMLInputElement && target.name === 'terms') {
      dispatch({ type: 'termsChanged', checked: target.checked });
      return;
    }
    const { name } = target;
    if (!isWizardField(name)) return;
    const value =
      target instanceof HTMLInputElement && target.type === 'checkbox'
        ? target.checked
          ? 'on'
          : ''
        : target.value;
    if (name === 'facilityName') {
      // A listed facility's name is that facility; any other name is sent as typed.
      suggestions.search(value);
      const listed = suggestions.idOf(value);
      if (listed !== values.facilityId) {
        dispatch({ type: 'fieldChanged', field: 'facilityId', value: listed, organiserName });
      }
    }
    if (target instanceof HTMLInputElement && target.type === 'radio' && !target.checked) return;
    const ownName = ownNameFill(values, name, value, organiserName);
    if (ownName !== undefined) setControlValue(formRef.current, 'fundraisingFor', ownName);
    dispatch({ type: 'fieldChanged', field: name, value, organiserName });
  }

  async function onChooseCover(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    const problem = coverFileProblem(file);
    if (problem) {
      // A refused photo is cleared at once.
      input.value = '';
      draft.saveCover(null);
      dispatch({ type: 'coverRefused', problem });
      return;
    }
    const chosen = await readCover(file);
    dispatch({ type: 'coverChosen', cover: chosen, kept: draft.saveCover(chosen) });
  }

  function onRemoveCover() {
    const input = formRef.current?.elements.namedItem('image');
    if (input instanceof HTMLInputElement) input.value = '';
    draft.saveCover(null);
    dispatch({ type: 'coverRemoved' });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // Before the JavaScript runs the long form posts as it is.
    if (!enhanced) return;
    event.preventDefault();
    if (readyToSend(state)) submission.send();
    else dispatch({ type: 'next' });
  }

  const toast = submitResult ? (
    <Toast
      key={submitResult.toastId}
      kind={submitResult.ok || submitResult.alreadySubmitted ? 'success' : 'error'}
      message={submitResult.message}
    />
  ) : null;

  if (submitted) {
    return (
      <>
        <Submitted
          openDialog={enhanced}
          dialogKey={submitResult.toastId}
          already={submitResult.alreadySubmitted === true}
        />
        {toast}
      </>
    );
  }

  const verified = currentAccount(state);
  const submitAlert =
    submitResult && !submitResult.ok && Object.keys(submitResult.errors).length === 0
      ? submitResult.detail
      : undefined;

  return (
    <>
      <div className="grid gap-6 md:grid-cols-[16rem_minmax(0,1fr)] md:gap-10">
        <div className="md:sticky md:top-6 md:self-start">
          <StepList current={step} reached={state.reached} enhanced={enhanced} onSelect={goTo} />
        </div>
        <form
          ref={formRef}
          method="post"
          encType="multipart/form-data"
          noValidate={enhanced}
          onChange={onFormChange}
          onSubmit={onSubmit}
          className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 md:p-8"
        >
          <input type="hidden" name="csrf" value={csrf} />
          <input type="hidden" name="intent" value="submit" />
          {editing ? null : (
            <input
              type="hidden"
              name="submissionKey"
              defaultValue={postedResult?.values.submissionKey || submissionKey}
            />
          )}
          {enhanced ? null : <NoScriptNote editing={editing} />}
          {wizardSteps.map(({ step: n, heading }) => (
            <StepSection
              key={n}
              step={n}
              heading={heading}
              enhanced={enhanced}
              hidden={enhanced && step !== n}
            >
              {n === 1 ? (
                <DetailsStep
                  key={state.fieldsKey}
                  values={values}
                  errors={errors}
                  facilities={suggestions.shown}
                />
              ) : null}
              {n === 2 ? (
                <CoverStep
                  cover={cover}
                  currentSrc={currentCover}
                  error={errors.image}
                  note={state.coverNote}
                  enhanced={enhanced}
                  onChoose={onChooseCover}
                  onRemove={onRemoveCover}
                />
              ) : null}
              {n === 3 ? (
                <BeneficiaryStep
                  key={state.fieldsKey}
                  values={values}
                  errors={errors}
                  banks={banks}
                  banksError={banksError}
                  enhanced={enhanced}
                  account={verified}
                  organiser={organiserName}
                  checking={bank.checking}
                  checkProblem={bank.checkProblem}
                  onVerify={bank.verify}
                />
              ) : null}
              {n === 4 ? (
                <DocumentsStep
                  documents={state.documents}
                  savedDocuments={state.savedDocuments}
                  uploading={state.uploading}
                  errors={errors}
                  enhanced={enhanced}
                  onChoose={documents.choose}
                  onRemove={documents.remove}
                />
              ) : null}
              {n === 5 ? <GoalStep key={state.fieldsKey} values={values} errors={errors} /> : null}
              {n === lastStep ? (
                <div className="space-y-6">
                  {enhanced ? (
                    <ReviewSummary
                      values={values}
                      coverSrc={cover?.dataUrl ?? currentCover}
                      raised={edit?.raised ?? 0}
                      account={verified}
                      organiser={organiserName}
                      documents={[...(state.savedDocuments ?? []), ...state.documents]}
                      onEdit={goTo}
                    />
                  ) : null}
                  {editing ? null : <TermsField error={errors.terms} />}
                  {submitAlert ? (
                    <div id="campaign-submit-alert" tabIndex={-1}>
                      <FormAlert message={submitAlert} />
                    </div>
                  ) : null}
                </div>
              ) : null}
            </StepSection>
          ))}
          <WizardNav
            enhanced={enhanced}
            editing={editing}
            step={step}
            terms={state.terms}
            submitting={submission.submitting}
            onPrev={() => goTo((step - 1) as StepNumber)}
          />
        </form>
      </div>
      {toast}
    </>
  );
}
