import type { TFacility } from '@ipatient/contracts/facilities';
import { reviewLimits } from '@ipatient/contracts/facility-rules';
import { states } from '@ipatient/contracts/reference';
import { Plus, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import {
  ConfirmAction,
  confirmHrefs,
  confirmParam,
} from '../../components/admin/confirm-action.tsx';
import { StatusPill } from '../../components/admin/status-pill.tsx';
import { ActionToast } from '../../components/ui/action-toast.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { SelectField, TextField } from '../../components/ui/form-field.tsx';
import { LinkButton } from '../../components/ui/link-button.tsx';
import { Pagination, pageNumber } from '../../components/ui/pagination.tsx';
import { AdminFilters } from '../../features/admin/admin-filters.tsx';
import { listHref, queryText, toListPage } from '../../features/admin/admin-list.ts';
import { AdminPageHeader } from '../../features/admin/admin-page-header.tsx';
import { AdminTable, type AdminTableColumn } from '../../features/admin/admin-table.tsx';
import { deleteFacility } from '../../features/admin-moderation/facility-admin.server.ts';
import { returnPath } from '../../features/admin-moderation/moderation.server.ts';
import { requireAdmin } from '../../lib/admin.server.ts';
import { getApi } from '../../lib/api-context.ts';
import { readBody } from '../../lib/api-read.server.ts';
import { formFailure, formText, readFormData } from '../../lib/forms.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/facilities';

export function meta() {
  return pageMeta({
    title: 'Facilities · Admin',
    description: 'The facility directory: add, change, verify or delete hospitals and clinics.',
  });
}

const pageSize = 20;

type Row = Pick<
  TFacility,
  | '_id'
  | 'name'
  | 'facilityType'
  | 'location'
  | 'verified'
  | 'averageRating'
  | 'reviewCount'
  | 'paysDirect'
>;

function toRow(facility: TFacility): Row {
  return {
    _id: facility._id,
    name: facility.name,
    facilityType: facility.facilityType,
    location: facility.location,
    verified: facility.verified,
    averageRating: facility.averageRating,
    reviewCount: facility.reviewCount,
    paysDirect: facility.paysDirect,
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const url = new URL(request.url);
  const params = url.searchParams;
  const search = queryText(params, 'search', reviewLimits.searchMax);
  const stateParam = queryText(params, 'state', 80);
  const state = states.find((item) => item.name === stateParam)?.name ?? '';
  const verified = params.get('verified') === 'true';
  const page = pageNumber(params.get('page'));
  const body = await readBody(
    'GET facilities',
    getApi(context).facilities.list({
      query: {
        search,
        state: state || undefined,
        verified: verified ? 'true' : undefined,
        page,
        limit: pageSize,
      },
    }),
  );
  return {
    search,
    state,
    verified,
    list: body ? toListPage(body, toRow) : null,
    current: `${url.pathname}${url.search}`,
    confirming: params.get(confirmParam),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(context, request);
  const form = await readFormData(request);
  const intent = formText(form, 'intent');
  const id = formText(form, 'facilityId');
  if (intent !== 'delete' || !id) return formFailure('Choose a facility to delete.', { intent });
  const back = returnPath(formText(form, 'returnTo'), '/admin/facilities', '/admin/facilities');
  // Back to the list without the confirmation step.
  const url = new URL(back, 'http://localhost');
  url.searchParams.delete(confirmParam);
  return deleteFacility(request, context, form, id, `${url.pathname}${url.search}`);
}

export default function AdminFacilities({ loaderData, actionData }: Route.ComponentProps) {
  const { search, state, verified, list, current, confirming } = loaderData;
  const keep = { search, state, verified: verified ? 'true' : undefined };
  const columns: AdminTableColumn<Row>[] = [
    {
      header: 'Facility',
      rowHeader: true,
      cell: (row) => (
        <Link
          to={`/admin/facilities/${row._id}`}
          className="text-brand-800 underline underline-offset-2 hover:text-brand-900"
        >
          {row.name}
        </Link>
      ),
    },
    { header: 'Type', cell: (row) => row.facilityType },
    { header: 'Location', cell: (row) => row.location },
    {
      header: 'Verified',
      cell: (row) =>
        row.verified ? (
          <StatusPill tone="success">Verified</StatusPill>
        ) : (
          <span className="text-slate-600">No</span>
        ),
    },
    {
      header: 'Payout account',
      cell: (row) =>
        row.paysDirect ? (
          <StatusPill tone="success">Pays direct</StatusPill>
        ) : (
          <span className="text-slate-600">None verified</span>
        ),
    },
    {
      header: 'Rating',
      className: 'whitespace-nowrap',
      cell: (row) =>
        row.reviewCount > 0 ? `${row.averageRating.toFixed(1)} (${row.reviewCount})` : 'None yet',
    },
    {
      header: 'Actions',
      srOnlyHeader: true,
      cell: (row) => {
        const id = `delete-${row._id}`;
        return (
          <ConfirmAction
            id={id}
            label="Delete"
            subject={row.name}
            title={`Delete ${row.name}?`}
            description="The facility, all its reviews and its photo are deleted. This cannot be undone."
            confirmLabel="Yes, delete facility"
            action="/admin/facilities"
            fields={{ intent: 'delete', facilityId: row._id, returnTo: current }}
            {...confirmHrefs(current, id)}
            confirming={confirming === id}
            icon={<Trash2 aria-hidden="true" className="h-4 w-4" />}
          />
        );
      },
    },
  ];
  return (
    <>
      <ActionToast result={actionData} />
      <AdminPageHeader
        title="Facilities"
        lead={<p>The hospitals and clinics people can review. Best rated first.</p>}
        actions={
          <LinkButton to="/admin/facilities/new">
            <Plus aria-hidden="true" className="h-4 w-4" />
            New facility
          </LinkButton>
        }
      />
      <FormAlert message={actionData?.ok === false ? actionData.message : undefined} />
      <AdminFilters action="/admin/facilities" label="Filter facilities">
        <TextField
          label="Name or service"
          name="search"
          id="facility-search"
          type="search"
          defaultValue={search}
          maxLength={reviewLimits.searchMax}
          className="sm:col-span-2"
        />
        <SelectField label="State" name="state" id="facility-state" defaultValue={state}>
          <option value="">All states</option>
          {states.map((item) => (
            <option key={item.name} value={item.name}>
              {item.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Verified"
          name="verified"
          id="facility-verified"
          defaultValue={verified ? 'true' : ''}
        >
          <option value="">Any</option>
          <option value="true">Verified only</option>
        </SelectField>
      </AdminFilters>
      {list === null ? (
        <FormAlert message="The facilities could not be loaded. Please try again." />
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-slate-700">
            {list.total} {list.total === 1 ? 'facility' : 'facilities'}
          </p>
          <AdminTable
            caption="Facilities"
            captionHidden
            columns={columns}
            rows={list.rows}
            rowKey={(row) => row._id}
            empty={
              <EmptyState title="No facilities here">
                <p>No facility matches these filters.</p>
              </EmptyState>
            }
          />
          <Pagination
            label="Facility pages"
            page={list.page}
            totalPages={list.totalPages}
            hrefFor={(page) => listHref('/admin/facilities', keep, page)}
          />
        </div>
      )}
    </>
  );
}
