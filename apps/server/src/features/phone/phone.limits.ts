import { limits, security } from '@ipatient/contracts/constants';
import { phoneRules } from '@ipatient/contracts/phone';
import type { Executor } from '@ipatient/db';
import { assertWithinLimit, type Limit, recordEvent } from '../../plugins/rate-limits.ts';

/**
 * The abuse limits of texted codes: those of emailed codes (the same numbers and, per network
 * address, the same counts), plus one per phone number, whichever account asks.
 */

const cooldown: Limit = {
  bucket: 'code-cooldown:phone',
  max: 1,
  windowSeconds: limits.resendCooldownSeconds,
  message: 'Please wait {wait} before asking for another code.',
};

const perAccount: Limit = {
  bucket: 'code-hourly:phone',
  max: security.codeSendsPerHour,
  windowSeconds: 3600,
  message: 'Too many codes have been sent for your account. Please try again in {wait}.',
};

const perNumber: Limit = {
  bucket: 'code-hourly:phone-number',
  max: phoneRules.codeSendsPerNumberPerHour,
  windowSeconds: 3600,
  message: 'Too many codes have been sent to this phone number. Please try again in {wait}.',
};

/** Shared with emailed codes (same bucket): one budget of codes per network address. */
const perAddress: Limit = {
  bucket: 'code-send:ip',
  max: security.codeSendsPerAddressPerHour,
  windowSeconds: 3600,
  message: 'Too many codes have been requested from your network. Please try again in {wait}.',
};

const failureWindowSeconds = security.loginFailureWindowMinutes * 60;

const checksPerAccountAddress: Limit = {
  bucket: 'code-check:phone:account-address',
  max: security.codeChecksPerAccountAddress,
  windowSeconds: failureWindowSeconds,
  message: 'Too many wrong codes have been tried for your account. Please try again in {wait}.',
};

/** Shared with emailed codes (same bucket). */
const checksPerAddress: Limit = {
  bucket: 'code-check:ip',
  max: security.codeChecksPerAddress,
  windowSeconds: failureWindowSeconds,
  message: 'Too many wrong codes have been tried from your network. Please try again in {wait}.',
};

const accountAddress = (email: string, clientKey: string) => `${email}|${clientKey}`;

/** Refuses a send that is too soon or too many, before anything is written. */
export async function checkPhoneSendLimits(
  executor: Executor,
  email: string,
  phone: string,
  clientKey: string,
): Promise<void> {
  await assertWithinLimit(executor, cooldown, email);
  await assertWithinLimit(executor, perAccount, email);
  await assertWithinLimit(executor, perNumber, phone);
  await assertWithinLimit(executor, perAddress, clientKey);
}

export async function recordPhoneSend(
  executor: Executor,
  email: string,
  phone: string,
  clientKey: string,
): Promise<void> {
  await recordEvent(executor, cooldown.bucket, email);
  await recordEvent(executor, perAccount.bucket, email);
  await recordEvent(executor, perNumber.bucket, phone);
  await recordEvent(executor, perAddress.bucket, clientKey);
}

export async function assertPhoneCheckAllowed(
  executor: Executor,
  email: string,
  clientKey: string,
): Promise<void> {
  await assertWithinLimit(executor, checksPerAccountAddress, accountAddress(email, clientKey));
  await assertWithinLimit(executor, checksPerAddress, clientKey);
}

export async function recordPhoneCodeMiss(
  executor: Executor,
  email: string,
  clientKey: string,
): Promise<void> {
  await recordEvent(executor, checksPerAccountAddress.bucket, accountAddress(email, clientKey));
  await recordEvent(executor, checksPerAddress.bucket, clientKey);
}
