import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';

interface PaginationProps {
  /** The accessible name of the navigation, e.g. "Campaign pages". */
  label: string;
  page: number;
  totalPages: number;
  /** The address of a page of the same list (keeps its search and filters). */
  hrefFor: (page: number) => string;
}

const linkClass =
  'inline-flex min-h-11 items-center gap-1 rounded-full border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 hover:bg-brand-50';

/** Previous / Next links with "Page X of Y"; plain links, so the server renders every page. */
export function Pagination({ label, page, totalPages, hrefFor }: PaginationProps) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-4">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} rel="prev" className={linkClass}>
          <ChevronLeft aria-hidden="true" className="h-4 w-4" />
          Previous
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm font-medium text-slate-700">
        Page {page} of {totalPages}
      </p>
      {page < totalPages ? (
        <Link to={hrefFor(page + 1)} rel="next" className={linkClass}>
          Next
          <ChevronRight aria-hidden="true" className="h-4 w-4" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** A page number from the address: 1 when missing or odd. */
export function pageNumber(value: string | null): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page > 0 ? page : 1;
}
