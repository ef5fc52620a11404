import type { RouterContextProvider } from 'react-router';

type Context = Readonly<RouterContextProvider>;

/** What the account's Hospital Reviews tab shows (filled in by the facility web work). */
export type MyReviewsTab = { reviews: null };

export async function loadMyReviewsTab(
  _context: Context,
  _request: Request,
): Promise<MyReviewsTab> {
  return { reviews: null };
}
