import { limits } from '@ipatient/contracts/constants';
import { Copy } from 'lucide-react';
import { useEffect } from 'react';
import { InlineScript } from '../inline-script.tsx';
import { buttonClass } from '../ui/button-styles.ts';
import { inputClass } from '../ui/form-field.tsx';
import { type CopyLinkOptions, copyLinkScript, enhanceCopyLinks } from './copy-link-enhance.ts';

const options: CopyLinkOptions = { confirmMs: limits.copyLinkConfirmMs };

interface CopyLinkProps {
  /** The absolute address to copy. */
  url: string;
  /** The id of the read-only field (one per page). */
  id: string;
  label: string;
}

/**
 * The page's address in a read-only field (select and copy it by hand before any script runs)
 * and a Copy link button that a small inline script (copy-link-enhance.ts) reveals and handles:
 * 'Copied!' for 2 seconds, announced to screen readers.
 */
export function CopyLink({ url, id, label }: CopyLinkProps) {
  // Only when React renders this in the browser (client-side navigation from a page that
  // hydrates): the inline script below does not run then.
  useEffect(() => enhanceCopyLinks(options), []);
  return (
    <div data-copy-link={url}>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-900">
        {label}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <input
          id={id}
          type="url"
          readOnly
          value={url}
          data-copy-link-field=""
          className={`${inputClass} sm:flex-1`}
        />
        <button
          type="button"
          data-copy-link-button=""
          hidden
          className={buttonClass('secondary', 'mt-1.5 min-h-12 shrink-0')}
        >
          <Copy aria-hidden="true" className="h-4 w-4" />
          <span data-copy-link-label="" data-idle="Copy link">
            Copy link
          </span>
        </button>
      </div>
      <p role="status" aria-live="polite" data-copy-link-status="" className="sr-only" />
      <InlineScript code={() => copyLinkScript(options)} />
    </div>
  );
}
