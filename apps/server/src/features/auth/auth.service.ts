import { groupCode } from '@ipatient/contracts/account-rules';
import type { TTokens, TUser } from '@ipatient/contracts/accounts';
import { adminUserTexts } from '@ipatient/contracts/admin';
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
import {
  generateCode,
  generateToken,
  hashCode,
  hashToken,
  sameHash,
  successorToken,
} from '../../lib/secrets.ts';
import type { OutboxMailer } from '../../lib/service-deps.ts';
import { AppError } from '../../plugins/errors.ts';
import {
  codeEmail,
  passwordChangedEmail,
  signupAttemptEmail,
} from '../../plugins/mail/email-templates.ts';
import {
  assertWithinLimit,
  clearEvents,
  type Limit,
  recordEvent,
  waitText,
} from '../../plugins/rate-limits.ts';
import * as repository from './auth.repository.ts';
import { suspendedAccountEmail } from './suspended-email.ts';

export interface AuthDeps {
  db: Database;
  config: Config;
  mail: OutboxMailer;
}

/** Who is asking: the client key (for abuse limits) and the device (for the session list). */
export interface RequestContext {
  /** `request.clientKey`: the address, IPv6 cut to its /64 (lib/client-key.ts). */
  clientKey: string;
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

/** The key of a limit counted per account and address: only that pair is refused. */
const accountAddress = (email: string, clientKey: string) => `${email}|${clientKey}`;

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

const failureWindowSeconds = security.loginFailureWindowMinutes * 60;

function codeChecksPerAccountAddress(purpose: CodePurpose): Limit {
  return {
    bucket: `code-check:${purpose}:account-address`,
    max: security.codeChecksPerAccountAddress,
    windowSeconds: failureWindowSeconds,
    message: 'Too many wrong codes have been tried for this email. Please try again in {wait}.',
  };
}

const codeChecksPerAddress: Limit = {
  bucket: 'code-check:ip',
  max: security.codeChecksPerAddress,
  windowSeconds: failureWindowSeconds,
  message: 'Too many wrong codes have been tried from your network. Please try again in {wait}.',
};

const resetChecksPerAccount: Limit = {
  bucket: 'reset-check:account',
  max: security.resetChecksPerAccountPerHour,
  windowSeconds: 3600,
  message: 'Too many wrong reset codes have been tried for this email. Please try again in {wait}.',
};

/** One key for the whole site. */
const SITE = 'site';

const resetChecksSiteWide: Limit = {
  bucket: 'reset-check:site',
  max: security.resetChecksSiteWidePerHour,
  windowSeconds: 3600,
  message: 'Too many password resets are being tried right now. Please try again in {wait}.',
};

const loginFailuresPerAccountAddress: Limit = {
  bucket: 'login-fail:account-address',
  max: security.loginFailuresPerAccountAddress,
  windowSeconds: failureWindowSeconds,
  message: 'Too many failed logins for this account from your network. Please try again in {wait}.',
};

const loginFailuresPerAddress: Limit = {
  bucket: 'login-fail:ip',
  max: security.loginFailuresPerAddress,
  windowSeconds: failureWindowSeconds,
  message: 'Too many failed logins from your network. Please try again in {wait}.',
};

/** Failed logins of an account from every address, for the slowdown (keyed on the email). */
const accountFailuresBucket = 'login-fail:account';

const sessionEnded = () =>
  new AppError('UNAUTHENTICATED', 'Your session has ended. Please log in again.');

function commonPasswordError(field: string): AppError {
  const text = 'This password is too common. Please choose one that is harder to guess.';
  return new AppError('VALIDATION', text, { errors: { [field]: text } });
}

/**
 * Seconds before an account may be tried again. Up to `accountSlowdownAfterFailures` failures
 * (from all addresses, in the slowdown window) nothing waits; each one beyond doubles the wait
 * after the newest failure, up to the cap. It slows a guesser with many addresses to a crawl
 * without ever locking the owner out for longer than the cap.
 */
function slowdownSeconds(failures: number, secondsSinceLast: number): number {
  const beyond = failures - security.accountSlowdownAfterFailures;
  if (beyond < 0) return 0;
  const delay = Math.min(
    security.accountSlowdownFirstSeconds * 2 ** beyond,
    security.accountSlowdownMaxSeconds,
  );
  return Math.max(0, Math.ceil(delay - secondsSinceLast));
}

async function assertAccountNotSlowed(executor: Executor, email: string): Promise<void> {
  const history = await repository.eventHistory(
    executor,
    accountFailuresBucket,
    email,
    security.accountSlowdownWindowHours * 3600,
  );
  const wait = slowdownSeconds(history.count, history.secondsSinceLast);
  if (wait > 0) {
    throw new AppError(
      'RATE_LIMITED',
      `There have been many failed logins for this account. Please try again in ${waitText(wait)}.`,
      { retryAfter: wait },
    );
  }
}

/** The failure limits a password check must be within, cheapest refusal first. */
async function assertLoginAllowed(executor: Executor, email: string, clientKey: string) {
  await assertWithinLimit(
    executor,
    loginFailuresPerAccountAddress,
    accountAddress(email, clientKey),
  );
  await assertWithinLimit(executor, loginFailuresPerAddress, clientKey);
  await assertAccountNotSlowed(executor, email);
}

async function recordLoginFailure(executor: Executor, email: string, clientKey: string) {
  await recordEvent(
    executor,
    loginFailuresPerAccountAddress.bucket,
    accountAddress(email, clientKey),
  );
  await recordEvent(executor, loginFailuresPerAddress.bucket, clientKey);
  await recordEvent(executor, accountFailuresBucket, email);
}

/** Refuses a send that is too soon or too many, before anything is written. */
async function checkSendLimits(
  executor: Executor,
  purpose: CodePurpose,
  email: string,
  clientKey: string,
): Promise<void> {
  for (const limit of sendLimits(purpose)) await assertWithinLimit(executor, limit, email);
  await assertWithinLimit(executor, codeSendsPerAddress, clientKey);
}

async function recordSend(tx: Executor, purpose: CodePurpose, email: string, clientKey: string) {
  for (const limit of sendLimits(purpose)) await recordEvent(tx, limit.bucket, email);
  await recordEvent(tx, codeSendsPerAddress.bucket, clientKey);
}

/**
 * The limits every code check must be within: per email and address, per address, and for
 * resets also per account (all addresses) and for the whole site.
 */
async function assertCodeCheckAllowed(
  executor: Executor,
  purpose: CodePurpose,
  email: string,
  clientKey: string,
): Promise<void> {
  await assertWithinLimit(
    executor,
    codeChecksPerAccountAddress(purpose),
    accountAddress(email, clientKey),
  );
  await assertWithinLimit(executor, codeChecksPerAddress, clientKey);
  if (purpose === 'reset') {
    await assertWithinLimit(executor, resetChecksPerAccount, email);
    await assertWithinLimit(executor, resetChecksSiteWide, SITE);
  }
}

async function recordCodeMiss(
  executor: Executor,
  purpose: CodePurpose,
  email: string,
  clientKey: string,
): Promise<void> {
  await recordEvent(
    executor,
    codeChecksPerAccountAddress(purpose).bucket,
    accountAddress(email, clientKey),
  );
  await recordEvent(executor, codeChecksPerAddress.bucket, clientKey);
  if (purpose === 'reset') {
    await recordEvent(executor, resetChecksPerAccount.bucket, email);
    await recordEvent(executor, resetChecksSiteWide.bucket, SITE);
  }
}

/** Writes a new code (closing older ones) and returns it, in the caller's transaction. */
async function newCode(
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
async function decoyCode(
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

function codeSent(email: string, length: number) {
  return {
    message: `We sent a ${length}-character code to ${email}. It is valid for ${security.codeTtlMinutes} minutes.`,
    result: { email, resendAfterSeconds: limits.resendCooldownSeconds },
  };
}

const codeClosed = 'This code has expired or can no longer be used. Please request a new code.';

function wrongCodeText(triesLeft: number): string {
  if (triesLeft <= 0) return `The code is not correct. ${codeClosed}`;
  return `The code is not correct. You have ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`;
}

/**
 * Checks a code against the newest open code of its address, under that code's row lock. Every
 * miss counts: against the code (it closes at the fifth) and in the abuse limits, also when no
 * code is open, so a guess costs the same whatever the address.
 */
async function checkCode(
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
  await checkSendLimits(deps.db, 'signup', input.email, context.clientKey);
  // Hashed outside the transaction, so no database connection waits on argon2.
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    await repository.lockEmail(tx, 'signup', input.email);
    await checkSendLimits(tx, 'signup', input.email, context.clientKey);
    await recordSend(tx, 'signup', input.email, context.clientKey);
    if (await repository.findUserByEmail(tx, input.email)) {
      await decoyCode(deps, tx, 'signup', input.email);
      const site = deps.config.publicUrl;
      await deps.mail.enqueue(tx, {
        to: input.email,
        ...signupAttemptEmail({ loginUrl: `${site}/login`, resetUrl: `${site}/reset-password` }),
      });
      return;
    }
    await repository.savePendingRegistration(tx, {
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone,
      passwordHash,
      isAdvocate: input.isAdvocate,
      termsAcceptedAt: new Date(),
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
    await repository.lockEmail(tx, 'signup', email);
    await checkSendLimits(tx, 'signup', email, context.clientKey);
    await recordSend(tx, 'signup', email, context.clientKey);
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
    await repository.lockEmail(tx, 'signup', input.email);
    await assertCodeCheckAllowed(tx, 'signup', input.email, context.clientKey);
    const checked = await checkCode(
      deps,
      tx,
      'signup',
      input.email,
      input.emailOtp,
      context.clientKey,
    );
    if ('failure' in checked) return checked;
    await repository.closeCode(tx, checked.code.id);
    const pending = await repository.findPendingRegistration(tx, input.email);
    if (!pending) return { failure: codeClosed };
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
    throw new AppError('BAD_REQUEST', outcome.failure, { errors: { emailOtp: outcome.failure } });
  }
  return {
    message: 'Your account has been verified. Welcome!',
    tokens: outcome.tokens,
    result: presentUser(outcome.user),
    sessionId: outcome.sessionId,
  };
}

/**
 * Failures are limited per account and address (10 in 15 minutes: only that address is
 * refused), per address (high: carriers share addresses) and per account from everywhere (a
 * doubling delay, never a lock). Success clears this address's count for the account.
 */
export async function signIn(
  deps: AuthDeps,
  input: { email: string; password: string },
  context: RequestContext,
): Promise<SignedIn> {
  await assertLoginAllowed(deps.db, input.email, context.clientKey);
  const user = await repository.findUserByEmail(deps.db, input.email);
  const valid = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!user || !valid) {
    await deps.db.transaction((tx) => recordLoginFailure(tx, input.email, context.clientKey));
    throw new AppError('UNAUTHENTICATED', errorTexts.signIn);
  }
  // Told only after the right password, so the form never says which accounts are suspended.
  if (user.suspendedAt) throw new AppError('FORBIDDEN', adminUserTexts.suspended);
  const session = await deps.db.transaction(async (tx) => {
    await clearEvents(
      tx,
      loginFailuresPerAccountAddress.bucket,
      accountAddress(input.email, context.clientKey),
    );
    return issueSession(deps, tx, user, context.userAgent);
  });
  return { message: 'Login successful', result: presentUser(user), ...session };
}

/**
 * Rotates the refresh token. A token used before, outside a short grace for two tabs refreshing
 * at once, means it was copied: the whole session is revoked. Within the grace it gets the same
 * successor it got the first time (derived from it), so the session never forks into two chains.
 */
export async function refreshSession(
  deps: AuthDeps,
  refreshToken: string | undefined,
): Promise<{ tokens: TTokens; sessionId: string }> {
  if (!refreshToken) throw new AppError('UNAUTHENTICATED', 'Please log in again.');
  const outcome = await deps.db.transaction(async (tx) => {
    const row = await repository.findRefreshToken(tx, hashToken(refreshToken));
    if (!row || row.revokedAt || row.expired || row.suspended) return { ended: true as const };
    if (row.usedAt) {
      const withinGrace = (row.usedSecondsAgo ?? Infinity) <= security.refreshReuseGraceSeconds;
      if (!withinGrace) {
        await repository.revokeSession(tx, row.sessionId, 'refresh token reused');
        return { ended: true as const };
      }
    } else {
      await repository.markRefreshTokenUsed(tx, row.tokenHash);
    }
    const next = successorToken(deps.config.jwtSecret, row.tokenHash);
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
    await repository.lockEmail(tx, 'reset', email);
    await checkSendLimits(tx, 'reset', email, context.clientKey);
    await recordSend(tx, 'reset', email, context.clientKey);
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
    await repository.lockEmail(tx, 'reset', input.email);
    await assertCodeCheckAllowed(tx, 'reset', input.email, context.clientKey);
    return checkCode(deps, tx, 'reset', input.email, input.resetCode, context.clientKey);
  });
  if ('failure' in checked) throw resetFailure(checked.failure);
  const passwordHash = await hashPassword(input.password);
  const done = await deps.db.transaction(async (tx) => {
    await repository.lockEmail(tx, 'reset', input.email);
    const code = await repository.findOpenCode(tx, 'reset', input.email);
    if (!code || code.id !== checked.code.id || code.expired) return false;
    await repository.closeCode(tx, code.id);
    const user = await repository.findUserByEmail(tx, input.email);
    // A code sent before the account was suspended no longer resets it.
    if (!user || user.suspendedAt) return false;
    await repository.updatePassword(tx, user.id, passwordHash);
    await repository.revokeUserSessions(tx, user.id, 'password reset');
    // Whoever reads this mailbox is the owner: the failures counted against the account go.
    await clearEvents(tx, accountFailuresBucket, user.email);
    await clearEvents(
      tx,
      loginFailuresPerAccountAddress.bucket,
      accountAddress(user.email, context.clientKey),
    );
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
