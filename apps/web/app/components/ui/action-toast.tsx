import type { ActionResult } from '../../lib/forms.ts';
import { Toast } from './toast.tsx';

/**
 * The toast of an action's outcome ("Saved", "Sent"). A refusal is never a toast: the form says
 * it once, in its summary and at its fields (FormAlert, form-field.tsx). Pages that announce the
 * outcome themselves (a changed button, a new comment) pass `announce={false}`.
 */
export function ActionToast({
  result,
  announce = true,
}: {
  result: Pick<ActionResult, 'ok' | 'message' | 'toastId'> | undefined;
  announce?: boolean;
}) {
  if (!result?.ok || !result.message) return null;
  return <Toast key={result.toastId} kind="success" message={result.message} announce={announce} />;
}
