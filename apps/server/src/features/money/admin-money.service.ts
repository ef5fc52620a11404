import type { TMoneyDonation, TMoneyPayout, TRefund } from '@ipatient/contracts/money';
import { csvMaxRows } from '@ipatient/contracts/money';
import { koboToNaira, maskedAccount } from '@ipatient/contracts/money-rules';
import type { Database } from '@ipatient/db';
import * as repository from './admin-money.repository.ts';
import { type CsvCell, toCsv } from './csv.ts';
import { presentRefund } from './refunds.service.ts';

type Query = repository.MoneyFilter & { page: number; limit: number };
type Row<T extends (...args: never[]) => Promise<{ rows: unknown[] }>> = Awaited<
  ReturnType<T>
>['rows'][number];

const pageOf = (query: Query): repository.Page => ({
  limit: query.limit,
  offset: (query.page - 1) * query.limit,
});
const everything: repository.Page = { limit: csvMaxRows, offset: 0 };

const iso = (date: Date | null) => date?.toISOString() ?? null;

function presentDonation(row: Row<typeof repository.listDonations>): TMoneyDonation {
  const { donation } = row;
  return {
    _id: donation.id,
    reference: donation.reference,
    campaignId: donation.campaignId,
    campaignTitle: row.campaignTitle,
    donorName: donation.donorName,
    donorEmail: donation.donorEmail,
    anonymous: donation.anonymous,
    amount: koboToNaira(donation.amountKobo),
    fee: koboToNaira(donation.feeKobo),
    refunded: koboToNaira(donation.refundedKobo),
    status: donation.status,
    flagged: donation.flagReason !== null,
    createdAt: donation.createdAt.toISOString(),
    paidAt: iso(donation.paidAt),
  };
}

function presentPayout(row: Row<typeof repository.listPayouts>): TMoneyPayout {
  const { payout } = row;
  return {
    _id: payout.id,
    reference: payout.reference,
    campaignId: payout.campaignId,
    campaignTitle: row.campaignTitle,
    amount: koboToNaira(payout.amountKobo),
    payeeKind: payout.payeeKind,
    payeeName: payout.payeeName,
    bankName: payout.bankName,
    account: maskedAccount(payout.accountNumber),
    purpose: payout.purpose,
    status: payout.status,
    requestedAt: payout.requestedAt.toISOString(),
    paidAt: iso(payout.paidAt),
  };
}

function listed<T>(query: Query, found: { rows: T[]; totals: { count: number; kobo: number } }) {
  return {
    results: found.rows,
    meta: { page: query.page, limit: query.limit, total: found.totals.count },
    totals: { count: found.totals.count, amount: koboToNaira(found.totals.kobo) },
  };
}

export async function listDonations(db: Database, query: Query) {
  const found = await repository.listDonations(db, query, pageOf(query));
  return listed(query, { ...found, rows: found.rows.map(presentDonation) });
}

export async function listPayouts(db: Database, query: Query) {
  const found = await repository.listPayouts(db, query, pageOf(query));
  return listed(query, { ...found, rows: found.rows.map(presentPayout) });
}

export async function listRefunds(db: Database, query: Query) {
  const found = await repository.listRefunds(db, query, pageOf(query));
  return listed(query, { ...found, rows: found.rows.map(presentRefund) });
}

const fundOr = (title: string | null) => title ?? 'Green-Heart fund';

export async function donationsCsv(db: Database, query: repository.MoneyFilter) {
  const { rows } = await repository.listDonations(db, query, everything);
  return toCsv(
    [
      'Reference',
      'Date',
      'Status',
      'Campaign',
      'Donor',
      'Anonymous',
      'Email',
      'Amount (NGN)',
      'Refunded (NGN)',
      'Flagged',
      'Paid at',
    ],
    rows
      .map(presentDonation)
      .map((d): CsvCell[] => [
        d.reference,
        d.createdAt,
        d.status,
        fundOr(d.campaignTitle),
        d.donorName,
        d.anonymous ? 'yes' : 'no',
        d.donorEmail,
        d.amount,
        d.refunded,
        d.flagged ? 'yes' : 'no',
        d.paidAt,
      ]),
  );
}

export async function payoutsCsv(db: Database, query: repository.MoneyFilter) {
  const { rows } = await repository.listPayouts(db, query, everything);
  return toCsv(
    [
      'Reference',
      'Requested',
      'Status',
      'Campaign',
      'Payee',
      'Payee kind',
      'Bank',
      'Account',
      'Amount (NGN)',
      'Purpose',
      'Paid at',
    ],
    rows
      .map(presentPayout)
      .map((p): CsvCell[] => [
        p.reference,
        p.requestedAt,
        p.status,
        p.campaignTitle,
        p.payeeName,
        p.payeeKind,
        p.bankName,
        p.account,
        p.amount,
        p.purpose,
        p.paidAt,
      ]),
  );
}

export async function refundsCsv(db: Database, query: repository.MoneyFilter) {
  const { rows } = await repository.listRefunds(db, query, everything);
  return toCsv(
    [
      'Donation reference',
      'Started',
      'Status',
      'Campaign',
      'Donor',
      'Email',
      'Amount (NGN)',
      'Reason',
      'Provider id',
      'Settled at',
    ],
    rows
      .map(presentRefund)
      .map((r: TRefund): CsvCell[] => [
        r.donationReference,
        r.createdAt,
        r.status,
        fundOr(r.campaignTitle),
        r.donorName,
        r.donorEmail,
        r.amount,
        r.reason,
        r.providerRefundId,
        r.settledAt,
      ]),
  );
}
