import {
  facilityPageSize,
  myReviewsPageSize,
  type ReviewSort,
  reviewLimits,
  reviewSorts,
} from '@ipatient/contracts/facility-rules';
import type { RouterContextProvider } from 'react-router';
import { pageNumber } from '../../components/ui/pagination.tsx';
import { getApi } from '../../lib/api-context.ts';
import { lookup, readBody } from '../../lib/api-read.server.ts';
import type { FacilityFilters } from './facility-query.ts';
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

type PageMeta = { page: number; limit: number; total: number } | undefined;

function listPage<T>(meta: PageMeta, items: T[], page: number, limit: number): ListPage<T> {
  return {
    items,
    page: meta?.page ?? page,
    limit: meta?.limit ?? limit,
    total: meta?.total ?? items.length,
  };
}

/** One page of the directory (GET /facilities); null when the API could not answer. */
export async function fetchFacilities(
  context: Context,
  filters: FacilityFilters,
  page: number,
): Promise<ListPage<Facility> | null> {
  const body = await readBody(
    'GET facilities',
    getApi(context).facilities.list({
      query: {
        search: filters.search,
        minRating: filters.minRating ?? undefined,
        state: filters.state,
        verified: filters.verified ? 'true' : undefined,
        page: page > 1 ? page : undefined,
        limit: facilityPageSize,
      },
    }),
  );
  if (!body) return null;
  return listPage(body.meta, body.results.map(toFacility), page, facilityPageSize);
}

export type FacilityLookup =
  | { kind: 'found'; facility: FacilityDetail }
  | { kind: 'not-found' }
  | { kind: 'error' };

/** One facility with its breakdown and the viewer's own review (GET /facilities/{id}). */
export async function fetchFacility(context: Context, id: string): Promise<FacilityLookup> {
  const found = await lookup('GET facility', getApi(context).facilities.get({ params: { id } }));
  if (found.kind !== 'found') return found;
  return { kind: 'found', facility: toFacilityDetail(found.value.result) };
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
  const body = await readBody(
    'GET facility reviews',
    getApi(context).facilities.reviews({ params: { id }, query: { sort, page, limit } }),
  );
  if (!body) return null;
  return listPage(body.meta, body.results.map(toReview), page, limit);
}

/** The member's own reviews, newest first (GET /my-facility-reviews); null on failure. */
export async function fetchMyReviews(
  context: Context,
  request: Request,
): Promise<ListPage<MyReview> | null> {
  const page = pageNumber(new URL(request.url).searchParams.get('page'));
  const body = await readBody(
    'GET my facility reviews',
    getApi(context).facilities.myReviews({ query: { page, limit: myReviewsPageSize } }),
  );
  if (!body) return null;
  return listPage(body.meta, body.results, page, myReviewsPageSize);
}
