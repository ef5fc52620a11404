import type { ReactNode } from 'react';
import { Form, Link } from 'react-router';
import { CsrfField } from '../../lib/session.tsx';
import { buttonClass } from '../ui/button-styles.ts';
import { Dialog } from '../ui/dialog.tsx';

/** 'danger' (red) for removals, deletions and rejections; 'primary' for the rest. */
export type ConfirmTone = 'danger' | 'primary';

const dangerButton = buttonClass(
  'primary',
  'bg-red-700 hover:bg-red-800 focus-visible:outline-red-700',
);
const dangerOutline = buttonClass(
  'secondary',
  'border-red-700 text-red-800 hover:bg-red-50 focus-visible:outline-red-700',
);

/** The colours of the step shown on the page (no script): its box, heading and text. */
export interface StepClasses {
  section: string;
  title: string;
  description: string;
}

/** What the form body gets: where it is drawn and its buttons (the POST's and Cancel). */
export interface ConfirmBody {
  /** 'page' in the no-script step, 'dialog' in the modal: keeps field ids unique. */
  where: 'page' | 'dialog';
  /** The button that really does it, then Cancel (a link on the page, a close in the dialog). */
  buttons: ReactNode;
}

export interface ConfirmStepProps {
  /** Unique on the page: the dialog's id. */
  id: string;
  /** The id of the no-script step, its anchor (the GET form jumps to it). */
  stepId: string;
  /** The button that opens it, e.g. "Remove admin". */
  label: string;
  /** Read after the labels by screen readers, to tell rows apart (e.g. the user's name). */
  subject?: string | undefined;
  /** The question, e.g. "Remove the admin role?" */
  title: string;
  /** What will happen. */
  description: string;
  /** The button that sends it, e.g. "Yes, remove admin". */
  confirmLabel: string;
  /** The page whose action handles the POST. */
  action: string;
  /** The POST's hidden fields besides the CSRF token (intent, ids). */
  fields: Record<string, string>;
  /** The page with the step shown (no script) and the page without it, from `confirmHrefs`. */
  confirmHref: string;
  cancelHref: string;
  /** The step is shown on the page now (`?confirm=` names this action). */
  confirming: boolean;
  /** An icon before both buttons' labels (aria-hidden). */
  icon?: ReactNode;
  tone: ConfirmTone;
  /** The colours of the step on the page. */
  stepClasses: StepClasses;
  /** The classes of the posted form. */
  formClassName: string;
  /** The form's body after the CSRF token and the hidden fields; it places `buttons`. */
  children: (body: ConfirmBody) => ReactNode;
}

/** What a caller of an action built on the step gives: the step's own parts are its to choose. */
export type ConfirmActionBase = Omit<
  ConfirmStepProps,
  'stepId' | 'tone' | 'stepClasses' | 'formClassName' | 'children'
> & {
  /** 'danger' (red, the default) for removals, deletions and rejections. */
  tone?: ConfirmTone;
};

/**
 * An action that asks first. With the inline script the button opens a modal dialog; without
 * it, the button is a GET to `confirmHref`, which shows the same question and form on the
 * page. Either way the final POST carries the CSRF token and reloads the document, so the
 * page's action can redirect with a flash toast.
 */
export function ConfirmStep({
  id,
  stepId,
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
  tone,
  stepClasses,
  formClassName,
  children,
}: ConfirmStepProps) {
  const confirmUrl = new URL(confirmHref, 'http://localhost');
  // One accessible name ("Remove admin: Ada Obi"), so rows are told apart by screen readers.
  const named = (text: string) => (subject ? `${text}: ${subject}` : undefined);
  const postForm = (where: ConfirmBody['where'], cancel: ReactNode) => (
    <Form method="post" action={action} reloadDocument className={formClassName}>
      <CsrfField />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children({
        where,
        buttons: (
          <>
            <button
              type="submit"
              aria-label={named(confirmLabel)}
              className={tone === 'danger' ? dangerButton : buttonClass('primary')}
            >
              {icon}
              {confirmLabel}
            </button>
            {cancel}
          </>
        ),
      })}
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
        <section id={stepId} aria-labelledby={`${stepId}-title`} className={stepClasses.section}>
          <h2 id={`${stepId}-title`} className={stepClasses.title}>
            {title}
          </h2>
          <p className={stepClasses.description}>{description}</p>
          {postForm(
            'page',
            <Link to={cancelHref} className={buttonClass('secondary')}>
              Cancel
            </Link>,
          )}
        </section>
      ) : null}
      <Dialog id={id} title={title} description={description}>
        {postForm(
          'dialog',
          <button type="button" data-dialog-close="" className={buttonClass('secondary')}>
            Cancel
          </button>,
        )}
      </Dialog>
    </div>
  );
}
