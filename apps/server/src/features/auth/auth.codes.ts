import { limits, security } from '@ipatient/contracts/constants';
import type { CodePurpose, Executor } from '@ipatient/db';
import * as codes from '../../lib/one-time-codes.ts';
import { generateToken } from '../../lib/secrets.ts';
import { emailCodeCheckLimits } from './auth.limits.ts';
import type { AuthDeps } from './auth.types.ts';

/**
 * The emailed codes: the rules of every one-time code (`lib/one-time-codes.ts`), plus what only
 * they have: a length per purpose and decoys for addresses that must not get a code.
 */

/** The purposes of emailed codes (`phone` codes are texted: `features/phone/`). */
export type EmailCodePurpose = Exclude<CodePurpose, 'phone'>;

const codeLength: Record<EmailCodePurpose, number> = {
  signup: limits.signupCodeLength,
  reset: limits.resetCodeLength,
};

/** Writes a new code (closing older ones) and returns it, in the caller's transaction. */
export function newCode(
  deps: AuthDeps,
  tx: Executor,
  purpose: EmailCodePurpose,
  email: string,
): Promise<string> {
  return codes.issueCode(tx, deps.config.jwtSecret, { purpose, email }, codeLength[purpose]);
}

/**
 * Writes a code that is sent to no one, for an address that must not get one (no account to
 * reset, an account that already exists, nothing waiting to verify). Its checks then answer
 * exactly like a real code's (tries left, closed at the fifth), so they do not tell whether the
 * address is registered. The random token it hashes can never be typed as a code.
 */
export function decoyCode(
  deps: AuthDeps,
  tx: Executor,
  purpose: EmailCodePurpose,
  email: string,
): Promise<void> {
  return codes.storeCode(tx, deps.config.jwtSecret, { purpose, email }, generateToken());
}

export function codeSent(email: string, length: number) {
  return {
    message: `We sent a ${length}-character code to ${email}. It is valid for ${security.codeTtlMinutes} minutes.`,
    result: { email, resendAfterSeconds: limits.resendCooldownSeconds },
  };
}

/**
 * Checks an emailed code within its limits (429 otherwise); every miss counts, against the code
 * and in the limits. The caller holds the address's lock.
 */
export function checkCode(
  deps: AuthDeps,
  tx: Executor,
  purpose: EmailCodePurpose,
  email: string,
  code: string,
  clientKey: string,
): Promise<{ code: codes.CodeRow } | { failure: string }> {
  const checks = emailCodeCheckLimits(purpose, email, clientKey);
  return codes.checkCode(tx, deps.config.jwtSecret, { purpose, email }, code, checks);
}
