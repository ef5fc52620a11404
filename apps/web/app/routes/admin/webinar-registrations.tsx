import {
  findWebinar,
  type TWebinarRegistration,
  webinarLimits,
  webinars,
} from '@ipatient/contracts/webinars';
import { Video } from 'lucide-react';
import { formatDateTime } from '../../components/admin/format-date-time.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { SelectField } from '../../components/ui/form-field.tsx';
import { Pagination, pageNumber } from '../../components/ui/pagination.tsx';
import { AdminFilters } from '../../features/admin/admin-filters.tsx';
import { listHref, queryText, toListPage } from '../../features/admin/admin-list.ts';
import { AdminPageHeader } from '../../features/admin/admin-page-header.tsx';
import { AdminTable } from '../../features/admin/admin-table.tsx';
import { requireAdmin } from '../../lib/admin.server.ts';
import { getApi } from '../../lib/api-context.ts';
import { readBody } from '../../lib/api-read.server.ts';
import { staticPage } from '../../lib/hydration.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/webinar-registrations';

export const handle = staticPage;

export function meta() {
  return pageMeta({
    title: 'Webinar registrations',
    description: 'Who signed up for each webinar, newest first.',
  });
}

const path = '/admin/webinar-registrations';
const pageSize = Math.min(25, webinarLimits.adminPageMax);

type Registration = Pick<
  TWebinarRegistration,
  'id' | 'webinarId' | 'webinarTitle' | 'firstName' | 'lastName' | 'email' | 'phone' | 'createdAt'
>;

function toRegistration(row: TWebinarRegistration): Registration {
  const { id, webinarId, webinarTitle, firstName, lastName, email, phone, createdAt } = row;
  return { id, webinarId, webinarTitle, firstName, lastName, email, phone, createdAt };
}

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const params = new URL(request.url).searchParams;
  const wanted = queryText(params, 'webinarId');
  const webinarId = findWebinar(wanted) ? wanted : '';
  const page = pageNumber(params.get('page'));
  const body = await readBody(
    'GET webinar registrations',
    getApi(context).webinars.registrations({ query: { webinarId, page, limit: pageSize } }),
  );
  return { webinarId, page, list: body ? toListPage(body, toRegistration) : null };
}

export default function AdminWebinarRegistrations({ loaderData }: Route.ComponentProps) {
  const { webinarId, list } = loaderData;
  const webinar = findWebinar(webinarId);
  return (
    <>
      <AdminPageHeader
        title="Webinar registrations"
        lead={<p>People who signed up through a webinar's registration form, newest first.</p>}
      />
      <AdminFilters action={path} label="Filter registrations">
        <SelectField
          label="Webinar"
          name="webinarId"
          defaultValue={webinarId}
          className="sm:col-span-2"
        >
          <option value="">All webinars</option>
          {webinars.map((item) => (
            <option key={item.id} value={item.id}>
              {item.title}
            </option>
          ))}
        </SelectField>
      </AdminFilters>
      {list === null ? (
        <FormAlert message="The registrations could not be loaded. Please reload the page." />
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-slate-700">
            {list.total === 1 ? '1 registration' : `${list.total} registrations`}
            {webinar ? ` for ${webinar.title}` : ''}
          </p>
          <AdminTable
            caption={webinar ? `Registrations for ${webinar.title}` : 'Registrations'}
            captionHidden
            rows={list.rows}
            rowKey={(row) => row.id}
            empty={
              <EmptyState
                title="No registrations yet"
                icon={<Video aria-hidden="true" className="h-6 w-6" />}
              >
                <p>
                  {webinar
                    ? 'Nobody has registered for this webinar yet.'
                    : 'Nobody has registered for a webinar yet.'}
                </p>
              </EmptyState>
            }
            columns={[
              {
                header: 'Name',
                rowHeader: true,
                cell: (row) => `${row.firstName} ${row.lastName}`.trim(),
              },
              {
                header: 'Email',
                cell: (row) => (
                  <a
                    href={`mailto:${row.email}`}
                    className="break-all text-brand-800 underline underline-offset-2"
                  >
                    {row.email}
                  </a>
                ),
              },
              { header: 'Phone', cell: (row) => row.phone, className: 'whitespace-nowrap' },
              {
                header: 'Webinar',
                cell: (row) =>
                  row.webinarTitle || findWebinar(row.webinarId)?.title || row.webinarId,
              },
              {
                header: 'Registered',
                cell: (row) => (
                  <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time>
                ),
                className: 'min-w-[9rem]',
              },
            ]}
          />
          <Pagination
            label="Registration pages"
            page={list.page}
            totalPages={list.totalPages}
            hrefFor={(next) => listHref(path, { webinarId }, next)}
          />
        </div>
      )}
    </>
  );
}
