import { type ReviewStatus, reviewStatuses } from '@ipatient/contracts/facility-rules';

/** The status tab of the review queue: a status, or every review. */
export type ReviewFilter = ReviewStatus | 'all';

/** The tab of the page's address; pending reviews when it names none (or an unknown one). */
export function readReviewFilter(value: string | null): ReviewFilter {
  if (value === 'all') return 'all';
  return (reviewStatuses as readonly string[]).includes(value ?? '')
    ? (value as ReviewStatus)
    : 'pending';
}
