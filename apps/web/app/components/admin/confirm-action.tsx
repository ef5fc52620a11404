import { type ConfirmActionBase, ConfirmStep, type StepClasses } from './confirm-step.tsx';

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

/** `path` (path and query) without the confirmation step: where a confirmed action goes back to. */
export function withoutConfirm(path: string): string {
  return confirmHrefs(path, '').cancelHref;
}

/** The step on the page is red: what it does cannot be undone. */
const stepClasses: StepClasses = {
  section: 'rounded-xl border border-red-300 bg-red-50 p-4',
  title: 'font-bold text-red-900',
  description: 'mt-1 mb-3 text-sm text-red-900',
};

/** A confirm action takes the step's parts (an icon included), its tone red by default. */
type ConfirmActionProps = ConfirmActionBase;

/**
 * A destructive action that asks first. With the inline script the button opens a modal
 * dialog; without it, the button is a GET to `confirmHref`, which shows the same question on
 * the page. Either way the final POST carries the CSRF token and reloads the document, so the
 * page's action can redirect with a flash toast.
 */
export function ConfirmAction({ tone = 'danger', ...props }: ConfirmActionProps) {
  return (
    <ConfirmStep
      {...props}
      stepId={`${props.id}-confirm`}
      tone={tone}
      stepClasses={stepClasses}
      formClassName="flex flex-wrap gap-3"
    >
      {({ buttons }) => buttons}
    </ConfirmStep>
  );
}
