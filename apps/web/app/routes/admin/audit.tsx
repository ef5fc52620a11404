import { adminLimits } from '@ipatient/contracts/admin';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { Pagination, pageNumber } from '../../components/ui/pagination.tsx';
import { listHref, toListPage } from '../../features/admin/admin-list.ts';
import { AdminPageHeader } from '../../features/admin/admin-page-header.tsx';
import { readAuditFilters, toAuditRow } from '../../features/admin/audit-entries.ts';
import { AuditFilterForm, AuditTable } from '../../features/admin/audit-table.tsx';
import { requireAdmin } from '../../lib/admin.server.ts';
import { getApi, rethrowIfUnavailable } from '../../lib/api-context.ts';
import { readBody } from '../../lib/api-read.server.ts';
import { apiMessage } from '../../lib/forms.server.ts';
import { staticPage } from '../../lib/hydration.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/audit';

export const handle = staticPage;

export function meta() {
  return pageMeta({
    title: 'Audit log',
    description:
      'Every change made by an admin, told as a sentence: who did what to which record, and when.',
  });
}

const path = '/admin/audit';
const pageSize = adminLimits.pageDefault;

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const params = new URL(request.url).searchParams;
  const filters = readAuditFilters(params);
  const page = pageNumber(params.get('page'));
  const api = getApi(context);
  const [response, types] = await Promise.all([
    api.admin.audit({ query: { ...filters, page, limit: pageSize } }).catch((error: unknown) => {
      rethrowIfUnavailable(error);
      return undefined;
    }),
    readBody('GET audit entity types', api.admin.auditEntityTypes()),
  ]);
  // A 400 names the filter that is wrong (e.g. "to must not be before from"): show it.
  const error = response?.ok
    ? null
    : response?.status === 400
      ? apiMessage(response.body, 'These filters are not valid.')
      : 'The audit log could not be loaded. Please reload the page.';
  return {
    filters,
    entityTypes: types?.results ?? [],
    error,
    fieldErrors:
      response?.ok === false && response.status === 400 ? (response.body.errors ?? {}) : {},
    list: response?.ok ? toListPage(response.body, toAuditRow) : null,
  };
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { filters, entityTypes, error, fieldErrors, list } = loaderData;
  const filtered = Object.values(filters).some(Boolean);
  return (
    <>
      <AdminPageHeader
        title="Audit log"
        lead={
          <p>
            Every change made by an admin, newest first: who did what to which record, and when.
            Open “Details” on an entry for the record before and after.
          </p>
        }
      />
      <AuditFilterForm
        action={path}
        filters={filters}
        entityTypes={entityTypes}
        fieldErrors={fieldErrors}
      />
      {filters.actorId || filters.entityId ? (
        <p className="mb-4 text-sm text-slate-700">
          Showing only {filters.entityId ? `record ${filters.entityId}` : ''}
          {filters.entityId && filters.actorId ? ' and ' : ''}
          {filters.actorId ? `changes by user ${filters.actorId}` : ''}.
        </p>
      ) : null}
      {error ? (
        <FormAlert message={error} />
      ) : list ? (
        <div className="space-y-4">
          <p className="text-sm text-slate-700">
            {list.total === 1 ? '1 entry' : `${list.total} entries`}
          </p>
          <AuditTable rows={list.rows} filtered={filtered} />
          <Pagination
            label="Audit log pages"
            page={list.page}
            totalPages={list.totalPages}
            hrefFor={(next) => listHref(path, filters, next)}
          />
        </div>
      ) : null}
    </>
  );
}
