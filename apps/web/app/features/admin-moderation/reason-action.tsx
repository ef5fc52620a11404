import type { ReactNode } from 'react';
import { Form, Link } from 'react-router';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { Dialog } from '../../components/ui/dialog.tsx';
import { TextAreaField } from '../../components/ui/form-field.tsx';
import { CsrfField } from '../../lib/session.tsx';

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
  tone?: 'danger' | 'primary';
}

const dangerButton = buttonClass(
  'primary',
  'bg-red-700 hover:bg-red-800 focus-visible:outline-red-700',
);
const dangerOutline = buttonClass(
  'secondary',
  'border-red-700 text-red-800 hover:bg-red-50 focus-visible:outline-red-700',
);

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
  const confirmUrl = new URL(confirmHref, 'http://localhost');
  const stepId = `${id}-step`;
  // One accessible name ("Suspend: Musa Bello"), so rows are told apart by screen readers.
  const named = (text: string) => (subject ? `${text}: ${subject}` : undefined);
  const form = (where: string, cancel: ReactNode) => (
    <Form method="post" action={action} reloadDocument className="space-y-4">
      <CsrfField />
      {Object.entries(fields).map(([name, fieldValue]) => (
        <input key={name} type="hidden" name={name} value={fieldValue} />
      ))}
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
      <div className="flex flex-wrap gap-3">
        <button
          type="submit"
          aria-label={named(confirmLabel)}
          className={tone === 'danger' ? dangerButton : buttonClass('primary')}
        >
          {confirmLabel}
        </button>
        {cancel}
      </div>
    </Form>
  );
  return (
    <div className="space-y-3">
      <form method="get" action={`${confirmUrl.pathname}#${stepId}`}>
        {[...confirmUrl.searchParams].map(([name, paramValue]) => (
          <input key={name} type="hidden" name={name} value={paramValue} />
        ))}
        <button
          type="submit"
          data-dialog-open={id}
          aria-haspopup="dialog"
          aria-label={named(label)}
          className={tone === 'danger' ? dangerOutline : buttonClass('secondary')}
        >
          {label}
        </button>
      </form>
      {confirming ? (
        <section
          id={stepId}
          aria-labelledby={`${stepId}-title`}
          className="rounded-xl border border-slate-300 bg-slate-50 p-4"
        >
          <h2 id={`${stepId}-title`} className="font-bold text-slate-900">
            {title}
          </h2>
          <p className="mt-1 mb-3 text-sm text-slate-700">{description}</p>
          {form(
            'page',
            <Link to={cancelHref} className={buttonClass('secondary')}>
              Cancel
            </Link>,
          )}
        </section>
      ) : null}
      <Dialog id={id} title={title} description={description}>
        {form(
          'dialog',
          <button type="button" data-dialog-close="" className={buttonClass('secondary')}>
            Cancel
          </button>,
        )}
      </Dialog>
    </div>
  );
}
