import { TextField } from '../../components/ui/form-field.tsx';
import { GenderField } from './gender-field.tsx';
import { PlaceFields } from './place-fields.tsx';

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
  /** Onboarding asks for every field; the account page lets them stay empty. */
  required?: boolean;
  values: PersonalDetails;
  errors: Record<string, string>;
}

/** Age, Gender, Street Address, State and LGA: /personalize and Account Information. */
export function PersonalDetailsFields({
  idPrefix,
  required = false,
  values,
  errors,
}: PersonalDetailsFieldsProps) {
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
          defaultValue={values.age ?? ''}
          error={errors.age}
        />
        <GenderField
          id={`${idPrefix}-gender`}
          required={required}
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
        maxLength={200}
        defaultValue={values.address ?? ''}
        error={errors.address}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <PlaceFields
          idPrefix={idPrefix}
          required={required}
          defaultState={values.state}
          defaultLga={values.lga}
          errors={errors}
        />
      </div>
    </>
  );
}
