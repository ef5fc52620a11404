import { campaignLimits, parseNairaAmount } from '@ipatient/contracts/campaign-rules';
import { campaignDurations } from '@ipatient/contracts/constants';
import { formatNaira } from '@ipatient/contracts/format';
import { SelectField, TextField } from '../../components/ui/form-field.tsx';
import type { WizardErrors, WizardValues } from './wizard-model.ts';

interface GoalStepProps {
  values: WizardValues;
  errors: WizardErrors;
}

/** Step 4: the goal in whole naira and how long the campaign runs. */
export function GoalStep({ values, errors }: GoalStepProps) {
  const amount = parseNairaAmount(values.amountNeeded);
  return (
    <div className="space-y-5">
      <div>
        <TextField
          id="campaign-amountNeeded"
          name="amountNeeded"
          label="Goal amount in naira (₦)"
          required
          inputMode="numeric"
          autoComplete="off"
          defaultValue={values.amountNeeded}
          error={errors.amountNeeded}
          hint={`A whole number of naira, from ${formatNaira(campaignLimits.amountMin)} to ${formatNaira(campaignLimits.amountMax)}.`}
        />
        {amount !== undefined && amount > 0 && !errors.amountNeeded ? (
          <p className="mt-2 text-base font-semibold text-brand-800">
            Your goal: {formatNaira(amount)}
          </p>
        ) : null}
      </div>
      <SelectField
        id="campaign-duration"
        name="duration"
        label="Campaign duration"
        required
        defaultValue={values.duration}
        error={errors.duration}
      >
        <option value="">Choose how long it runs</option>
        {campaignDurations.map((duration) => (
          <option key={duration} value={duration}>
            {duration}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
