import type { ReactNode } from 'react';
import { ConfirmStep, type ConfirmTone, type StepClasses } from './confirm-step.tsx';

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

/** The step on the page is red: what it does cannot be undone. */
const stepClasses: StepClasses = {
  section: 'rounded-xl border border-red-300 bg-red-50 p-4',
  title: 'font-bold text-red-900',
  description: 'mt-1 mb-3 text-sm text-red-900',
};

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
  tone?: ConfirmTone;
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
  return (
    <ConfirmStep
      id={id}
      stepId={`${id}-confirm`}
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
      icon={icon}
      tone={tone}
      stepClasses={stepClasses}
      formClassName="flex flex-wrap gap-3"
    >
      {({ buttons }) => buttons}
    </ConfirmStep>
  );
}
