import { type RatingFilter, ratingFilters, reviewLimits } from '@ipatient/contracts/facility-rules';
import { findState } from '@ipatient/contracts/reference';

/** The directory's filters as the address carries them (?search=&minRating=&state=&verified=). */
export interface FacilityFilters {
  search: string;
  minRating: RatingFilter | null;
  /** The canonical state name, '' for all states. */
  state: string;
  verified: boolean;
}

/** The filters of a directory address; anything odd is dropped rather than failing the page. */
export function readFilters(params: URLSearchParams): FacilityFilters {
  const rating = Number(params.get('minRating'));
  const state = findState((params.get('state') ?? '').trim());
  return {
    search: (params.get('search') ?? '').trim().slice(0, reviewLimits.searchMax),
    minRating: ratingFilters.find((value) => value === rating) ?? null,
    state: state?.name ?? '',
    verified: params.get('verified') === 'true' || params.get('verified') === 'on',
  };
}

/** The query of the directory's address for these filters and page. */
export function filterQuery(filters: FacilityFilters, page = 1): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search) params.set('search', filters.search);
  if (filters.minRating !== null) params.set('minRating', String(filters.minRating));
  if (filters.state) params.set('state', filters.state);
  if (filters.verified) params.set('verified', 'true');
  if (page > 1) params.set('page', String(page));
  return params;
}
