import { z } from 'zod';
import { normalizeNigerianPhone, personNameRules } from './account-rules.ts';
import { ZEmail, ZPersonName } from './accounts.ts';

export const contactLimits = {
  nameMax: personNameRules.maxLength,
  messageMin: 10,
  messageMax: 5000,
  /** Messages per network address per hour. */
  perAddressPerHour: 5,
} as const;

/**
 * A Nigerian number in its canonical +234 form, or an international one as + and 8–15 digits
 * (a diaspora relative writing from London); spaces, dashes, dots and brackets are dropped.
 */
export function normalizeContactPhone(input: string): string | undefined {
  const nigerian = normalizeNigerianPhone(input);
  if (nigerian) return nigerian;
  const compact = input.trim().replace(/[\s().-]/g, '');
  return /^\+[1-9]\d{7,14}$/.test(compact) ? compact : undefined;
}

export const ZContactPhone = z
  .string({ error: 'Phone number is required' })
  .trim()
  .min(1, { error: 'Phone number is required' })
  .transform((value, ctx) => {
    const phone = normalizeContactPhone(value);
    if (!phone) {
      ctx.addIssue({
        code: 'custom',
        message:
          'Enter a Nigerian phone number (0803 123 4567) or an international one starting with + (+44 20 7946 0958)',
      });
      return z.NEVER;
    }
    return phone;
  });

/** Control characters other than tab and newline: PostgreSQL refuses NUL in text outright. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

/** POST /contact-us (docs/product.md#contact). */
export const ZContactRequest = z.object({
  email: ZEmail,
  // Names of name characters only: they go into the email's subject, read by the team.
  firstName: ZPersonName('First name'),
  lastName: ZPersonName('Last name'),
  phone: ZContactPhone,
  message: z
    .string({ error: 'Message is required' })
    .transform((value) => value.replace(/\r\n?/g, '\n').replace(CONTROL, '').trim())
    .pipe(
      z
        .string()
        .min(contactLimits.messageMin, {
          error: `Message must be at least ${contactLimits.messageMin} characters`,
        })
        .max(contactLimits.messageMax, {
          error: `Message must be at most ${contactLimits.messageMax} characters`,
        }),
    ),
});
export type TContactRequest = z.infer<typeof ZContactRequest>;

export const contactSentMessage = 'Thank you. Your message has been sent.';
