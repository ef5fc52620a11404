import type { RouterContextProvider } from 'react-router';

type Context = Readonly<RouterContextProvider>;

/** What the account's Advocacy tab shows (filled in by the complaints web work). */
export type MyComplaintsTab = { complaints: null };

export async function loadMyComplaintsTab(
  _context: Context,
  _request: Request,
): Promise<MyComplaintsTab> {
  return { complaints: null };
}
