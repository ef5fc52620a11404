import { Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonClass } from './button-styles.ts';
import { inputClass } from './form-field.tsx';

interface SearchFormProps {
  /** The list page the search runs on, e.g. "/blog". */
  action: string;
  /** The input's id (one per page). */
  id: string;
  label: string;
  search: string;
  maxLength: number;
  placeholder: string;
  /** Filters the search keeps (e.g. the chosen category). */
  keep?: Record<string, string | undefined>;
  /** More controls of the same form, on their own line under the field (e.g. a scope choice). */
  children?: ReactNode;
}

/** A GET form (?search=): it works without JavaScript and the results have their own address. */
export function SearchForm({
  action,
  id,
  label,
  search,
  maxLength,
  placeholder,
  keep = {},
  children,
}: SearchFormProps) {
  return (
    <search>
      <form
        method="get"
        action={action}
        className={`flex flex-col gap-3 sm:flex-row sm:items-end ${children ? 'sm:flex-wrap' : ''}`}
      >
        {Object.entries(keep).map(([name, value]) =>
          value ? <input key={name} type="hidden" name={name} value={value} /> : null,
        )}
        <div className="flex-1">
          <label htmlFor={id} className="block text-sm font-semibold text-slate-900">
            {label}
          </label>
          <input
            id={id}
            type="search"
            name="search"
            defaultValue={search}
            maxLength={maxLength}
            placeholder={placeholder}
            className={inputClass}
          />
        </div>
        <button type="submit" className={buttonClass('primary', 'min-h-12')}>
          <Search aria-hidden="true" className="h-4 w-4" />
          Search
        </button>
        {children ? <div className="sm:basis-full">{children}</div> : null}
      </form>
    </search>
  );
}
