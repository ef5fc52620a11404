import { brand } from '@ipatient/contracts';
import { security } from '@ipatient/contracts/constants';
import { phoneRules, phoneTexts, type TPhoneStatus } from '@ipatient/contracts/phone';
import { type Database, isViolation } from '@ipatient/db';
import type { Config } from '../../config.ts';
import { codeCheckLimits, countWithinLimits } from '../../lib/code-limits.ts';
import {
  checkCode,
  closeCode,
  codeClosed,
  issueCode,
  lockAddress,
} from '../../lib/one-time-codes.ts';
import type { UserRow } from '../../lib/present-user.ts';
import type { OutboxSms } from '../../lib/service-deps.ts';
import { AppError } from '../../plugins/errors.ts';
import { phoneSendLimits } from './phone.limits.ts';
import * as repository from './phone.repository.ts';

export interface PhoneDeps {
  db: Database;
  config: Config;
  sms: OutboxSms;
}

/** The one-segment text that carries a code (GSM characters only, well under 160). */
export function codeText(code: string): string {
  return `${brand.siteName} code: ${code}. Use it to verify this phone number. Valid for ${security.codeTtlMinutes} minutes. Never share it.`;
}

function present(row: UserRow, codeSentTo: string | null): TPhoneStatus {
  const phoneVerified = row.phoneVerifiedAt !== null;
  return {
    phone: row.phone,
    phoneVerified,
    // Texts go only to a verified number: after a change of number they wait for its check.
    smsUpdates: row.smsUpdates && phoneVerified,
    codeSentTo,
  };
}

const takenByAnother = () =>
  new AppError('CONFLICT', phoneTexts.takenByAnother, {
    errors: { phone: phoneTexts.takenByAnother },
  });

export async function getPhoneStatus(deps: PhoneDeps, viewer: UserRow): Promise<TPhoneStatus> {
  const row = await repository.findUser(deps.db, viewer.id);
  if (!row) throw AppError.notFound('User');
  return present(row, await repository.openCodePhone(deps.db, row.email));
}

/**
 * Texts a code to `phone` (already E.164) through the outbox, with the rules of every one-time
 * code (`lib/one-time-codes.ts`: a keyed hash stored, only the newest valid) and the send limits
 * per account, per number and per client address. A number verified on another account is
 * refused before anything is sent.
 */
export async function sendPhoneCode(
  deps: PhoneDeps,
  viewer: UserRow,
  phone: string,
  clientKey: string,
) {
  await deps.db.transaction(async (tx) => {
    await lockAddress(tx, 'phone', viewer.email);
    const row = await repository.lockUser(tx, viewer.id);
    if (!row) throw AppError.notFound('User');
    if (row.phone === phone && row.phoneVerifiedAt !== null) {
      const text = 'This number is already verified on your account.';
      throw new AppError('CONFLICT', text, { errors: { phone: text } });
    }
    if (await repository.verifiedByAnother(tx, phone, row.id)) throw takenByAnother();
    await countWithinLimits(tx, phoneSendLimits(row.email, phone, clientKey));
    const owner = { purpose: 'phone' as const, email: row.email, phone };
    const code = await issueCode(tx, deps.config.jwtSecret, owner, phoneRules.codeLength);
    await deps.sms.enqueue(tx, { to: phone, text: codeText(code), kind: 'code' });
  });
  deps.sms.kick();
  return {
    message: `We sent a ${phoneRules.codeLength}-character code by text message to ${phone}. It is valid for ${phoneRules.codeTtlMinutes} minutes.`,
    result: {
      phone,
      resendAfterSeconds: phoneRules.resendAfterSeconds,
      validForMinutes: phoneRules.codeTtlMinutes,
    },
  };
}

/**
 * Checks the texted code against the member's newest open one as every code is checked (every
 * miss counted; the code closes at the fifth); a right one is closed and its number becomes the
 * member's verified phone, in one transaction. Another account's verified number is refused with
 * 409, also when both verify at once (the unique index).
 */
export async function verifyPhone(
  deps: PhoneDeps,
  viewer: UserRow,
  code: string,
  clientKey: string,
): Promise<TPhoneStatus> {
  let outcome: { failure: string } | { row: UserRow };
  try {
    outcome = await deps.db.transaction(async (tx) => {
      await lockAddress(tx, 'phone', viewer.email);
      const checked = await checkCode(
        tx,
        deps.config.jwtSecret,
        { purpose: 'phone', email: viewer.email },
        code,
        codeCheckLimits('phone', viewer.email, clientKey),
      );
      // The failure is returned, not thrown, so the counts of the miss are committed.
      if ('failure' in checked) return checked;
      const open = checked.code;
      // Never null: the table keeps the number on every phone code.
      if (!open.phone) return { failure: codeClosed };
      if (await repository.verifiedByAnother(tx, open.phone, viewer.id)) throw takenByAnother();
      await closeCode(tx, open.id);
      const row = await repository.setVerifiedPhone(tx, viewer.id, open.phone);
      if (!row) throw AppError.notFound('User');
      return { row };
    });
  } catch (error) {
    if (isViolation(error, '23505', 'users_verified_phone_unique')) throw takenByAnother();
    throw error;
  }
  if ('failure' in outcome) {
    throw new AppError('BAD_REQUEST', outcome.failure, { errors: { code: outcome.failure } });
  }
  return present(outcome.row, null);
}

/**
 * Texts of donation receipts and complaint news, on or off: on only with a verified phone. A
 * change is recorded as a consent in the same transaction.
 */
export async function setSmsUpdates(
  deps: PhoneDeps,
  viewer: UserRow,
  smsUpdates: boolean,
): Promise<TPhoneStatus> {
  const row = await deps.db.transaction(async (tx) => {
    const before = await repository.lockUser(tx, viewer.id);
    if (!before) throw AppError.notFound('User');
    if (smsUpdates && before.phoneVerifiedAt === null) {
      throw new AppError('CONFLICT', phoneTexts.needsVerifiedPhone, {
        errors: { smsUpdates: phoneTexts.needsVerifiedPhone },
      });
    }
    if (before.smsUpdates === smsUpdates) return before;
    const after = await repository.setSmsUpdates(tx, viewer.id, smsUpdates);
    if (!after) throw AppError.notFound('User');
    await repository.recordSmsConsent(tx, viewer.id, smsUpdates);
    return after;
  });
  return present(row, await repository.openCodePhone(deps.db, row.email));
}
