import type { ReactNode } from 'react';

/** One fact of a definition list: its name, then its value in bold (a wide one spans both columns). */
export function Fact({
  term,
  children,
  wide = false,
}: {
  term: string;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={wide ? 'sm:col-span-2' : ''}>
      <dt className="text-sm text-slate-600">{term}</dt>
      <dd className="font-semibold break-words text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * The facts of the thing an admin page is about ("The payout", "The report"): a heading and a
 * card of `Fact`s in two columns on wider screens; `after` goes below the card.
 */
export function FactsSection({
  id,
  title,
  children,
  after,
}: {
  /** The heading's id, unique on the page. */
  id: string;
  title: string;
  /** The `Fact`s. */
  children: ReactNode;
  after?: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="min-w-0 space-y-4">
      <h2 id={id} className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      <dl className="grid gap-x-6 gap-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:grid-cols-2">
        {children}
      </dl>
      {after}
    </section>
  );
}
