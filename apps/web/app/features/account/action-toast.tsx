import { Toast } from '../../components/ui/toast.tsx';
import type { ActionResult } from '../../lib/forms.ts';

/**
 * The toast of an action's answer. An error is also written next to the form (FormAlert),
 * which is what screen readers hear; the toast then only shows it.
 */
export function ActionToast({ result }: { result: ActionResult | undefined }) {
  if (!result?.message) return null;
  return (
    <Toast
      key={result.toastId}
      kind={result.ok ? 'success' : 'error'}
      message={result.message}
      announce={result.ok}
    />
  );
}
