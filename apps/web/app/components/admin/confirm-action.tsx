import type { ReactNode } from 'react';
import { Form, Link } from 'react-router';
import { CsrfField } from '../../lib/session.tsx';
import { buttonClass } from '../ui/button-styles.ts';
import { Dialog } from '../ui/dialog.tsx';

/** The query parameter of the no-script confirmation step (`?confirm=<value>`). */
export const confirmParam = 'confirm';

/**
 * The addresses of a confirmation step on the page `current` (path and query): `confirmHref`
 * shows the step for `value`, `cancelHref` is the same page without it.
 */
export function confirmHrefs(
  current: string,
  value: string,
): { confirmHref: string; cancelHref: string } {
  const url = new URL(current, 'http://localhost');
  url.searchParams.delete(confirmParam);
  const cancelHref = `${url.pathname}${url.search}`;
  url.searchParams.set(confirmParam, value);
  return { confirmHref: `${url.pathname}${url.search}`, cancelHref };
}

const dangerButton = buttonClass(
  'primary',
  'bg-red-700 hover:bg-red-800 focus-visible:outline-red-700',
);
const dangerOutline = buttonClass(
  'secondary',
  'border-red-700 text-red-800 hover:bg-red-50 focus-visible:outline-red-700',
);

interface ConfirmActionProps {
  /** Unique on the page, e.g. `remove-admin-${id}` (the dialog's id and the step's anchor). */
  id: string;
  /** The button that starts it, e.g. "Remove admin". */
  label: string;
  /** Read after the labels by screen readers, to tell the rows apart (e.g. the user's name). */
  subject?: string;
  /** The question, e.g. "Remove the admin role?" */
  title: string;
  /** What will happen. */
  description: string;
  /** The button that really does it, e.g. "Yes, remove admin". */
  confirmLabel: string;
  /** The page whose action handles the POST (e.g. "/admin/users?page=2"). */
  action: string;
  /** The POST's hidden fields besides the CSRF token: intent, the record's id... */
  fields: Record<string, string>;
  /** The page with this step shown (no script), from `confirmHrefs`. */
  confirmHref: string;
  /** The page without the step, from `confirmHrefs`. */
  cancelHref: string;
  /** The step is shown on the page now (`?confirm=` names this action). */
  confirming: boolean;
  /** An icon before the labels (aria-hidden). */
  icon?: ReactNode;
  /** 'danger' (red, the default) for removals and deletions. */
  tone?: 'danger' | 'primary';
}

/**
 * A destructive action that asks first. With the inline script the button opens a modal
 * dialog; without it, the button is a GET to `confirmHref`, which shows the same question on
 * the page. Either way the final POST carries the CSRF token and reloads the document, so the
 * page's action can redirect with a flash toast.
 */
export function ConfirmAction({
  id,
  label,
  subject,
  title,
  description,
  confirmLabel,
  action,
  fields,
  confirmHref,
  cancelHref,
  confirming,
  icon,
  tone = 'danger',
}: ConfirmActionProps) {
  const confirmUrl = new URL(confirmHref, 'http://localhost');
  const stepId = `${id}-confirm`;
  // One accessible name ("Remove admin: Ada Obi"), so rows are told apart by screen readers.
  const named = (text: string) => (subject ? `${text}: ${subject}` : undefined);
  const postForm = (cancel: ReactNode) => (
    <Form method="post" action={action} reloadDocument className="flex flex-wrap gap-3">
      <CsrfField />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button
        type="submit"
        aria-label={named(confirmLabel)}
        className={tone === 'danger' ? dangerButton : buttonClass('primary')}
      >
        {icon}
        {confirmLabel}
      </button>
      {cancel}
    </Form>
  );
  return (
    <div className="space-y-3">
      {/* A plain GET form: its hidden fields are the confirmation address's query. */}
      <form method="get" action={`${confirmUrl.pathname}#${stepId}`}>
        {[...confirmUrl.searchParams].map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button
          type="submit"
          data-dialog-open={id}
          aria-haspopup="dialog"
          aria-label={named(label)}
          className={tone === 'danger' ? dangerOutline : buttonClass('secondary')}
        >
          {icon}
          {label}
        </button>
      </form>
      {confirming ? (
        <section
          id={stepId}
          aria-labelledby={`${stepId}-title`}
          className="rounded-xl border border-red-300 bg-red-50 p-4"
        >
          <h2 id={`${stepId}-title`} className="font-bold text-red-900">
            {title}
          </h2>
          <p className="mt-1 mb-3 text-sm text-red-900">{description}</p>
          {postForm(
            <Link to={cancelHref} className={buttonClass('secondary')}>
              Cancel
            </Link>,
          )}
        </section>
      ) : null}
      <Dialog id={id} title={title} description={description}>
        {postForm(
          <button type="button" data-dialog-close="" className={buttonClass('secondary')}>
            Cancel
          </button>,
        )}
      </Dialog>
    </div>
  );
}
