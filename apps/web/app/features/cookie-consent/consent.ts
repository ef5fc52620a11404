import { cookieNames } from '@ipatient/contracts/constants';
import { parseCookie } from 'cookie';

/** The visitor's cookie choice, stored as JSON in the `cookie_consent` cookie (docs/product.md#cookies). */
export interface CookieConsent {
  necessary: true;
  functional: boolean;
  analytics: boolean;
  advertising: boolean;
}

/** The optional categories, in the order the settings show them. */
export const optionalCategories = ['functional', 'analytics', 'advertising'] as const;
export type OptionalCategory = (typeof optionalCategories)[number];

export const acceptAll: CookieConsent = {
  necessary: true,
  functional: true,
  analytics: true,
  advertising: true,
};

export const necessaryOnly: CookieConsent = {
  necessary: true,
  functional: false,
  analytics: false,
  advertising: false,
};

function isConsent(value: unknown): value is CookieConsent {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    record.necessary === true &&
    optionalCategories.every((category) => typeof record[category] === 'boolean')
  );
}

/** The stored choice from a Cookie header, or null when there is none or it is not valid. */
export function readConsent(cookieHeader: string | null): CookieConsent | null {
  if (!cookieHeader) return null;
  const raw = parseCookie(cookieHeader)[cookieNames.consent];
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (!isConsent(value)) return null;
    return {
      necessary: true,
      functional: value.functional,
      analytics: value.analytics,
      advertising: value.advertising,
    };
  } catch {
    return null;
  }
}
