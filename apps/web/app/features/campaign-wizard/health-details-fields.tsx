import {
  campaignLimits,
  consentGiverLabels,
  consentGivers,
  consentTexts,
  isTicked,
} from '@ipatient/contracts/campaign-rules';
import { TextField } from '../../components/ui/form-field.tsx';
import { RadioCards, TickBox } from './choice-fields.tsx';
import type { WizardErrors, WizardValues } from './wizard-model.ts';

interface FieldsProps {
  values: WizardValues;
  errors: WizardErrors;
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
  return (
    <fieldset hidden={hidden} className="space-y-5 rounded-2xl border border-slate-200 p-4 sm:p-5">
      <legend className="px-1 text-base font-bold text-slate-900">
        Their agreement (needed when the campaign is for someone else)
      </legend>
      <RadioCards
        name="beneficiaryConsent"
        legend="Who agreed to this campaign?"
        choices={consentGivers}
        labels={consentGiverLabels}
        checked={values.beneficiaryConsent}
        error={errors.beneficiaryConsent}
      />
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
