import type { TComplaint } from '@ipatient/contracts/advocacy';
import {
  type ComplaintStatus,
  complaintLimits,
  complaintStatuses,
  complaintStatusLabels,
} from '@ipatient/contracts/advocacy-rules';
import { formatDate } from '@ipatient/contracts/format';
import { Link } from 'react-router';
import { StatusPill } from '../../components/admin/status-pill.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { SelectField, TextField } from '../../components/ui/form-field.tsx';
import { Pagination, pageNumber } from '../../components/ui/pagination.tsx';
import { AdminFilters } from '../../features/admin/admin-filters.tsx';
import { listHref, queryText, toListPage } from '../../features/admin/admin-list.ts';
import { AdminPageHeader } from '../../features/admin/admin-page-header.tsx';
import { AdminTable, type AdminTableColumn } from '../../features/admin/admin-table.tsx';
import { ComplaintStatusBadge } from '../../features/complaints/complaint-badges.tsx';
import { requireAdmin } from '../../lib/admin.server.ts';
import { getApi } from '../../lib/api-context.ts';
import { readBody } from '../../lib/api-read.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/complaints';

export function meta() {
  return pageMeta({
    title: 'Complaints · Admin',
    description:
      'Every complaint with its status, deadlines and overdue flag; open one to move it on.',
  });
}

const pageSize = 20;

type Row = Pick<
  TComplaint,
  | '_id'
  | 'reference'
  | 'hospitalName'
  | 'category'
  | 'status'
  | 'submittedAt'
  | 'acknowledgementDueAt'
  | 'responseDueAt'
  | 'isOverdue'
> & { patient: string };

function toRow(complaint: TComplaint): Row {
  return {
    _id: complaint._id,
    reference: complaint.reference,
    hospitalName: complaint.hospitalName,
    category: complaint.category,
    status: complaint.status,
    submittedAt: complaint.submittedAt,
    acknowledgementDueAt: complaint.acknowledgementDueAt,
    responseDueAt: complaint.responseDueAt,
    isOverdue: complaint.isOverdue,
    patient: `${complaint.user.firstName} ${complaint.user.lastName}`.trim(),
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const params = new URL(request.url).searchParams;
  const statusParam = params.get('status') ?? '';
  const status = (complaintStatuses as readonly string[]).includes(statusParam)
    ? (statusParam as ComplaintStatus)
    : '';
  const overdue = params.get('overdue') === 'true';
  const search = queryText(params, 'search', complaintLimits.searchMax);
  const page = pageNumber(params.get('page'));
  const body = await readBody(
    'GET complaints',
    getApi(context).complaints.list({
      query: {
        status: status || undefined,
        overdue: overdue ? 'true' : undefined,
        search,
        page,
        limit: pageSize,
      },
    }),
  );
  return { status, overdue, search, list: body ? toListPage(body, toRow) : null };
}

const columns: AdminTableColumn<Row>[] = [
  {
    header: 'Reference',
    rowHeader: true,
    className: 'whitespace-nowrap font-mono',
    cell: (row) => (
      <Link
        to={`/admin/complaints/${row._id}`}
        className="text-brand-800 underline underline-offset-2 hover:text-brand-900"
      >
        {row.reference}
      </Link>
    ),
  },
  { header: 'Patient', cell: (row) => row.patient },
  { header: 'Hospital', cell: (row) => row.hospitalName },
  { header: 'Category', cell: (row) => row.category },
  { header: 'Status', cell: (row) => <ComplaintStatusBadge status={row.status} /> },
  {
    header: 'Submitted',
    cell: (row) => formatDate(row.submittedAt),
    className: 'whitespace-nowrap',
  },
  {
    header: 'Acknowledgement due',
    cell: (row) => formatDate(row.acknowledgementDueAt),
    className: 'whitespace-nowrap',
  },
  {
    header: 'Response due',
    cell: (row) => formatDate(row.responseDueAt),
    className: 'whitespace-nowrap',
  },
  {
    header: 'Overdue',
    cell: (row) =>
      row.isOverdue ? (
        <StatusPill tone="danger">Overdue</StatusPill>
      ) : (
        <span className="text-slate-600">No</span>
      ),
  },
];

export default function AdminComplaints({ loaderData }: Route.ComponentProps) {
  const { status, overdue, search, list } = loaderData;
  const keep = { status: status || undefined, overdue: overdue ? 'true' : undefined, search };
  return (
    <>
      <AdminPageHeader
        title="Complaints"
        lead={<p>Newest first. Open a complaint to see its history and move it on.</p>}
      />
      <AdminFilters action="/admin/complaints" label="Filter complaints">
        <SelectField label="Status" name="status" id="complaint-status" defaultValue={status}>
          <option value="">Any status</option>
          {complaintStatuses.map((value) => (
            <option key={value} value={value}>
              {complaintStatusLabels[value]}
            </option>
          ))}
        </SelectField>
        <div className="flex items-end pb-3">
          <label className="flex min-h-11 items-center gap-2 font-semibold text-slate-900">
            <input
              type="checkbox"
              name="overdue"
              value="true"
              defaultChecked={overdue}
              className="h-5 w-5 accent-brand-700"
            />
            Overdue only
          </label>
        </div>
        <TextField
          label="Reference or hospital"
          name="search"
          id="complaint-search"
          type="search"
          defaultValue={search}
          maxLength={complaintLimits.searchMax}
          className="sm:col-span-2"
        />
      </AdminFilters>
      {list === null ? (
        <FormAlert message="The complaints could not be loaded. Please try again." />
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-slate-700">
            {list.total} {list.total === 1 ? 'complaint' : 'complaints'}
          </p>
          <AdminTable
            caption="Complaints"
            captionHidden
            columns={columns}
            rows={list.rows}
            rowKey={(row) => row._id}
            empty={
              <EmptyState title="No complaints here">
                <p>No complaint matches these filters.</p>
              </EmptyState>
            }
          />
          <Pagination
            label="Complaint pages"
            page={list.page}
            totalPages={list.totalPages}
            hrefFor={(page) => listHref('/admin/complaints', keep, page)}
          />
        </div>
      )}
    </>
  );
}
