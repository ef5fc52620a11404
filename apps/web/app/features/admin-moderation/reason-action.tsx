import type { ReactNode } from 'react';
import {
  ConfirmStep,
  type ConfirmTone,
  type StepClasses,
} from '../../components/admin/confirm-step.tsx';
import { TextAreaField } from '../../components/ui/form-field.tsx';

interface ReasonActionProps {
  /** Unique on the page: the dialog's id and the no-script step's anchor. */
  id: string;
  /** The button that opens it, e.g. "Reject". */
  label: string;
  /** Read after the labels by screen readers, to tell rows apart (e.g. the user's name). */
  subject?: string;
  /** The question, e.g. "Reject this campaign?" */
  title: string;
  description: string;
  /** The button that sends it, e.g. "Reject campaign". */
  confirmLabel: string;
  /** The page whose action handles the POST. */
  action: string;
  /** Hidden fields besides the CSRF token (intent, ids). */
  fields: Record<string, string>;
  /** The label of the reason field. */
  reasonLabel: string;
  reasonHint?: ReactNode;
  minLength: number;
  maxLength: number;
  /** The no-script step (`?confirm=`) and the page without it. */
  confirmHref: string;
  cancelHref: string;
  /** The step is shown on the page (no script, or a refused try). */
  confirming: boolean;
  /** The reason sent last time and the API's error about it. */
  value?: string;
  error?: string | undefined;
  /** Extra fields shown above the reason (e.g. a checkbox). */
  extra?: ReactNode;
  tone?: ConfirmTone;
}

/** The step on the page is neutral: the reason is what it asks for. */
const stepClasses: StepClasses = {
  section: 'rounded-xl border border-slate-300 bg-slate-50 p-4',
  title: 'font-bold text-slate-900',
  description: 'mt-1 mb-3 text-sm text-slate-700',
};

/**
 * An action that needs a written reason and asks first (reject, take down). With the inline
 * script the button opens a dialog holding the reason form; without it, it is a GET to
 * `confirmHref`, which shows the same form on the page.
 */
export function ReasonAction({
  id,
  label,
  subject,
  title,
  description,
  confirmLabel,
  action,
  fields,
  reasonLabel,
  reasonHint,
  minLength,
  maxLength,
  confirmHref,
  cancelHref,
  confirming,
  value,
  error,
  extra,
  tone = 'danger',
}: ReasonActionProps) {
  return (
    <ConfirmStep
      id={id}
      stepId={`${id}-step`}
      label={label}
      subject={subject}
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      action={action}
      fields={fields}
      confirmHref={confirmHref}
      cancelHref={cancelHref}
      confirming={confirming}
      tone={tone}
      stepClasses={stepClasses}
      formClassName="space-y-4"
    >
      {({ where, buttons }) => (
        <>
          {extra}
          <TextAreaField
            id={`${id}-${where}-reason`}
            name="reason"
            label={reasonLabel}
            hint={reasonHint}
            required
            minLength={minLength}
            maxLength={maxLength}
            rows={4}
            defaultValue={value}
            error={error}
          />
          <div className="flex flex-wrap gap-3">{buttons}</div>
        </>
      )}
    </ConfirmStep>
  );
}
