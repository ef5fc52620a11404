import { adminLimits } from '@ipatient/contracts/admin';
import { ScrollText } from 'lucide-react';
import { pageNumber } from '../../components/ui/pagination.tsx';
import { readAdminLog } from '../../features/admin/admin-log.server.ts';
import { AdminLog } from '../../features/admin/admin-log.tsx';
import { AdminPageHeader } from '../../features/admin/admin-page-header.tsx';
import { readAuditFilters, toAuditRow } from '../../features/admin/audit-entries.ts';
import { AuditFilterFields, auditColumns } from '../../features/admin/audit-table.tsx';
import { requireAdmin } from '../../lib/admin.server.ts';
import { getApi } from '../../lib/api-context.ts';
import { readBody } from '../../lib/api-read.server.ts';
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
  const [log, types] = await Promise.all([
    readAdminLog(
      api.admin.audit({ query: { ...filters, page, limit: pageSize } }),
      toAuditRow,
      'The audit log could not be loaded. Please reload the page.',
    ),
    readBody('GET audit entity types', api.admin.auditEntityTypes()),
  ]);
  return { filters, entityTypes: types?.results ?? [], ...log };
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { filters, entityTypes, error, fieldErrors, list } = loaderData;
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
      <AdminLog
        path={path}
        filters={filters}
        filterLabel="Filter audit entries"
        keep={{ actorId: filters.actorId, entityId: filters.entityId }}
        fields={
          <AuditFilterFields
            filters={filters}
            entityTypes={entityTypes}
            fieldErrors={fieldErrors}
          />
        }
        notice={
          filters.actorId || filters.entityId ? (
            <p className="mb-4 text-sm text-slate-700">
              Showing only {filters.entityId ? `record ${filters.entityId}` : ''}
              {filters.entityId && filters.actorId ? ' and ' : ''}
              {filters.actorId ? `changes by user ${filters.actorId}` : ''}.
            </p>
          ) : null
        }
        error={error}
        list={list}
        caption="Audit entries"
        columns={auditColumns}
        paginationLabel="Audit log pages"
        empty={{
          title: 'No audit entries',
          icon: <ScrollText aria-hidden="true" className="h-6 w-6" />,
          unfiltered: 'Changes made by admins will be listed here.',
        }}
      />
    </>
  );
}
