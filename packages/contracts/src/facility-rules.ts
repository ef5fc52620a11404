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

/**
 * A facility's payout account (docs/product.md#payouts): the bank account a campaign's money can
 * be paid straight into. Its name comes from the bank lookup and must be the facility's; one admin
 * adds it, a different admin verifies it (which registers it with the payment provider).
 */
export const payoutAccountStatuses = ['unverified', 'verified'] as const;
export type PayoutAccountStatus = (typeof payoutAccountStatuses)[number];

export const payoutAccountTexts = {
  saved: 'Payout account saved. Another admin must verify it before the facility can be paid.',
  verified: 'Payout account verified. Donations can now be paid straight to this facility.',
  removed: 'Payout account removed. The facility can no longer be paid directly.',
  sameAdmin:
    'Another admin must verify this account: you added it, and every payout account is checked by two admins.',
  alreadyVerified: 'This payout account is already verified.',
  changedMeanwhile:
    'The payout account was changed while you were verifying it. Check the new account and verify it again.',
  paysDirect: 'Donations can be paid straight to this facility.',
} as const;

/**
 * Why an account is refused: its name (as the bank gives it) is not the facility's. The sandbox
 * makes names up, so there an admin who has checked the account may confirm the name instead.
 */
export function payoutNameMismatchText(
  accountName: string,
  facilityName: string,
  sandbox: boolean,
): string {
  const text = `The name on this account, ${accountName}, does not match the facility (${facilityName}). A facility is paid only into an account in its own name.`;
  return sandbox
    ? `${text} The sandbox makes account names up: tick "The account name matches the facility" once you have checked the account with the facility.`
    : text;
}
