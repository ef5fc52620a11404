import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface ListSectionHeaderProps {
  heading: ReactNode;
  linkTo: string;
  linkText: string;
}

/** A section heading with its "see all" link on the same line on wide screens. */
export function ListSectionHeader({ heading, linkTo, linkText }: ListSectionHeaderProps) {
  return (
    <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
      {heading}
      <Link
        to={linkTo}
        className="inline-flex min-h-11 shrink-0 items-center gap-2 font-semibold text-brand-800 underline-offset-4 hover:underline"
      >
        {linkText}
        <ArrowRight aria-hidden="true" className="h-4 w-4" />
      </Link>
    </div>
  );
}
