import { brand } from '@ipatient/contracts/brand';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { Dialog } from '../../components/ui/dialog.tsx';
import { necessaryOnly } from './consent.ts';
import { ConsentPreferencesForm } from './consent-preferences-form.tsx';

const settingsDialogId = 'cookie-settings-dialog';

interface CookieBannerProps {
  /** The page the visitor is on, to come back to after a choice made without JavaScript. */
  returnTo: string;
}

/**
 * The consent banner. The server renders it only while the request has no valid choice, so it
 * never flashes. Decline, Settings and Accept are submit buttons of one form: without JavaScript
 * the server stores the choice (or, for Settings, opens the cookie policy's settings form) and the
 * page it returns to confirms it; with the inline enhancement the choice saves in the background,
 * Settings opens a dialog, and the banner shrinks to a confirmation that stays until closed.
 *
 * Fixed at the bottom of tall screens; on short ones (400% zoom, a phone on its side) it sits in
 * the page's flow above the header instead, so it never hides the page or the focused element.
 */
export function CookieBanner({ returnTo }: CookieBannerProps) {
  return (
    <section
      data-cookie-banner=""
      aria-labelledby="cookie-banner-title"
      className="group fixed inset-x-0 bottom-0 z-40 max-h-[50dvh] overflow-y-auto border-t border-brand-200 bg-white shadow-[0_-8px_30px_rgb(15_23_42/0.12)] [@media(max-height:30rem)]:static [@media(max-height:30rem)]:max-h-none [@media(max-height:30rem)]:border-b [@media(max-height:30rem)]:shadow-none"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-3 group-data-[saved]:hidden md:flex-row md:items-center md:justify-between md:gap-8 md:px-6 md:py-4">
        <div className="max-w-2xl">
          <h2 id="cookie-banner-title" className="font-bold text-slate-900">
            We care about your privacy
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            {brand.siteName} uses necessary cookies to work. With your permission we would also use
            functional, analytics and advertising cookies. Read our{' '}
            <Link to="/cookie-policy" className="font-semibold text-brand-800 underline">
              cookie policy
            </Link>
            .
          </p>
        </div>
        <form
          method="post"
          action="/cookie-consent"
          data-consent-form=""
          className="grid shrink-0 grid-cols-3 gap-2"
        >
          <input type="hidden" name="returnTo" value={returnTo} />
          <button
            type="submit"
            name="intent"
            value="decline"
            className={buttonClass('secondary', 'px-3')}
          >
            Decline
          </button>
          <button
            type="submit"
            name="intent"
            value="settings"
            data-dialog-open={settingsDialogId}
            aria-haspopup="dialog"
            className={buttonClass('secondary', 'px-3')}
          >
            Settings
          </button>
          <button
            type="submit"
            name="intent"
            value="accept"
            className={buttonClass('primary', 'px-3')}
          >
            Accept
          </button>
        </form>
      </div>
      {/* The confirmation after a choice saved by script: a live region from the start, so it
          is announced, and visible until the visitor closes it. */}
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 group-data-[saved]:py-3 md:px-6">
        <p role="status" data-banner-status="" className="text-sm font-semibold text-brand-900" />
        <span className="hidden shrink-0 group-data-[saved]:block">
          <button type="button" data-banner-close="" className={buttonClass('secondary', 'px-4')}>
            Close
          </button>
        </span>
      </div>
      <Dialog
        id={settingsDialogId}
        title="Cookie settings"
        description="Choose the cookies we may use. You can change this at any time on our cookie policy page."
      >
        <ConsentPreferencesForm idPrefix="dialog" consent={necessaryOnly} returnTo={returnTo} />
      </Dialog>
    </section>
  );
}
