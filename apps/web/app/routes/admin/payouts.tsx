import { formatDate } from '@ipatient/contracts/format';
import { payoutStatuses, payoutStatusLabels } from '@ipatient/contracts/money-rules';
import type { TPayout } from '@ipatient/contracts/payouts';
import { Link } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { toListPage } from '../../features/admin/admin-list.ts';
import { AdminPageHeader } from '../../features/admin/admin-page-header.tsx';
import type { AdminTableColumn } from '../../features/admin/admin-table.tsx';
import { readStatusPage, StatusList, statusFilters } from '../../features/admin/status-list.tsx';
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
const filters = statusFilters(payoutStatuses, payoutStatusLabels);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const { status, page } = readStatusPage(request, payoutStatuses);
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
      <StatusList
        path="/admin/payouts"
        tabsLabel="Payout status"
        filters={filters}
        status={status}
        list={list}
        failure="The payouts could not be loaded. Please try again."
        count={(total) => `${total} ${total === 1 ? 'payout' : 'payouts'}`}
        paginationLabel="Payout pages"
        caption="Payouts"
        columns={columns}
        empty={
          <EmptyState title="No payouts here">
            <p>No payout has this status.</p>
          </EmptyState>
        }
      />
    </>
  );
}
