import type { ActionResult } from '../../lib/forms.ts';
import { Toast } from './toast.tsx';

/**
 * The toast of an action's answer. An error is also written next to the form (FormAlert),
 * which is what screen readers hear; the toast then only shows it. Pages that announce the
 * outcome themselves (a changed button, a new comment) pass `announce={false}`.
 */
export function ActionToast({
  result,
  announce,
}: {
  result: Pick<ActionResult, 'ok' | 'message' | 'toastId'> | undefined;
  announce?: boolean;
}) {
  if (!result?.message) return null;
  return (
    <Toast
      key={result.toastId}
      kind={result.ok ? 'success' : 'error'}
      message={result.message}
      announce={announce ?? result.ok}
    />
  );
}
