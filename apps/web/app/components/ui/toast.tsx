import { toastTimings } from '@ipatient/contracts/constants';
import { CircleAlert, CircleCheck } from 'lucide-react';
import type { CSSProperties } from 'react';
import type { ToastKind } from '../../lib/flash.ts';

interface ToastProps {
  kind: ToastKind;
  message: string;
  /**
   * False when the same message is also in the page (a form's alert): the toast is then only
   * visual, so screen readers do not hear it twice.
   */
  announce?: boolean;
}

/**
 * A toast rendered by the server, so it shows on pages without JavaScript too. It fades out
 * by CSS alone after the SPEC §4 time (success 2 s, error 4 s) and waits while it is hovered.
 * Render it with a `key` that changes per message to show a repeated message again.
 */
export function Toast({ kind, message, announce = true }: ToastProps) {
  const visibleMs = kind === 'success' ? toastTimings.successMs : toastTimings.errorMs;
  const Icon = kind === 'success' ? CircleCheck : CircleAlert;
  const role = announce ? (kind === 'success' ? 'status' : 'alert') : undefined;
  return (
    <div className="pointer-events-none fixed inset-x-0 top-4 z-50 flex justify-center px-4">
      <div
        role={role}
        aria-hidden={announce ? undefined : true}
        data-toast={kind}
        style={{ '--toast-visible': `${visibleMs}ms` } as CSSProperties}
        className="toast pointer-events-auto flex max-w-md items-start gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm font-medium text-slate-900 shadow-lg"
      >
        <Icon
          aria-hidden="true"
          className={`h-5 w-5 shrink-0 ${kind === 'success' ? 'text-brand-700' : 'text-red-700'}`}
        />
        <p>{message}</p>
      </div>
    </div>
  );
}
