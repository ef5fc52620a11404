import { phoneRules } from '@ipatient/contracts/phone';
import { codeSendLimits, type KeyedLimit } from '../../lib/code-limits.ts';
import type { Limit } from '../../plugins/rate-limits.ts';

/**
 * Codes texted to one number an hour, whichever account asks: a stranger's phone cannot be
 * flooded from many accounts.
 */
const perNumber: Limit = {
  bucket: 'code-hourly:phone-number',
  max: phoneRules.codeSendsPerNumberPerHour,
  windowSeconds: 3600,
  message: 'Too many codes have been sent to this phone number. Please try again in {wait}.',
};

/**
 * The send limits of a texted code: those of every code (per account, per network address)
 * plus one per phone number. Its checks have only the limits of every code.
 */
export function phoneSendLimits(email: string, phone: string, clientKey: string): KeyedLimit[] {
  return codeSendLimits('phone', email, clientKey, [{ limit: perNumber, key: phone }]);
}
