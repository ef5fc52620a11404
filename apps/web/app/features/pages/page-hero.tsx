import type { ReactNode } from 'react';

interface PageHeroProps {
  eyebrow?: string;
  title: string;
  lead: ReactNode;
  children?: ReactNode;
}

/** The top band of an inner page: its one h1, a lead paragraph and optional actions. */
export function PageHero({ eyebrow, title, lead, children }: PageHeroProps) {
  return (
    <section aria-labelledby="page-title" className="border-b border-brand-100 bg-brand-50">
      <div className="mx-auto max-w-6xl px-4 py-12 md:px-6 md:py-16">
        {eyebrow ? (
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>
        ) : null}
        <h1
          id="page-title"
          className="mt-2 max-w-3xl text-3xl font-extrabold tracking-tight text-slate-900 md:text-5xl"
        >
          {title}
        </h1>
        <div className="mt-4 max-w-2xl text-lg text-slate-700">{lead}</div>
        {children ? <div className="mt-8 flex flex-wrap gap-3">{children}</div> : null}
      </div>
    </section>
  );
}
