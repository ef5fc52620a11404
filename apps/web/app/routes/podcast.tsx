import { brand } from '@ipatient/contracts/brand';
import { excerpts } from '@ipatient/contracts/constants';
import { errorTexts } from '@ipatient/contracts/errors';
import { isUuid } from '@ipatient/contracts/ids';
import { podcastLimits } from '@ipatient/contracts/podcasts';
import { Podcast } from 'lucide-react';
import { EmptyState } from '../components/ui/empty-state.tsx';
import { FormAlert } from '../components/ui/form-alert.tsx';
import { LinkButton } from '../components/ui/link-button.tsx';
import { Pagination, pageNumber } from '../components/ui/pagination.tsx';
import { CategoryChips } from '../features/podcasts/category-chips.tsx';
import { EpisodeCard } from '../features/podcasts/episode-card.tsx';
import { PodcastHero } from '../features/podcasts/podcast-hero.tsx';
import { fetchEpisodes, fetchPodcastCategories } from '../features/podcasts/podcasts.server.ts';
import { staticPage } from '../lib/hydration.ts';
import { pageMeta } from '../lib/meta.ts';
import type { Route } from './+types/podcast';

// Server-rendered: chips and pages are links, the hero's play/pause is a tiny inline script.
export const handle = staticPage;

export function meta({ loaderData }: Route.MetaArgs) {
  const category = loaderData?.categoryName;
  return pageMeta({
    title: category ? `Podcast: ${category}` : 'Podcast',
    description: `The ${brand.siteName} podcast: Voices of Advocacy, Stories of Hope.`,
  });
}

const pageSize = podcastLimits.pageDefault;

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const requested = params.get('category')?.trim() || undefined;
  // A malformed id is an unknown category: the API is not asked, the page says so.
  const category = isUuid(requested) ? requested : undefined;
  const page = pageNumber(params.get('page'));
  const [categories, list] = await Promise.all([
    fetchPodcastCategories(context),
    requested && !category
      ? Promise.resolve(null)
      : fetchEpisodes(context, { page, limit: pageSize, category }, excerpts.podcastCardSummary),
  ]);
  const known = categories?.find((item) => item._id === requested);
  return {
    categories: categories ?? [],
    category: requested,
    categoryName: known?.name ?? null,
    unknownCategory: requested !== undefined && categories !== null && !known,
    list,
  };
}

function pageHref(category: string | undefined, page: number): string {
  const params = new URLSearchParams();
  if (category) params.set('category', category);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `/podcast?${query}` : '/podcast';
}

export default function PodcastPage({ loaderData }: Route.ComponentProps) {
  const { categories, category, categoryName, unknownCategory, list } = loaderData;
  const totalPages = list ? Math.max(1, Math.ceil(list.total / Math.max(1, list.limit))) : 1;
  return (
    <>
      <PodcastHero />
      <div className="mx-auto max-w-6xl space-y-8 px-4 py-12 md:px-6 md:py-16">
        <section aria-labelledby="episodes-title" className="space-y-6">
          <div className="space-y-4">
            <h2 id="episodes-title" className="text-2xl font-extrabold text-slate-900">
              {categoryName ? `Episodes: ${categoryName}` : 'All episodes'}
            </h2>
            {categories.length > 0 ? (
              <CategoryChips categories={categories} selected={category} />
            ) : null}
          </div>
          {unknownCategory ? (
            <EmptyState
              title="There is no such category"
              icon={<Podcast aria-hidden="true" className="h-6 w-6" />}
            >
              <p>The link may be old. Choose a category above, or listen to every episode.</p>
              <LinkButton to="/podcast" variant="secondary" className="mt-4">
                Show all episodes
              </LinkButton>
            </EmptyState>
          ) : !list ? (
            <FormAlert message={errorTexts.fetchPodcasts} />
          ) : list.episodes.length > 0 ? (
            <>
              <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                {list.episodes.map((episode) => (
                  <li key={episode._id}>
                    <EpisodeCard
                      episode={episode}
                      imageSizes="(min-width: 1152px) 360px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
                    />
                  </li>
                ))}
              </ul>
              <Pagination
                label="Episode pages"
                page={list.page}
                totalPages={totalPages}
                hrefFor={(page) => pageHref(category, page)}
              />
            </>
          ) : list.page > 1 && list.total > 0 ? (
            <EmptyState
              title="There is no such page"
              icon={<Podcast aria-hidden="true" className="h-6 w-6" />}
            >
              <p>
                The list has {totalPages} {totalPages === 1 ? 'page' : 'pages'}.
              </p>
              <LinkButton to={pageHref(category, 1)} variant="secondary" className="mt-4">
                Go to the first page
              </LinkButton>
            </EmptyState>
          ) : (
            <EmptyState
              title={categoryName ? 'No episodes in this category yet' : 'No episodes yet'}
              icon={<Podcast aria-hidden="true" className="h-6 w-6" />}
            >
              <p>New episodes will be listed here as soon as they are published.</p>
              {categoryName ? (
                <LinkButton to="/podcast" variant="secondary" className="mt-4">
                  Show all episodes
                </LinkButton>
              ) : null}
            </EmptyState>
          )}
        </section>
      </div>
    </>
  );
}
