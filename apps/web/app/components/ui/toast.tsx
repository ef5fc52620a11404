import { toastTimings } from '@ipatient/contracts/constants';
import { CircleAlert, CircleCheck, X } from 'lucide-react';
import type { CSSProperties } from 'react';
import type { ToastKind } from '../../lib/flash.ts';

interface ToastProps {
  kind: ToastKind;
  message: string;
  /**
   * False when the page tells the same outcome itself (a changed button, a new comment): the
   * toast is then not a live region, so screen readers do not hear it twice.
   */
  announce?: boolean;
}

/**
 * A toast rendered by the server, so it shows on pages without JavaScript too. Toasts tell
 * outcomes (saved, sent, liked); a refused form says why in the form itself (FormAlert). It
 * fades out by CSS alone after the set time (success 2 s, error 4 s) and waits while it is
 * hovered or has the focus; with script it has a Close button (app/lib/enhance.ts). On a phone
 * it sits at the bottom of the screen (above the cookie banner), on wider screens below the
 * header, so it never covers the logo or the Menu button. Render it with a `key` that changes
 * per message to show a repeated message again.
 */
export function Toast({ kind, message, announce = true }: ToastProps) {
  const visibleMs = kind === 'success' ? toastTimings.successMs : toastTimings.errorMs;
  const Icon = kind === 'success' ? CircleCheck : CircleAlert;
  const role = announce ? (kind === 'success' ? 'status' : 'alert') : undefined;
  return (
    <div
      data-toast-region=""
      className="toast-region pointer-events-none fixed inset-x-0 z-50 flex justify-center px-4"
    >
      <div
        role={role}
        data-toast={kind}
        style={{ '--toast-visible': `${visibleMs}ms` } as CSSProperties}
        className="toast pointer-events-auto flex max-w-md items-start gap-3 rounded-xl border border-slate-200 bg-white py-3 pr-2 pl-4 text-sm font-medium text-slate-900 shadow-lg"
      >
        <Icon
          aria-hidden="true"
          className={`mt-0.5 h-5 w-5 shrink-0 ${kind === 'success' ? 'text-brand-700' : 'text-red-700'}`}
        />
        <p className="min-w-0 py-0.5 break-words">{message}</p>
        <button
          type="button"
          data-toast-close=""
          className="js-only -my-1.5 inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900"
        >
          <X aria-hidden="true" className="h-4 w-4" />
          <span className="sr-only">Close</span>
        </button>
      </div>
    </div>
  );
}
