import { adminLimits } from '@ipatient/contracts/admin';
import { retention } from '@ipatient/contracts/retention';
import { ShieldCheck } from 'lucide-react';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { Pagination, pageNumber } from '../../components/ui/pagination.tsx';
import { AdminFilters } from '../../features/admin/admin-filters.tsx';
import { listHref, toListPage } from '../../features/admin/admin-list.ts';
import { AdminPageHeader } from '../../features/admin/admin-page-header.tsx';
import { AdminTable } from '../../features/admin/admin-table.tsx';
import { readAccessLogFilters } from '../../features/admin-access-log/access-log-entries.ts';
import {
  AccessLogFilterFields,
  accessLogColumns,
} from '../../features/admin-access-log/access-log-table.tsx';
import { requireAdmin } from '../../lib/admin.server.ts';
import { getApi, rethrowIfUnavailable } from '../../lib/api-context.ts';
import { apiMessage } from '../../lib/forms.server.ts';
import { staticPage } from '../../lib/hydration.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/access-log';

export const handle = staticPage;

export function meta() {
  return pageMeta({
    title: 'Access log',
    description: 'Who opened which private record, whose it was, and when.',
  });
}

const path = '/admin/access-log';
const pageSize = adminLimits.pageDefault;

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const params = new URL(request.url).searchParams;
  const filters = readAccessLogFilters(params);
  const page = pageNumber(params.get('page'));
  const response = await getApi(context)
    .accessLog.list({ query: { ...filters, page, limit: pageSize } })
    .catch((error: unknown) => {
      rethrowIfUnavailable(error);
      return undefined;
    });
  // A 400 names the filter that is wrong (e.g. "to must not be before from"): show it.
  const error = response?.ok
    ? null
    : response?.status === 400
      ? apiMessage(response.body, 'These filters are not valid.')
      : 'The access log could not be loaded. Please reload the page.';
  return {
    filters,
    error,
    fieldErrors:
      response?.ok === false && response.status === 400 ? (response.body.errors ?? {}) : {},
    list: response?.ok ? toListPage(response.body, (entry) => entry) : null,
  };
}

export default function AdminAccessLog({ loaderData }: Route.ComponentProps) {
  const { filters, error, fieldErrors, list } = loaderData;
  const filtered = Object.values(filters).some(Boolean);
  return (
    <>
      <AdminPageHeader
        title="Access log"
        lead={
          <p>
            Every opening of a private record (campaign documents, complaints, data exports), newest
            first: who opened it, whose it is, and when. Entries are kept{' '}
            {Math.round(retention.accessLogDays / 365)} years.
          </p>
        }
      />
      <AdminFilters action={path} label="Filter access-log entries">
        <AccessLogFilterFields filters={filters} fieldErrors={fieldErrors} />
      </AdminFilters>
      {error ? (
        <FormAlert message={error} />
      ) : list ? (
        <div className="space-y-4">
          <p className="text-sm text-slate-700">
            {list.total === 1 ? '1 entry' : `${list.total} entries`}
          </p>
          <AdminTable
            caption="Access-log entries"
            captionHidden
            rows={list.rows}
            rowKey={(row) => row._id}
            columns={accessLogColumns}
            empty={
              <EmptyState
                title="No access-log entries"
                icon={<ShieldCheck aria-hidden="true" className="h-6 w-6" />}
              >
                <p>
                  {filtered
                    ? 'No entry matches these filters.'
                    : 'Openings of private records will be listed here.'}
                </p>
              </EmptyState>
            }
          />
          <Pagination
            label="Access log pages"
            page={list.page}
            totalPages={list.totalPages}
            hrefFor={(next) => listHref(path, filters, next)}
          />
        </div>
      ) : null}
    </>
  );
}
