import type { DonationStatus } from '@ipatient/contracts/donation-rules';
import { formatKobo, type RefundStatus } from '@ipatient/contracts/money-rules';
import { StatusPill, type StatusTone } from '../../components/admin/status-pill.tsx';

/** Naira from the API (kobo kept) as text: "₦12,345", or "₦1,500.50". */
export function naira(amount: number): string {
  return formatKobo(Math.round(amount * 100));
}

/** "Green-Heart fund" for a gift to the fund (no campaign). */
export const fundName = 'Green-Heart fund';

export const donationStatusLabels: Record<DonationStatus, string> = {
  pending: 'Waiting for payment',
  succeeded: 'Paid',
  failed: 'Failed',
  abandoned: 'Abandoned',
};

const donationTones: Record<DonationStatus, StatusTone> = {
  pending: 'warning',
  succeeded: 'success',
  failed: 'danger',
  abandoned: 'neutral',
};

export const refundStatusLabels: Record<RefundStatus, string> = {
  pending: 'Pending',
  processed: 'Processed',
  failed: 'Failed: money back where it was',
};

const refundTones: Record<RefundStatus, StatusTone> = {
  pending: 'warning',
  processed: 'success',
  failed: 'danger',
};

export function DonationStatusPill({ status }: { status: DonationStatus }) {
  return (
    <StatusPill tone={donationTones[status]} srPrefix="Status: ">
      {donationStatusLabels[status]}
    </StatusPill>
  );
}

export function RefundStatusPill({ status }: { status: RefundStatus }) {
  return (
    <StatusPill tone={refundTones[status]} srPrefix="Status: ">
      {refundStatusLabels[status]}
    </StatusPill>
  );
}

/** "1 donation" / "12 donations". */
export function countText(count: number, one: string, many: string): string {
  return `${count.toLocaleString('en-NG')} ${count === 1 ? one : many}`;
}

/** "Showing 21–40 of 134 donations" (or "None to show"). */
export function shownText(
  list: { page: number; total: number; rows: readonly unknown[] } | null,
  pageSize: number,
  many: string,
): string {
  if (!list || list.rows.length === 0) return `No ${many} to show`;
  const first = (list.page - 1) * pageSize + 1;
  const last = first + list.rows.length - 1;
  return `Showing ${first.toLocaleString('en-NG')}–${last.toLocaleString('en-NG')} of ${list.total.toLocaleString('en-NG')} ${many}`;
}
