import { z } from 'zod';
import {
  normalizeCode,
  normalizeNigerianPhone,
  normalizePersonName,
  passwordProblem,
  personNameProblem,
} from './account-rules.ts';
import { genders, limits } from './constants.ts';
import { ZResultEnvelope } from './envelopes.ts';
import { findLga, findState } from './reference.ts';

export const ZEmail = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .max(254, { error: 'Email must be at most 254 characters' })
  .pipe(z.email({ error: 'Enter a valid email address' }));

/** A person's name by the rule of account-rules.ts, white space tidied, problems named by field. */
export const ZPersonName = (label: string) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined ? `${label} is required` : `${label} must be text`,
    })
    // Bounded before normalising, so a huge value costs nothing to refuse.
    .max(1000, { error: `${label} is too long` })
    .transform(normalizePersonName)
    .pipe(
      z.string().superRefine((value, ctx) => {
        const problem = personNameProblem(label, value);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    );

export const ZPhone = z
  .string({ error: 'Phone number is required' })
  .trim()
  .min(1, { error: 'Phone number is required' })
  .transform((value, ctx) => {
    const phone = normalizeNigerianPhone(value);
    if (!phone) {
      ctx.addIssue({
        code: 'custom',
        message: 'Enter a Nigerian phone number, e.g. 0803 123 4567 or +234 803 123 4567',
      });
      return z.NEVER;
    }
    return phone;
  });

/** The password rule of account-rules.ts. The server also refuses the most common passwords. */
export const ZPassword = z.string({ error: 'Password is required' }).superRefine((value, ctx) => {
  const problem = passwordProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** Form posts send "true"/"on"; JSON clients send booleans. */
const formBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', 'on', 'off', '1', '0'])])
  .transform((value) => value === true || value === 'true' || value === 'on' || value === '1');

const code = (length: number, label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .regex(new RegExp(`^[A-Za-z0-9]{${length}}$`), {
      error: `${label} must be ${length} letters or digits`,
    })
    .transform((value) => value.toUpperCase());

/** The emailed reset code as typed or pasted: with or without its dash and spaces, any case. */
const ZResetCode = z
  .string({ error: 'Reset code is required' })
  .max(100, { error: 'Reset code is too long' })
  .transform(normalizeCode)
  .pipe(
    z.string().regex(new RegExp(`^[A-Z0-9]{${limits.resetCodeLength}}$`), {
      error: `Reset code must be the ${limits.resetCodeLength} letters or digits from the email (the dash is optional)`,
    }),
  );

export const ZSignUpRequest = z.object({
  email: ZEmail,
  firstName: ZPersonName('First name'),
  lastName: ZPersonName('Last name'),
  phone: ZPhone,
  isAdvocate: formBoolean.optional().default(false),
  password: ZPassword,
  /** News and health tips by email: off unless the person ticks the box. */
  marketingEmails: formBoolean.optional().default(false),
  acceptTerms: z
    .boolean({ error: 'Please accept the terms and conditions' })
    .refine((accepted) => accepted, { error: 'Please accept the terms and conditions' }),
});

export const ZEmailRequest = z.object({ email: ZEmail });

export const ZValidateSignupOtpRequest = z.object({
  email: ZEmail,
  emailOtp: code(limits.signupCodeLength, 'Code'),
});

export const ZSignInRequest = z.object({
  email: ZEmail,
  password: z
    .string({ error: 'Password is required' })
    .min(1, { error: 'Password is required' })
    .max(1024, { error: 'Password is too long' }),
});

/** The web sends the refresh token as a cookie instead; API clients send it in the body. */
export const ZRefreshRequest = z.object({ refreshToken: z.string().min(1).max(200).optional() });

export const ZResetPasswordRequest = z
  .object({
    /** The code is checked against this address's code only: it is required. */
    email: ZEmail,
    resetCode: ZResetCode,
    password: ZPassword,
    confirmPassword: z.string({ error: 'Please confirm your password' }),
  })
  .refine((body) => body.password === body.confirmPassword, {
    error: 'Passwords do not match',
    path: ['confirmPassword'],
  });

/** "" from an untouched form field counts as not given. */
export const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** An age in whole years; a blank form field is no age (the field may be left out). */
export const ZAge = z.preprocess(
  blankToUndefined,
  z.coerce
    .number({ error: 'Age must be a number' })
    .int({ error: 'Age must be a whole number' })
    .min(0, { error: 'Age must be between 0 and 120' })
    .max(120, { error: 'Age must be between 0 and 120' })
    .optional(),
);

export const ZGender = z.enum(genders, {
  error: `Gender must be one of ${genders.join(', ')}`,
});

const ZAddress = z
  .string({ error: 'Address is required' })
  .trim()
  .min(1, { error: 'Address is required' })
  .max(200, { error: 'Address must be at most 200 characters' });

interface Place {
  state?: string | undefined;
  lga?: string | undefined;
}

/** State (by name or alias, any case) and LGA must be a real pair; both become canonical names. */
export function checkPlace<T extends Place>(place: T, ctx: z.RefinementCtx, required: boolean): T {
  if (place.state === undefined && place.lga === undefined && !required) return place;
  const state = place.state ? findState(place.state) : undefined;
  if (!state) {
    ctx.addIssue({ code: 'custom', path: ['state'], message: 'Choose a Nigerian state' });
    return place;
  }
  const lga = place.lga ? findLga(state, place.lga) : undefined;
  if (!lga) {
    ctx.addIssue({
      code: 'custom',
      path: ['lga'],
      message: `Choose a local government area of ${state.name}`,
    });
    return place;
  }
  return { ...place, state: state.name, lga };
}

const placeText = z.preprocess(blankToUndefined, z.string().trim().max(80).optional());

/**
 * PUT /update-user-onboarding: every field may be left out (a new member may skip any or all of
 * them, an empty body is "skip for now"); State and LGA, when given, must be a real pair.
 */
export const ZOnboardingRequest = z
  .object({
    age: ZAge,
    gender: z.preprocess(blankToUndefined, ZGender.optional()),
    address: z.preprocess(blankToUndefined, ZAddress.optional()),
    state: placeText,
    lga: placeText,
  })
  .transform((body, ctx) => checkPlace(body, ctx, false));

/** Fields of PUT /update-user-profile/{id}; each is optional, the image comes as a file. */
export const ZProfileUpdateRequest = z
  .object({
    firstName: z.preprocess(blankToUndefined, ZPersonName('First name').optional()),
    lastName: z.preprocess(blankToUndefined, ZPersonName('Last name').optional()),
    phone: z.preprocess(blankToUndefined, ZPhone.optional()),
    age: ZAge,
    gender: z.preprocess(blankToUndefined, ZGender.optional()),
    address: z.preprocess(blankToUndefined, ZAddress.optional()),
    state: placeText,
    lga: placeText,
    /** Shown on the form but not changeable here: an address change needs its own verification. */
    email: z.preprocess(blankToUndefined, ZEmail.optional()),
  })
  .transform((body, ctx) => checkPlace(body, ctx, false));

/** PUT /users/{id}/advocate: a member volunteers as an advocate, or stops. */
export const ZAdvocateRequest = z.object({
  isAdvocate: z.boolean({ error: 'isAdvocate must be true or false' }),
});

export const ZChangePasswordRequest = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, {
    error: 'Current password is required',
  }),
  newPassword: ZPassword,
});

export const ZPersonnelChangePasswordRequest = z.object({
  old_password: z.string({ error: 'Old password is required' }).min(1, {
    error: 'Old password is required',
  }),
  new_password: ZPassword,
});

const facilityText = (label: string, max = 120) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` });

export const ZFacilityOnboardingRequest = z
  .object({
    service: facilityText('Service', 300),
    facility_type: facilityText('Facility type'),
    facility_name: facilityText('Facility name', 160),
    rc_number: z
      .string({ error: 'RC number is required' })
      .trim()
      .regex(/^(RC|BN|IT)?\s?\d{1,8}$/i, { error: 'RC number must look like RC 123456' }),
    address: ZAddress,
    state: z.string({ error: 'State is required' }).trim().max(80),
    lga: z.string({ error: 'LGA is required' }).trim().max(80),
  })
  .transform((body, ctx) => checkPlace(body, ctx, true));

/** member (optionally an advocate), facility, admin. */
export const userRoles = ['member', 'facility', 'admin'] as const;
export type UserRole = (typeof userRoles)[number];

/** The user as the API shows it (docs/architecture.md#layers "myData"): never a hash or an internal flag. */
export const ZUser = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  /** The member proved `phone` is theirs with a code sent to it by SMS. */
  phoneVerified: z.boolean(),
  /** Relative path on the image server: `/images/{image}`. */
  image: z.string().nullable(),
  age: z.number().nullable(),
  gender: z.string().nullable(),
  address: z.string().nullable(),
  state: z.string().nullable(),
  lga: z.string().nullable(),
  isAdvocate: z.boolean(),
  role: z.enum(userRoles),
  isOnboarded: z.boolean(),
  createdAt: z.string(),
});

export const ZTokens = z.object({ accessToken: z.string(), refreshToken: z.string() });

export const ZMessageResponse = z.object({ message: z.string() });

/** Sign-in and code validation: `{message, tokens, result}` (docs/product.md#sessions). */
export const ZSignInResponse = z.object({
  message: z.string(),
  tokens: ZTokens,
  result: ZUser,
});

/** `result` is the new access token (docs/product.md#sessions); the rotated refresh token comes in `tokens`. */
export const ZAccessTokenResponse = z.object({
  message: z.string(),
  result: z.string(),
  tokens: ZTokens,
});

/** Answer to a code request: when the next one may be asked for. */
export const ZCodeSentResponse = z.object({
  message: z.string(),
  result: z.object({ email: z.string(), resendAfterSeconds: z.number() }),
});

export const ZUserResponse = ZResultEnvelope(ZUser);

export const ZFacilityProfile = z.object({
  service: z.string(),
  facility_type: z.string(),
  facility_name: z.string(),
  rc_number: z.string(),
  address: z.string(),
  state: z.string(),
  lga: z.string(),
  logo: z.string().nullable(),
  reg_doc: z.string().nullable(),
  other_doc: z.string().nullable(),
  isOnboarded: z.boolean(),
});

export const ZFacilityResponse = ZResultEnvelope(ZFacilityProfile);

export type TUser = z.infer<typeof ZUser>;
export type TTokens = z.infer<typeof ZTokens>;
export type TSignUpRequest = z.infer<typeof ZSignUpRequest>;
export type TOnboardingRequest = z.infer<typeof ZOnboardingRequest>;
export type TProfileUpdateRequest = z.infer<typeof ZProfileUpdateRequest>;
export type TFacilityOnboardingRequest = z.infer<typeof ZFacilityOnboardingRequest>;
export type TFacilityProfile = z.infer<typeof ZFacilityProfile>;
export type TAdvocateRequest = z.infer<typeof ZAdvocateRequest>;
