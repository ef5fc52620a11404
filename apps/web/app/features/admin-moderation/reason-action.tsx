import type { ReactNode } from 'react';
import {
  type ConfirmActionBase,
  ConfirmStep,
  type StepClasses,
} from '../../components/admin/confirm-step.tsx';
import { TextAreaField } from '../../components/ui/form-field.tsx';

interface ReasonActionProps extends Omit<ConfirmActionBase, 'icon'> {
  /** The label of the reason field. */
  reasonLabel: string;
  reasonHint?: ReactNode;
  minLength: number;
  maxLength: number;
  /** The reason sent last time and the API's error about it. */
  value?: string;
  error?: string | undefined;
  /** Extra fields shown above the reason (e.g. a checkbox). */
  extra?: ReactNode;
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
  reasonLabel,
  reasonHint,
  minLength,
  maxLength,
  value,
  error,
  extra,
  tone = 'danger',
  ...props
}: ReasonActionProps) {
  return (
    <ConfirmStep
      {...props}
      stepId={`${props.id}-step`}
      tone={tone}
      stepClasses={stepClasses}
      formClassName="space-y-4"
    >
      {({ where, buttons }) => (
        <>
          {extra}
          <TextAreaField
            id={`${props.id}-${where}-reason`}
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
