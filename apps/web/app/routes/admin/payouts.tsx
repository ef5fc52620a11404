import { formatDate } from '@ipatient/contracts/format';
import {
  type PayoutStatus,
  payoutStatuses,
  payoutStatusLabels,
} from '@ipatient/contracts/money-rules';
import type { TPayout } from '@ipatient/contracts/payouts';
import { Link } from 'react-router';
import { FilterTabs } from '../../components/admin/filter-tabs.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { pageNumber } from '../../components/ui/pagination.tsx';
import { listHref, toListPage } from '../../features/admin/admin-list.ts';
import { AdminPageHeader } from '../../features/admin/admin-page-header.tsx';
import { AdminResults } from '../../features/admin/admin-results.tsx';
import { AdminTable, type AdminTableColumn } from '../../features/admin/admin-table.tsx';
import {
  formatPayoutAmount,
  PayoutStatusPill,
  payeeText,
} from '../../features/payouts/payout-text.tsx';
import { requireAdmin } from '../../lib/admin.server.ts';
import { getApi } from '../../lib/api-context.ts';
import { readBody } from '../../lib/api-read.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/payouts';

export function meta() {
  return pageMeta({
    title: 'Payouts · Admin',
    description: 'Payouts by status, newest request first; open one to approve or release it.',
  });
}

const pageSize = 20;
type Filter = PayoutStatus | 'all';

const filters: { value: Filter; label: string }[] = [
  { value: 'all', label: 'All' },
  ...payoutStatuses.map((value) => ({ value, label: payoutStatusLabels[value] })),
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const params = new URL(request.url).searchParams;
  const statusParam = params.get('status') ?? '';
  const status = payoutStatuses.find((value) => value === statusParam);
  const page = pageNumber(params.get('page'));
  const body = await readBody(
    'GET admin payouts',
    getApi(context).payouts.adminList({ query: { status, page, limit: pageSize } }),
  );
  return { status: status ?? ('all' as const), list: body ? toListPage(body, (row) => row) : null };
}

const columns: AdminTableColumn<TPayout>[] = [
  {
    header: 'Amount',
    rowHeader: true,
    className: 'whitespace-nowrap',
    cell: (row) => (
      <Link
        to={`/admin/payouts/${row._id}`}
        className="text-brand-800 underline underline-offset-2 hover:text-brand-900"
      >
        {formatPayoutAmount(row.amount)}
        <span className="sr-only"> payout {row.reference}</span>
      </Link>
    ),
  },
  { header: 'Campaign', cell: (row) => row.campaignTitle },
  { header: 'Payee', cell: (row) => payeeText(row.payee) },
  { header: 'Status', cell: (row) => <PayoutStatusPill status={row.status} /> },
  {
    header: 'Requested',
    className: 'whitespace-nowrap',
    cell: (row) => <time dateTime={row.requestedAt}>{formatDate(row.requestedAt)}</time>,
  },
];

function hrefFor(status: Filter, page = 1): string {
  return listHref('/admin/payouts', { status: status === 'all' ? undefined : status }, page);
}

export default function AdminPayouts({ loaderData }: Route.ComponentProps) {
  const { status, list } = loaderData;
  return (
    <>
      <AdminPageHeader
        title="Payouts"
        lead={
          <p>
            Newest request first. One admin approves a payout against its bill; a different admin
            releases the transfer.
          </p>
        }
      />
      <FilterTabs
        label="Payout status"
        current={status}
        filters={filters}
        hrefFor={(value) => hrefFor(value)}
        className="mb-6"
      />
      <AdminResults
        list={list}
        failure="The payouts could not be loaded. Please try again."
        summary={list ? `${list.total} ${list.total === 1 ? 'payout' : 'payouts'}` : null}
        paginationLabel="Payout pages"
        hrefFor={(page) => hrefFor(status, page)}
      >
        <AdminTable
          caption="Payouts"
          captionHidden
          columns={columns}
          rows={list?.rows ?? []}
          rowKey={(row) => row._id}
          empty={
            <EmptyState title="No payouts here">
              <p>No payout has this status.</p>
            </EmptyState>
          }
        />
      </AdminResults>
    </>
  );
}
