import { z } from 'zod';
import { normalizeCode } from './account-rules.ts';
import { ZPhone } from './accounts.ts';
import { limits, security } from './constants.ts';
import { ZResultEnvelope } from './envelopes.ts';

/** What the phone page says; the server's answers use the same words. */
export const phoneTexts = {
  smsUpdatesLabel: 'Send me donation receipts and complaint updates by text message',
  takenByAnother:
    'This phone number is already verified on another iPatient account. Use a different number, or contact us if it is yours.',
  needsVerifiedPhone: 'Verify your phone number first, then you can turn on text messages.',
} as const;

/** A member asks for a code by SMS to prove a Nigerian mobile number is theirs. */
export const ZPhoneCodeRequest = z.object({ phone: ZPhone });

/** The code from the text message, as typed: spaces and a dash are fine, any case. */
export const ZPhoneVerifyRequest = z.object({
  code: z
    .string({ error: 'Code is required' })
    .max(100, { error: 'Code is too long' })
    .transform(normalizeCode)
    .pipe(
      z.string().regex(new RegExp(`^[A-Z0-9]{${limits.signupCodeLength}}$`), {
        error: `Code must be the ${limits.signupCodeLength} letters or digits from the text message`,
      }),
    ),
});

/** Form posts send "true"/"on"; JSON clients send booleans. */
export const ZSmsUpdatesRequest = z.object({
  smsUpdates: z
    .union([z.boolean(), z.enum(['true', 'false', 'on', 'off', '1', '0'])], {
      error: 'smsUpdates must be true or false',
    })
    .transform((value) => value === true || value === 'true' || value === 'on' || value === '1'),
});

/** The member's own phone, as the phone page shows it. */
export const ZPhoneStatus = z.object({
  /** E.164, e.g. +2348031234567. */
  phone: z.string(),
  phoneVerified: z.boolean(),
  smsUpdates: z.boolean(),
  /** The number the newest code still valid was texted to, or null when none is waiting. */
  codeSentTo: z.string().nullable(),
});

export const ZPhoneStatusResponse = ZResultEnvelope(ZPhoneStatus);

export const ZPhoneCodeSentResponse = ZResultEnvelope(
  z.object({
    phone: z.string(),
    resendAfterSeconds: z.number(),
    validForMinutes: z.number(),
  }),
);

export const phoneRules = {
  codeLength: limits.signupCodeLength,
  codeTtlMinutes: security.codeTtlMinutes,
  resendAfterSeconds: limits.resendCooldownSeconds,
  /** Codes texted to one number per hour, whichever account asks. */
  codeSendsPerNumberPerHour: security.codeSendsPerHour,
} as const;

export type TPhoneStatus = z.infer<typeof ZPhoneStatus>;
export type TPhoneCodeRequest = z.infer<typeof ZPhoneCodeRequest>;
export type TPhoneVerifyRequest = z.infer<typeof ZPhoneVerifyRequest>;
export type TSmsUpdatesRequest = z.infer<typeof ZSmsUpdatesRequest>;
