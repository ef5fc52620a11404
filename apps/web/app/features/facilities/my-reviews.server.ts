import type { RouterContextProvider } from 'react-router';
import { fetchMyReviews } from './facilities.server.ts';
import type { ListPage, MyReview } from './facility-types.ts';

type Context = Readonly<RouterContextProvider>;

/** What the account's Hospital Reviews tab shows: one page of the member's reviews. */
export type MyReviewsTab = {
  /** null: the API could not answer. */
  reviews: ListPage<MyReview> | null;
};

/** The member's reviews for the page in the address (?tab=reviews&page=). */
export async function loadMyReviewsTab(context: Context, request: Request): Promise<MyReviewsTab> {
  return { reviews: await fetchMyReviews(context, request) };
}
