import type { TMoneyDonation, TRefund } from '@ipatient/contracts/money';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../components/admin/format-date-time.ts';
import { DonationStatusPill, fundName, naira, RefundStatusPill } from './money-text.tsx';

/** A column of an admin table (the shape the admin table takes). */
export interface MoneyColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  rowHeader?: boolean;
  className?: string;
  srOnlyHeader?: boolean;
}

const linkClass = 'text-brand-800 underline underline-offset-2 hover:text-brand-900';

/** The campaign (or the fund) of a row, a link to the same list of that pot only. */
function PotLink({
  campaignId,
  title,
  hrefForPot,
}: {
  campaignId: string | null;
  title: string | null;
  hrefForPot: (pot: string) => string;
}) {
  return (
    <Link to={hrefForPot(campaignId ?? 'fund')} className={linkClass}>
      {title ?? fundName}
      <span className="sr-only"> (show only its rows)</span>
    </Link>
  );
}

function When({ value }: { value: string }) {
  return <time dateTime={value}>{formatDateTime(value)}</time>;
}

function Donor({ name, email, anonymous }: { name: string; email: string; anonymous?: boolean }) {
  return (
    <>
      <span className="block">
        {name}
        {anonymous ? <span className="text-slate-600"> (anonymous)</span> : null}
      </span>
      <span className="block break-all text-slate-600">{email}</span>
    </>
  );
}

/** The donations list: reference, donor, pot, amount, what was refunded, status, actions. */
export function donationColumns(options: {
  hrefForPot: (pot: string) => string;
  actions: (row: TMoneyDonation) => ReactNode;
}): MoneyColumn<TMoneyDonation>[] {
  return [
    {
      header: 'Reference',
      rowHeader: true,
      cell: (row) => (
        <>
          <span className="block font-mono text-xs break-all">{row.reference}</span>
          <span className="block font-normal text-slate-600">
            <When value={row.createdAt} />
          </span>
        </>
      ),
    },
    {
      header: 'Donor',
      cell: (row) => (
        <Donor name={row.donorName} email={row.donorEmail} anonymous={row.anonymous} />
      ),
    },
    {
      header: 'Campaign',
      cell: (row) => (
        <PotLink
          campaignId={row.campaignId}
          title={row.campaignTitle}
          hrefForPot={options.hrefForPot}
        />
      ),
    },
    { header: 'Amount', className: 'whitespace-nowrap', cell: (row) => naira(row.amount) },
    {
      header: 'Refunded',
      className: 'whitespace-nowrap',
      cell: (row) =>
        row.refunded > 0 ? naira(row.refunded) : <span className="text-slate-600">None</span>,
    },
    {
      header: 'Status',
      cell: (row) => (
        <span className="flex flex-wrap gap-1">
          <DonationStatusPill status={row.status} />
          {row.flagged ? (
            <span className="text-xs font-semibold text-amber-900">Flagged</span>
          ) : null}
        </span>
      ),
    },
    { header: 'Actions', srOnlyHeader: true, cell: options.actions },
  ];
}

/** The refunds list: donation, donor, pot, amount, reason, status, when, actions. */
export function refundColumns(options: {
  hrefForPot: (pot: string) => string;
  actions: (row: TRefund) => ReactNode;
}): MoneyColumn<TRefund>[] {
  return [
    {
      header: 'Donation',
      rowHeader: true,
      cell: (row) => (
        <>
          <span className="block font-mono text-xs break-all">{row.donationReference}</span>
          <span className="block font-normal text-slate-600">
            Started <When value={row.createdAt} />
          </span>
        </>
      ),
    },
    { header: 'Donor', cell: (row) => <Donor name={row.donorName} email={row.donorEmail} /> },
    {
      header: 'Campaign',
      cell: (row) => (
        <PotLink
          campaignId={row.campaignId}
          title={row.campaignTitle}
          hrefForPot={options.hrefForPot}
        />
      ),
    },
    { header: 'Amount', className: 'whitespace-nowrap', cell: (row) => naira(row.amount) },
    { header: 'Reason', cell: (row) => row.reason },
    {
      header: 'Status',
      cell: (row) => (
        <>
          <RefundStatusPill status={row.status} />
          {row.settledAt ? (
            <span className="mt-1 block text-xs text-slate-600">
              <When value={row.settledAt} />
            </span>
          ) : row.status === 'pending' && !row.providerRefundId ? (
            <span className="mt-1 block text-xs text-slate-700">
              Not yet with the payment service
            </span>
          ) : null}
        </>
      ),
    },
    { header: 'Actions', srOnlyHeader: true, cell: options.actions },
  ];
}
