import { cookieNames, limits } from '@ipatient/contracts/constants';
import { serializeCookie } from '../../lib/cookies.server.ts';
import { safeLocalPath } from '../../lib/safe-path.ts';
import { acceptAll, type CookieConsent, necessaryOnly, optionalCategories } from './consent.ts';

const secondsPerDay = 24 * 60 * 60;

/** The Set-Cookie header that stores a choice for 365 days. Readable by scripts on purpose:
 * analytics or advertising code added later must check it before it loads. */
export function consentSetCookie(consent: CookieConsent, secure: boolean): string {
  return serializeCookie(cookieNames.consent, JSON.stringify(consent), {
    maxAge: limits.cookieConsentDays * secondsPerDay,
    secure,
    httpOnly: false,
  });
}

export type ConsentIntent = 'accept' | 'decline' | 'save' | 'settings';

export function parseIntent(value: FormDataEntryValue | null): ConsentIntent | null {
  return value === 'accept' || value === 'decline' || value === 'save' || value === 'settings'
    ? value
    : null;
}

/** The choice a posted form stands for: Accept = all, Decline = necessary only, Save = as ticked. */
export function consentFromForm(
  intent: Exclude<ConsentIntent, 'settings'>,
  form: FormData,
): CookieConsent {
  if (intent === 'accept') return acceptAll;
  if (intent === 'decline') return necessaryOnly;
  const consent: CookieConsent = { ...necessaryOnly };
  for (const category of optionalCategories) consent[category] = form.get(category) === 'on';
  return consent;
}

/** A path on this site to send the visitor back to; anything else becomes the home page. */
export function safeReturnPath(value: FormDataEntryValue | string | null | undefined): string {
  return safeLocalPath(value);
}
