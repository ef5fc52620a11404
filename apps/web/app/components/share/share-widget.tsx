import { limits } from '@ipatient/contracts/constants';
import { errorTexts } from '@ipatient/contracts/errors';
import { Copy, Share2 } from 'lucide-react';
import { useEffect } from 'react';
import { InlineScript } from '../inline-script.tsx';
import { buttonClass } from '../ui/button-styles.ts';
import { enhanceShareWidgets, type ShareOptions, shareScript } from './share-enhance.ts';
import { ShareLinks } from './share-icons.tsx';

const shareOptions: ShareOptions = {
  confirmMs: limits.copyLinkConfirmMs,
  unsupported: errorTexts.shareUnsupported,
};

interface ShareWidgetProps {
  /** The absolute address to share. */
  url: string;
  title: string;
  /** A sentence to go with the link. */
  text: string;
}

/**
 * Share a page (a campaign, a blog post): the Web Share API where the browser has it, otherwise
 * Copy link; WhatsApp, X and Facebook links always, which work without any script. The buttons
 * start hidden and a small inline script (share-enhance.ts) shows the one that works.
 */
export function ShareWidget({ url, title, text }: ShareWidgetProps) {
  // Only when React renders this in the browser (client-side navigation from a page that
  // hydrates): the inline script below does not run then. Static pages never get here.
  useEffect(() => enhanceShareWidgets(shareOptions), []);
  return (
    <div data-share-widget="" data-share-url={url} data-share-title={title} data-share-text={text}>
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" data-share-native="" hidden className={buttonClass('secondary')}>
          <Share2 aria-hidden="true" className="h-4 w-4" />
          Share
        </button>
        <button type="button" data-share-copy="" hidden className={buttonClass('secondary')}>
          <Copy aria-hidden="true" className="h-4 w-4" />
          <span data-share-copy-label="">Copy link</span>
        </button>
        <ShareLinks url={url} text={text} />
      </div>
      <p role="status" data-share-status="" className="mt-2 min-h-5 text-sm text-slate-700" />
      <InlineScript code={() => shareScript(shareOptions)} />
    </div>
  );
}
