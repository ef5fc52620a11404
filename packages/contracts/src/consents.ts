import { z } from 'zod';
import { brand } from './brand.ts';
import { ZResultEnvelope } from './envelopes.ts';

/**
 * The versions of the documents a member accepts, dated: a new version of the terms or the
 * privacy notice gets a new date here, and members who accepted an older one are asked again.
 */
export const termsVersion = '2026-11-28';
export const privacyNoticeVersion = '2026-11-28';

/** What a member can give or withdraw consent to (as the `consents` table's check). */
export const consentKinds = [
  'terms',
  'privacy',
  'marketing_emails',
  'sms_updates',
  'cookies',
  'donor_updates',
] as const;
export type ConsentKind = (typeof consentKinds)[number];

/** Where a consent was given or withdrawn. */
export const consentSources = [
  'signup',
  'account',
  'unsubscribe',
  'cookie_banner',
  'donation',
] as const;
export type ConsentSource = (typeof consentSources)[number];

/** Who answers questions about personal data, and how to reach them. */
export const dataProtectionOfficer = {
  title: 'Data Protection Officer',
  email: 'privacy@ipatient.ng',
  organisation: brand.siteName,
  regulator: 'Nigeria Data Protection Commission',
  regulatorUrl: 'https://ndpc.gov.ng',
} as const;

/** The optional cookie categories a choice allows (the cookie banner's). */
export const cookieCategories = ['functional', 'analytics', 'advertising'] as const;
export type CookieCategory = (typeof cookieCategories)[number];

/**
 * The name of a cookie choice, kept as the consent's version: `all`, `necessary` (optional
 * cookies refused) or the allowed categories joined by `+` in the banner's order.
 */
export function cookieChoiceName(allowed: Readonly<Record<CookieCategory, boolean>>): string {
  const on = cookieCategories.filter((category) => allowed[category]);
  if (on.length === 0) return 'necessary';
  if (on.length === cookieCategories.length) return 'all';
  return on.join('+');
}

/** Every name `cookieChoiceName` can give. */
export const cookieChoiceNames: readonly string[] = Array.from(
  { length: 2 ** cookieCategories.length },
  (_, bits) =>
    cookieChoiceName({
      functional: (bits & 1) !== 0,
      analytics: (bits & 2) !== 0,
      advertising: (bits & 4) !== 0,
    }),
);

/** Whether a cookie choice allows any optional cookie. */
export const cookieChoiceAllowsOptional = (choice: string) => choice !== 'necessary';

/** What the pages and the server's answers say. */
export const consentTexts = {
  /** The box's label names no "email": the sign-up form's Email field keeps its label alone. */
  marketingLabel: 'Send me news and health tips. You can stop at any time.',
  marketingHint: 'We send them by email, now and then.',
  marketingOn: 'We will send you news and health tips by email. You can stop at any time.',
  marketingOff: 'We will no longer send you news and health tips by email.',
  accepted: 'Thank you. We have recorded that you accept the current terms and privacy notice.',
  cookiesRecorded: 'Your cookie choice has been recorded.',
  badToken:
    'This unsubscribe link is not valid. Please use the link in our latest email, or change your emails on your account page.',
  unsubscribed: 'You will get no more news and health tips by email from us.',
} as const;

/** Form posts send "true"/"on"; JSON clients send booleans. */
const ZGranted = z
  .union([z.boolean(), z.enum(['true', 'false', 'on', 'off', '1', '0'])], {
    error: 'granted must be true or false',
  })
  .transform((value) => value === true || value === 'true' || value === 'on' || value === '1');

export const ZMarketingEmailsRequest = z.object({ granted: ZGranted });

export const ZCookieConsentRequest = z.object({
  choice: z
    .string({ error: 'choice is required' })
    .refine((choice) => cookieChoiceNames.includes(choice), {
      error: `choice must be one of: ${cookieChoiceNames.join(', ')}`,
    }),
});

/** One recorded consent or withdrawal. */
export const ZConsentRecord = z.object({
  kind: z.enum(consentKinds),
  granted: z.boolean(),
  /**
   * The document's version (terms, privacy), the cookie choice's name, or for donor updates the
   * campaign's title; null otherwise.
   */
  version: z.string().nullable(),
  source: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type TConsentRecord = z.infer<typeof ZConsentRecord>;

/** The member's consents: the newest record of each kind (null: none yet), and every record. */
export const ZMyConsents = z.object({
  current: z.object({
    terms: ZConsentRecord.nullable(),
    privacy: ZConsentRecord.nullable(),
    marketing_emails: ZConsentRecord.nullable(),
    sms_updates: ZConsentRecord.nullable(),
    cookies: ZConsentRecord.nullable(),
    /** The newest choice about any campaign's updates (each campaign's are in `history`). */
    donor_updates: ZConsentRecord.nullable(),
  }),
  /** The versions in force now: a member whose accepted versions differ is asked again. */
  currentVersions: z.object({ terms: z.string(), privacy: z.string() }),
  /** Whether the member gets marketing emails now (the account's setting). */
  marketingEmails: z.boolean(),
  /** Newest first. */
  history: z.array(ZConsentRecord),
});
export type TMyConsents = z.infer<typeof ZMyConsents>;
export const ZMyConsentsResponse = ZResultEnvelope(ZMyConsents);

/** The token of the link in marketing emails. */
export const ZEmailUnsubscribeRequest = z.object({
  token: z
    .string({ error: 'The unsubscribe link has no token' })
    .min(1, { error: 'The unsubscribe link has no token' })
    .max(500, { error: 'The unsubscribe link is too long' }),
});
export const ZEmailUnsubscribeResponse = ZResultEnvelope(
  z.object({
    /** Whether the member still gets marketing emails. */
    subscribed: z.boolean(),
  }),
);
