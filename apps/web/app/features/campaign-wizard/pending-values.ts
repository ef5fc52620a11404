import type { TCampaignRevision } from '@ipatient/contracts/campaign-revisions';
import type { VerifiedAccount, WizardEdit, WizardValues } from './wizard-model.ts';

const text = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/**
 * The edit screen of a live campaign whose change waits for review shows that change: its
 * proposed values over the approved ones, the new account (already looked up) and cover.
 * Saving compares with these, so an unchanged pending value is not sent again.
 */
export function withPendingValues(
  values: WizardValues,
  pending: TCampaignRevision | null,
): WizardValues {
  if (!pending) return values;
  const next = { ...values };
  const proposed = pending.proposed;
  for (const field of [
    'title',
    'description',
    'fundraisingFor',
    'firstName',
    'lastName',
    'beneficiaryType',
    'amountNeeded',
    'duration',
    'diagnosis',
    'bankCode',
    'accountNumber',
  ] as const) {
    if (field in proposed) next[field] = text(proposed[field]);
  }
  if ('facilityId' in proposed || 'facilityName' in proposed) {
    next.facilityId = text(proposed.facilityId);
    next.facilityName = text(
      pending.changes.find((change) => change.field === 'facilityName')?.after,
    );
  }
  return next;
}

/** The account the pending change names (looked up by the server), else the approved one. */
export function withPendingAccount(
  account: VerifiedAccount,
  pending: TCampaignRevision | null,
): VerifiedAccount {
  const proposed = pending?.proposed;
  if (!proposed || !('accountNumber' in proposed)) return account;
  return {
    ...account,
    accountName: text(proposed.accountName),
    accountNumber: text(proposed.accountNumber),
    bankCode: text(proposed.bankCode),
    bank: text(proposed.bank),
  };
}

/** The pending cover's largest size, shown as the current one while it waits. */
export function pendingCoverPath(pending: TCampaignRevision | null): string | null {
  return pending?.cover?.after.at(-1)?.path ?? null;
}

export type { WizardEdit };
