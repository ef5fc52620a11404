import { Trophy } from 'lucide-react';
import { EmptyState } from '../components/ui/empty-state.tsx';
import { Pagination, pageNumber } from '../components/ui/pagination.tsx';
import { AwardCard } from '../features/awards/award-card.tsx';
import { AwardFilters } from '../features/awards/award-filters.tsx';
import { awardsBanner } from '../features/awards/award-image.ts';
import {
  type AwardCategoryFilter,
  awardCategoryOptions,
  awardYearsOf,
  categoryLabel,
  filterAwards,
  parseAwardCategory,
  parseAwardYear,
} from '../features/awards/awards-data.ts';
import { staticPage } from '../lib/hydration.ts';
import { pageMeta } from '../lib/meta.ts';
import { loadSiteContent } from '../lib/site-docs.server.ts';
import type { Route } from './+types/awards';

// A GET form, links and native disclosures: the page needs no React in the browser.
export const handle = staticPage;

export function meta({ loaderData }: Route.MetaArgs) {
  const years = loaderData?.years ?? [];
  const range = years.length > 1 ? ` from ${years.at(-1)} to ${years[0]}` : '';
  return pageMeta({
    title: 'Health & Wellness Awards',
    description: `The Health & Wellness Awards celebrate the clinics, health workers and advocates who make care better for patients across Nigeria. See the nominees${range}.`,
  });
}

/** Award cards per page. */
const pageSize = 6;

/**
 * Filters the sample awards on the server: `?year=&category=&page=`. The latest year and the
 * categories' names come from the site content admins edit.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const content = (await loadSiteContent(context)).awards;
  const params = new URL(request.url).searchParams;
  const year = parseAwardYear(content, params.get('year'));
  const category = parseAwardCategory(params.get('category'));
  const matches = filterAwards(content, year, category);
  const totalPages = Math.max(1, Math.ceil(matches.length / pageSize));
  const page = Math.min(pageNumber(params.get('page')), totalPages);
  return {
    latestYear: content.year,
    years: awardYearsOf(content),
    categories: awardCategoryOptions(content),
    categoryName: categoryLabel(content, category),
    year,
    category,
    page,
    total: matches.length,
    totalPages,
    awards: matches.slice((page - 1) * pageSize, page * pageSize),
  };
}

function pageHref(year: number, category: AwardCategoryFilter, page: number): string {
  const params = new URLSearchParams({ year: String(year), category });
  if (page > 1) params.set('page', String(page));
  return `/awards?${params}`;
}

export default function Awards({ loaderData }: Route.ComponentProps) {
  const { latestYear, years, categories, categoryName, year, category, page, total } = loaderData;
  const { totalPages, awards } = loaderData;
  return (
    <>
      <section aria-labelledby="page-title" className="bg-brand-900 text-white">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] md:items-center md:px-6 md:py-16">
          <div>
            <p className="text-sm font-semibold tracking-wide text-amber-200 uppercase">Awards</p>
            <h1 id="page-title" className="mt-2 text-3xl font-extrabold tracking-tight md:text-5xl">
              Health & Wellness Awards {latestYear}
            </h1>
            <p className="mt-4 max-w-2xl text-lg text-brand-50">
              Celebrating the clinics, health workers and advocates who make care kinder, safer and
              easier to reach for patients across Nigeria. Browse the nominees of every year since{' '}
              {years.at(-1)}.
            </p>
          </div>
          <img
            src={awardsBanner.src}
            alt=""
            width={awardsBanner.width}
            height={awardsBanner.height}
            fetchPriority="high"
            className="hidden aspect-[8/5] w-full rounded-2xl object-cover md:block"
          />
        </div>
      </section>
      <div className="mx-auto max-w-6xl space-y-8 px-4 py-12 md:px-6 md:py-16">
        <AwardFilters year={year} category={category} years={years} categories={categories} />
        <section aria-labelledby="awards-title" className="space-y-6">
          <div>
            <h2 id="awards-title" className="text-2xl font-extrabold text-slate-900">
              {year} awards: {categoryName}
            </h2>
            <p className="mt-1 text-slate-700">
              {total === 1 ? '1 award' : `${total} awards`}
              {total > 0 ? '. The nominees shown are examples, not real nominations.' : null}
            </p>
          </div>
          {awards.length > 0 ? (
            <>
              <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                {awards.map((award) => (
                  <li key={award.id}>
                    <AwardCard award={award} />
                  </li>
                ))}
              </ul>
              <Pagination
                label="Award pages"
                page={page}
                totalPages={totalPages}
                hrefFor={(target) => pageHref(year, category, target)}
              />
            </>
          ) : (
            <EmptyState
              title={
                year === latestYear
                  ? `The ${year} nominees are not published yet`
                  : 'No awards in this category yet'
              }
              icon={<Trophy aria-hidden="true" className="h-6 w-6" />}
            >
              <p>Choose another year or category.</p>
            </EmptyState>
          )}
        </section>
      </div>
    </>
  );
}
