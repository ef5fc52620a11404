import { CircleCheck } from 'lucide-react';
import { timeline } from './timeline-data.ts';

interface TimelineProps {
  /** Heading level of each year, to fit the page outline. */
  headingLevel?: 3 | 2;
}

/** The 2023–2025 record and goals as three cards, in reading order on every screen size. */
export function Timeline({ headingLevel = 3 }: TimelineProps) {
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <ol className="grid gap-5 md:grid-cols-3">
      {timeline.map((entry) => (
        <li
          key={entry.year}
          className="relative rounded-2xl border border-brand-100 bg-white p-6 shadow-sm"
        >
          <Heading className="flex items-baseline gap-3">
            <span className="text-3xl font-extrabold text-brand-700">{entry.year}</span>
            <span className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
              {entry.label}
            </span>
          </Heading>
          <ul className="mt-4 space-y-3">
            {entry.items.map((item) => (
              <li key={item.text} className="flex gap-3 text-slate-700">
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
