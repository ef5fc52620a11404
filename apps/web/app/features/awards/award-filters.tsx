import { Filter } from 'lucide-react';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { SelectField } from '../../components/ui/form-field.tsx';
import type { AwardCategoryFilter } from './awards-data.ts';

interface AwardFiltersProps {
  year: number;
  category: AwardCategoryFilter;
  /** The awards' years, newest first. */
  years: readonly number[];
  categories: readonly { value: AwardCategoryFilter; label: string }[];
}

/** Year and category as one GET form (?year=&category=): works before any script loads. */
export function AwardFilters({ year, category, years, categories }: AwardFiltersProps) {
  return (
    <search>
      <form
        method="get"
        action="/awards"
        className="flex flex-col gap-4 sm:flex-row sm:flex-wrap sm:items-end"
      >
        <SelectField label="Year" name="year" id="award-year" defaultValue={String(year)}>
          {years.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </SelectField>
        <SelectField label="Category" name="category" id="award-category" defaultValue={category}>
          {categories.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectField>
        <button type="submit" className={buttonClass('primary', 'min-h-12')}>
          <Filter aria-hidden="true" className="h-4 w-4" />
          Show awards
        </button>
      </form>
    </search>
  );
}
