import { limits } from '@ipatient/contracts/constants';
import { errorTexts } from '@ipatient/contracts/errors';
import { Copy, Share2 } from 'lucide-react';
import { useEffect } from 'react';
import { InlineScript } from '../../components/inline-script.tsx';
import {
  enhanceShareWidgets,
  type ShareOptions,
  shareScript,
} from '../../components/share/share-enhance.ts';
import { buttonClass } from '../../components/ui/button-styles.ts';

const shareOptions: ShareOptions = {
  confirmMs: limits.copyLinkConfirmMs,
  unsupported: errorTexts.shareUnsupported,
};

const smallButton = buttonClass('secondary', 'min-h-11 px-4');

interface ReviewShareProps {
  /** The absolute address of the review. */
  url: string;
  title: string;
  text: string;
}

/**
 * Share one review: the Web Share API where the browser has it, Copy link otherwise. It uses the
 * share widgets' enhancement (same data attributes), started once per page by
 * `ReviewShareScript`; both buttons stay hidden until it runs.
 */
export function ReviewShare({ url, title, text }: ReviewShareProps) {
  return (
    <div
      data-share-widget=""
      data-share-url={url}
      data-share-title={title}
      data-share-text={text}
      className="flex flex-wrap items-center gap-2"
    >
      <button type="button" data-share-native="" hidden className={smallButton}>
        <Share2 aria-hidden="true" className="h-4 w-4" />
        Share
      </button>
      <button type="button" data-share-copy="" hidden className={smallButton}>
        <Copy aria-hidden="true" className="h-4 w-4" />
        <span data-share-copy-label="">Copy link</span>
      </button>
      <p role="status" data-share-status="" className="text-sm text-slate-700" />
    </div>
  );
}

/** Starts the share buttons: inline for the first paint, and again after client navigation. */
export function ReviewShareScript({ shown }: { shown: string }) {
  // `shown` changes with the reviews on screen: new buttons are revealed too.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run when the list changes
  useEffect(() => enhanceShareWidgets(shareOptions), [shown]);
  return <InlineScript code={() => shareScript(shareOptions)} />;
}
