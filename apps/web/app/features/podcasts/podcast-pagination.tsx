import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';

const linkClass =
  'inline-flex min-h-11 items-center gap-1 rounded-full border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 hover:bg-brand-50';

/** Previous / Next links with "Page X of Y"; plain links, so the server renders every page. */
export function PodcastPagination({
  page,
  totalPages,
  hrefFor,
}: {
  page: number;
  totalPages: number;
  /** The address of a page of the same list (keeps the category). */
  hrefFor: (page: number) => string;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Episode pages" className="flex items-center justify-between gap-4">
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
