import { limits } from '@ipatient/contracts/constants';
import { type ChangeEvent, useEffect, useState } from 'react';
import { Form } from 'react-router';
import { PlaceFields } from '../../components/forms/place-fields.tsx';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { TextAreaField, TextField } from '../../components/ui/form-field.tsx';
import { type ImageSize, ResponsiveImage } from '../../components/ui/responsive-image.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import type { ActionResult } from '../../lib/forms.ts';
import { CsrfField } from '../../lib/session.tsx';

/** The facility being edited, as the form needs it (none for a new one). */
export interface FacilityFormValues {
  name: string;
  facilityType: string;
  services: string;
  state: string;
  lga: string;
  address: string;
  verified: boolean;
  image: string | null;
  imageSizes: ImageSize[];
}

export const facilityFormFields = [
  'name',
  'facilityType',
  'services',
  'state',
  'lga',
  'address',
  'verified',
] as const;

const facilityTypes = [
  'Hospital',
  'Clinic',
  'Primary health centre',
  'Diagnostic centre',
  'Maternity home',
  'Pharmacy',
  'Dental clinic',
  'Eye clinic',
];

const maxKb = Math.round(limits.imageMaxBytes / 1024);

interface FacilityFormProps {
  action: string;
  initial: FacilityFormValues | null;
  result: ActionResult | undefined;
  submitLabel: string;
}

/**
 * Every field of a facility, posted as multipart to the page's action (works before any script);
 * with the script, the chosen photo is previewed and checked for type and size first.
 */
export function FacilityForm({ action, initial, result, submitLabel }: FacilityFormProps) {
  const failed = result?.ok === false ? result : undefined;
  const errors = failed?.errors ?? {};
  const value = (name: (typeof facilityFormFields)[number]) =>
    failed?.values[name] ?? (initial ? String(initial[name]) : '');
  const verified = failed ? failed.values.verified === 'true' : (initial?.verified ?? false);
  const [preview, setPreview] = useState<string>();
  const [problem, setProblem] = useState<string>();
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const onImage = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    setProblem(undefined);
    setPreview(undefined);
    if (!file) return;
    if (file.type !== 'image/png' && file.type !== 'image/jpeg') {
      setProblem('The photo must be a PNG or JPEG image.');
      input.value = '';
      return;
    }
    if (file.size > limits.imageMaxBytes) {
      setProblem(`The photo is larger than ${maxKb} KB. Please choose a smaller one.`);
      input.value = '';
      return;
    }
    setPreview(URL.createObjectURL(file));
  };
  const imageError = problem ?? errors.image;

  return (
    <Form
      method="post"
      action={action}
      encType="multipart/form-data"
      reloadDocument
      noValidate={false}
      className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <CsrfField />
      <input type="hidden" name="intent" value="save" />
      <FormAlert message={failed?.message} />
      <TextField
        label="Name"
        name="name"
        required
        maxLength={160}
        defaultValue={value('name')}
        error={errors.name}
      />
      <TextField
        label="Facility type"
        name="facilityType"
        required
        maxLength={80}
        list="facility-types"
        hint="For example Hospital, Clinic or Diagnostic centre."
        defaultValue={value('facilityType')}
        error={errors.facilityType}
      />
      <datalist id="facility-types">
        {facilityTypes.map((type) => (
          <option key={type} value={type} />
        ))}
      </datalist>
      <TextAreaField
        label="Services"
        name="services"
        rows={3}
        hint="Separate services with commas, for example: Maternity, Laboratory, Dialysis."
        defaultValue={value('services')}
        error={errors.services}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <PlaceFields
          idPrefix="facility"
          defaultState={value('state')}
          defaultLga={value('lga')}
          errors={errors}
          required
        />
      </div>
      <TextField
        label="Address"
        name="address"
        required
        maxLength={300}
        defaultValue={value('address')}
        error={errors.address}
      />
      <Switch
        id="facility-verified"
        name="verified"
        value="true"
        label="Verified facility"
        description="Shows the Verified badge in the directory."
        defaultChecked={verified}
      />
      <div className="space-y-3">
        {preview ? (
          <img
            src={preview}
            alt="Preview of the chosen file"
            className="aspect-[3/2] w-full max-w-sm rounded-xl object-cover"
          />
        ) : initial?.image ? (
          <ResponsiveImage
            sizes={initial.imageSizes}
            image={initial.image}
            fallbackBox={{ width: 800, height: 533 }}
            alt={`${initial.name} as shown in the directory`}
            layout="24rem"
            className="aspect-[3/2] w-full max-w-sm rounded-xl"
          />
        ) : null}
        <div>
          <label htmlFor="facility-image" className="block text-sm font-semibold text-slate-900">
            {initial?.image ? 'Replace the photo' : 'Photo'}
          </label>
          <input
            id="facility-image"
            name="image"
            type="file"
            accept="image/png,image/jpeg"
            onChange={onImage}
            aria-invalid={imageError ? true : undefined}
            aria-describedby={
              imageError ? 'facility-image-error facility-image-hint' : 'facility-image-hint'
            }
            className="mt-1.5 block w-full text-sm text-slate-700 file:mr-3 file:min-h-11 file:cursor-pointer file:rounded-full file:border-0 file:bg-brand-100 file:px-4 file:font-semibold file:text-brand-900 hover:file:bg-brand-200"
          />
          {imageError ? (
            <p id="facility-image-error" className="mt-1.5 text-sm font-medium text-red-700">
              {imageError}
            </p>
          ) : null}
          <p id="facility-image-hint" className="mt-1.5 text-sm text-slate-600">
            PNG or JPEG, at most {maxKb} KB.
          </p>
        </div>
      </div>
      <button type="submit" className={buttonClass('primary')}>
        {submitLabel}
      </button>
    </Form>
  );
}
