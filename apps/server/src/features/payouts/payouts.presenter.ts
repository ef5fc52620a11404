import { maskedAccount, payoutStatusLabels } from '@ipatient/contracts/money-rules';
import type { TPayout } from '@ipatient/contracts/payouts';
import type { ListedPayout } from './payouts.repository.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * A payout for the API. Admins see the payee's full account number and the provider's transfer
 * code; the organiser sees the account's last four digits.
 */
export function presentPayout(row: ListedPayout, options: { admin: boolean }): TPayout {
  return {
    _id: row.id,
    reference: row.reference,
    campaignId: row.campaignId,
    campaignTitle: row.campaignTitle,
    amount: row.amountKobo / 100,
    purpose: row.purpose,
    billDocumentId: row.billDocumentId,
    payee: {
      kind: row.payeeKind,
      name: row.payeeName,
      bankName: row.bankName,
      accountNumber: options.admin ? row.accountNumber : maskedAccount(row.accountNumber),
      accountName: row.accountName,
    },
    status: row.status,
    statusLabel: payoutStatusLabels[row.status],
    reason: row.reason,
    requestedBy: row.requestedBy,
    requestedAt: row.requestedAt.toISOString(),
    approvedBy: row.approvedBy,
    approvedAt: iso(row.approvedAt),
    releasedBy: row.releasedBy,
    releasedAt: iso(row.releasedAt),
    paidAt: iso(row.paidAt),
    transferCode: options.admin ? row.transferCode : null,
  };
}
