import { buttonClass } from '../../components/ui/button-styles.ts';
import { Switch } from '../../components/ui/switch.tsx';
import type { CookieConsent } from './consent.ts';
import { consentCategories } from './consent-categories.ts';

interface ConsentPreferencesFormProps {
  /** Keeps ids unique when the dialog and the cookie policy page show the form together. */
  idPrefix: string;
  /** The switches' starting positions. */
  consent: CookieConsent;
  /** Where the server sends the visitor after saving when JavaScript is not running. */
  returnTo: string;
  /** A confirmation to show, e.g. after a save without JavaScript. */
  statusMessage?: string;
}

/**
 * The custom cookie choice: a plain form posting to /cookie-consent, so it works before any
 * JavaScript; with the inline enhancement it saves in the background (data-consent-form).
 */
export function ConsentPreferencesForm({
  idPrefix,
  consent,
  returnTo,
  statusMessage,
}: ConsentPreferencesFormProps) {
  return (
    <form method="post" action="/cookie-consent" data-consent-form="">
      <input type="hidden" name="returnTo" value={returnTo} />
      <fieldset>
        <legend className="sr-only">Cookie categories</legend>
        <div className="divide-y divide-slate-200">
          {consentCategories.map((category) =>
            category.key === 'necessary' ? (
              <Switch
                key={category.key}
                id={`${idPrefix}-${category.key}`}
                label={category.label}
                description={category.description}
                defaultChecked
                disabled
                className="py-4 first:pt-0"
              />
            ) : (
              <Switch
                key={category.key}
                id={`${idPrefix}-${category.key}`}
                name={category.key}
                label={category.label}
                description={category.description}
                defaultChecked={consent[category.key]}
                className="py-4"
              />
            ),
          )}
        </div>
      </fieldset>
      <p role="status" data-form-status="" className="min-h-6 text-sm font-semibold text-brand-800">
        {statusMessage}
      </p>
      <button type="submit" name="intent" value="save" className={buttonClass('primary', 'mt-3')}>
        Save preferences
      </button>
    </form>
  );
}
