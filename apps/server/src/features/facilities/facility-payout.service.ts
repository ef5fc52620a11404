import { accountNameMatchesFacility } from '@ipatient/contracts/evidence-rules';
import type {
  TFacilityPayoutAccount,
  TFacilityPayoutAccountRequest,
  TFacilityPayoutAccountSummary,
} from '@ipatient/contracts/facilities';
import { payoutAccountTexts, payoutNameMismatchText } from '@ipatient/contracts/facility-rules';
import { isUuid } from '@ipatient/contracts/ids';
import { maskedAccount } from '@ipatient/contracts/money-rules';
import { type Database, isViolation } from '@ipatient/db';
import { type BankLookup, bankLookupsPerUser } from '../../plugins/bank-lookup/bank-lookup.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Payments } from '../../plugins/payments/payments.ts';
import { assertWithinLimit, recordEvent } from '../../plugins/rate-limits.ts';
import * as facilities from './facilities.repository.ts';
import * as repository from './facility-payout.repository.ts';

/**
 * A facility's payout account (docs/product.md#payouts): the account campaigns treated there can
 * be paid into. Its name comes from the bank lookup, never from what an admin typed, and must be
 * the facility's; one admin adds it and a different admin verifies it, which registers it with
 * the payment provider. Only a verified account is paid, and only `paysDirect` is public.
 */
export interface FacilityPayoutDeps {
  db: Database;
  bankLookup: BankLookup;
  payments: Pick<Payments, 'createRecipient'>;
}

/** Who acts: an admin's id. */
interface Actor {
  id: string;
}

const facilityNotFound = () => AppError.notFound('Facility');
const accountNotFound = () => AppError.notFound('Payout account');

function present(row: repository.PayoutAccountWithNames): TFacilityPayoutAccount {
  const { account } = row;
  return {
    facilityId: account.facilityId,
    facilityName: row.facilityName,
    bankCode: account.bankCode,
    bankName: account.bankName,
    accountNumber: account.accountNumber,
    maskedAccountNumber: maskedAccount(account.accountNumber),
    accountName: account.accountName,
    lookupProvider: account.lookupProvider,
    nameMatches: accountNameMatchesFacility(account.accountName, row.facilityName),
    status: account.verifiedAt ? 'verified' : 'unverified',
    addedBy: account.addedBy ? { _id: account.addedBy, name: row.addedByName ?? '' } : null,
    addedAt: account.addedAt.toISOString(),
    verifiedBy: account.verifiedBy
      ? { _id: account.verifiedBy, name: row.verifiedByName ?? '' }
      : null,
    verifiedAt: account.verifiedAt?.toISOString() ?? null,
  };
}

/** Without the full number: what changes answer and the audit log keeps. */
function summary(account: TFacilityPayoutAccount): TFacilityPayoutAccountSummary {
  const { accountNumber: _full, ...rest } = account;
  return rest;
}

async function findFacilityOrThrow(db: Database, id: string) {
  if (!isUuid(id)) throw facilityNotFound();
  const facility = await facilities.findFacility(db, id);
  if (!facility) throw facilityNotFound();
  return facility;
}

async function presentStored(
  db: Database,
  facilityId: string,
): Promise<TFacilityPayoutAccountSummary> {
  const stored = await repository.findPayoutAccount(db, facilityId);
  if (!stored) throw accountNotFound();
  return summary(present(stored));
}

/** The facility's account with its full number, or null when it has none. */
export async function getPayoutAccount(
  db: Database,
  facilityId: string,
): Promise<TFacilityPayoutAccount | null> {
  await findFacilityOrThrow(db, facilityId);
  const stored = await repository.findPayoutAccount(db, facilityId);
  return stored ? present(stored) : null;
}

/**
 * Looks the account's name up at the bank (counted with the wizard's checks: the answer shows a
 * name) and stores the account unverified, replacing any previous one, when the name is the
 * facility's. The sandbox makes names up, so there the admin's `confirmNameMatches` stands in.
 */
export async function setPayoutAccount(
  deps: FacilityPayoutDeps,
  actor: Actor,
  facilityId: string,
  input: TFacilityPayoutAccountRequest,
): Promise<TFacilityPayoutAccountSummary> {
  const facility = await findFacilityOrThrow(deps.db, facilityId);
  await assertWithinLimit(deps.db, bankLookupsPerUser, actor.id);
  await recordEvent(deps.db, bankLookupsPerUser.bucket, actor.id);
  const looked = await deps.bankLookup.resolve(input.bankCode, input.accountNumber);
  const sandbox = looked.provider === 'sandbox';
  const matches = accountNameMatchesFacility(looked.accountName, facility.name);
  if (!matches && !(sandbox && input.confirmNameMatches === true)) {
    const message = payoutNameMismatchText(looked.accountName, facility.name, sandbox);
    throw new AppError('VALIDATION', message, { errors: { accountNumber: message } });
  }
  try {
    await repository.upsertPayoutAccount(deps.db, {
      facilityId: facility.id,
      bankCode: looked.bankCode,
      bankName: looked.bank,
      accountNumber: looked.accountNumber,
      accountName: looked.accountName,
      lookupProvider: looked.provider,
      addedBy: actor.id,
    });
  } catch (error) {
    // The facility was deleted meanwhile.
    if (isViolation(error, '23503')) throw facilityNotFound();
    throw error;
  }
  return presentStored(deps.db, facility.id);
}

/**
 * Why an account cannot be verified under the facility's name as it is now (it may have been
 * renamed since the account was added), or undefined. The sandbox makes names up: there the
 * confirmation of the admin who added the account stands.
 */
function nameNoLongerMatches(
  account: repository.PayoutAccountRow,
  facilityName: string,
): AppError | undefined {
  if (account.lookupProvider === 'sandbox') return undefined;
  if (accountNameMatchesFacility(account.accountName, facilityName)) return undefined;
  return new AppError(
    'CONFLICT',
    `${payoutNameMismatchText(account.accountName, facilityName, false)} Add an account in the facility’s name before verifying.`,
  );
}

/**
 * The second key: an admin other than the one who added the account confirms it. The account is
 * registered with the provider first (a provider that does not answer leaves it unverified, 503),
 * then marked verified only if it is still the account that was checked and its name is still
 * the facility's.
 */
export async function verifyPayoutAccount(
  deps: FacilityPayoutDeps,
  actor: Actor,
  facilityId: string,
): Promise<TFacilityPayoutAccountSummary> {
  await findFacilityOrThrow(deps.db, facilityId);
  const stored = await repository.findPayoutAccount(deps.db, facilityId);
  if (!stored) throw accountNotFound();
  const checked = stored.account;
  if (checked.verifiedAt) throw new AppError('CONFLICT', payoutAccountTexts.alreadyVerified);
  if (checked.addedBy === actor.id) throw new AppError('FORBIDDEN', payoutAccountTexts.sameAdmin);
  const mismatch = nameNoLongerMatches(checked, stored.facilityName);
  if (mismatch) throw mismatch;
  const { recipientCode } = await deps.payments.createRecipient({
    name: checked.accountName,
    accountNumber: checked.accountNumber,
    bankCode: checked.bankCode,
  });
  await deps.db.transaction(async (tx) => {
    // The facility first, as a rename locks it: a rename under way ends before the name is
    // checked, and none starts until this account is verified.
    const facility = await facilities.findFacilityShared(tx, facilityId);
    if (!facility) throw facilityNotFound();
    const current = await repository.lockPayoutAccount(tx, facilityId);
    const unchanged =
      current !== undefined &&
      current.bankCode === checked.bankCode &&
      current.accountNumber === checked.accountNumber &&
      current.addedBy === checked.addedBy &&
      current.addedAt.getTime() === checked.addedAt.getTime();
    if (!unchanged) throw new AppError('CONFLICT', payoutAccountTexts.changedMeanwhile);
    if (current.verifiedAt) throw new AppError('CONFLICT', payoutAccountTexts.alreadyVerified);
    const renamed = nameNoLongerMatches(current, facility.name);
    if (renamed) throw renamed;
    await repository.markPayoutAccountVerified(tx, facilityId, actor.id, recipientCode);
  });
  return presentStored(deps.db, facilityId);
}

/** Removes the account: the facility is no longer paid directly. Returns what was removed. */
export async function removePayoutAccount(
  db: Database,
  facilityId: string,
): Promise<TFacilityPayoutAccountSummary> {
  await findFacilityOrThrow(db, facilityId);
  const stored = await repository.findPayoutAccount(db, facilityId);
  if (!stored) throw accountNotFound();
  const removed = await repository.deletePayoutAccount(db, facilityId);
  if (!removed) throw accountNotFound();
  return summary(present(stored));
}

/** The account as it was before an admin changes it, for the audit log (no full number). */
export async function payoutAccountBefore(
  db: Database,
  facilityId: unknown,
): Promise<TFacilityPayoutAccountSummary | null> {
  if (typeof facilityId !== 'string' || !isUuid(facilityId)) return null;
  const stored = await repository.findPayoutAccount(db, facilityId);
  return stored ? summary(present(stored)) : null;
}
