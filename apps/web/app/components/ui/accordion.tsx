import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';

export interface AccordionItem {
  id: string;
  title: string;
  content: ReactNode;
}

interface AccordionProps {
  /** Items sharing a name form an exclusive group: opening one closes the others. */
  name: string;
  items: readonly AccordionItem[];
  /** Heading level of the item titles, to fit the page outline. */
  headingLevel?: 3 | 4;
}

/**
 * An accordion of native <details> elements: one item open at a time (the shared `name`),
 * every item collapsible, operable with Enter and Space, and working before any JavaScript.
 */
export function Accordion({ name, items, headingLevel = 3 }: AccordionProps) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <div className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
      {items.map((item) => (
        <details key={item.id} name={name} id={item.id} className="group">
          <summary className="flex min-h-14 items-center justify-between gap-4 px-5 py-4 text-left hover:bg-brand-50">
            <Heading className="text-base font-semibold text-slate-900">{item.title}</Heading>
            <ChevronDown
              aria-hidden="true"
              className="h-5 w-5 shrink-0 text-brand-700 transition-transform group-open:rotate-180"
            />
          </summary>
          <div className="px-5 pb-5 text-slate-700">{item.content}</div>
        </details>
      ))}
    </div>
  );
}
