import { webinarTopics } from '@ipatient/contracts/constants';
import { webinarLimits } from '@ipatient/contracts/webinars';
import { Search } from 'lucide-react';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { inputClass } from '../../components/ui/form-field.tsx';

interface WebinarFiltersProps {
  q: string;
  topics: readonly string[];
}

/**
 * Search words and the nine topic checkboxes as one GET form (?q=&topic=…): it works before any
 * script loads and every filtered list has its own address.
 */
export function WebinarFilters({ q, topics }: WebinarFiltersProps) {
  return (
    <search>
      <form method="get" action="/webinars" className="space-y-5">
        <div>
          <label htmlFor="webinar-search" className="block text-sm font-semibold text-slate-900">
            Search webinars
          </label>
          <input
            id="webinar-search"
            type="search"
            name="q"
            defaultValue={q}
            maxLength={webinarLimits.searchMax}
            placeholder="A topic, a title or a speaker"
            className={inputClass}
          />
        </div>
        <fieldset>
          <legend className="text-sm font-semibold text-slate-900">Topics</legend>
          <ul className="mt-2 space-y-1">
            {webinarTopics.map((topic, index) => (
              <li key={topic}>
                <label
                  htmlFor={`topic-${index}`}
                  className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 text-slate-800 hover:bg-brand-50"
                >
                  <input
                    id={`topic-${index}`}
                    type="checkbox"
                    name="topic"
                    value={topic}
                    defaultChecked={topics.includes(topic)}
                    className="h-5 w-5 shrink-0 accent-brand-700"
                  />
                  {topic}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <div className="flex flex-wrap gap-3">
          <button type="submit" className={buttonClass('primary')}>
            <Search aria-hidden="true" className="h-4 w-4" />
            Show webinars
          </button>
          {q || topics.length > 0 ? (
            <a href="/webinars" className={buttonClass('secondary')}>
              Clear filters
            </a>
          ) : null}
        </div>
      </form>
    </search>
  );
}
