/** A facility review waits for a moderator: pending → approved or rejected (docs/product.md#facilities). */
export const reviewStatuses = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];

/** The rating radio of the directory (docs/product.md#facilities): "All" is no filter. */
export const ratingFilters = [1, 2, 3, 4.5] as const;
export type RatingFilter = (typeof ratingFilters)[number];
export const ratingFilterLabels: Record<RatingFilter, string> = {
  1: '1.0+',
  2: '2.0+',
  3: '3.0+',
  4.5: '4.5+',
};

/** The sort options of a facility's reviews (docs/product.md#facilities). */
export const reviewSorts = ['relevant', 'recent', 'highest', 'lowest'] as const;
export type ReviewSort = (typeof reviewSorts)[number];
export const reviewSortLabels: Record<ReviewSort, string> = {
  relevant: 'Most relevant',
  recent: 'Most recent',
  highest: 'Highest rated',
  lowest: 'Lowest rated',
};

/** The 'Top rated' badge: a high average that enough approved reviews stand behind. */
export const topRated = { minAverage: 4.5, minReviews: 5 } as const;

export function isTopRated(averageRating: number, reviewCount: number): boolean {
  return reviewCount >= topRated.minReviews && averageRating >= topRated.minAverage;
}

export const reviewLimits = {
  ratingMin: 1,
  ratingMax: 5,
  titleMax: 120,
  contentMin: 20,
  contentMax: 2000,
  rejectionReasonMin: 3,
  rejectionReasonMax: 500,
  /** New reviews per user per day (429 beyond). */
  perUserPerDay: 10,
  searchMax: 100,
  /** Reviews of one facility per page by default, and the largest page of any list. */
  reviewsPageSize: 10,
  pageMax: 50,
} as const;

/** Facilities per directory page. */
export const facilityPageSize = 12;
/** Reviews per page of the account's Hospital Reviews tab. */
export const myReviewsPageSize = 8;

/** "Ngozi E.": how a reviewer is named in public. */
export function reviewerName(author: { firstName: string; lastInitial: string }): string {
  return author.lastInitial ? `${author.firstName} ${author.lastInitial}.` : author.firstName;
}
