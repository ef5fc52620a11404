import {
  reportStatuses,
  reportStatusLabels,
  type TCampaignReport,
} from '@ipatient/contracts/campaign-reports';
import { formatDate } from '@ipatient/contracts/format';
import { Link } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { toListPage } from '../../features/admin/admin-list.ts';
import { AdminPageHeader } from '../../features/admin/admin-page-header.tsx';
import type { AdminTableColumn } from '../../features/admin/admin-table.tsx';
import { readStatusPage, StatusList, statusFilters } from '../../features/admin/status-list.tsx';
import { ReportStatusPill } from '../../features/campaign-reports/report-status.tsx';
import { requireAdmin } from '../../lib/admin.server.ts';
import { getApi } from '../../lib/api-context.ts';
import { readBody } from '../../lib/api-read.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/reports';

export function meta() {
  return pageMeta({
    title: 'Reports · Admin',
    description: 'Reports of campaigns by visitors: open first, oldest first.',
  });
}

const pageSize = 20;
const filters = statusFilters(reportStatuses, reportStatusLabels);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const { status, page } = readStatusPage(request, reportStatuses);
  const body = await readBody(
    'GET admin campaign reports',
    getApi(context).campaignReports.adminList({ query: { status, page, limit: pageSize } }),
  );
  return { status: status ?? ('all' as const), list: body ? toListPage(body, (row) => row) : null };
}

const columns: AdminTableColumn<TCampaignReport>[] = [
  {
    header: 'Campaign',
    rowHeader: true,
    cell: (row) => (
      <Link
        to={`/admin/reports/${row._id}`}
        className="text-brand-800 underline underline-offset-2 hover:text-brand-900"
      >
        {row.campaignTitle}
        <span className="sr-only">, report of {formatDate(row.createdAt)}</span>
      </Link>
    ),
  },
  { header: 'Reason', cell: (row) => row.reasonLabel },
  { header: 'Status', cell: (row) => <ReportStatusPill status={row.status} /> },
  {
    header: 'Reports of this campaign',
    cell: (row) => `${row.campaignReports} (${row.campaignOpenReports} open)`,
  },
  {
    header: 'Reported',
    className: 'whitespace-nowrap',
    cell: (row) => <time dateTime={row.createdAt}>{formatDate(row.createdAt)}</time>,
  },
];

export default function AdminReports({ loaderData }: Route.ComponentProps) {
  const { status, list } = loaderData;
  return (
    <>
      <AdminPageHeader
        title="Reports"
        lead={
          <p>
            Campaigns reported by visitors. Open reports come first, oldest first. Hold a campaign’s
            payouts while you look, then close each report with the outcome the reporter is sent.
          </p>
        }
      />
      <StatusList
        path="/admin/reports"
        tabsLabel="Report status"
        filters={filters}
        status={status}
        list={list}
        failure="The reports could not be loaded. Please try again."
        count={(total) => `${total} ${total === 1 ? 'report' : 'reports'}`}
        paginationLabel="Report pages"
        caption="Reports of campaigns"
        columns={columns}
        empty={
          <EmptyState title="No reports here">
            <p>No report has this status.</p>
          </EmptyState>
        }
      />
    </>
  );
}
