import { Award as AwardIcon, ChevronDown } from 'lucide-react';
import type { Award } from './awards-data.ts';

/** One award: its title and a 'See Nominees' disclosure (native <details>, no script needed). */
export function AwardCard({ award }: { award: Award }) {
  const titleId = `award-${award.id}-title`;
  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex items-start justify-between gap-3">
        <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-amber-100 text-amber-800">
          <AwardIcon aria-hidden="true" className="h-6 w-6" />
        </span>
        <p className="rounded-full bg-brand-50 px-3 py-1 text-xs font-bold text-brand-900">
          {award.categoryName} · {award.year}
        </p>
      </div>
      <h3 id={titleId} className="mt-4 text-lg font-bold text-slate-900">
        {award.title}
      </h3>
      <p className="mt-1 flex-1 text-slate-700">{award.description}</p>
      <details className="group mt-4 rounded-xl border border-slate-200">
        <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-2 rounded-xl px-4 font-semibold text-brand-800 hover:bg-brand-50 [&::-webkit-details-marker]:hidden">
          <span>
            See Nominees
            <span className="sr-only"> for {award.title}</span>
          </span>
          <ChevronDown
            aria-hidden="true"
            className="h-4 w-4 transition-transform group-open:rotate-180"
          />
        </summary>
        <ul className="space-y-1 px-4 pt-1 pb-4 text-slate-800">
          {award.nominees.map((nominee) => (
            <li key={nominee}>{nominee}</li>
          ))}
        </ul>
      </details>
    </article>
  );
}
