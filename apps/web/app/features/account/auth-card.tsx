import type { ReactNode } from 'react';
import { HeartMark } from '../../components/brand/site-logo.tsx';

interface AuthCardProps {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  /** The sign-up and personalize forms have two columns on wide screens. */
  wide?: boolean;
}

/** The frame of the sign-in, sign-up and code pages: one card with the page's h1. */
export function AuthCard({ title, lead, children, wide = false }: AuthCardProps) {
  return (
    <div className="bg-brand-50 px-4 py-10 md:py-16">
      <section
        aria-labelledby="page-title"
        className={`mx-auto rounded-2xl border border-brand-100 bg-white p-6 shadow-sm md:p-8 ${wide ? 'max-w-2xl' : 'max-w-md'}`}
      >
        <HeartMark className="h-10 w-10 text-brand-600" />
        <h1
          id="page-title"
          className="mt-3 text-2xl font-extrabold tracking-tight text-slate-900 md:text-3xl"
        >
          {title}
        </h1>
        {lead ? <div className="mt-2 text-slate-700">{lead}</div> : null}
        <div className="mt-6">{children}</div>
      </section>
    </div>
  );
}

/** A text link in the site's style (underlined, AA contrast). */
export const textLinkClass =
  'font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900';
