import type { ReactNode } from 'react';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { AdminFilters } from './admin-filters.tsx';
import { type AdminListPage, listHref } from './admin-list.ts';
import { AdminResults } from './admin-results.tsx';
import { AdminTable, type AdminTableColumn } from './admin-table.tsx';

interface AdminLogProps<Row extends { _id: string }> {
  /** The log's page, e.g. "/admin/audit": where the filters are sent, and its pages' address. */
  path: string;
  /** The filters the address asks for: the pages keep them; any set makes an empty log "filtered". */
  filters: Record<string, string>;
  /** The filter form's accessible name, e.g. "Filter audit entries". */
  filterLabel: string;
  /** The filter form's fields. */
  fields: ReactNode;
  /** Filters kept without a field of their own (hidden inputs). */
  keep?: Record<string, string | undefined>;
  /** Shown between the filters and the entries. */
  notice?: ReactNode;
  /** From the loader (`readAdminLog`): why there are no entries to show. */
  error: string | null;
  list: AdminListPage<Row> | null;
  /** The table's hidden caption, e.g. "Audit entries". */
  caption: string;
  columns: readonly AdminTableColumn<Row>[];
  /** Names the page navigation, e.g. "Audit log pages". */
  paginationLabel: string;
  /** The log with no entry: its title and icon, and what an unfiltered empty log says. */
  empty: { title: string; icon: ReactNode; unfiltered: string };
}

/**
 * An admin log (the audit log, the access log), newest first: its filter form (a plain GET
 * form, so it works without JavaScript), how many entries match, the table and its pages.
 */
export function AdminLog<Row extends { _id: string }>({
  path,
  filters,
  filterLabel,
  fields,
  keep,
  notice,
  error,
  list,
  caption,
  columns,
  paginationLabel,
  empty,
}: AdminLogProps<Row>) {
  const filtered = Object.values(filters).some(Boolean);
  return (
    <>
      <AdminFilters action={path} label={filterLabel} keep={keep}>
        {fields}
      </AdminFilters>
      {notice}
      <AdminResults
        list={error ? null : list}
        failure={error ?? ''}
        summary={list ? (list.total === 1 ? '1 entry' : `${list.total} entries`) : null}
        paginationLabel={paginationLabel}
        hrefFor={(next) => listHref(path, filters, next)}
      >
        <AdminTable
          caption={caption}
          captionHidden
          rows={list?.rows ?? []}
          rowKey={(row) => row._id}
          columns={columns}
          empty={
            <EmptyState title={empty.title} icon={empty.icon}>
              <p>{filtered ? 'No entry matches these filters.' : empty.unfiltered}</p>
            </EmptyState>
          }
        />
      </AdminResults>
    </>
  );
}
