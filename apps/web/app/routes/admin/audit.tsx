import { adminLimits, type TAuditEntry, type TAuditSentence } from '@ipatient/contracts/admin';
import { ScrollText } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { SelectField, TextField } from '../../components/ui/form-field.tsx';
import { Pagination, pageNumber } from '../../components/ui/pagination.tsx';
import { AdminFilters } from '../../features/admin/admin-filters.tsx';
import {
  formatDateTime,
  listHref,
  queryText,
  toListPage,
} from '../../features/admin/admin-list.ts';
import { AdminPageHeader } from '../../features/admin/admin-page-header.tsx';
import { AdminTable } from '../../features/admin/admin-table.tsx';
import { StatusPill } from '../../features/admin/status-pill.tsx';
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
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** What the table shows of one entry (the snapshots already as pretty JSON). */
type AuditRow = Pick<
  TAuditEntry,
  '_id' | 'actorName' | 'action' | 'entityType' | 'entityId' | 'summary' | 'createdAt'
> & { before: string | null; after: string | null; sentence: TAuditSentence };

/** "blog-post" → "Blog post", for the record type filter. */
function typeLabel(type: string): string {
  const words = type.replace(/[-_]+/g, ' ').trim();
  return words ? `${words.charAt(0).toUpperCase()}${words.slice(1)}` : type;
}

function pretty(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  try {
    return JSON.stringify(value, null, 2);
  } catch {
    return String(value);
  }
}

function toRow(entry: TAuditEntry): AuditRow {
  return {
    _id: entry._id,
    actorName: entry.actorName,
    sentence: entry.sentence,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    summary: entry.summary,
    createdAt: entry.createdAt,
    before: pretty(entry.before),
    after: pretty(entry.after),
  };
}

function dateParam(params: URLSearchParams, name: string): string {
  const value = queryText(params, name, 10);
  return DATE.test(value) ? value : '';
}

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const params = new URL(request.url).searchParams;
  const filters = {
    entityType: queryText(params, 'entityType', 60),
    entityId: queryText(params, 'entityId', 200),
    actorId: queryText(params, 'actorId', 60),
    action: queryText(params, 'action', 200),
    search: queryText(params, 'search', adminLimits.searchMax),
    from: dateParam(params, 'from'),
    to: dateParam(params, 'to'),
  };
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
    list: response?.ok ? toListPage(response.body, toRow) : null,
  };
}

/** The entry as a sentence, the record's name linked to its admin page when it has one. */
function Sentence({ sentence }: { sentence: TAuditSentence }) {
  const { object } = sentence;
  const label = object ? (object.quoted ? `“${object.label}”` : object.label) : null;
  if (!object && sentence.verb === sentence.text) return <p>{sentence.text}</p>;
  return (
    <p className="text-base text-slate-900">
      <strong className="font-semibold">{sentence.actor}</strong> {sentence.verb}
      {label ? ' ' : null}
      {object?.href ? (
        <Link
          to={object.href}
          className="font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900"
        >
          {label}
        </Link>
      ) : (
        label
      )}
      {sentence.rest}
    </p>
  );
}

function Snapshot({ label, json }: { label: string; json: string | null }) {
  return (
    <div className="min-w-0">
      <p className="text-xs font-semibold tracking-wide text-slate-700 uppercase">{label}</p>
      {json ? (
        <pre className="mt-1 rounded-lg bg-slate-900 p-3 text-xs leading-relaxed break-all whitespace-pre-wrap text-slate-50">
          <code>{json}</code>
        </pre>
      ) : (
        <p className="mt-1 text-sm text-slate-600">Nothing recorded.</p>
      )}
    </div>
  );
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { filters, entityTypes, error, fieldErrors, list } = loaderData;
  const filtered = Object.values(filters).some(Boolean);
  // The entity type in the address stays selectable even before it has entries.
  const typeOptions =
    filters.entityType && !entityTypes.includes(filters.entityType)
      ? [filters.entityType, ...entityTypes]
      : entityTypes;
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
      <AdminFilters
        action={path}
        label="Filter audit entries"
        keep={{ actorId: filters.actorId, entityId: filters.entityId }}
      >
        <SelectField
          label="Record type"
          name="entityType"
          defaultValue={filters.entityType}
          error={fieldErrors.entityType}
        >
          <option value="">All record types</option>
          {typeOptions.map((type) => (
            <option key={type} value={type}>
              {typeLabel(type)}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Action"
          name="action"
          defaultValue={filters.action}
          maxLength={200}
          hint="Part of the route, e.g. suspension or role"
          error={fieldErrors.action}
        />
        <TextField
          label="From"
          name="from"
          type="date"
          defaultValue={filters.from}
          error={fieldErrors.from}
        />
        <TextField
          label="To"
          name="to"
          type="date"
          defaultValue={filters.to}
          error={fieldErrors.to}
        />
        <TextField
          label="Search"
          name="search"
          type="search"
          defaultValue={filters.search}
          maxLength={adminLimits.searchMax}
          hint="Words in the entry, e.g. a campaign's title or a member's name"
          error={fieldErrors.search}
          className="sm:col-span-2 lg:col-span-4"
        />
      </AdminFilters>
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
          <AdminTable
            caption="Audit entries"
            captionHidden
            rows={list.rows}
            rowKey={(row) => row._id}
            empty={
              <EmptyState
                title="No audit entries"
                icon={<ScrollText aria-hidden="true" className="h-6 w-6" />}
              >
                <p>
                  {filtered
                    ? 'No entry matches these filters.'
                    : 'Changes made by admins will be listed here.'}
                </p>
              </EmptyState>
            }
            columns={[
              {
                header: 'When',
                rowHeader: true,
                className: 'font-normal md:min-w-[9rem]',
                cell: (row) => (
                  <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time>
                ),
              },
              {
                header: 'What happened',
                className: 'md:min-w-[20rem]',
                cell: (row) => (
                  <div className="space-y-2">
                    <Sentence sentence={row.sentence} />
                    <details className="group">
                      <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-brand-800 underline underline-offset-2">
                        Details
                      </summary>
                      <dl className="mt-2 grid gap-x-3 gap-y-1 text-xs text-slate-700 sm:grid-cols-[auto_1fr]">
                        <dt className="font-semibold">Record type</dt>
                        <dd>
                          <StatusPill tone="info">{typeLabel(row.entityType)}</StatusPill>
                        </dd>
                        {row.entityId ? (
                          <>
                            <dt className="font-semibold">Record id</dt>
                            <dd className="break-all">{row.entityId}</dd>
                          </>
                        ) : null}
                        <dt className="font-semibold">Request</dt>
                        <dd>
                          <code className="break-all">{row.action}</code>
                        </dd>
                      </dl>
                      <div className="mt-2 grid gap-3 xl:grid-cols-2">
                        <Snapshot label="Before" json={row.before} />
                        <Snapshot label="After" json={row.after} />
                      </div>
                    </details>
                  </div>
                ),
              },
            ]}
          />
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
