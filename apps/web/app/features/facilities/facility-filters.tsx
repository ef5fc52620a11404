import {
  ratingFilterLabels,
  ratingFilters,
  reviewLimits,
} from '@ipatient/contracts/facility-rules';
import { states } from '@ipatient/contracts/reference';
import { Search } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { inputClass } from '../../components/ui/form-field.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import type { FacilityFilters as Filters } from './facility-query.ts';

const radioClass =
  'inline-flex min-h-11 cursor-pointer items-center rounded-full border border-slate-400 bg-white px-4 text-sm font-semibold text-slate-800 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-700 has-[:checked]:text-white has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700';

/**
 * The directory's search and filters: one GET form, so it works before any script and every
 * filtered list has its own address. Apply sends it; Clear goes back to the whole directory.
 */
export function FacilityFilters({ filters }: { filters: Filters }) {
  const rating = filters.minRating === null ? '' : String(filters.minRating);
  const options = [
    { value: '', label: 'All' },
    ...ratingFilters.map((value) => ({ value: String(value), label: ratingFilterLabels[value] })),
  ];
  return (
    <search>
      <form method="get" action="/review" className="space-y-5">
        <div>
          <label htmlFor="facility-search" className="block text-sm font-semibold text-slate-900">
            Search facilities
          </label>
          <input
            id="facility-search"
            type="search"
            name="search"
            defaultValue={filters.search}
            maxLength={reviewLimits.searchMax}
            placeholder="A hospital's name or a service, such as Maternity"
            className={inputClass}
          />
        </div>
        <div className="grid gap-5 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <fieldset>
            <legend className="text-sm font-semibold text-slate-900">Rating</legend>
            <div className="mt-1.5 flex flex-wrap gap-2">
              {options.map((option) => (
                <label key={option.label} className={radioClass}>
                  <input
                    type="radio"
                    name="minRating"
                    value={option.value}
                    defaultChecked={option.value === rating}
                    className="sr-only"
                  />
                  {option.label}
                </label>
              ))}
            </div>
          </fieldset>
          <div>
            <label htmlFor="facility-state" className="block text-sm font-semibold text-slate-900">
              State
            </label>
            <select
              id="facility-state"
              name="state"
              defaultValue={filters.state}
              className={inputClass}
            >
              <option value="">All states</option>
              {states.map((state) => (
                <option key={state.name} value={state.name}>
                  {state.name}
                </option>
              ))}
            </select>
          </div>
        </div>
        <Switch
          id="facility-verified"
          name="verified"
          value="true"
          label="Verified only"
          description="Show only facilities our team has verified."
          defaultChecked={filters.verified}
          className="max-w-md"
        />
        <div className="flex flex-wrap gap-3">
          <button type="submit" className={buttonClass('primary', 'min-h-12')}>
            <Search aria-hidden="true" className="h-4 w-4" />
            Apply
          </button>
          <Link to="/review" className={buttonClass('secondary', 'min-h-12')}>
            Clear
          </Link>
        </div>
      </form>
    </search>
  );
}
