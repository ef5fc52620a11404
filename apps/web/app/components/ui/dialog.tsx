import { X } from 'lucide-react';
import type { ReactNode } from 'react';

interface DialogProps {
  id: string;
  title: string;
  description?: string;
  /** Open as the page loads (a form in it came back with errors to correct). */
  openOnLoad?: boolean;
  children: ReactNode;
}

/**
 * A modal dialog on the native <dialog> element: the browser provides the dialog role, the
 * inert background and Escape to close; the inline enhancement (app/lib/enhance.ts) opens it
 * from any `[data-dialog-open="<id>"]` control, keeps Tab inside and returns focus on close.
 */
export function Dialog({ id, title, description, openOnLoad, children }: DialogProps) {
  const titleId = `${id}-title`;
  const descriptionId = description ? `${id}-description` : undefined;
  return (
    <dialog
      id={id}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      data-open-on-load={openOnLoad ? '' : undefined}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg overflow-y-auto rounded-2xl bg-white p-0 text-slate-800 shadow-2xl"
    >
      <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
        <div>
          <h2 id={titleId} className="text-lg font-bold text-slate-900">
            {title}
          </h2>
          {description ? (
            <p id={descriptionId} className="mt-1 text-sm text-slate-600">
              {description}
            </p>
          ) : null}
        </div>
        <button
          type="button"
          data-dialog-close=""
          className="-m-2 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900"
        >
          <X aria-hidden="true" className="h-5 w-5" />
          <span className="sr-only">Close</span>
        </button>
      </div>
      <div className="px-5 py-4">{children}</div>
    </dialog>
  );
}
