import { z } from 'zod';
import { ZResultEnvelope } from './envelopes.ts';

/**
 * What a signed-out person typed into a form that needs an account (a complaint, a review, a
 * comment) is kept for a short while, so it is still there when they come back signed in.
 */
export const formDraftLimits = {
  /** How long a kept draft lives: long enough to sign up with an emailed code. */
  lifetimeMinutes: 60,
  maxFields: 20,
  /** Characters of all the values together (a complaint is at most 5,000). */
  totalChars: 20_000,
  pathMax: 300,
  /** Drafts kept per network address per window (many phones share a carrier address). */
  savesPerAddress: 60,
  windowMinutes: 10,
} as const;

/** The HttpOnly cookie that holds the random key of a visitor's drafts. */
export const formDraftCookie = 'form_draft';

/** Field names that are never kept, whatever a page sends: passwords, codes, tokens. */
export const SECRET_FIELD = /pass|csrf|token|otp|secret|code/i;

/** A page of this site: `/advocacy`, `/review/{id}` (no query, no fragment). */
export const ZFormDraftPath = z
  .string({ error: 'The page of the form is required' })
  .max(formDraftLimits.pathMax, { error: 'The page address is too long' })
  .regex(/^\/(?!\/)[^\s?#\\]*$/, { error: 'The page must be a path on this site, like /advocacy' });

const ZFieldName = z
  .string()
  .regex(/^[A-Za-z][\w.-]{0,63}$/, { error: 'A field name has the wrong format' });

export const ZFormDraftFields = z
  .record(
    ZFieldName,
    z.union([z.string(), z.array(z.string()).max(formDraftLimits.maxFields)], {
      error: 'Each field must be text or a list of texts',
    }),
    { error: "The form's fields are required, as names and texts" },
  )
  .refine((fields) => Object.keys(fields).length <= formDraftLimits.maxFields, {
    error: `A draft keeps at most ${formDraftLimits.maxFields} fields`,
  })
  .refine((fields) => !Object.keys(fields).some((name) => SECRET_FIELD.test(name)), {
    error: 'Passwords and codes are never kept in a draft',
  });
export type TFormDraftFields = z.infer<typeof ZFormDraftFields>;

/** PUT /form-drafts: keep what was typed into the form on `path`. */
export const ZFormDraftSaveRequest = z.object({
  path: ZFormDraftPath,
  fields: ZFormDraftFields,
});
export type TFormDraftSaveRequest = z.infer<typeof ZFormDraftSaveRequest>;

export const ZFormDraftSaveResponse = ZResultEnvelope(z.object({ expiresAt: z.string() }));

/** POST /form-drafts/take: the draft of `path` (removed as it is handed over), or null. */
export const ZFormDraftTakeRequest = z.object({ path: ZFormDraftPath });

export const ZFormDraftTakeResponse = ZResultEnvelope(
  z.object({ fields: ZFormDraftFields }).nullable(),
);
