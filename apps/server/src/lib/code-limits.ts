import { limits, security } from '@ipatient/contracts/constants';
import type { CodePurpose, Executor } from '@ipatient/db';
import { assertWithinLimit, type Limit, recordEvent } from '../plugins/rate-limits.ts';

/**
 * The abuse limits every one-time code shares, emailed or texted: per account one code every
 * 30 seconds and 5 an hour, and per network address one budget of sends and one of wrong tries
 * for every kind of code (the same buckets, so switching kinds buys nothing). A feature passes
 * its own limits beside these (per phone number, for resets).
 */

/** A limit and the key it counts under for one request. */
export interface KeyedLimit {
  limit: Limit;
  key: string;
}

/** The key of a limit counted per account and address: only that pair is refused. */
export const accountAddress = (email: string, clientKey: string) => `${email}|${clientKey}`;

/**
 * How the per-account refusals name the account: an emailed code is asked for by typing an
 * address, a texted one by the signed-in member.
 */
const account: Record<CodePurpose, { sent: string; tried: string }> = {
  signup: { sent: 'sent to this email', tried: 'tried for this email' },
  reset: { sent: 'sent to this email', tried: 'tried for this email' },
  phone: { sent: 'sent for your account', tried: 'tried for your account' },
};

const sendsPerAddress: Limit = {
  bucket: 'code-send:ip',
  max: security.codeSendsPerAddressPerHour,
  windowSeconds: 3600,
  message: 'Too many codes have been requested from your network. Please try again in {wait}.',
};

const failureWindowSeconds = security.loginFailureWindowMinutes * 60;

const checksPerAddress: Limit = {
  bucket: 'code-check:ip',
  max: security.codeChecksPerAddress,
  windowSeconds: failureWindowSeconds,
  message: 'Too many wrong codes have been tried from your network. Please try again in {wait}.',
};

/**
 * The limits of sending a code for `email`, in the order they are checked: the account's, then
 * `also` (the feature's own), then the network address's.
 */
export function codeSendLimits(
  purpose: CodePurpose,
  email: string,
  clientKey: string,
  also: KeyedLimit[] = [],
): KeyedLimit[] {
  const cooldown: Limit = {
    bucket: `code-cooldown:${purpose}`,
    max: 1,
    windowSeconds: limits.resendCooldownSeconds,
    message: 'Please wait {wait} before asking for another code.',
  };
  const hourly: Limit = {
    bucket: `code-hourly:${purpose}`,
    max: security.codeSendsPerHour,
    windowSeconds: 3600,
    message: `Too many codes have been ${account[purpose].sent}. Please try again in {wait}.`,
  };
  return [
    { limit: cooldown, key: email },
    { limit: hourly, key: email },
    ...also,
    { limit: sendsPerAddress, key: clientKey },
  ];
}

/**
 * The limits of checking a code for `email`, in the order they are checked: per account and
 * address, per address, then `also`. Every miss counts against all of them.
 */
export function codeCheckLimits(
  purpose: CodePurpose,
  email: string,
  clientKey: string,
  also: KeyedLimit[] = [],
): KeyedLimit[] {
  const perAccountAddress: Limit = {
    bucket: `code-check:${purpose}:account-address`,
    max: security.codeChecksPerAccountAddress,
    windowSeconds: failureWindowSeconds,
    message: `Too many wrong codes have been ${account[purpose].tried}. Please try again in {wait}.`,
  };
  return [
    { limit: perAccountAddress, key: accountAddress(email, clientKey) },
    { limit: checksPerAddress, key: clientKey },
    ...also,
  ];
}

/** Refuses (429) at the first limit reached, before anything is written. */
export async function assertWithinLimits(executor: Executor, keyed: KeyedLimit[]): Promise<void> {
  for (const { limit, key } of keyed) await assertWithinLimit(executor, limit, key);
}

/** Counts one event against each limit. */
export async function recordLimits(executor: Executor, keyed: KeyedLimit[]): Promise<void> {
  for (const { limit, key } of keyed) await recordEvent(executor, limit.bucket, key);
}

/**
 * Refuses (429) at the first limit reached, else counts one event against each. The caller holds
 * the address's lock, so requests sent at once cannot all slip under a limit.
 */
export async function countWithinLimits(executor: Executor, keyed: KeyedLimit[]): Promise<void> {
  await assertWithinLimits(executor, keyed);
  await recordLimits(executor, keyed);
}
