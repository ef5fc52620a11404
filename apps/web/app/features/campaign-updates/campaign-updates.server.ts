import type { TCampaignTimeline } from '@ipatient/contracts/campaign-updates';
import type { RouterContextProvider } from 'react-router';
import { getApi } from '../../lib/api-context.ts';
import { readBody } from '../../lib/api-read.server.ts';

/** The campaign page's updates and words of support (null: could not be loaded). */
export async function fetchCampaignUpdates(
  context: Readonly<RouterContextProvider>,
  campaignId: string,
): Promise<TCampaignTimeline | null> {
  const body = await readBody(
    'GET campaign updates',
    getApi(context).campaignUpdates.timeline({ params: { id: campaignId } }),
  );
  return body?.result ?? null;
}

/** Where the organiser posts updates and thanks donors. */
export function campaignUpdatesPath(campaignId: string): string {
  return `/campaigns/${encodeURIComponent(campaignId)}/updates`;
}
