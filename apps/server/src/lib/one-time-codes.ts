import { security } from '@ipatient/contracts/constants';
import type { Executor } from '@ipatient/db';
import { assertWithinLimits, type KeyedLimit, recordLimits } from './code-limits.ts';
import {
  type CodeOwner,
  type CodeRow,
  findOpenCode,
  recordWrongTry,
  replaceCode,
} from './one-time-codes.repository.ts';
import { generateCode, hashCode, sameHash } from './secrets.ts';

/**
 * One-time codes, emailed or texted, by the same rules: stored only as a hash keyed with the
 * server's secret (a copy of the database alone does not reveal them), only the newest of an
 * address and purpose valid, for 10 minutes, used once, closed after 5 wrong tries.
 */

// The queries live in the repository (only repositories touch the ORM).
export {
  type CodeOwner,
  type CodeRow,
  closeCode,
  findOpenCode,
  lockAddress,
} from './one-time-codes.repository.ts';

/** Stores `code` as the owner's only open code. */
export async function storeCode(
  tx: Executor,
  secret: string,
  owner: CodeOwner,
  code: string,
): Promise<void> {
  await replaceCode(tx, {
    ...owner,
    codeHash: hashCode(secret, owner.purpose, code),
    ttlMinutes: security.codeTtlMinutes,
  });
}

/** Draws a new code of `length` characters, stores it (closing older ones) and returns it to send. */
export async function issueCode(
  tx: Executor,
  secret: string,
  owner: CodeOwner,
  length: number,
): Promise<string> {
  const code = generateCode(length);
  await storeCode(tx, secret, owner, code);
  return code;
}

export const codeClosed =
  'This code has expired or can no longer be used. Please request a new code.';

function wrongCodeText(triesLeft: number): string {
  if (triesLeft <= 0) return `The code is not correct. ${codeClosed}`;
  return `The code is not correct. You have ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`;
}

/**
 * Checks `given` against the newest open code of the owner's address, under that code's row
 * lock, once within `limits` (429 otherwise). Every miss counts: against the code (it closes at
 * the fifth) and in `limits`, also when no code is open, so a guess costs the same whatever the
 * address. A failure is returned, not thrown, so the caller's transaction commits the counts. A
 * right code is returned still open: the caller closes it with what it unlocks.
 */
export async function checkCode(
  tx: Executor,
  secret: string,
  owner: Pick<CodeOwner, 'purpose' | 'email'>,
  given: string,
  limits: KeyedLimit[],
): Promise<{ code: CodeRow } | { failure: string }> {
  await assertWithinLimits(tx, limits);
  const open = await findOpenCode(tx, owner.purpose, owner.email);
  const givenHash = hashCode(secret, owner.purpose, given);
  if (open && !open.expired && sameHash(givenHash, open.codeHash)) return { code: open };
  await recordLimits(tx, limits);
  if (!open || open.expired) return { failure: codeClosed };
  const left = await recordWrongTry(tx, open.id, security.codeMaxWrongTries);
  return { failure: wrongCodeText(left) };
}
