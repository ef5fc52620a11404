import type { TTokens, TUser } from '@ipatient/contracts/accounts';
import { limits, security } from '@ipatient/contracts/constants';
import { errorTexts } from '@ipatient/contracts/errors';
import type { CodePurpose, Database, Executor } from '@ipatient/db';
import type { Config } from '../../config.ts';
import { signAccessToken } from '../../lib/jwt.ts';
import {
  hashPassword,
  isCommonPassword,
  verifyAgainstDummy,
  verifyPassword,
} from '../../lib/passwords.ts';
import { presentUser, type UserRow } from '../../lib/present-user.ts';
import { generateCode, generateToken, hashCode, hashToken, sameHash } from '../../lib/secrets.ts';
import { AppError } from '../../plugins/errors.ts';
import { codeEmail, passwordChangedEmail } from '../../plugins/mail/email-templates.ts';
import type { OutgoingEmail } from '../../plugins/mail/outbox.repository.ts';
import {
  assertWithinLimit,
  clearEvents,
  type Limit,
  recordEvent,
} from '../../plugins/rate-limits.ts';
import * as repository from './auth.repository.ts';

export interface AuthDeps {
  db: Database;
  config: Config;
  mail: { enqueue(executor: Executor, email: OutgoingEmail): Promise<void>; kick(): void };
}

/** Who is asking: the network address (for abuse limits) and the device (for the session list). */
export interface RequestContext {
  ip: string;
  userAgent: string | undefined;
}

export interface SignedIn {
  message: string;
  tokens: TTokens;
  result: TUser;
  sessionId: string;
}

const codeLength: Record<CodePurpose, number> = {
  signup: limits.signupCodeLength,
  reset: limits.resetCodeLength,
};

function sendLimits(purpose: CodePurpose): Limit[] {
  return [
    {
      bucket: `code-cooldown:${purpose}`,
      max: 1,
      windowSeconds: limits.resendCooldownSeconds,
      message: 'Please wait {wait} before asking for another code.',
    },
    {
      bucket: `code-hourly:${purpose}`,
      max: security.codeSendsPerHour,
      windowSeconds: 3600,
      message: 'Too many codes have been sent to this email. Please try again in {wait}.',
    },
  ];
}

const codeSendsPerAddress: Limit = {
  bucket: 'code-send:ip',
  max: security.codeSendsPerAddressPerHour,
  windowSeconds: 3600,
  message: 'Too many codes have been requested from your network. Please try again in {wait}.',
};

const codeChecksPerAddress: Limit = {
  bucket: 'code-check:ip',
  max: security.codeChecksPerAddress,
  windowSeconds: security.loginFailureWindowMinutes * 60,
  message: 'Too many wrong codes have been tried from your network. Please try again in {wait}.',
};

const loginFailuresPerAccount: Limit = {
  bucket: 'login-fail:account',
  max: security.loginFailuresAllowed,
  windowSeconds: security.loginFailureWindowMinutes * 60,
  message: 'Too many failed logins for this account. Please try again in {wait}.',
};

const loginFailuresPerAddress: Limit = {
  bucket: 'login-fail:ip',
  max: security.loginFailuresPerAddress,
  windowSeconds: security.loginFailureWindowMinutes * 60,
  message: 'Too many failed logins from your network. Please try again in {wait}.',
};

const sessionEnded = () =>
  new AppError('UNAUTHENTICATED', 'Your session has ended. Please log in again.');

function commonPasswordError(field: string): AppError {
  const text = 'This password is too common. Please choose one that is harder to guess.';
  return new AppError('VALIDATION', text, { errors: { [field]: text } });
}

/** Refuses a send that is too soon or too many, before anything is written. */
async function checkSendLimits(
  tx: Executor,
  purpose: CodePurpose,
  email: string,
  ip: string,
): Promise<void> {
  for (const limit of sendLimits(purpose)) await assertWithinLimit(tx, limit, email);
  await assertWithinLimit(tx, codeSendsPerAddress, ip);
}

async function recordSend(tx: Executor, purpose: CodePurpose, email: string, ip: string) {
  for (const limit of sendLimits(purpose)) await recordEvent(tx, limit.bucket, email);
  await recordEvent(tx, codeSendsPerAddress.bucket, ip);
}

/** Writes a new code (closing older ones) and its email, in the caller's transaction. */
async function issueCode(
  deps: AuthDeps,
  tx: Executor,
  purpose: CodePurpose,
  email: string,
  firstName: string | undefined,
): Promise<void> {
  let code = generateCode(codeLength[purpose]);
  // Reset codes may be checked without their email: keep open ones distinct.
  for (let i = 0; purpose === 'reset' && i < 5; i++) {
    const clash = await repository.findOpenCode(tx, purpose, {
      codeHash: hashCode(deps.config.jwtSecret, purpose, code),
    });
    if (!clash || clash.expired) break;
    code = generateCode(codeLength[purpose]);
  }
  await repository.replaceCode(tx, {
    purpose,
    email,
    codeHash: hashCode(deps.config.jwtSecret, purpose, code),
    ttlMinutes: security.codeTtlMinutes,
  });
  await deps.mail.enqueue(tx, { to: email, ...codeEmail({ purpose, code, firstName }) });
}

function codeSent(email: string, length: number) {
  return {
    message: `We sent a ${length}-character code to ${email}. It is valid for ${security.codeTtlMinutes} minutes.`,
    result: { email, resendAfterSeconds: limits.resendCooldownSeconds },
  };
}

async function issueSession(
  deps: AuthDeps,
  tx: Executor,
  user: UserRow,
  userAgent: string | undefined,
): Promise<{ tokens: TTokens; sessionId: string }> {
  const sessionId = await repository.createSession(tx, {
    userId: user.id,
    userAgent,
    days: security.refreshTokenDays,
  });
  const refreshToken = generateToken();
  await repository.insertRefreshToken(tx, hashToken(refreshToken), sessionId);
  return {
    sessionId,
    tokens: { accessToken: accessToken(deps, user.id, sessionId), refreshToken },
  };
}

function accessToken(deps: AuthDeps, userId: string, sessionId: string): string {
  return signAccessToken(
    { userId, sid: sessionId },
    deps.config.jwtSecret,
    security.accessTokenMinutes * 60,
  );
}

export interface SignUpInput {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  isAdvocate: boolean;
  password: string;
}

/** Keeps the registration waiting and emails a 6-character code; the account comes on validation. */
export async function signUp(deps: AuthDeps, input: SignUpInput, context: RequestContext) {
  if (isCommonPassword(input.password)) throw commonPasswordError('password');
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    await repository.lockEmail(tx, 'signup', input.email);
    if (await repository.findUserByEmail(tx, input.email)) {
      throw new AppError('CONFLICT', 'An account with this email already exists. Please log in.', {
        errors: { email: 'An account with this email already exists' },
      });
    }
    await checkSendLimits(tx, 'signup', input.email, context.ip);
    await repository.savePendingRegistration(tx, {
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone,
      passwordHash,
      isAdvocate: input.isAdvocate,
      termsAcceptedAt: new Date(),
    });
    await issueCode(deps, tx, 'signup', input.email, input.firstName);
    await recordSend(tx, 'signup', input.email, context.ip);
  });
  deps.mail.kick();
  return codeSent(input.email, limits.signupCodeLength);
}

async function pendingOrExplain(tx: Executor, email: string) {
  const pending = await repository.findPendingRegistration(tx, email);
  if (pending) return pending;
  if (await repository.findUserByEmail(tx, email)) {
    throw new AppError('CONFLICT', 'This email is already verified. Please log in.');
  }
  throw new AppError('NOT_FOUND', 'No sign-up is waiting for this email. Please sign up first.');
}

export async function resendSignupCode(deps: AuthDeps, email: string, context: RequestContext) {
  await deps.db.transaction(async (tx) => {
    await repository.lockEmail(tx, 'signup', email);
    const pending = await pendingOrExplain(tx, email);
    await checkSendLimits(tx, 'signup', email, context.ip);
    await issueCode(deps, tx, 'signup', email, pending.firstName);
    await recordSend(tx, 'signup', email, context.ip);
  });
  deps.mail.kick();
  return codeSent(email, limits.signupCodeLength);
}

const codeClosed = 'This code has expired or can no longer be used. Please request a new code.';

function wrongCodeText(triesLeft: number): string {
  if (triesLeft <= 0) return `The code is not correct. ${codeClosed}`;
  return `The code is not correct. You have ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`;
}

/**
 * The right code creates the account from the waiting registration and signs the user in; a
 * wrong one counts against the code (5 tries) and is committed even though the call fails.
 */
export async function validateSignupCode(
  deps: AuthDeps,
  input: { email: string; emailOtp: string },
  context: RequestContext,
): Promise<SignedIn> {
  await assertWithinLimit(deps.db, codeChecksPerAddress, context.ip);
  const outcome = await deps.db.transaction(async (tx) => {
    await repository.lockEmail(tx, 'signup', input.email);
    const pending = await pendingOrExplain(tx, input.email);
    const code = await repository.findOpenCode(tx, 'signup', { email: input.email });
    if (!code || code.expired) return { failure: codeClosed };
    const given = hashCode(deps.config.jwtSecret, 'signup', input.emailOtp);
    if (!sameHash(given, code.codeHash)) {
      const left = await repository.recordWrongTry(tx, code.id, security.codeMaxWrongTries);
      await recordEvent(tx, codeChecksPerAddress.bucket, context.ip);
      return { failure: wrongCodeText(left) };
    }
    await repository.closeCode(tx, code.id);
    const user = await repository.insertUser(tx, {
      email: pending.email,
      firstName: pending.firstName,
      lastName: pending.lastName,
      phone: pending.phone,
      passwordHash: pending.passwordHash,
      isAdvocate: pending.isAdvocate,
    });
    await repository.deletePendingRegistration(tx, pending.email);
    const session = await issueSession(deps, tx, user, context.userAgent);
    return { user, ...session };
  });
  if ('failure' in outcome) {
    throw new AppError('BAD_REQUEST', outcome.failure ?? codeClosed, {
      errors: { emailOtp: outcome.failure ?? codeClosed },
    });
  }
  return {
    message: 'Your account has been verified. Welcome!',
    tokens: outcome.tokens,
    result: presentUser(outcome.user),
    sessionId: outcome.sessionId,
  };
}

export async function signIn(
  deps: AuthDeps,
  input: { email: string; password: string },
  context: RequestContext,
): Promise<SignedIn> {
  await assertWithinLimit(deps.db, loginFailuresPerAccount, input.email);
  await assertWithinLimit(deps.db, loginFailuresPerAddress, context.ip);
  const user = await repository.findUserByEmail(deps.db, input.email);
  const valid = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!user || !valid) {
    await deps.db.transaction(async (tx) => {
      await recordEvent(tx, loginFailuresPerAccount.bucket, input.email);
      await recordEvent(tx, loginFailuresPerAddress.bucket, context.ip);
    });
    throw new AppError('UNAUTHENTICATED', errorTexts.signIn);
  }
  const session = await deps.db.transaction(async (tx) => {
    await clearEvents(tx, loginFailuresPerAccount.bucket, input.email);
    return issueSession(deps, tx, user, context.userAgent);
  });
  return { message: 'Login successful', result: presentUser(user), ...session };
}

/**
 * Rotates the refresh token. A token used before (outside a short grace for two tabs refreshing
 * at once) means it was copied: the whole session is revoked.
 */
export async function refreshSession(
  deps: AuthDeps,
  refreshToken: string | undefined,
): Promise<{ tokens: TTokens; sessionId: string }> {
  if (!refreshToken) throw new AppError('UNAUTHENTICATED', 'Please log in again.');
  const outcome = await deps.db.transaction(async (tx) => {
    const row = await repository.findRefreshToken(tx, hashToken(refreshToken));
    if (!row || row.revokedAt || row.expired) return { ended: true as const };
    if (row.usedAt) {
      const withinGrace = (row.usedSecondsAgo ?? Infinity) <= security.refreshReuseGraceSeconds;
      if (!withinGrace) {
        await repository.revokeSession(tx, row.sessionId, 'refresh token reused');
        return { ended: true as const };
      }
    } else {
      await repository.markRefreshTokenUsed(tx, row.tokenHash);
    }
    const next = generateToken();
    await repository.insertRefreshToken(tx, hashToken(next), row.sessionId);
    await repository.touchSession(tx, row.sessionId);
    return { userId: row.userId, sessionId: row.sessionId, refreshToken: next };
  });
  if ('ended' in outcome) throw sessionEnded();
  return {
    sessionId: outcome.sessionId,
    tokens: {
      accessToken: accessToken(deps, outcome.userId, outcome.sessionId),
      refreshToken: outcome.refreshToken,
    },
  };
}

/** Ends the session of the access token or of the refresh token, whichever came. */
export async function logout(
  deps: AuthDeps,
  session: { sessionId?: string | undefined; refreshToken?: string | undefined },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    let sessionId = session.sessionId;
    if (!sessionId && session.refreshToken) {
      sessionId = (await repository.findRefreshToken(tx, hashToken(session.refreshToken)))
        ?.sessionId;
    }
    if (sessionId) await repository.revokeSession(tx, sessionId, 'logout');
  });
}

const resetRequested = (email: string) => ({
  message: `If an account exists for ${email}, we have sent a ${limits.resetCodeLength}-character code to it. It is valid for ${security.codeTtlMinutes} minutes.`,
  result: { email, resendAfterSeconds: limits.resendCooldownSeconds },
});

/** Answers the same whether or not the account exists; the limits apply to every address. */
export async function requestPasswordReset(deps: AuthDeps, email: string, context: RequestContext) {
  await deps.db.transaction(async (tx) => {
    await repository.lockEmail(tx, 'reset', email);
    await checkSendLimits(tx, 'reset', email, context.ip);
    const user = await repository.findUserByEmail(tx, email);
    if (user) await issueCode(deps, tx, 'reset', email, user.firstName);
    await recordSend(tx, 'reset', email, context.ip);
  });
  deps.mail.kick();
  return resetRequested(email);
}

export async function resetPassword(
  deps: AuthDeps,
  input: { resetCode: string; password: string; email?: string | undefined },
  context: RequestContext,
) {
  await assertWithinLimit(deps.db, codeChecksPerAddress, context.ip);
  if (isCommonPassword(input.password)) throw commonPasswordError('password');
  const passwordHash = await hashPassword(input.password);
  const given = hashCode(deps.config.jwtSecret, 'reset', input.resetCode);
  const outcome = await deps.db.transaction(async (tx) => {
    let code: repository.CodeRow | undefined;
    if (input.email) {
      await repository.lockEmail(tx, 'reset', input.email);
      code = await repository.findOpenCode(tx, 'reset', { email: input.email });
      if (!code || code.expired) return { failure: codeClosed };
      if (!sameHash(given, code.codeHash)) {
        const left = await repository.recordWrongTry(tx, code.id, security.codeMaxWrongTries);
        await recordEvent(tx, codeChecksPerAddress.bucket, context.ip);
        return { failure: wrongCodeText(left) };
      }
    } else {
      code = await repository.findOpenCode(tx, 'reset', { codeHash: given });
      if (!code || code.expired) {
        await recordEvent(tx, codeChecksPerAddress.bucket, context.ip);
        return { failure: `The code is not correct or has expired. Please request a new code.` };
      }
    }
    const user = await repository.findUserByEmail(tx, code.email);
    if (!user) return { failure: codeClosed };
    await repository.closeCode(tx, code.id);
    await repository.updatePassword(tx, user.id, passwordHash);
    await repository.revokeUserSessions(tx, user.id, 'password reset');
    await clearEvents(tx, loginFailuresPerAccount.bucket, user.email);
    await deps.mail.enqueue(tx, {
      to: user.email,
      ...passwordChangedEmail({ firstName: user.firstName }),
    });
    return { done: true };
  });
  if ('failure' in outcome) {
    const text = outcome.failure ?? codeClosed;
    throw new AppError('BAD_REQUEST', text, { errors: { resetCode: text } });
  }
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
) {
  const { user } = session;
  await assertWithinLimit(deps.db, loginFailuresPerAccount, user.email);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    await recordEvent(deps.db, loginFailuresPerAccount.bucket, user.email);
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
