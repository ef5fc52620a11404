import { evidenceLimits } from '@ipatient/contracts/evidence-rules';
import { useEffect, useRef, useState } from 'react';
import { inputClass } from '../../components/ui/form-field.tsx';
import { postToPage } from './page-post.ts';

/** A facility of the directory, as the hospital field suggests it. */
export interface FacilityOption {
  id: string;
  name: string;
  /** "lga, state" */
  location: string;
}

/** The page's answer to 'search-facilities'. */
export interface FacilitySearchResult {
  intent: 'search-facilities';
  query: string;
  facilities: FacilityOption[];
}

const sameName = (a: string, b: string) =>
  a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

/** The listed facility whose name is exactly `name` (any case and spacing), if any. */
export function listedFacility(
  options: readonly FacilityOption[],
  name: string,
): FacilityOption | undefined {
  return name.trim() === '' ? undefined : options.find((option) => sameName(option.name, name));
}

/**
 * The directory's suggestions: the page's first ones, then (with JavaScript) those the page
 * finds for what is typed, a moment after typing stops. Every facility seen stays known, so a
 * name chosen from an earlier list still counts as listed.
 */
export function useFacilitySuggestions(initial: readonly FacilityOption[], csrf: string) {
  const [shown, setShown] = useState<readonly FacilityOption[]>(initial);
  const known = useRef(new Map(initial.map((option) => [option.id, option])));
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const latest = useRef('');
  useEffect(() => () => clearTimeout(timer.current), []);

  function search(query: string) {
    clearTimeout(timer.current);
    latest.current = query;
    if (query.trim().length < 2) {
      setShown(initial);
      return;
    }
    timer.current = setTimeout(() => {
      const body = new FormData();
      body.set('csrf', csrf);
      body.set('intent', 'search-facilities');
      body.set('query', query.trim());
      postToPage<FacilitySearchResult>(body)
        .then((answer) => {
          if (!answer || latest.current !== query) return;
          for (const option of answer.facilities) known.current.set(option.id, option);
          setShown(answer.facilities);
        })
        // No suggestions: the typed name is sent as it is.
        .catch(() => undefined);
    }, 250);
  }

  return {
    shown,
    search,
    idOf: (name: string) => listedFacility([...known.current.values()], name)?.id ?? '',
  };
}

interface FacilityFieldProps {
  defaultValue: string;
  error: string | undefined;
  options: readonly FacilityOption[];
}

/**
 * The treating hospital: a text field with the directory's facilities as native suggestions
 * (a datalist: the phone's own keyboard and list, with or without JavaScript). A listed name
 * is sent as that facility; any other name goes to our team, who add it.
 */
export function FacilityField({ defaultValue, error, options }: FacilityFieldProps) {
  const id = 'campaign-facilityName';
  const describedBy = [error ? `${id}-error` : '', `${id}-hint`].filter(Boolean).join(' ');
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-900">
        Hospital treating the patient
      </label>
      <input
        id={id}
        name="facilityName"
        type="text"
        list="campaign-facility-options"
        autoComplete="off"
        required
        maxLength={evidenceLimits.facilityNameMax}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={inputClass}
      />
      <datalist id="campaign-facility-options">
        {options.map((option) => (
          <option key={option.id} value={option.name}>
            {option.location}
          </option>
        ))}
      </datalist>
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <p id={`${id}-hint`} className="mt-1.5 text-sm text-slate-600">
        Start typing to choose it from our directory. Not listed? Type the hospital&apos;s name and
        our team will add it.
      </p>
    </div>
  );
}
