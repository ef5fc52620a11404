import { campaignLimits } from '@ipatient/contracts/campaign-rules';
import { limits } from '@ipatient/contracts/constants';
import { errorTexts } from '@ipatient/contracts/errors';
import { HandCoins, SearchX } from 'lucide-react';
import { EmptyState } from '../components/ui/empty-state.tsx';
import { FormAlert } from '../components/ui/form-alert.tsx';
import { LinkButton } from '../components/ui/link-button.tsx';
import { Pagination, pageNumber } from '../components/ui/pagination.tsx';
import { CampaignCard } from '../features/campaigns/campaign-card.tsx';
import {
  CampaignFilters,
  filterQuery,
  readFilters,
} from '../features/campaigns/campaign-filters.tsx';
import { CampaignLeaderboard } from '../features/campaigns/campaign-leaderboard.tsx';
import { CampaignSearch } from '../features/campaigns/campaign-search.tsx';
import { fetchCampaigns, fetchWeeklyWinners } from '../features/campaigns/campaigns.server.ts';
import { StartCampaignBanner } from '../features/campaigns/start-campaign-banner.tsx';
import { WeeklyWinners } from '../features/campaigns/weekly-winners.tsx';
import { PageHero } from '../features/pages/page-hero.tsx';
import { staticPage } from '../lib/hydration.ts';
import { pageMeta } from '../lib/meta.ts';
import { getSession } from '../lib/session.server.ts';
import type { Route } from './+types/campaigns';

export const handle = staticPage;

export function meta({ loaderData }: Route.MetaArgs) {
  const search = loaderData?.search;
  return pageMeta({
    title: search ? `Campaigns matching "${search}"` : 'Campaigns',
    description:
      'Active medical fundraising campaigns. Give a Green-Heart to the ones you support.',
  });
}

/** Campaigns per page of the grid. */
const pageSize = campaignLimits.pageDefault;
/** Weekly winners shown: the latest and a few before it. */
const winnersShown = 6;

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const filters = readFilters(params, campaignLimits.searchMax);
  const page = pageNumber(params.get('page'));
  const [list, leaderboard, winners, user] = await Promise.all([
    fetchCampaigns(context, {
      page,
      limit: pageSize,
      search: filters.search,
      sort: filters.sort,
      category: filters.category || undefined,
      state: filters.state || undefined,
    }),
    fetchCampaigns(context, { limit: limits.leaderboardSize, sort: 'likes' }),
    fetchWeeklyWinners(context, winnersShown),
    getSession(context).user(),
  ]);
  return {
    search: filters.search,
    filters,
    list,
    leaderboard: leaderboard?.campaigns ?? [],
    winners,
    signedIn: user !== null,
  };
}

export default function Campaigns({ loaderData }: Route.ComponentProps) {
  const { search, filters, list, leaderboard, winners, signedIn } = loaderData;
  const pageHref = (page: number) => filterQuery(filters, page);
  const narrowed = Boolean(search || filters.category || filters.state);
  const totalPages = list ? Math.max(1, Math.ceil(list.total / Math.max(1, list.limit))) : 1;
  const count = list?.total ?? 0;
  return (
    <>
      <PageHero
        eyebrow="Campaigns"
        title="Support a campaign"
        lead={
          <p>
            Every campaign here is a real medical need, checked by our team. Give a Green-Heart to
            the ones you support: each week the most-liked campaign wins funding.
          </p>
        }
      >
        <div className="w-full max-w-2xl">
          <CampaignSearch search={search} keep={filters} />
        </div>
      </PageHero>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 md:px-6 md:py-16 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <section aria-labelledby="campaigns-title" className="min-w-0 space-y-6">
          <div>
            <h2 id="campaigns-title" className="text-2xl font-extrabold text-slate-900">
              {search ? `Campaigns matching "${search}"` : 'Active campaigns'}
            </h2>
            {list ? (
              <p className="mt-1 text-slate-700">
                {count === 1
                  ? '1 campaign'
                  : `${count.toLocaleString('en-NG')}${list.totalIsCapped ? '+' : ''} campaigns`}
                {search ? ' found' : ''}
              </p>
            ) : null}
          </div>
          <CampaignFilters values={filters} />
          {!list ? (
            <FormAlert message={errorTexts.fetchCampaigns} />
          ) : list.campaigns.length > 0 ? (
            <>
              <ul className="grid gap-6 sm:grid-cols-2">
                {list.campaigns.map((campaign, index) => (
                  <li key={campaign._id}>
                    <CampaignCard
                      campaign={campaign}
                      priority={index === 0}
                      imageSizes="(min-width: 1152px) 370px, (min-width: 640px) 50vw, 100vw"
                    />
                  </li>
                ))}
              </ul>
              <Pagination
                label="Campaign pages"
                page={list.page}
                totalPages={totalPages}
                hrefFor={pageHref}
              />
            </>
          ) : narrowed ? (
            <EmptyState
              title={search ? `No campaigns match "${search}"` : 'No campaigns match these choices'}
              icon={<SearchX aria-hidden="true" className="h-6 w-6" />}
            >
              <p>
                {search
                  ? 'Try another word, such as a name, a condition or a state.'
                  : 'Try another category or state.'}
              </p>
              <LinkButton to="/campaigns" variant="secondary" className="mt-4">
                Show all campaigns
              </LinkButton>
            </EmptyState>
          ) : list.page > 1 && count > 0 ? (
            <EmptyState
              title="There is no such page"
              icon={<HandCoins aria-hidden="true" className="h-6 w-6" />}
            >
              <p>
                The list has {totalPages} {totalPages === 1 ? 'page' : 'pages'}.
              </p>
              <LinkButton to={pageHref(1)} variant="secondary" className="mt-4">
                Go to the first page
              </LinkButton>
            </EmptyState>
          ) : (
            <EmptyState
              title="No campaigns yet"
              icon={<HandCoins aria-hidden="true" className="h-6 w-6" />}
            >
              <p>Approved campaigns will be listed here as soon as they go live.</p>
              <LinkButton to="/crowdfunding" variant="secondary" className="mt-4">
                How crowdfunding works
              </LinkButton>
            </EmptyState>
          )}
        </section>
        <div className="min-w-0 space-y-10">
          <section aria-labelledby="leaderboard-title">
            <h2 id="leaderboard-title" className="mb-4 text-xl font-bold text-slate-900">
              Leaderboard
            </h2>
            <CampaignLeaderboard campaigns={leaderboard} labelledBy="leaderboard-title" />
          </section>
          <WeeklyWinners winners={winners} headingId="weekly-winners-title" />
          <StartCampaignBanner signedIn={signedIn} />
        </div>
      </div>
    </>
  );
}
