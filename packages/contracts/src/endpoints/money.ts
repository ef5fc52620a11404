import {
  csvMaxRows,
  ZLedgerResponse,
  ZMoneyCsv,
  ZMoneyDonationListResponse,
  ZMoneyDonationQuery,
  ZMoneyPayoutListResponse,
  ZMoneyPayoutQuery,
  ZMoneyRefundListResponse,
  ZMoneyRefundQuery,
  ZReconciliationResponse,
  ZRefundRequest,
  ZRefundResponse,
  ZSandboxRefundSettleRequest,
} from '../money.ts';
import { idParams } from './common.ts';
import { defineEndpoint } from './define.ts';

const tags = ['Money'];
const csvNote = `A CSV file (text/csv, an attachment) of the same filters, at most ${csvMaxRows.toLocaleString('en-NG')} rows, newest first; cells that a spreadsheet would read as a formula start with an apostrophe.`;

/** Refunds, the public ledger and the admin's money section (docs/product.md#payouts). */
export const moneyEndpoints = {
  ledger: defineEndpoint({
    method: 'GET',
    path: '/crowdfunding/:id/ledger',
    access: 'viewer',
    tags,
    summary: 'Where a campaign’s money came from and went: gifts, awards, payouts, refunds',
    description:
      'Readable by whoever may read the campaign. Payees are named as the ledger shows them: a hospital by its name, the beneficiary’s account by its last four digits; never a full account number, a document or an admin.',
    params: idParams('Not a campaign id'),
    responses: { 200: ZLedgerResponse },
  }),
  refund: defineEndpoint({
    method: 'POST',
    path: '/admin/donations/:id/refund',
    access: 'admin',
    tags,
    summary: 'Admins: refund a paid donation, whole or in part, from the money still available',
    description:
      'The amount (naira; the whole remaining amount when left out) leaves the campaign’s (or the Green-Heart fund’s) available money at once; money already paid out or waiting for a payout cannot be refunded. One refund of a donation is under way at a time. 201 when the payment service took it (or refused it: then the money is back and the status is failed); 202 when it did not answer (the refund stays pending: its webhook settles it, or retry it).',
    params: idParams('Not a donation id'),
    body: ZRefundRequest,
    responses: { 201: ZRefundResponse, 202: ZRefundResponse },
  }),
  retryRefund: defineEndpoint({
    method: 'POST',
    path: '/admin/refunds/:id/retry',
    access: 'admin',
    tags,
    summary:
      'Admins: send a pending refund the payment service never acknowledged to it again (check its dashboard first)',
    params: idParams('Not a refund id'),
    responses: { 200: ZRefundResponse, 202: ZRefundResponse },
  }),
  /** Registered only on a site whose payments are the sandbox (404 everywhere else). */
  sandboxSettleRefund: defineEndpoint({
    method: 'POST',
    path: '/admin/refunds/:id/sandbox-settle',
    access: 'admin',
    tags,
    summary: 'Admins, sandbox only: the sandbox bank processes or fails a pending refund',
    params: idParams('Not a refund id'),
    body: ZSandboxRefundSettleRequest,
    responses: { 200: ZRefundResponse },
    hidden: true,
  }),
  donations: defineEndpoint({
    method: 'GET',
    path: '/admin/money/donations',
    access: 'admin',
    tags,
    summary: 'Admins: every donation, filtered, with the filter’s totals',
    query: ZMoneyDonationQuery,
    responses: { 200: ZMoneyDonationListResponse },
  }),
  donationsCsv: defineEndpoint({
    method: 'GET',
    path: '/admin/money/donations.csv',
    access: 'admin',
    tags,
    summary: 'Admins: the donations as CSV',
    description: csvNote,
    query: ZMoneyDonationQuery,
    responses: { 200: ZMoneyCsv },
  }),
  payouts: defineEndpoint({
    method: 'GET',
    path: '/admin/money/payouts',
    access: 'admin',
    tags,
    summary: 'Admins: every payout, filtered, with the filter’s totals (read only)',
    query: ZMoneyPayoutQuery,
    responses: { 200: ZMoneyPayoutListResponse },
  }),
  payoutsCsv: defineEndpoint({
    method: 'GET',
    path: '/admin/money/payouts.csv',
    access: 'admin',
    tags,
    summary: 'Admins: the payouts as CSV',
    description: csvNote,
    query: ZMoneyPayoutQuery,
    responses: { 200: ZMoneyCsv },
  }),
  refunds: defineEndpoint({
    method: 'GET',
    path: '/admin/money/refunds',
    access: 'admin',
    tags,
    summary: 'Admins: every refund, filtered, with the filter’s totals',
    query: ZMoneyRefundQuery,
    responses: { 200: ZMoneyRefundListResponse },
  }),
  refundsCsv: defineEndpoint({
    method: 'GET',
    path: '/admin/money/refunds.csv',
    access: 'admin',
    tags,
    summary: 'Admins: the refunds as CSV',
    description: csvNote,
    query: ZMoneyRefundQuery,
    responses: { 200: ZMoneyCsv },
  }),
  reconciliation: defineEndpoint({
    method: 'GET',
    path: '/admin/money/reconciliation',
    access: 'admin',
    tags,
    summary:
      'Admins: each campaign’s and the Green-Heart fund’s counters checked against the sums of their rows',
    description:
      'ok is true when every pot balances and every counter equals the sum recomputed from donations, refunds, payouts and weekly awards. Lists only the campaigns that do not agree.',
    responses: { 200: ZReconciliationResponse },
  }),
};
