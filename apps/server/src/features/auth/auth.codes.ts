import { limits, security } from '@ipatient/contracts/constants';
import type { CodePurpose, Executor } from '@ipatient/db';
import { generateCode, generateToken, hashCode, sameHash } from '../../lib/secrets.ts';
import { recordCodeMiss } from './auth.limits.ts';
import * as repository from './auth.repository.ts';
import type { AuthDeps } from './auth.types.ts';

const codeLength: Record<CodePurpose, number> = {
  signup: limits.signupCodeLength,
  reset: limits.resetCodeLength,
  phone: limits.signupCodeLength,
};

/** Writes a new code (closing older ones) and returns it, in the caller's transaction. */
export async function newCode(
  deps: AuthDeps,
  tx: Executor,
  purpose: CodePurpose,
  email: string,
): Promise<string> {
  const code = generateCode(codeLength[purpose]);
  await repository.replaceCode(tx, {
    purpose,
    email,
    codeHash: hashCode(deps.config.jwtSecret, purpose, code),
    ttlMinutes: security.codeTtlMinutes,
  });
  return code;
}

/**
 * Writes a code that is sent to no one, for an address that must not get one (no account to
 * reset, an account that already exists, nothing waiting to verify). Its checks then answer
 * exactly like a real code's (tries left, closed at the fifth), so they do not tell whether the
 * address is registered. The random token it hashes can never be typed as a code.
 */
export async function decoyCode(
  deps: AuthDeps,
  tx: Executor,
  purpose: CodePurpose,
  email: string,
): Promise<void> {
  await repository.replaceCode(tx, {
    purpose,
    email,
    codeHash: hashCode(deps.config.jwtSecret, purpose, generateToken()),
    ttlMinutes: security.codeTtlMinutes,
  });
}

export function codeSent(email: string, length: number) {
  return {
    message: `We sent a ${length}-character code to ${email}. It is valid for ${security.codeTtlMinutes} minutes.`,
    result: { email, resendAfterSeconds: limits.resendCooldownSeconds },
  };
}

export const codeClosed =
  'This code has expired or can no longer be used. Please request a new code.';

function wrongCodeText(triesLeft: number): string {
  if (triesLeft <= 0) return `The code is not correct. ${codeClosed}`;
  return `The code is not correct. You have ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`;
}

/**
 * Checks a code against the newest open code of its address, under that code's row lock. Every
 * miss counts: against the code (it closes at the fifth) and in the abuse limits, also when no
 * code is open, so a guess costs the same whatever the address.
 */
export async function checkCode(
  deps: AuthDeps,
  tx: Executor,
  purpose: CodePurpose,
  email: string,
  code: string,
  clientKey: string,
): Promise<{ code: repository.CodeRow } | { failure: string }> {
  const open = await repository.findOpenCode(tx, purpose, email);
  const given = hashCode(deps.config.jwtSecret, purpose, code);
  if (open && !open.expired && sameHash(given, open.codeHash)) return { code: open };
  await recordCodeMiss(tx, purpose, email, clientKey);
  if (!open || open.expired) return { failure: codeClosed };
  const left = await repository.recordWrongTry(tx, open.id, security.codeMaxWrongTries);
  return { failure: wrongCodeText(left) };
}
