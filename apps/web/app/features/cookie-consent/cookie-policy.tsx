import { brand } from '@ipatient/contracts/brand';
import { cookieNames, limits } from '@ipatient/contracts/constants';
import { useContactEmail } from '../../lib/contact-email.ts';
import type { CookieConsent } from './consent.ts';
import { consentCategories } from './consent-categories.ts';
import { ConsentPreferencesForm } from './consent-preferences-form.tsx';

interface CookiePolicyProps {
  consent: CookieConsent | null;
  returnTo: string;
  saved: boolean;
}

const prose = 'space-y-4 text-slate-700 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:text-slate-900';

/** The cookie policy and, at #cookie-settings, the form to make or change the choice. */
export function CookiePolicy({ consent, returnTo, saved }: CookiePolicyProps) {
  const contactEmail = useContactEmail();
  return (
    <div className="grid gap-10 lg:grid-cols-[1.4fr_1fr]">
      <div className="space-y-10">
        <section aria-labelledby="what-cookies-are" className={prose}>
          <h2 id="what-cookies-are">What cookies are</h2>
          <p>
            Cookies are small text files a website stores in your browser, so it can remember things
            from one page or visit to the next.
          </p>
        </section>
        <section aria-labelledby="cookies-we-use" className={prose}>
          <h2 id="cookies-we-use">The cookies we use</h2>
          <p>We group cookies into four categories. Only necessary cookies are always on.</p>
          <dl className="space-y-4">
            {consentCategories.map((category) => (
              <div key={category.key} className="rounded-xl bg-brand-50 p-4">
                <dt className="font-semibold text-slate-900">{category.label}</dt>
                <dd className="mt-1">{category.description}</dd>
              </div>
            ))}
          </dl>
          <p>
            Today {brand.siteName} sets only necessary cookies: <code>{cookieNames.consent}</code>,
            which remembers your choice, and, once you sign in, the cookies that keep your session
            secure. We will never load functional, analytics or advertising tools in a category you
            have not allowed.
          </p>
        </section>
        <section aria-labelledby="how-long" className={prose}>
          <h2 id="how-long">How long your choice lasts</h2>
          <p>
            We keep your choice for {limits.cookieConsentDays} days, then ask again. You can change
            it at any time with the settings on this page. Clearing your browser's cookies also
            clears your choice, and we will ask you again on your next visit.
          </p>
        </section>
        <section aria-labelledby="questions" className={prose}>
          <h2 id="questions">Questions</h2>
          <p>
            Email{' '}
            <a className="font-semibold text-brand-800 underline" href={`mailto:${contactEmail}`}>
              {contactEmail}
            </a>{' '}
            and we will be glad to help.
          </p>
        </section>
      </div>
      <section
        id="cookie-settings"
        aria-labelledby="cookie-settings-title"
        className="scroll-mt-6 self-start rounded-2xl border border-slate-200 p-6 shadow-sm"
      >
        <h2 id="cookie-settings-title" className="text-xl font-bold text-slate-900">
          Your cookie choices
        </h2>
        <p className="mt-1 mb-5 text-sm text-slate-600">
          {consent
            ? 'These are your current choices. Change any of them and save.'
            : 'You have not made a choice yet. Optional cookies stay off until you turn them on.'}
        </p>
        <ConsentPreferencesForm
          idPrefix="policy"
          consent={
            consent ?? { necessary: true, functional: false, analytics: false, advertising: false }
          }
          returnTo={returnTo}
          statusMessage={saved ? 'Your cookie choices have been saved.' : undefined}
        />
      </section>
    </div>
  );
}
