import { security } from '@ipatient/contracts/constants';
import type { CodePurpose, Executor } from '@ipatient/db';
import { accountAddress, codeCheckLimits, type KeyedLimit } from '../../lib/code-limits.ts';
import { AppError } from '../../plugins/errors.ts';
import {
  assertWithinLimit,
  clearEvents,
  type Limit,
  recentEvents,
  recordEvent,
  waitText,
} from '../../plugins/rate-limits.ts';

/**
 * The abuse limits of signing in, and those of emailed codes beyond the ones every code shares
 * (`lib/code-limits.ts`): a reset code is also limited per account and for the whole site.
 */

const failureWindowSeconds = security.loginFailureWindowMinutes * 60;

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
  const history = await recentEvents(
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
export async function assertLoginAllowed(executor: Executor, email: string, clientKey: string) {
  await assertWithinLimit(
    executor,
    loginFailuresPerAccountAddress,
    accountAddress(email, clientKey),
  );
  await assertWithinLimit(executor, loginFailuresPerAddress, clientKey);
  await assertAccountNotSlowed(executor, email);
}

export async function recordLoginFailure(executor: Executor, email: string, clientKey: string) {
  await recordEvent(
    executor,
    loginFailuresPerAccountAddress.bucket,
    accountAddress(email, clientKey),
  );
  await recordEvent(executor, loginFailuresPerAddress.bucket, clientKey);
  await recordEvent(executor, accountFailuresBucket, email);
}

/**
 * The limits every check of an emailed code must be within: those of every code (per email and
 * address, per address) and for resets also per account (all addresses) and for the whole site.
 */
export function emailCodeCheckLimits(
  purpose: CodePurpose,
  email: string,
  clientKey: string,
): KeyedLimit[] {
  const resets: KeyedLimit[] = [
    { limit: resetChecksPerAccount, key: email },
    { limit: resetChecksSiteWide, key: SITE },
  ];
  return codeCheckLimits(purpose, email, clientKey, purpose === 'reset' ? resets : []);
}

/** After a right password: this address's failures for the account go. */
export async function clearAddressLoginFailures(
  executor: Executor,
  email: string,
  clientKey: string,
): Promise<void> {
  await clearEvents(
    executor,
    loginFailuresPerAccountAddress.bucket,
    accountAddress(email, clientKey),
  );
}

/** The failures counted against the account from every address (its slowdown) go. */
export async function clearAccountLoginFailures(executor: Executor, email: string): Promise<void> {
  await clearEvents(executor, accountFailuresBucket, email);
}
