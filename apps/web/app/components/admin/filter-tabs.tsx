import { Link } from 'react-router';

interface FilterTabsProps<Value extends string> {
  /** The nav's accessible name, e.g. "Review status". */
  label: string;
  /** The filter shown now: its link carries aria-current. */
  current: Value;
  filters: readonly { value: Value; label: string }[];
  /** The address of the list filtered by `value`. */
  hrefFor: (value: Value) => string;
  /** The nav's classes (its margin). */
  className?: string;
}

/** Filter tabs: plain links in pills, so each filtered list has its own address. */
export function FilterTabs<Value extends string>({
  label,
  current,
  filters,
  hrefFor,
  className,
}: FilterTabsProps<Value>) {
  return (
    <nav aria-label={label} className={className}>
      <ul className="flex flex-wrap gap-2">
        {filters.map((filter) => (
          <li key={filter.value}>
            <Link
              to={hrefFor(filter.value)}
              aria-current={current === filter.value ? 'page' : undefined}
              className="inline-flex min-h-11 items-center rounded-full border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 hover:bg-brand-50 aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white"
            >
              {filter.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
