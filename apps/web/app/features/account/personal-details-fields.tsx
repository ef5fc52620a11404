import { PlaceFields } from '../../components/forms/place-fields.tsx';
import { TextField } from '../../components/ui/form-field.tsx';
import { GenderField } from './gender-field.tsx';

export interface PersonalDetails {
  age?: string | number | null | undefined;
  gender?: string | null | undefined;
  address?: string | null | undefined;
  state?: string | null | undefined;
  lga?: string | null | undefined;
}

interface PersonalDetailsFieldsProps {
  /** Keeps ids unique when a page has several forms. */
  idPrefix: string;
  /** Makes every field required (no form does today: each may stay empty). */
  required?: boolean;
  /** Says under each field why it is asked (onboarding, where a new member decides). */
  explain?: boolean;
  values: PersonalDetails;
  errors: Record<string, string>;
}

/** Why each detail is asked: one line each, so a new member can judge what to share. */
const reasons = {
  age: 'Optional. Health needs change with age: it helps us show you what fits.',
  gender: 'Optional. Some health topics and support groups are for women or for men.',
  address: 'Optional. Kept private; it helps us reach you about your complaints or campaigns.',
  place: 'Optional. Helps us show you campaigns, hospitals and advocates near you.',
};

/** Age, Gender, Street Address, State and LGA: /personalize and Account Information. */
export function PersonalDetailsFields({
  idPrefix,
  required = false,
  explain = false,
  values,
  errors,
}: PersonalDetailsFieldsProps) {
  const why = explain ? reasons : undefined;
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id={`${idPrefix}-age`}
          label="Age"
          name="age"
          type="number"
          inputMode="numeric"
          min={0}
          max={120}
          step={1}
          required={required}
          hint={why?.age}
          defaultValue={values.age ?? ''}
          error={errors.age}
        />
        <GenderField
          id={`${idPrefix}-gender`}
          required={required}
          hint={why?.gender}
          defaultValue={values.gender}
          error={errors.gender}
        />
      </div>
      <TextField
        id={`${idPrefix}-address`}
        label="Street Address"
        name="address"
        autoComplete="street-address"
        required={required}
        hint={why?.address}
        maxLength={200}
        defaultValue={values.address ?? ''}
        error={errors.address}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <PlaceFields
          idPrefix={idPrefix}
          required={required}
          stateHint={why?.place}
          defaultState={values.state}
          defaultLga={values.lga}
          errors={errors}
        />
      </div>
    </>
  );
}
