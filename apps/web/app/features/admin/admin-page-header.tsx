import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface AdminPageHeaderProps {
  /** The page's only h1. */
  title: string;
  /** A sentence or two under the heading: what the screen is for. */
  lead?: ReactNode;
  /** Buttons or links for the whole page (e.g. "New post"), shown to the right on wide screens. */
  actions?: ReactNode;
  /** A page about one thing: the link back to its list, above the heading. */
  back?: { to: string; label: string };
}

/** The top of every admin screen: its h1, a short lead and the page's own actions. */
export function AdminPageHeader({ title, lead, actions, back }: AdminPageHeaderProps) {
  return (
    <>
      {back ? (
        <p className="mb-3 text-sm">
          <Link to={back.to} className="text-brand-800 underline underline-offset-2">
            {back.label}
          </Link>
        </p>
      ) : null}
      <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0 space-y-2">
          <h1 className="text-2xl font-bold text-slate-900 md:text-3xl">{title}</h1>
          {lead ? <div className="max-w-3xl text-slate-700">{lead}</div> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-3">{actions}</div> : null}
      </header>
    </>
  );
}
