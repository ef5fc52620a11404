import type { ReactNode } from 'react';

export interface AdminTableColumn<T> {
  /** The column's header text. */
  header: ReactNode;
  /** What the column shows for one row. */
  cell: (row: T) => ReactNode;
  /** This column names the row (a `<th scope="row">`), usually the first one. */
  rowHeader?: boolean;
  /** Extra classes of the column's cells (e.g. 'whitespace-nowrap', 'text-right'). */
  className?: string;
  /** Shown to screen readers only (e.g. an "Actions" column). */
  srOnlyHeader?: boolean;
}

interface AdminTableProps<T> {
  /** The table's caption: its accessible name and the name of its scrolling region. */
  caption: string;
  /** Keep the caption for screen readers only (the page heading already says it). */
  captionHidden?: boolean;
  columns: readonly AdminTableColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** Shown instead of the table when there are no rows. */
  empty?: ReactNode;
}

/**
 * A data table of an admin screen. On a phone each row becomes a card: the row's name first,
 * then every cell under its column's label, so nothing scrolls sideways. From tablet width it is
 * a table again, scrolling sideways (when it must) inside a labelled region that takes the
 * keyboard focus (so it can be scrolled with the arrow keys). The region is `relative` so that
 * visually hidden texts in far-right cells stay inside it and never widen the page.
 */
export function AdminTable<T>({
  caption,
  captionHidden = false,
  columns,
  rows,
  rowKey,
  empty,
}: AdminTableProps<T>) {
  if (rows.length === 0 && empty) return <>{empty}</>;
  return (
    <section
      aria-label={caption}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus (WCAG 2.1.1)
      tabIndex={0}
      className="relative overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
    >
      <table className="w-full border-collapse text-left text-sm max-md:block md:min-w-[40rem]">
        <caption
          className={
            captionHidden
              ? 'sr-only'
              : 'px-4 pt-4 pb-2 text-left text-base font-semibold text-slate-900'
          }
        >
          {caption}
        </caption>
        <thead className="bg-slate-50 text-slate-700 max-md:sr-only">
          <tr>
            {columns.map((column, index) => (
              <th
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed per table
                key={index}
                scope="col"
                className={`border-b border-slate-200 px-4 py-3 font-semibold ${column.className ?? ''}`}
              >
                {column.srOnlyHeader ? (
                  <span className="sr-only">{column.header}</span>
                ) : (
                  column.header
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="max-md:block">
          {rows.map((row) => (
            <tr
              key={rowKey(row)}
              className="border-b border-slate-200 align-top last:border-b-0 max-md:block max-md:space-y-3 max-md:px-4 max-md:py-4"
            >
              {columns.map((column, index) =>
                column.rowHeader ? (
                  <th
                    // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed per table
                    key={index}
                    scope="row"
                    className={`px-4 py-3 font-semibold break-words text-slate-900 max-md:block max-md:p-0 max-md:text-base ${column.className ?? ''}`}
                  >
                    {column.cell(row)}
                  </th>
                ) : (
                  <td
                    // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed per table
                    key={index}
                    className={`px-4 py-3 break-words text-slate-800 max-md:p-0 ${
                      column.srOnlyHeader
                        ? 'max-md:block'
                        : 'max-md:grid max-md:grid-cols-[6.5rem_minmax(0,1fr)] max-md:items-baseline max-md:gap-x-3'
                    } ${column.className ?? ''}`}
                  >
                    {column.srOnlyHeader ? (
                      column.cell(row)
                    ) : (
                      <>
                        {/* The column's name beside the value where the row is a card (phones). */}
                        <span className="text-xs font-semibold tracking-wide text-slate-600 uppercase md:hidden">
                          {column.header}
                        </span>
                        <div className="min-w-0">{column.cell(row)}</div>
                      </>
                    )}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
