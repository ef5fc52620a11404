import type { RouterContextProvider } from 'react-router';

/** The campaign page's updates, words of support and supporters (null: could not be loaded). */
export async function fetchCampaignUpdates(
  _context: Readonly<RouterContextProvider>,
  _campaignId: string,
): Promise<null> {
  return null;
}
