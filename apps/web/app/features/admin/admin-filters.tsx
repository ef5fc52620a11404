import { Filter } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button-styles.ts';

interface AdminFiltersProps {
  /** The list page the filters apply to, e.g. "/admin/users". */
  action: string;
  /** The accessible name of the filter form, e.g. "Filter users". */
  label: string;
  /** The fields (TextField, SelectField...): their names become the query parameters. */
  children: ReactNode;
  /** Parameters to keep that have no field (hidden inputs), e.g. a tab. */
  keep?: Record<string, string | undefined>;
  /** Where "Clear" goes; defaults to `action` (the unfiltered list). */
  clearHref?: string;
}

/**
 * The filters of an admin list: a GET form, so every filtered list has its own address and
 * works without JavaScript. Apply submits; Clear is a link to the unfiltered list. Sending the
 * form starts again at page 1 (there is no page field).
 */
export function AdminFilters({ action, label, children, keep = {}, clearHref }: AdminFiltersProps) {
  return (
    <search className="mb-6 block">
      <form
        method="get"
        action={action}
        aria-label={label}
        className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      >
        {Object.entries(keep).map(([name, value]) =>
          value ? <input key={name} type="hidden" name={name} value={value} /> : null,
        )}
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">{children}</div>
        <div className="mt-4 flex flex-wrap gap-3">
          <button type="submit" className={buttonClass('primary')}>
            <Filter aria-hidden="true" className="h-4 w-4" />
            Apply filters
          </button>
          <Link to={clearHref ?? action} className={buttonClass('secondary')}>
            Clear filters
          </Link>
        </div>
      </form>
    </search>
  );
}
