import { createHash, randomBytes } from 'node:crypto';
import {
  formDraftLimits,
  type TFormDraftFields,
  type TFormDraftSaveRequest,
} from '@ipatient/contracts/form-drafts';
import type { Database } from '@ipatient/db';
import { AppError } from '../../plugins/errors.ts';
import { claimWithinLimit, type Limit } from '../../plugins/rate-limits.ts';
import * as repository from './form-drafts.repository.ts';

export interface FormDraftsDeps {
  db: Database;
}

export const formDraftLimit: Limit = {
  bucket: 'form-drafts',
  max: formDraftLimits.savesPerAddress,
  windowSeconds: formDraftLimits.windowMinutes * 60,
  message: 'Too many forms were kept from your network just now. Please try again in {wait}.',
};

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The cookie's token when it is one this feature could have made, else undefined. */
export function validToken(value: string | undefined): string | undefined {
  return value !== undefined && TOKEN.test(value) ? value : undefined;
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function totalChars(fields: TFormDraftFields): number {
  let total = 0;
  for (const value of Object.values(fields)) {
    total += Array.isArray(value)
      ? value.reduce((sum, part) => sum + part.length, 0)
      : value.length;
  }
  return total;
}

/**
 * Keeps what was typed on one page for the holder of `token`, for a short while. Refused when
 * it is longer than any form of the site takes, or when one address keeps too many at once.
 */
export async function saveDraft(
  deps: FormDraftsDeps,
  token: string,
  input: TFormDraftSaveRequest,
  address: string,
): Promise<{ expiresAt: Date }> {
  if (totalChars(input.fields) > formDraftLimits.totalChars) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `This form is too long to keep (at most ${formDraftLimits.totalChars.toLocaleString('en-NG')} characters).`,
    );
  }
  await claimWithinLimit(deps.db, formDraftLimit, address);
  const expiresAt = new Date(Date.now() + formDraftLimits.lifetimeMinutes * 60 * 1000);
  await repository.upsertDraft(
    deps.db,
    { tokenHash: hashToken(token), path: input.path },
    input.fields,
    expiresAt,
  );
  return { expiresAt };
}

/** The draft of `path` for the holder of `token`, removed as it is handed over (once). */
export async function takeDraft(
  deps: FormDraftsDeps,
  token: string | undefined,
  path: string,
): Promise<TFormDraftFields | null> {
  if (!token) return null;
  return (await repository.takeDraft(deps.db, { tokenHash: hashToken(token), path })) ?? null;
}

export function purgeExpiredDrafts(deps: FormDraftsDeps): Promise<number> {
  return repository.purgeExpiredDrafts(deps.db);
}
