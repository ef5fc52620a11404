import type { TTimelineYear } from '@ipatient/contracts/site-content';
import { CircleCheck } from 'lucide-react';

interface TimelineProps {
  /** The years with their record or goals, from the site content admins edit. */
  timeline: readonly TTimelineYear[];
  /** Heading level of each year, to fit the page outline. */
  headingLevel?: 3 | 2;
}

const columns: Record<number, string> = {
  1: '',
  2: 'md:grid-cols-2',
  3: 'md:grid-cols-3',
  4: 'md:grid-cols-2 lg:grid-cols-4',
};

/** The yearly record and goals as cards, in reading order on every screen size. */
export function Timeline({ timeline, headingLevel = 3 }: TimelineProps) {
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <ol className={`grid gap-5 ${columns[timeline.length] ?? 'md:grid-cols-3'}`}>
      {timeline.map((entry) => (
        <li
          key={`${entry.year}-${entry.label}`}
          className="relative rounded-2xl border border-brand-100 bg-white p-6 shadow-sm"
        >
          <Heading className="flex items-baseline gap-3">
            <span className="text-3xl font-extrabold text-brand-700">{entry.year}</span>
            <span className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
              {entry.label}
            </span>
          </Heading>
          <ul className="mt-4 space-y-3">
            {entry.items.map((item, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the items are a fixed list from the server, never reordered on the page
              <li key={index} className="flex gap-3 text-slate-700">
                <CircleCheck
                  aria-hidden="true"
                  className="mt-0.5 h-5 w-5 shrink-0 text-brand-600"
                />
                <span>
                  {item.figure ? (
                    <strong className="font-bold text-slate-900">{item.figure} </strong>
                  ) : null}
                  {item.text}
                </span>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
