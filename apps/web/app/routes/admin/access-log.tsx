import { adminLimits } from '@ipatient/contracts/admin';
import { retention } from '@ipatient/contracts/retention';
import { ShieldCheck } from 'lucide-react';
import { pageNumber } from '../../components/ui/pagination.tsx';
import { readAdminLog } from '../../features/admin/admin-log.server.ts';
import { AdminLog } from '../../features/admin/admin-log.tsx';
import { AdminPageHeader } from '../../features/admin/admin-page-header.tsx';
import { readAccessLogFilters } from '../../features/admin-access-log/access-log-entries.ts';
import {
  AccessLogFilterFields,
  accessLogColumns,
} from '../../features/admin-access-log/access-log-table.tsx';
import { requireAdmin } from '../../lib/admin.server.ts';
import { getApi } from '../../lib/api-context.ts';
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
  const log = await readAdminLog(
    getApi(context).accessLog.list({ query: { ...filters, page, limit: pageSize } }),
    (entry) => entry,
    'The access log could not be loaded. Please reload the page.',
  );
  return { filters, ...log };
}

export default function AdminAccessLog({ loaderData }: Route.ComponentProps) {
  const { filters, error, fieldErrors, list } = loaderData;
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
      <AdminLog
        path={path}
        filters={filters}
        filterLabel="Filter access-log entries"
        fields={<AccessLogFilterFields filters={filters} fieldErrors={fieldErrors} />}
        error={error}
        list={list}
        caption="Access-log entries"
        columns={accessLogColumns}
        paginationLabel="Access log pages"
        empty={{
          title: 'No access-log entries',
          icon: <ShieldCheck aria-hidden="true" className="h-6 w-6" />,
          unfiltered: 'Openings of private records will be listed here.',
        }}
      />
    </>
  );
}
