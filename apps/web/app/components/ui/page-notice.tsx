import { CircleAlert, CircleCheck } from 'lucide-react';
import type { ToastKind } from '../../lib/flash.ts';

/**
 * A message that stays at the top of the page until the person leaves it: the outcome of a
 * donation, a saved cookie choice, a refusal after a redirect. Rendered by the server, so it
 * shows without JavaScript; a status (or an alert for a failure) for screen readers.
 */
export function PageNotice({ kind, message }: { kind: ToastKind; message: string }) {
  const Icon = kind === 'success' ? CircleCheck : CircleAlert;
  return (
    <div className="mx-auto max-w-6xl px-4 pt-4 md:px-6">
      <div
        role={kind === 'success' ? 'status' : 'alert'}
        data-page-notice={kind}
        className={`flex gap-3 rounded-xl border p-4 text-sm font-medium ${
          kind === 'success'
            ? 'border-brand-300 bg-brand-50 text-brand-900'
            : 'border-red-300 bg-red-50 text-red-800'
        }`}
      >
        <Icon aria-hidden="true" className="h-5 w-5 shrink-0" />
        <p className="min-w-0 break-words">{message}</p>
      </div>
    </div>
  );
}
