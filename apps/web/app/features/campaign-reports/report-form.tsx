import {
  reportLimits,
  reportReasonLabels,
  reportReasons,
} from '@ipatient/contracts/campaign-reports';
import { Form } from 'react-router';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { TextAreaField, TextField } from '../../components/ui/form-field.tsx';
import type { ActionResult } from '../../lib/forms.ts';
import { CsrfField } from '../../lib/session.tsx';

/** The fields of the report form, as POST /crowdfunding/{id}/reports names them. */
export const reportFields = ['reason', 'details', 'email'] as const;

/**
 * 'Report this campaign': a reason from the short list, what they saw and, if they want to hear
 * the outcome, an email. A plain form: it works before any script has loaded, and a refused post
 * comes back with the server's field errors and what was typed.
 */
export function ReportForm({
  result,
  email,
}: {
  result: ActionResult | undefined;
  /** A signed-in member's email, filled in. */
  email: string | null;
}) {
  const failed = result?.ok === false ? result : undefined;
  const errors = failed?.errors ?? {};
  const values = failed?.values ?? {};
  const reasonError = errors.reason;
  return (
    <Form method="post" reloadDocument className="space-y-6">
      <CsrfField />
      <FormAlert message={failed?.message} />
      <fieldset aria-describedby={reasonError ? 'reason-error' : undefined}>
        <legend className="text-sm font-semibold text-slate-900">
          Why are you reporting this campaign?
        </legend>
        <div className="mt-2 space-y-1">
          {reportReasons.map((reason) => (
            <label
              key={reason}
              className="flex min-h-11 items-center gap-3 rounded-lg px-2 text-slate-900 has-[:checked]:bg-brand-50"
            >
              <input
                type="radio"
                name="reason"
                value={reason}
                required
                defaultChecked={values.reason === reason}
                aria-invalid={reasonError ? true : undefined}
                className="h-5 w-5 shrink-0 accent-brand-700"
              />
              {reportReasonLabels[reason]}
            </label>
          ))}
        </div>
        {reasonError ? (
          <p id="reason-error" className="mt-1.5 text-sm font-medium text-red-700">
            {reasonError}
          </p>
        ) : null}
      </fieldset>
      <TextAreaField
        label="What did you see?"
        name="details"
        required
        rows={6}
        minLength={reportLimits.detailsMin}
        maxLength={reportLimits.detailsMax}
        defaultValue={values.details}
        error={errors.details}
        hint={`Between ${reportLimits.detailsMin} and ${reportLimits.detailsMax.toLocaleString('en-NG')} characters. Say what seems wrong and how you know.`}
      />
      <TextField
        label="Your email (optional)"
        name="email"
        type="email"
        autoComplete="email"
        defaultValue={values.email ?? email ?? ''}
        error={errors.email}
        hint="Only to tell you that we received your report and what we decided. The organiser never sees it."
      />
      <button type="submit" className={buttonClass('primary', 'w-full sm:w-auto')}>
        Send report
      </button>
    </Form>
  );
}
