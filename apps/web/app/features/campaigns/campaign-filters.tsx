import {
  type CampaignSort,
  campaignSortLabels,
  campaignSorts,
} from '@ipatient/contracts/campaigns';
import { campaignCategories } from '@ipatient/contracts/constants';
import { states } from '@ipatient/contracts/reference';
import { SlidersHorizontal } from 'lucide-react';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { SelectField } from '../../components/ui/form-field.tsx';

/** What the list of campaigns is narrowed to and ordered by, as the address says it. */
export interface CampaignFilterValues {
  search: string;
  category: string;
  state: string;
  sort: CampaignSort;
}

/**
 * Category, state and order of the campaign list: a GET form (?category=&state=&sort=) that
 * keeps the search, so it works without JavaScript and every choice has its own address.
 */
export function CampaignFilters({ values }: { values: CampaignFilterValues }) {
  return (
    <form
      method="get"
      action="/campaigns"
      aria-label="Filter and sort campaigns"
      className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_auto] lg:items-end"
    >
      {values.search ? <input type="hidden" name="search" value={values.search} /> : null}
      <SelectField
        label="Category"
        name="category"
        id="filter-category"
        defaultValue={values.category}
      >
        <option value="">All categories</option>
        {campaignCategories.map((category) => (
          <option key={category} value={category}>
            {category}
          </option>
        ))}
      </SelectField>
      <SelectField label="State" name="state" id="filter-state" defaultValue={values.state}>
        <option value="">All states</option>
        {states.map((state) => (
          <option key={state.name} value={state.name}>
            {state.name}
          </option>
        ))}
      </SelectField>
      <SelectField label="Sort by" name="sort" id="filter-sort" defaultValue={values.sort}>
        {campaignSorts.map((sort) => (
          <option key={sort} value={sort}>
            {campaignSortLabels[sort]}
          </option>
        ))}
      </SelectField>
      <button type="submit" className={buttonClass('secondary', 'min-h-12')}>
        <SlidersHorizontal aria-hidden="true" className="h-4 w-4" />
        Show campaigns
      </button>
    </form>
  );
}

/** The query of a list address, leaving out what is the default. */
export function filterQuery(values: CampaignFilterValues, page = 1): string {
  const params = new URLSearchParams();
  if (values.search) params.set('search', values.search);
  if (values.category) params.set('category', values.category);
  if (values.state) params.set('state', values.state);
  if (values.sort !== 'recent') params.set('sort', values.sort);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `/campaigns?${query}` : '/campaigns';
}

/**
 * The filters from an address: unknown values fall back to none (an old or mistyped link shows
 * every campaign rather than an error).
 */
export function readFilters(params: URLSearchParams, searchMax: number): CampaignFilterValues {
  const category = params.get('category') ?? '';
  const state = params.get('state') ?? '';
  const sort = params.get('sort') ?? '';
  const known = states.find((entry) => entry.name.toLowerCase() === state.trim().toLowerCase());
  return {
    search: (params.get('search') ?? '').trim().slice(0, searchMax),
    category: (campaignCategories as readonly string[]).includes(category) ? category : '',
    state: known?.name ?? '',
    sort: (campaignSorts as readonly string[]).includes(sort) ? (sort as CampaignSort) : 'recent',
  };
}
