import { groupCode } from '@ipatient/contracts/account-rules';
import { limits, security } from '@ipatient/contracts/constants';
import { codeSendLimits, countWithinLimits } from '../../lib/code-limits.ts';
import { closeCode, codeClosed, findOpenCode, lockAddress } from '../../lib/one-time-codes.ts';
import { hashPassword, isCommonPassword, verifyPassword } from '../../lib/passwords.ts';
import type { UserRow } from '../../lib/present-user.ts';
import { AppError } from '../../plugins/errors.ts';
import { codeEmail, passwordChangedEmail } from '../../plugins/mail/email-templates.ts';
import { checkCode, decoyCode, newCode } from './auth.codes.ts';
import {
  assertLoginAllowed,
  clearAccountLoginFailures,
  clearAddressLoginFailures,
  recordLoginFailure,
} from './auth.limits.ts';
import * as repository from './auth.repository.ts';
import type { AuthDeps, RequestContext } from './auth.types.ts';
import { suspendedAccountEmail } from './suspended-email.ts';

export function commonPasswordError(field: string): AppError {
  const text = 'This password is too common. Please choose one that is harder to guess.';
  return new AppError('VALIDATION', text, { errors: { [field]: text } });
}

const resetRequested = (email: string) => ({
  message: `If an account exists for ${email}, we have sent a ${limits.resetCodeLength}-character code and a link to it. They are valid for ${security.codeTtlMinutes} minutes.`,
  result: { email, resendAfterSeconds: limits.resendCooldownSeconds },
});

const contactUrl = (deps: AuthDeps) => `${deps.config.publicUrl}/contact`;

/** The page the emailed link opens, with the address and the code filled in (nothing more). */
function resetLink(deps: AuthDeps, email: string, code: string): string {
  const query = new URLSearchParams({ email, code: groupCode(code) });
  return `${deps.config.publicUrl}/verify-password?${query}`;
}

/**
 * Answers the same whether or not the account exists; the limits apply to every address, and an
 * address without an account gets a decoy code, so its checks answer like a real one's. A
 * suspended account gets no code either (a reset would not let it back in): its mailbox is told
 * instead that the account is suspended and how to reach us, and the page answers as for anyone.
 */
export async function requestPasswordReset(deps: AuthDeps, email: string, context: RequestContext) {
  await deps.db.transaction(async (tx) => {
    await lockAddress(tx, 'reset', email);
    await countWithinLimits(tx, codeSendLimits('reset', email, context.clientKey));
    const user = await repository.findUserByEmail(tx, email);
    if (!user) {
      await decoyCode(deps, tx, 'reset', email);
      return;
    }
    if (user.suspendedAt) {
      await decoyCode(deps, tx, 'reset', email);
      await deps.mail.enqueue(tx, {
        to: email,
        ...suspendedAccountEmail({ firstName: user.firstName, contactUrl: contactUrl(deps) }),
      });
      return;
    }
    const code = await newCode(deps, tx, 'reset', email);
    await deps.mail.enqueue(tx, {
      to: email,
      ...codeEmail({
        purpose: 'reset',
        code,
        firstName: user.firstName,
        link: resetLink(deps, email, code),
      }),
    });
  });
  deps.mail.kick();
  return resetRequested(email);
}

function resetFailure(text: string): AppError {
  return new AppError('BAD_REQUEST', text, { errors: { resetCode: text } });
}

/**
 * Sets a new password with the emailed code of that address. In order: the password rules, the
 * limits, the code (every miss counted), and only then the argon2 hash, so a guess costs the
 * server no hashing. The hash is made outside any transaction (no connection or lock waits on
 * it); the write then re-checks, under the address's lock, that the code checked is still the
 * open one, so two submissions of one code cannot both succeed.
 */
export async function resetPassword(
  deps: AuthDeps,
  input: { email: string; resetCode: string; password: string },
  context: RequestContext,
) {
  if (isCommonPassword(input.password)) throw commonPasswordError('password');
  const checked = await deps.db.transaction(async (tx) => {
    await lockAddress(tx, 'reset', input.email);
    return checkCode(deps, tx, 'reset', input.email, input.resetCode, context.clientKey);
  });
  if ('failure' in checked) throw resetFailure(checked.failure);
  const passwordHash = await hashPassword(input.password);
  const done = await deps.db.transaction(async (tx) => {
    await lockAddress(tx, 'reset', input.email);
    const code = await findOpenCode(tx, 'reset', input.email);
    if (!code || code.id !== checked.code.id || code.expired) return false;
    await closeCode(tx, code.id);
    const user = await repository.findUserByEmail(tx, input.email);
    // A code sent before the account was suspended no longer resets it.
    if (!user || user.suspendedAt) return false;
    await repository.updatePassword(tx, user.id, passwordHash);
    await repository.revokeUserSessions(tx, user.id, 'password reset');
    // Whoever reads this mailbox is the owner: the failures counted against the account go.
    await clearAccountLoginFailures(tx, user.email);
    await clearAddressLoginFailures(tx, user.email, context.clientKey);
    await deps.mail.enqueue(tx, {
      to: user.email,
      ...passwordChangedEmail({ firstName: user.firstName }),
    });
    return true;
  });
  if (!done) throw resetFailure(codeClosed);
  deps.mail.kick();
  return { message: 'Your password has been reset. Please log in with your new password.' };
}

/**
 * Changes the password of the signed-in user after checking the current one (wrong tries count
 * like failed logins) and ends every other session.
 */
export async function changePassword(
  deps: AuthDeps,
  session: { user: UserRow; sessionId: string },
  input: { currentPassword: string; newPassword: string },
  fields: { current: string; next: string },
  context: RequestContext,
) {
  const { user } = session;
  await assertLoginAllowed(deps.db, user.email, context.clientKey);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    await deps.db.transaction((tx) => recordLoginFailure(tx, user.email, context.clientKey));
    const text = 'Your current password is not correct.';
    throw new AppError('VALIDATION', text, { errors: { [fields.current]: text } });
  }
  if (input.currentPassword === input.newPassword) {
    const text = 'Choose a new password that is different from your current one.';
    throw new AppError('VALIDATION', text, { errors: { [fields.next]: text } });
  }
  if (isCommonPassword(input.newPassword)) throw commonPasswordError(fields.next);
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    await repository.updatePassword(tx, user.id, passwordHash);
    await repository.revokeUserSessions(tx, user.id, 'password changed', session.sessionId);
    await deps.mail.enqueue(tx, {
      to: user.email,
      ...passwordChangedEmail({ firstName: user.firstName }),
    });
  });
  deps.mail.kick();
  return { message: 'Your password has been changed. Other devices have been signed out.' };
}
