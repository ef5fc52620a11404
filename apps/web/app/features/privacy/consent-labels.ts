import type { ConsentKind } from '@ipatient/contracts/consents';

const dateFormat = new Intl.DateTimeFormat('en-NG', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Africa/Lagos',
});
const dateTimeFormat = new Intl.DateTimeFormat('en-NG', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Africa/Lagos',
});

/** A dated version ("2026-11-28") as people read it: 28 November 2026. */
export function formatVersionDate(version: string): string {
  const date = new Date(`${version}T12:00:00Z`);
  return Number.isNaN(date.getTime()) ? version : dateFormat.format(date);
}

/** When a consent was recorded, in Lagos time. */
export function formatRecordedAt(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}

export const kindLabels: Record<ConsentKind, string> = {
  terms: 'Terms and conditions',
  privacy: 'Privacy notice',
  marketing_emails: 'News and health tips by email',
  sms_updates: 'Text messages',
  cookies: 'Cookies',
  donor_updates: 'Updates from a campaign you gave to',
};

const sourceLabels: Record<string, string> = {
  signup: 'when you signed up',
  account: 'on your account page',
  unsubscribe: 'with the link in an email',
  cookie_banner: 'in the cookie settings',
  donation: 'when you gave',
};

export const sourceLabel = (source: string) => sourceLabels[source] ?? source;

const cookieChoiceLabels: Record<string, string> = {
  all: 'all cookies allowed',
  necessary: 'necessary cookies only',
};

/** A cookie choice's name ("functional+analytics") in words. */
export function cookieChoiceLabel(choice: string | null): string {
  if (!choice) return 'no choice recorded';
  return cookieChoiceLabels[choice] ?? `necessary and ${choice.split('+').join(', ')} cookies`;
}
