import type { CampaignSort, TCampaign, TOwnCampaign } from '@ipatient/contracts/campaigns';
import type { RouterContextProvider } from 'react-router';
import { getApi } from '../../lib/api-context.ts';
import { lookup, readBody } from '../../lib/api-read.server.ts';
import type { CampaignListItem } from './campaign-text.ts';
import type { WeeklyWin } from './weekly-winners.tsx';

type Context = Readonly<RouterContextProvider>;

export interface CampaignListQuery {
  page?: number;
  limit?: number;
  search?: string | undefined;
  sort?: CampaignSort;
  category?: string | undefined;
  state?: string | undefined;
}

export interface CampaignPage {
  campaigns: CampaignListItem[];
  page: number;
  limit: number;
  total: number;
  /** A search for a common word: `total` is a floor ("1,000+"). */
  totalIsCapped: boolean;
}

/** Only what lists and cards show, so pages that hydrate carry no whole stories or bank details. */
export function toListItem(campaign: TCampaign): CampaignListItem {
  return {
    _id: campaign._id,
    title: campaign.title,
    description: campaign.description,
    fundraisingFor: campaign.fundraisingFor,
    state: campaign.state,
    lga: campaign.lga,
    image: campaign.image,
    imageWidth: campaign.imageWidth,
    imageHeight: campaign.imageHeight,
    imageSizes: campaign.imageSizes,
    likesCount: campaign.likesCount,
    weeklyWins: campaign.weeklyWins,
    amountRaised: campaign.amountRaised,
    amountNeeded: campaign.amountNeeded,
    donationCount: campaign.donationCount,
    endsAt: campaign.endsAt,
    ended: campaign.ended,
    supporters: campaign.supporters,
  };
}

/**
 * Active campaigns (GET /get-crowedFundings), or null when the API could not answer (the page
 * then says 'Error Fetching Campaigns', or shows its empty state).
 */
export async function fetchCampaigns(
  context: Context,
  query: CampaignListQuery,
): Promise<CampaignPage | null> {
  const body = await readBody(
    'GET campaigns',
    getApi(context).campaigns.list({
      query: {
        page: query.page,
        limit: query.limit,
        search: query.search,
        sort: query.sort,
        category: query.category,
        state: query.state,
      },
    }),
  );
  if (!body) return null;
  const { results, meta } = body;
  return {
    campaigns: results.map(toListItem),
    page: meta?.page ?? query.page ?? 1,
    limit: meta?.limit ?? query.limit ?? results.length,
    total: meta?.total ?? results.length,
    totalIsCapped: meta?.totalIsCapped === true,
  };
}

/** The weekly winners, newest first; [] when there are none or the API could not answer. */
export async function fetchWeeklyWinners(context: Context, limit: number): Promise<WeeklyWin[]> {
  const body = await readBody(
    'GET weekly winners',
    getApi(context).campaigns.weeklyWinners({ query: { limit } }),
  );
  if (!body) return [];
  return body.results.map((win) => ({
    weekStart: win.weekStart,
    weekEnd: win.weekEnd,
    likes: win.likes,
    award: win.award,
    awardOutcome: win.awardOutcome,
    campaign: {
      _id: win.campaign._id,
      fundraisingFor: win.campaign.fundraisingFor,
      image: win.campaign.image,
      imageWidth: win.campaign.imageWidth,
      imageHeight: win.campaign.imageHeight,
      imageSizes: win.campaign.imageSizes,
    },
  }));
}

export type CampaignLookup =
  | { kind: 'found'; campaign: TCampaign }
  | { kind: 'not-found' }
  | { kind: 'error' };

/** One campaign as the viewer may see it (GET /single-crowedfunding/{id}). */
export async function fetchCampaign(context: Context, id: string): Promise<CampaignLookup> {
  const found = await lookup('GET campaign', getApi(context).campaigns.get({ params: { id } }));
  return found.kind === 'found' ? { kind: 'found', campaign: found.value.result } : found;
}

/**
 * Every campaign of the signed-in user, newest first, as their list shows it (GET
 * /my-crowdfundings); null when the API could not answer. The account page adds each one's
 * latest donations.
 */
export async function fetchMyCampaigns(context: Context): Promise<TOwnCampaign[] | null> {
  const body = await readBody('GET my campaigns', getApi(context).campaigns.mine());
  return body ? body.results : null;
}
