import { ArrowLeft, ArrowRight, LoaderCircle } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { Toast } from '../../components/ui/toast.tsx';
import { type BankOption, BeneficiaryStep } from './beneficiary-step.tsx';
import { coverFile, coverFileProblem, readCover } from './cover-image.ts';
import { CoverStep } from './cover-step.tsx';
import { DetailsStep } from './details-step.tsx';
import { GoalStep } from './goal-step.tsx';
import { ReviewSummary, TermsField } from './review-step.tsx';
import { StepList } from './step-list.tsx';
import { Submitted } from './submitted.tsx';
import { clearDraft, loadDraft, saveDraftCover, saveDraftFields } from './wizard-draft.ts';
import {
  type CoverImage,
  campaignFields,
  currentAccount,
  emptyValues,
  fieldId,
  fieldProblem,
  firstInvalidStep,
  isCampaignField,
  type StepNumber,
  stepOf,
  stepProblems,
  type VerifiedAccount,
  type WizardErrors,
  type WizardState,
  type WizardValues,
  wizardSteps,
} from './wizard-model.ts';
import type { SubmitResult, VerifyResult } from './wizard-results.ts';

export interface Organiser {
  _id: string;
  firstName: string;
  lastName: string;
}

/** The edit screen's starting point: the saved campaign. */
export interface WizardEdit {
  values: WizardValues;
  /** The campaign's bank account: no new check is needed while the bank and number stay. */
  account: VerifiedAccount;
  /** The current cover's address, kept unless a new photo is chosen. */
  coverUrl: string | null;
  /** Raised so far, for the review's progress bar. */
  raised: number;
}

/**
 * A request the wizard sends to its page (checking the account, submitting): React Router's
 * fetcher on pages that hydrate with it, a plain fetch() in the wizard's island.
 */
export interface WizardRequest<T> {
  busy: boolean;
  /** The latest answer (a new object for every answer). */
  data: T | undefined;
  send(body: FormData): void;
}

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
  /** The answer to a submission posted without JavaScript (the route's action data). */
  postedResult: SubmitResult | undefined;
}

const termsRequired = 'Tick the box to accept the terms and conditions.';
const coverNotKept =
  'This photo is too large to keep in the draft on this device: if the page reloads, choose it again.';

const headingId = (step: StepNumber) => `campaign-step-${step}-title`;

function without(errors: WizardErrors, fields: readonly string[]): WizardErrors {
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
    if (isCampaignField(key)) result[key] = value;
  }
  return result;
}

/** What the long form holds right now (typed before the JavaScript ran, or sent back). */
function formValues(form: HTMLFormElement, base: WizardValues = emptyValues): WizardValues {
  const body = new FormData(form);
  const values = { ...base };
  for (const field of campaignFields) {
    const value = body.get(field);
    if (typeof value === 'string') values[field] = value;
  }
  return values;
}

function setControlValue(form: HTMLFormElement | null, name: string, value: string) {
  const control = form?.elements.namedItem(name);
  if (control instanceof HTMLInputElement) control.value = value;
}

/**
 * The five-step campaign wizard (SPEC §2 Wizard). The server renders one long form that works
 * without JavaScript; once React runs it becomes a step-by-step wizard that checks each step
 * with the shared campaign rules before Next, keeps a draft in this browser, and verifies the
 * bank account and submits through its page (`verifier` and `submitter`: a fetch() asking for
 * JSON in the create page's island, React Router's fetchers on the edit screen). It uses
 * nothing of React Router itself, so it can be an island (docs/decisions/010-interactive-islands.md).
 *
 * The form's controls stay uncontrolled (their own DOM state, so the long form and the wizard
 * are the same markup); one change listener on the form mirrors them into `values`.
 */
export function CampaignWizardView({
  organiser,
  csrf,
  verifier,
  submitter,
  edit,
  banks,
  banksError,
  postedResult,
}: CampaignWizardViewProps) {
  const editing = edit !== undefined;
  const formRef = useRef<HTMLFormElement>(null);
  const [enhanced, setEnhanced] = useState(false);
  const [step, setStep] = useState<StepNumber>(1);
  const [reached, setReached] = useState<StepNumber>(1);
  const [values, setValues] = useState<WizardValues>(() =>
    postedValues(postedResult?.values, edit?.values),
  );
  const [cover, setCover] = useState<CoverImage | null>(null);
  const [coverNote, setCoverNote] = useState<string>();
  const [account, setAccount] = useState<VerifiedAccount | null>(edit?.account ?? null);
  const [errors, setErrors] = useState<WizardErrors>(() =>
    postedResult && !postedResult.ok ? postedResult.errors : {},
  );
  const [terms, setTerms] = useState(false);
  // Bumped when a restored draft changes what the uncontrolled fields must show.
  const [fieldsKey, setFieldsKey] = useState(0);
  const pendingFocus = useRef<string[] | null>(null);

  const currentCover = edit?.coverUrl ?? null;
  const state: WizardState = { values, cover, account, currentCover };
  const verified = currentAccount(state);
  const submitResult = submitter.data ?? postedResult;
  const submitted = submitResult?.ok === true;
  const submitting = submitter.busy;
  const userId = organiser._id;

  // Once React runs: restore the draft, keep what was typed before, switch to steps.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on the first render in the browser
  useEffect(() => {
    if (postedResult?.ok) {
      if (!editing) clearDraft(userId);
      setEnhanced(true);
      return;
    }
    const form = formRef.current;
    if (edit) {
      // Editing: the saved campaign, with whatever was typed before the JavaScript ran.
      const typed = form ? formValues(form, edit.values) : values;
      setValues(typed);
      const postedFields = Object.keys(postedResult?.errors ?? {});
      const start =
        postedFields.length > 0 ? (Math.min(...postedFields.map(stepOf)) as StepNumber) : 1;
      setStep(start);
      // Every step of a saved campaign is filled in: the step list may jump anywhere.
      setReached(5);
      const fileInput = form?.elements.namedItem('image');
      const file = fileInput instanceof HTMLInputElement ? fileInput.files?.[0] : undefined;
      if (file && !coverFileProblem(file)) void readCover(file).then(setCover);
      setEnhanced(true);
      return;
    }
    const typed = form ? formValues(form) : { ...emptyValues };
    const draft = loadDraft(userId);
    const merged = { ...emptyValues, ...draft?.values };
    for (const field of campaignFields) if (typed[field]) merged[field] = typed[field];
    if (campaignFields.some((field) => merged[field] !== typed[field])) setFieldsKey((k) => k + 1);
    const restored: WizardState = {
      values: merged,
      cover: draft?.cover ?? null,
      account: draft?.account ?? null,
    };
    setValues(merged);
    setCover(restored.cover);
    setAccount(restored.account);
    const termsBox = form?.elements.namedItem('terms');
    setTerms(termsBox instanceof HTMLInputElement && termsBox.checked);

    // A photo chosen in the long form before the JavaScript ran.
    const fileInput = form?.elements.namedItem('image');
    const file = fileInput instanceof HTMLInputElement ? fileInput.files?.[0] : undefined;
    if (file && !coverFileProblem(file)) {
      void readCover(file).then((chosen) => {
        setCover(chosen);
        if (!saveDraftCover(userId, chosen)) setCoverNote(coverNotKept);
      });
    }

    const postedFields = Object.keys(postedResult?.errors ?? {});
    let start: StepNumber = 1;
    if (postedFields.length > 0) {
      start = Math.min(...postedFields.map(stepOf)) as StepNumber;
    } else if (draft) {
      start = firstInvalidStep(restored, draft.step) ?? draft.step;
    }
    setStep(start);
    setReached(Math.max(start, draft?.step ?? 1) as StepNumber);
    setEnhanced(true);
  }, []);

  // The draft follows every change (a few kB; the photo is saved on its own when chosen).
  useEffect(() => {
    if (!enhanced || submitted || editing) return;
    saveDraftFields(userId, { values, account, step });
  }, [enhanced, submitted, editing, userId, values, account, step]);

  // Focus goes where the last action asked: a step's heading or the first field to fix.
  useEffect(() => {
    const targets = pendingFocus.current;
    if (!targets) return;
    pendingFocus.current = null;
    for (const id of targets) {
      const element = document.getElementById(id);
      if (element && !element.closest('[hidden]')) {
        element.focus();
        return;
      }
    }
  });

  const verifyData = verifier.data;
  useEffect(() => {
    if (!verifyData) return;
    if (verifyData.ok && verifyData.account) {
      setAccount(verifyData.account);
      return;
    }
    const fieldProblems: WizardErrors = {};
    for (const field of ['bankCode', 'accountNumber']) {
      const problem = verifyData.errors[field];
      if (problem) fieldProblems[field] = problem;
    }
    setErrors((previous) => ({ ...previous, ...fieldProblems }));
    const first = Object.keys(fieldProblems)[0];
    if (first) pendingFocus.current = [fieldId(first)];
  }, [verifyData]);

  const submitData = submitter.data;
  useEffect(() => {
    if (!submitData) return;
    if (submitData.ok) {
      if (!editing) clearDraft(userId);
      return;
    }
    const fields = Object.keys(submitData.errors);
    if (fields.length === 0) {
      pendingFocus.current = ['campaign-submit-alert'];
      setErrors({});
      return;
    }
    const target = Math.min(...fields.map(stepOf)) as StepNumber;
    setErrors(submitData.errors);
    setStep(target);
    const ordered = wizardSteps[target - 1]?.fields ?? [];
    const first = ordered.find((field) => submitData.errors[field]) ?? fields[0] ?? '';
    pendingFocus.current = [fieldId(first), headingId(target)];
  }, [submitData, userId, editing]);

  /** Shows a step and moves focus there (its heading, or a field to fix). */
  function showStep(target: StepNumber, focus: string[]) {
    setStep(target);
    setReached((previous) => (target > previous ? target : previous));
    pendingFocus.current = [...focus, headingId(target)];
  }

  /** Shows a step's problems next to its fields and focuses the first one. */
  function reveal(target: StepNumber) {
    const problems = stepProblems(target, state);
    const fields = wizardSteps[target - 1]?.fields ?? [];
    setErrors((previous) => ({ ...without(previous, fields), ...problems }));
    const first = fields.find((field) => problems[field]);
    showStep(target, first ? [fieldId(first)] : []);
  }

  /** Back is always allowed; forward only over steps that are complete. */
  function goTo(target: StepNumber) {
    if (target === step) return;
    if (target > step) {
      const blocked = firstInvalidStep(state, target);
      if (blocked !== undefined) {
        reveal(blocked);
        return;
      }
      const passed = wizardSteps.filter((s) => s.step < target).flatMap((s) => s.fields);
      setErrors((previous) => without(previous, passed));
    }
    showStep(target, []);
  }

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
      setTerms(target.checked);
      if (target.checked) setErrors((previous) => without(previous, ['terms']));
      return;
    }
    const { name, value } = target;
    if (!isCampaignField(name)) return;
    if (target instanceof HTMLInputElement && target.type === 'radio' && !target.checked) return;
    const next = { ...values, [name]: value };
    // A new state means a new LGA list with nothing chosen (SPEC §4).
    if (name === 'state') next.lga = '';
    // Raising funds for yourself: your own name, unless a name was typed already.
    if (name === 'beneficiaryType' && value === 'yourself' && !values.fundraisingFor.trim()) {
      const own = `${organiser.firstName} ${organiser.lastName}`.trim();
      next.fundraisingFor = own;
      setControlValue(formRef.current, 'fundraisingFor', own);
    }
    setValues(next);
    // A field showing a problem is checked again as it changes, so the message follows.
    const affected = name === 'state' ? ['state', 'lga'] : [name];
    setErrors((previous) => {
      const copy = { ...previous };
      for (const field of affected) {
        if (copy[field] === undefined || !isCampaignField(field)) continue;
        const problem = fieldProblem(field, next);
        if (problem) copy[field] = problem;
        else delete copy[field];
      }
      return copy;
    });
  }

  async function onChooseCover(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    const problem = coverFileProblem(file);
    if (problem) {
      // SPEC §5: the image is cleared.
      input.value = '';
      setCover(null);
      setCoverNote(undefined);
      if (!editing) saveDraftCover(userId, null);
      setErrors((previous) => ({ ...previous, image: problem }));
      return;
    }
    const chosen = await readCover(file);
    setCover(chosen);
    setErrors((previous) => without(previous, ['image']));
    setCoverNote(editing || saveDraftCover(userId, chosen) ? undefined : coverNotKept);
  }

  function onRemoveCover() {
    const input = formRef.current?.elements.namedItem('image');
    if (input instanceof HTMLInputElement) input.value = '';
    setCover(null);
    setCoverNote(undefined);
    if (!editing) saveDraftCover(userId, null);
    pendingFocus.current = ['campaign-image'];
    setErrors((previous) => without(previous, ['image']));
  }

  function onVerify() {
    const problems: WizardErrors = {};
    for (const field of ['bankCode', 'accountNumber'] as const) {
      const problem = fieldProblem(field, values);
      if (problem) problems[field] = problem;
    }
    setErrors((previous) => ({
      ...without(previous, ['bankCode', 'accountNumber']),
      ...problems,
    }));
    const first = Object.keys(problems)[0];
    if (first) {
      pendingFocus.current = [fieldId(first)];
      return;
    }
    const body = new FormData();
    body.set('csrf', csrf);
    body.set('intent', 'verify');
    body.set('bankCode', values.bankCode);
    body.set('accountNumber', values.accountNumber.trim());
    verifier.send(body);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // Before the JavaScript runs the long form posts as it is.
    if (!enhanced) return;
    event.preventDefault();
    if (step < 5) {
      goTo((step + 1) as StepNumber);
      return;
    }
    const blocked = firstInvalidStep(state, 5);
    if (blocked !== undefined) {
      reveal(blocked);
      return;
    }
    if (!terms && !editing) {
      setErrors((previous) => ({ ...previous, terms: termsRequired }));
      pendingFocus.current = ['campaign-terms'];
      return;
    }
    if (submitting) return;
    if (editing) {
      // Every field goes to the route action, which sends the API only what changed.
      const body = new FormData();
      body.set('csrf', csrf);
      body.set('intent', 'submit');
      for (const field of campaignFields) body.set(field, values[field]);
      if (cover) body.set('image', coverFile(cover));
      submitter.send(body);
      return;
    }
    if (!cover) return;
    const body = new FormData();
    body.set('csrf', csrf);
    body.set('intent', 'submit');
    body.set('terms', 'on');
    for (const field of campaignFields) body.set(field, values[field]);
    if (verified) {
      body.set('bank', verified.bank);
      body.set('accountName', verified.accountName);
    }
    body.set('image', coverFile(cover));
    submitter.send(body);
  }

  const toast = submitResult ? (
    <Toast
      key={submitResult.toastId}
      kind={submitResult.ok ? 'success' : 'error'}
      message={submitResult.message}
    />
  ) : null;

  if (submitted) {
    return (
      <>
        <Submitted openDialog={enhanced} dialogKey={submitResult.toastId} />
        {toast}
      </>
    );
  }

  const checkProblem =
    verifyData &&
    !verifyData.ok &&
    !verifyData.errors.bankCode &&
    !verifyData.errors.accountNumber &&
    verifyData.bankCode === values.bankCode &&
    verifyData.accountNumber === values.accountNumber.trim()
      ? verifyData.message
      : undefined;
  const submitAlert =
    submitResult && !submitResult.ok && Object.keys(submitResult.errors).length === 0
      ? submitResult.detail
      : undefined;
  const organiserName = `${organiser.firstName} ${organiser.lastName}`.trim();
  const sectionHidden = (n: StepNumber) => enhanced && step !== n;
  const disabledLook =
    'disabled:cursor-not-allowed disabled:border-slate-300 disabled:bg-slate-200 disabled:text-slate-600';

  return (
    <>
      <div className="grid gap-6 md:grid-cols-[16rem_minmax(0,1fr)] md:gap-10">
        <div className="md:sticky md:top-6 md:self-start">
          <StepList
            current={step}
            reached={reached}
            enhanced={enhanced}
            onSelect={(target) => goTo(target)}
          />
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
          {/* Only without JavaScript: with it the steps appear as soon as React runs, so a
              message in between would only flash. Nothing here may promise that more is coming. */}
          {enhanced ? null : (
            <noscript>
              <p className="mb-6 rounded-xl bg-brand-50 p-4 text-sm text-slate-800">
                JavaScript is switched off in your browser, so every step is on this one page. Fill
                in each part below and {editing ? 'save your changes' : 'submit it'} in one go;
                nothing is kept until you do. To go one step at a time with a draft kept on this
                device, switch JavaScript on and reload the page.
              </p>
            </noscript>
          )}
          {wizardSteps.map(({ step: n, heading }) => (
            <section
              key={n}
              id={`campaign-step-${n}`}
              aria-labelledby={headingId(n)}
              hidden={sectionHidden(n)}
              className={enhanced ? '' : 'mb-10 border-b border-slate-200 pb-10 last:border-b-0'}
            >
              <p className="text-sm font-semibold text-brand-700">
                Step {n} of {wizardSteps.length}
              </p>
              <h2
                id={headingId(n)}
                tabIndex={-1}
                className="mt-1 mb-5 text-xl font-bold text-slate-900 md:text-2xl"
              >
                {heading}
              </h2>
              {n === 1 ? <DetailsStep key={fieldsKey} values={values} errors={errors} /> : null}
              {n === 2 ? (
                <CoverStep
                  cover={cover}
                  currentSrc={currentCover}
                  error={errors.image}
                  note={coverNote}
                  enhanced={enhanced}
                  onChoose={onChooseCover}
                  onRemove={onRemoveCover}
                />
              ) : null}
              {n === 3 ? (
                <BeneficiaryStep
                  key={fieldsKey}
                  values={values}
                  errors={errors}
                  banks={banks}
                  banksError={banksError}
                  enhanced={enhanced}
                  account={verified}
                  checking={verifier.busy}
                  checkProblem={checkProblem}
                  onVerify={onVerify}
                />
              ) : null}
              {n === 4 ? <GoalStep key={fieldsKey} values={values} errors={errors} /> : null}
              {n === 5 ? (
                <div className="space-y-6">
                  {enhanced ? (
                    <ReviewSummary
                      values={values}
                      coverSrc={cover?.dataUrl ?? currentCover}
                      raised={edit?.raised ?? 0}
                      account={verified}
                      organiser={organiserName}
                      onEdit={(target) => goTo(target)}
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
            </section>
          ))}
          {enhanced ? (
            <div className="mt-8 flex items-center justify-between gap-3 border-t border-slate-200 pt-5">
              <button
                type="button"
                disabled={step === 1}
                onClick={() => goTo((step - 1) as StepNumber)}
                className={buttonClass('secondary', disabledLook)}
              >
                <ArrowLeft aria-hidden="true" className="h-4 w-4" />
                Prev
              </button>
              {step < 5 ? (
                <button type="submit" className={buttonClass('primary')}>
                  Next
                  <ArrowRight aria-hidden="true" className="h-4 w-4" />
                </button>
              ) : (
                <button
                  type="submit"
                  disabled={(!terms && !editing) || submitting}
                  className={buttonClass('primary', disabledLook)}
                >
                  {submitting ? (
                    <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin" />
                  ) : null}
                  {editing
                    ? submitting
                      ? 'Saving...'
                      : 'Save changes'
                    : submitting
                      ? 'Submitting...'
                      : 'Submit'}
                </button>
              )}
            </div>
          ) : (
            <button type="submit" className={buttonClass('primary', 'w-full')}>
              {editing ? 'Save changes' : 'Submit'}
            </button>
          )}
        </form>
      </div>
      {toast}
    </>
  );
}
