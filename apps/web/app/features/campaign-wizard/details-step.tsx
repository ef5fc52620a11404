import { campaignLimits } from '@ipatient/contracts/campaign-rules';
import { campaignCategories } from '@ipatient/contracts/constants';
import { PlaceFields } from '../../components/forms/place-fields.tsx';
import { SelectField, TextAreaField, TextField } from '../../components/ui/form-field.tsx';
import { FacilityField, type FacilityOption } from './facility-field.tsx';
import { DiagnosisFields } from './health-details-fields.tsx';
import type { WizardErrors, WizardValues } from './wizard-model.ts';

interface StepFieldsProps {
  values: WizardValues;
  errors: WizardErrors;
  /** The directory's facilities suggested for the hospital field. */
  facilities: readonly FacilityOption[];
}

/** Step 1: what the campaign is, where, the hospital treating the patient, and the story. */
export function DetailsStep({ values, errors, facilities }: StepFieldsProps) {
  return (
    <div className="space-y-5">
      <TextField
        id="campaign-title"
        name="title"
        label="Campaign title"
        required
        minLength={campaignLimits.titleMin}
        maxLength={campaignLimits.titleMax}
        defaultValue={values.title}
        error={errors.title}
        hint="A short headline, e.g. Help Tolu get heart surgery."
      />
      <SelectField
        id="campaign-category"
        name="category"
        label="Category"
        required
        defaultValue={values.category}
        error={errors.category}
      >
        <option value="">Choose a category</option>
        {campaignCategories.map((category) => (
          <option key={category} value={category}>
            {category}
          </option>
        ))}
      </SelectField>
      <div className="grid gap-5 sm:grid-cols-2">
        <PlaceFields
          idPrefix="campaign"
          defaultState={values.state}
          defaultLga={values.lga}
          errors={{ state: errors.state ?? '', lga: errors.lga ?? '' }}
          required
        />
      </div>
      <TextField
        id="campaign-address"
        name="address"
        label="Address"
        required
        autoComplete="street-address"
        maxLength={campaignLimits.addressMax}
        defaultValue={values.address}
        error={errors.address}
        hint="Where the patient lives or is being treated."
      />
      <FacilityField
        defaultValue={values.facilityName}
        error={errors.facilityName ?? errors.facilityId}
        options={facilities}
      />
      <TextAreaField
        id="campaign-description"
        name="description"
        label="Story"
        required
        rows={8}
        minLength={campaignLimits.descriptionMin}
        maxLength={campaignLimits.descriptionMax}
        defaultValue={values.description}
        error={errors.description}
        hint={`Describe the medical need: the treatment and what the money will pay for (${campaignLimits.descriptionMin} to ${campaignLimits.descriptionMax} characters). The story is public: keep out health details the patient would not want shared.`}
      />
      <DiagnosisFields values={values} errors={errors} />
    </div>
  );
}
