import { complaintCategories } from '@ipatient/contracts/advocacy-rules';
import { LogIn, Send } from 'lucide-react';
import { Form, Link } from 'react-router';
import { KeptDraftNote } from '../../components/forms/kept-draft-note.tsx';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { SelectField, TextAreaField, TextField } from '../../components/ui/form-field.tsx';
import type { ActionResult } from '../../lib/forms.ts';
import { CsrfField } from '../../lib/session.tsx';
import { complaintFieldLimits } from './complaint-text.ts';

export type ComplaintValues = Partial<
  Record<'hospitalName' | 'hospitalAddress' | 'category' | 'complaints', string>
>;

interface ComplaintFieldsProps {
  /** The failed post of this form, with the server's field errors and what was typed. */
  result: ActionResult | undefined;
  /** What the fields hold before any post (a complaint being edited). */
  initial?: ComplaintValues;
  /** Prefix of the field ids, for pages with two forms. */
  idPrefix?: string;
}

/** Hospital name and address, category and the complaint itself, with their errors. */
function ComplaintFields({ result, initial = {}, idPrefix = '' }: ComplaintFieldsProps) {
  const errors = result?.errors ?? {};
  const values = result ? result.values : initial;
  const { hospitalName, hospitalAddress, complaints } = complaintFieldLimits;
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id={`${idPrefix}hospitalName`}
          label="Hospital name"
          name="hospitalName"
          required
          minLength={hospitalName.min}
          maxLength={hospitalName.max}
          autoComplete="organization"
          defaultValue={values.hospitalName}
          error={errors.hospitalName}
        />
        <SelectField
          id={`${idPrefix}category`}
          label="Category"
          name="category"
          required
          defaultValue={values.category ?? ''}
          error={errors.category}
        >
          <option value="" disabled>
            Choose a category
          </option>
          {complaintCategories.map((category) => (
            <option key={category} value={category}>
              {category.charAt(0).toUpperCase() + category.slice(1)}
            </option>
          ))}
        </SelectField>
      </div>
      <TextField
        id={`${idPrefix}hospitalAddress`}
        label="Hospital address"
        name="hospitalAddress"
        required
        minLength={hospitalAddress.min}
        maxLength={hospitalAddress.max}
        hint="Street, town and state, so we can reach the right management."
        defaultValue={values.hospitalAddress}
        error={errors.hospitalAddress}
      />
      <TextAreaField
        id={`${idPrefix}complaints`}
        label="Your complaint"
        name="complaints"
        required
        rows={8}
        minLength={complaints.min}
        maxLength={complaints.max}
        hint={`What happened, when, who was involved and the outcome you want (${complaints.min} to ${complaints.max.toLocaleString('en-NG')} characters).`}
        defaultValue={values.complaints}
        error={errors.complaints}
      />
    </>
  );
}

interface NewComplaintFormProps {
  result: ActionResult | undefined;
  signedIn: boolean;
  /** What was typed before logging in, kept for this page (shown once, with a note). */
  kept?: ComplaintValues | null | undefined;
}

/**
 * The complaint form of /advocacy (POST /create-advocacy through the page's action). A plain
 * form: it works before any script loads. Visitors get 'Log in to submit': it sends what they
 * typed, which is kept while they log in (or sign up) and fills this form when they are back.
 */
export function NewComplaintForm({ result, signedIn, kept }: NewComplaintFormProps) {
  return (
    <Form method="post" action="/advocacy" className="space-y-5" aria-label="Complaint">
      <CsrfField />
      <input type="hidden" name="intent" value="create" />
      <KeptDraftNote shown={!result && !!kept} />
      <FormAlert message={result?.message} />
      <ComplaintFields result={result} initial={kept ?? {}} />
      <div className="flex flex-wrap items-center gap-4">
        {signedIn ? (
          <button type="submit" className={buttonClass('primary', 'w-full sm:w-auto')}>
            <Send aria-hidden="true" className="h-4 w-4" />
            Send your complaint
          </button>
        ) : (
          // A real submit: what was typed goes along and is kept while they log in. Unfinished
          // is fine (no browser checks), it is checked when they send it signed in.
          <button
            type="submit"
            formNoValidate
            className={buttonClass('primary', 'w-full sm:w-auto')}
          >
            <LogIn aria-hidden="true" className="h-4 w-4" />
            Log in to submit
          </button>
        )}
        <Link
          to="/signup"
          className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline"
        >
          Volunteer as an advocate
        </Link>
      </div>
    </Form>
  );
}

interface EditComplaintFormProps {
  action: string;
  result: ActionResult | undefined;
  initial: ComplaintValues;
}

/** The same fields, to correct a complaint before it is acknowledged (PUT /update-advocacy). */
export function EditComplaintForm({ action, result, initial }: EditComplaintFormProps) {
  return (
    <Form method="post" action={action} className="space-y-5" aria-label="Edit complaint">
      <CsrfField />
      <input type="hidden" name="intent" value="update" />
      <FormAlert message={result?.message} />
      <ComplaintFields result={result} initial={initial} idPrefix="edit-" />
      <button type="submit" className={buttonClass('primary', 'w-full sm:w-auto')}>
        Save changes
      </button>
    </Form>
  );
}
