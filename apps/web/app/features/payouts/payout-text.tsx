import { formatKobo, type PayoutStatus, payoutStatusLabels } from '@ipatient/contracts/money-rules';
import type { TPayout } from '@ipatient/contracts/payouts';
import { StatusPill, type StatusTone } from '../../components/admin/status-pill.tsx';

/** Naira from the API (kobo kept) as text: "₦150,000", or "₦1,500.50". */
export function formatPayoutAmount(naira: number): string {
  return formatKobo(Math.round(naira * 100));
}

const statusTones: Record<PayoutStatus, StatusTone> = {
  requested: 'warning',
  approved: 'info',
  rejected: 'danger',
  cancelled: 'neutral',
  processing: 'info',
  otp: 'warning',
  paid: 'success',
  failed: 'danger',
  reversed: 'danger',
};

/** A payout's status as a pill, in the words of the status labels. */
export function PayoutStatusPill({ status }: { status: PayoutStatus }) {
  return (
    <StatusPill tone={statusTones[status]} srPrefix="Status: ">
      {payoutStatusLabels[status]}
    </StatusPill>
  );
}

/** "Hospital: Lagos General" or "Beneficiary: Ada Obi". */
export function payeeText(payee: TPayout['payee']): string {
  return `${payee.kind === 'hospital' ? 'Hospital' : 'Beneficiary'}: ${payee.name}`;
}
