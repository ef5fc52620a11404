import { privacyNoticeVersion, termsVersion } from '@ipatient/contracts/consents';
import { limits } from '@ipatient/contracts/constants';
import { emailKey } from '@ipatient/contracts/email-key';
import { isViolation } from '@ipatient/db';
import { assertWithinLimits, codeSendLimits, countWithinLimits } from '../../lib/code-limits.ts';
import { closeCode, codeClosed, lockAddress } from '../../lib/one-time-codes.ts';
import { hashPassword, isCommonPassword } from '../../lib/passwords.ts';
import { presentUser } from '../../lib/present-user.ts';
import { AppError } from '../../plugins/errors.ts';
import { codeEmail, signupAttemptEmail } from '../../plugins/mail/email-templates.ts';
import { checkCode, codeSent, decoyCode, newCode } from './auth.codes.ts';
import { commonPasswordError } from './auth.passwords.ts';
import * as repository from './auth.repository.ts';
import { issueSession } from './auth.sessions.ts';
import type { AuthDeps, RequestContext, SignedIn } from './auth.types.ts';

export interface SignUpInput {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  isAdvocate: boolean;
  password: string;
  /** News and health tips by email: only when the person ticked the box. */
  marketingEmails?: boolean;
}

/**
 * Keeps the registration waiting and emails a 6-character code; the account comes on
 * validation. An address that already has an account gets the same answer (so the form does not
 * tell who is registered) and its owner a notice instead of a code; both count against the same
 * send limits and hash the password, so neither the limits nor the time taken tell them apart.
 */
export async function signUp(deps: AuthDeps, input: SignUpInput, context: RequestContext) {
  if (isCommonPassword(input.password)) throw commonPasswordError('password');
  // Refused sends cost no argon2: the limits are checked before the hash (and again below,
  // under the address's lock, where they are recorded).
  const sends = codeSendLimits('signup', input.email, context.clientKey);
  await assertWithinLimits(deps.db, sends);
  // Hashed outside the transaction, so no database connection waits on argon2.
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    await lockAddress(tx, 'signup', input.email);
    await countWithinLimits(tx, sends);
    // One account per mailbox: another spelling of a registered mailbox (a "+tag", Gmail's dots)
    // is answered as the registered address is, and its owner told at the address they use.
    const existing =
      (await repository.findUserByEmail(tx, input.email)) ??
      (await repository.findUserByEmailKey(tx, emailKey(input.email)));
    if (existing) {
      await decoyCode(deps, tx, 'signup', input.email);
      const site = deps.config.publicUrl;
      await deps.mail.enqueue(tx, {
        to: existing.email,
        ...signupAttemptEmail({ loginUrl: `${site}/login`, resetUrl: `${site}/reset-password` }),
      });
      return;
    }
    await repository.savePendingRegistration(tx, {
      email: input.email,
      emailKey: emailKey(input.email),
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone,
      passwordHash,
      isAdvocate: input.isAdvocate,
      termsAcceptedAt: new Date(),
      // The versions in force as the person ticked the terms box (the API refuses it unticked).
      termsVersion,
      privacyVersion: privacyNoticeVersion,
      marketingEmails: input.marketingEmails === true,
    });
    const code = await newCode(deps, tx, 'signup', input.email);
    await deps.mail.enqueue(tx, { to: input.email, ...codeEmail({ purpose: 'signup', code }) });
  });
  deps.mail.kick();
  return codeSent(input.email, limits.signupCodeLength);
}

/**
 * Sends a new sign-up code. Every address gets the answer of a real resend under the same
 * limits; only one with a registration waiting is sent anything. The others get a new decoy, so
 * their checks count down from 5 tries just as a fresh real code's would.
 */
export async function resendSignupCode(deps: AuthDeps, email: string, context: RequestContext) {
  await deps.db.transaction(async (tx) => {
    await lockAddress(tx, 'signup', email);
    await countWithinLimits(tx, codeSendLimits('signup', email, context.clientKey));
    if (!(await repository.findPendingRegistration(tx, email))) {
      await decoyCode(deps, tx, 'signup', email);
      return;
    }
    const code = await newCode(deps, tx, 'signup', email);
    await deps.mail.enqueue(tx, { to: email, ...codeEmail({ purpose: 'signup', code }) });
  });
  deps.mail.kick();
  return codeSent(email, limits.signupCodeLength);
}

/**
 * The right code creates the account from the waiting registration and signs the user in; a
 * wrong one counts against the code (5 tries) and the limits, and is committed even though the
 * call fails. An address with nothing waiting answers as a wrong or closed code does.
 */
export async function validateSignupCode(
  deps: AuthDeps,
  input: { email: string; emailOtp: string },
  context: RequestContext,
): Promise<SignedIn> {
  const outcome = await deps.db.transaction(async (tx) => {
    await lockAddress(tx, 'signup', input.email);
    const checked = await checkCode(
      deps,
      tx,
      'signup',
      input.email,
      input.emailOtp,
      context.clientKey,
    );
    if ('failure' in checked) return checked;
    await closeCode(tx, checked.code.id);
    const pending = await repository.findPendingRegistration(tx, input.email);
    if (!pending) return { failure: codeClosed };
    const key = emailKey(pending.email);
    await lockAddress(tx, 'signup-key', key);
    if (await repository.findUserByEmailKey(tx, key)) throw mailboxTaken();
    const user = await repository
      .insertUser(tx, {
        email: pending.email,
        emailKey: key,
        firstName: pending.firstName,
        lastName: pending.lastName,
        phone: pending.phone,
        passwordHash: pending.passwordHash,
        isAdvocate: pending.isAdvocate,
        marketingEmails: pending.marketingEmails,
      })
      .catch((error: unknown) => {
        // The unique mailbox key is the backstop for any other way an account was made meanwhile.
        throw isViolation(error, '23505', 'users_email_key_unique') ? mailboxTaken() : error;
      });
    await repository.insertSignupConsents(tx, user.id, pending);
    await repository.deletePendingRegistration(tx, pending.email);
    const session = await issueSession(deps, tx, user, context.userAgent);
    return { user, ...session };
  });
  if ('failure' in outcome) {
    throw new AppError('BAD_REQUEST', outcome.failure, { errors: { emailOtp: outcome.failure } });
  }
  return {
    message: 'Your account has been verified. Welcome!',
    tokens: outcome.tokens,
    result: presentUser(outcome.user),
    sessionId: outcome.sessionId,
  };
}

/** The answer when another spelling of this mailbox got an account after the sign-up began. */
function mailboxTaken(): AppError {
  const message =
    'This email address already has an account. Please sign in, or reset your password if you have forgotten it.';
  return new AppError('CONFLICT', message, { errors: { email: message } });
}
