import type { ReactNode } from 'react';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';

interface AdminResultsProps {
  /** The page of the list, or null when the API could not answer. */
  list: { page: number; totalPages: number } | null;
  /** Shown when `list` is null. */
  failure: string;
  /** "12 posts" and the like, announced when the filters change it. */
  summary: ReactNode;
  /** Names the page navigation ("Post pages"). */
  paginationLabel: string;
  hrefFor: (page: number) => string;
  /** When given (the page has no rows), shown alone instead of the count, the list and its pages. */
  empty?: ReactNode;
  /** The table. */
  children: ReactNode;
}

/** A filtered admin list: how many matched, the table, and its pages. */
export function AdminResults({
  list,
  failure,
  summary,
  paginationLabel,
  hrefFor,
  empty,
  children,
}: AdminResultsProps) {
  if (!list) return <FormAlert message={failure} />;
  if (empty) return <>{empty}</>;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700" aria-live="polite">
        {summary}
      </p>
      {children}
      <Pagination
        label={paginationLabel}
        page={list.page}
        totalPages={list.totalPages}
        hrefFor={hrefFor}
      />
    </div>
  );
}
