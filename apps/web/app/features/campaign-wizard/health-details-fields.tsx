import {
  campaignLimits,
  consentGiverLabels,
  consentGivers,
  consentTexts,
  isTicked,
} from '@ipatient/contracts/campaign-rules';
import { TextField } from '../../components/ui/form-field.tsx';
import type { WizardErrors, WizardValues } from './wizard-model.ts';

interface FieldsProps {
  values: WizardValues;
  errors: WizardErrors;
}

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={id} className="mt-1.5 text-sm font-medium text-red-700">
      {error}
    </p>
  ) : null;
}

/** A checkbox with its label beside it and its error below. */
function TickBox({
  id,
  name,
  label,
  checked,
  error,
}: {
  id: string;
  name: string;
  label: string;
  checked: boolean;
  error?: string | undefined;
}) {
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          id={id}
          name={name}
          type="checkbox"
          defaultChecked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-0.5 h-6 w-6 shrink-0 accent-brand-700"
        />
        <label htmlFor={id} className="text-base text-slate-900">
          {label}
        </label>
      </div>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/** Step 1: the diagnosis (optional), and whether the public may see it. */
export function DiagnosisFields({ values, errors }: FieldsProps) {
  return (
    <div className="space-y-3">
      <TextField
        id="campaign-diagnosis"
        name="diagnosis"
        label="Diagnosis or medical condition (optional)"
        autoComplete="off"
        maxLength={campaignLimits.diagnosisMax}
        defaultValue={values.diagnosis}
        error={errors.diagnosis}
        hint={`A few words, e.g. Hole in the heart (at most ${campaignLimits.diagnosisMax} characters).`}
      />
      <TickBox
        id="campaign-diagnosisHidden"
        name="diagnosisHidden"
        label="Keep the diagnosis off the public page (only our reviewers see it)"
        checked={isTicked(values.diagnosisHidden)}
        error={errors.diagnosisHidden}
      />
    </div>
  );
}

/**
 * Step 3, for a campaign for someone else: who agreed to it, their name, and the organiser's
 * word that they agreed. Without JavaScript it is always shown, saying when it is needed.
 */
export function ConsentFields({ values, errors, hidden }: FieldsProps & { hidden: boolean }) {
  const error = errors.beneficiaryConsent;
  return (
    <fieldset hidden={hidden} className="space-y-5 rounded-2xl border border-slate-200 p-4 sm:p-5">
      <legend className="px-1 text-base font-bold text-slate-900">
        Their agreement (needed when the campaign is for someone else)
      </legend>
      <fieldset aria-describedby={error ? 'campaign-beneficiaryConsent-error' : undefined}>
        <legend className="text-sm font-semibold text-slate-900">
          Who agreed to this campaign?
        </legend>
        <div className="mt-2 grid gap-2">
          {consentGivers.map((giver) => (
            <label
              key={giver}
              htmlFor={`campaign-beneficiaryConsent-${giver}`}
              className="flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border border-slate-500 px-4 py-2 text-base text-slate-900 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
            >
              <input
                id={`campaign-beneficiaryConsent-${giver}`}
                type="radio"
                name="beneficiaryConsent"
                value={giver}
                defaultChecked={values.beneficiaryConsent === giver}
                aria-invalid={error ? true : undefined}
                className="h-5 w-5 shrink-0 accent-brand-700"
              />
              {consentGiverLabels[giver]}
            </label>
          ))}
        </div>
        <FieldError id="campaign-beneficiaryConsent-error" error={error} />
      </fieldset>
      <TextField
        id="campaign-consentName"
        name="consentName"
        label="Name of the person who agreed"
        autoComplete="off"
        maxLength={campaignLimits.nameMax}
        defaultValue={values.consentName}
        error={errors.consentName}
      />
      <TickBox
        id="campaign-consentGiven"
        name="consentGiven"
        label={consentTexts.tickLabel}
        checked={isTicked(values.consentGiven)}
        error={errors.consentGiven}
      />
    </fieldset>
  );
}
