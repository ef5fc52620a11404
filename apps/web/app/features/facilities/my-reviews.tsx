import type { MyReviewsTab } from './my-reviews.server.ts';

/** The account's Hospital Reviews tab: the member's facility reviews and their status. */
export function MyReviews(_props: { data: MyReviewsTab }) {
  return <h2 className="text-2xl font-bold text-slate-900">Hospital Reviews</h2>;
}
