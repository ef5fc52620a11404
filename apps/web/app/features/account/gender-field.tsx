import { genders } from '@ipatient/contracts/constants';
import { SelectField } from '../../components/ui/form-field.tsx';

const genderLabels: Record<(typeof genders)[number], string> = {
  male: 'Male',
  female: 'Female',
  other: 'Other',
  'prefer-not-to-say': 'Prefer not to say',
};

interface GenderFieldProps {
  id: string;
  defaultValue?: string | null | undefined;
  error?: string | undefined;
  required?: boolean;
  hint?: string | undefined;
}

export function GenderField({ id, defaultValue, error, required = false, hint }: GenderFieldProps) {
  return (
    <SelectField
      id={id}
      name="gender"
      label="Gender"
      required={required}
      hint={hint}
      defaultValue={defaultValue ?? ''}
      error={error}
    >
      <option value="">Select your gender</option>
      {genders.map((gender) => (
        <option key={gender} value={gender}>
          {genderLabels[gender]}
        </option>
      ))}
    </SelectField>
  );
}
