import type {
  TFacility,
  TFacilityDetail,
  TFacilityReview,
  TMyFacilityReview,
} from '@ipatient/contracts/facilities';
import {
  facilityPageSize,
  myReviewsPageSize,
  type ReviewSort,
  reviewLimits,
  reviewSorts,
} from '@ipatient/contracts/facility-rules';
import type { RouterContextProvider } from 'react-router';
import { pageNumber } from '../../components/ui/pagination.tsx';
import { rawApi, rethrowIfUnavailable } from '../../lib/api-context.ts';
import { getJson, metaOf, resultsOf } from '../../lib/api-read.server.ts';
import { type FacilityFilters, filterQuery } from './facility-query.ts';
import {
  type Facility,
  type FacilityDetail,
  type ListPage,
  type MyReview,
  type Review,
  toFacility,
  toFacilityDetail,
  toReview,
} from './facility-types.ts';

type Context = Readonly<RouterContextProvider>;

function listPage<T>(body: unknown, items: T[], page: number, limit: number): ListPage<T> {
  const meta = metaOf(body);
  return {
    items,
    page: meta.page ?? page,
    limit: meta.limit ?? limit,
    total: meta.total ?? items.length,
  };
}

/** One page of the directory (GET /facilities); null when the API could not answer. */
export async function fetchFacilities(
  context: Context,
  filters: FacilityFilters,
  page: number,
): Promise<ListPage<Facility> | null> {
  const params = filterQuery(filters, page);
  params.set('limit', String(facilityPageSize));
  const body = await getJson(context, `/facilities?${params}`);
  const results = resultsOf(body);
  if (!results) return null;
  return listPage(body, (results as TFacility[]).map(toFacility), page, facilityPageSize);
}

export type FacilityLookup =
  | { kind: 'found'; facility: FacilityDetail }
  | { kind: 'not-found' }
  | { kind: 'error' };

/** One facility with its breakdown and the viewer's own review (GET /facilities/{id}). */
export async function fetchFacility(context: Context, id: string): Promise<FacilityLookup> {
  try {
    const response = await rawApi(context)(`/facilities/${encodeURIComponent(id)}`);
    if (response.status === 200) {
      return {
        kind: 'found',
        facility: toFacilityDetail((response.body as { result: TFacilityDetail }).result),
      };
    }
    // A malformed id is as unknown as a missing one.
    if (response.status === 404 || response.status === 400) return { kind: 'not-found' };
    return { kind: 'error' };
  } catch (error) {
    rethrowIfUnavailable(error);
    console.error(`GET /facilities/${id} failed`, error);
    return { kind: 'error' };
  }
}

/** The sort of a review list's address; 'relevant' when missing or unknown. */
export function readSort(value: string | null): ReviewSort {
  return reviewSorts.find((sort) => sort === value) ?? 'relevant';
}

/** One page of a facility's approved reviews; null when the API could not answer. */
export async function fetchFacilityReviews(
  context: Context,
  id: string,
  sort: ReviewSort,
  page: number,
): Promise<ListPage<Review> | null> {
  const limit = reviewLimits.reviewsPageSize;
  const params = new URLSearchParams({ sort, page: String(page), limit: String(limit) });
  const body = await getJson(context, `/facilities/${encodeURIComponent(id)}/reviews?${params}`);
  const results = resultsOf(body);
  if (!results) return null;
  return listPage(body, (results as TFacilityReview[]).map(toReview), page, limit);
}

/** The member's own reviews, newest first (GET /my-facility-reviews); null on failure. */
export async function fetchMyReviews(
  context: Context,
  request: Request,
): Promise<ListPage<MyReview> | null> {
  const page = pageNumber(new URL(request.url).searchParams.get('page'));
  const params = new URLSearchParams({ page: String(page), limit: String(myReviewsPageSize) });
  const body = await getJson(context, `/my-facility-reviews?${params}`);
  const results = resultsOf(body);
  if (!results) return null;
  return listPage(body, results as TMyFacilityReview[], page, myReviewsPageSize);
}
