/** The address of a facility's review page. */
export function facilityPath(id: string): string {
  return `/review/${encodeURIComponent(id)}`;
}

/** Where a facility page's write-a-review form sits. */
export const writeReviewAnchor = 'write-review';

/** "12 reviews", "1 review", "No reviews yet". */
export function reviewCountText(count: number): string {
  if (count === 0) return 'No reviews yet';
  return count === 1 ? '1 review' : `${count.toLocaleString('en-NG')} reviews`;
}
