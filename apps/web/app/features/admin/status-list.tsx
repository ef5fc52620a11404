import type { ReactNode } from 'react';
import { FilterTabs } from '../../components/admin/filter-tabs.tsx';
import { pageNumber } from '../../components/ui/pagination.tsx';
import { type AdminListPage, listHref } from './admin-list.ts';
import { AdminResults } from './admin-results.tsx';
import { AdminTable, type AdminTableColumn } from './admin-table.tsx';

/** A status tab of a list, or every status. */
export type StatusFilter<S extends string> = S | 'all';

/** The tabs of a list filtered by status: "All" first, then each status by its label. */
export function statusFilters<S extends string>(
  statuses: readonly S[],
  labels: Record<S, string>,
): { value: StatusFilter<S>; label: string }[] {
  return [
    { value: 'all', label: 'All' },
    ...statuses.map((value) => ({ value, label: labels[value] })),
  ];
}

/** The status (undefined: all, or one that is not one) and page a list's address asks for. */
export function readStatusPage<S extends string>(
  request: Request,
  statuses: readonly S[],
): { status: S | undefined; page: number } {
  const params = new URL(request.url).searchParams;
  const given = params.get('status') ?? '';
  return {
    status: statuses.find((value) => value === given),
    page: pageNumber(params.get('page')),
  };
}

interface StatusListProps<S extends string, Row> {
  /** The list's page, e.g. "/admin/payouts". */
  path: string;
  /** The tabs' accessible name, e.g. "Payout status". */
  tabsLabel: string;
  filters: readonly { value: StatusFilter<S>; label: string }[];
  status: StatusFilter<S>;
  /** The rows of this page, or null when the API could not answer. */
  list: AdminListPage<Row> | null;
  /** Shown when `list` is null. */
  failure: string;
  /** "12 payouts" and the like. */
  count: (total: number) => string;
  /** Names the page navigation, e.g. "Payout pages". */
  paginationLabel: string;
  /** The table's (hidden) caption. */
  caption: string;
  columns: AdminTableColumn<Row>[];
  /** Shown in the table when no row has the status. */
  empty: ReactNode;
}

/**
 * An admin list filtered by status: the status tabs, how many match, the table and its pages,
 * each tab and page at its own address (`?status=…&page=…`).
 */
export function StatusList<S extends string, Row extends { _id: string }>({
  path,
  tabsLabel,
  filters,
  status,
  list,
  failure,
  count,
  paginationLabel,
  caption,
  columns,
  empty,
}: StatusListProps<S, Row>) {
  const hrefFor = (value: StatusFilter<S>, page = 1) =>
    listHref(path, { status: value === 'all' ? undefined : value }, page);
  return (
    <>
      <FilterTabs
        label={tabsLabel}
        current={status}
        filters={filters}
        hrefFor={(value) => hrefFor(value)}
        className="mb-6"
      />
      <AdminResults
        list={list}
        failure={failure}
        summary={list ? count(list.total) : null}
        paginationLabel={paginationLabel}
        hrefFor={(page) => hrefFor(status, page)}
      >
        <AdminTable
          caption={caption}
          captionHidden
          columns={columns}
          rows={list?.rows ?? []}
          rowKey={(row) => row._id}
          empty={empty}
        />
      </AdminResults>
    </>
  );
}
