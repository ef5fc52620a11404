import { errorTexts } from '@ipatient/contracts/errors';
import { ratingFilterLabels } from '@ipatient/contracts/facility-rules';
import { Hospital, SearchX } from 'lucide-react';
import { EmptyState } from '../components/ui/empty-state.tsx';
import { FormAlert } from '../components/ui/form-alert.tsx';
import { LinkButton } from '../components/ui/link-button.tsx';
import { Pagination, pageNumber } from '../components/ui/pagination.tsx';
import { fetchFacilities } from '../features/facilities/facilities.server.ts';
import { BadgeMeanings } from '../features/facilities/facility-badges.tsx';
import { FacilityCard } from '../features/facilities/facility-card.tsx';
import { FacilityFilters } from '../features/facilities/facility-filters.tsx';
import {
  type FacilityFilters as Filters,
  filterQuery,
  readFilters,
} from '../features/facilities/facility-query.ts';
import { PageHero } from '../features/pages/page-hero.tsx';
import { staticPage } from '../lib/hydration.ts';
import { pageMeta } from '../lib/meta.ts';
import type { Route } from './+types/review';

// A GET form, cards and links: the directory needs no React in the browser (ADR 005).
export const handle = staticPage;

export function meta() {
  return pageMeta({
    title: 'Hospital and clinic reviews',
    description:
      'Find hospitals and clinics in Nigeria by name, service, state and rating, and read what patients say about them.',
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const filters = readFilters(params);
  const page = pageNumber(params.get('page'));
  const list = await fetchFacilities(context, filters, page);
  return { filters, list };
}

function pageHref(filters: Filters, page: number): string {
  const query = filterQuery(filters, page).toString();
  return query ? `/review?${query}` : '/review';
}

function isFiltered(filters: Filters): boolean {
  return Boolean(filters.search || filters.minRating !== null || filters.state || filters.verified);
}

/** The active filters in words, for the result count ("matching Maternity, 4.5+, Lagos"). */
function filterSummary(filters: Filters): string {
  const parts: string[] = [];
  if (filters.search) parts.push(`"${filters.search}"`);
  if (filters.minRating !== null) parts.push(`rated ${ratingFilterLabels[filters.minRating]}`);
  if (filters.state) parts.push(`in ${filters.state}`);
  if (filters.verified) parts.push('verified');
  return parts.join(', ');
}

export default function ReviewDirectory({ loaderData }: Route.ComponentProps) {
  const { filters, list } = loaderData;
  const filtered = isFiltered(filters);
  const total = list?.total ?? 0;
  const totalPages = list ? Math.max(1, Math.ceil(total / Math.max(1, list.limit))) : 1;
  return (
    <>
      <PageHero
        eyebrow="Facility reviews"
        title="Find and review healthcare facilities"
        lead={
          <p>
            Honest reviews of hospitals and clinics across Nigeria, written by patients. Search by
            name or service, narrow by rating and state, and share your own experience.
          </p>
        }
      />
      <div className="mx-auto max-w-6xl space-y-10 px-4 py-12 md:px-6 md:py-16">
        <section
          aria-labelledby="filters-title"
          className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm md:p-6"
        >
          <h2 id="filters-title" className="mb-4 text-xl font-bold text-slate-900">
            Search and filter
          </h2>
          <FacilityFilters filters={filters} />
        </section>
        <section aria-labelledby="results-title" className="space-y-6">
          <div>
            <h2 id="results-title" className="text-2xl font-extrabold text-slate-900">
              {filtered ? 'Matching facilities' : 'All facilities'}
            </h2>
            {list ? (
              <p className="mt-1 text-slate-700" data-result-count="">
                {total === 1 ? '1 facility' : `${total.toLocaleString('en-NG')} facilities`}
                {filtered ? ` found: ${filterSummary(filters)}` : ''}
              </p>
            ) : null}
            <BadgeMeanings
              className="mt-3"
              badges={[
                ...(list?.items.some((facility) => facility.isTopRated)
                  ? (['topRated'] as const)
                  : []),
                ...(list?.items.some((facility) => facility.verified)
                  ? (['verified'] as const)
                  : []),
                ...(list?.items.some((facility) => facility.paysDirect)
                  ? (['paysDirect'] as const)
                  : []),
              ]}
            />
          </div>
          {!list ? (
            <FormAlert message={errorTexts.fetch} />
          ) : list.items.length > 0 ? (
            <>
              <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                {list.items.map((facility, index) => (
                  <li key={facility._id}>
                    <FacilityCard facility={facility} priority={list.page === 1 && index < 3} />
                  </li>
                ))}
              </ul>
              <Pagination
                label="Facility pages"
                page={list.page}
                totalPages={totalPages}
                hrefFor={(page) => pageHref(filters, page)}
              />
            </>
          ) : list.page > 1 && total > 0 ? (
            <EmptyState
              title="There is no such page"
              icon={<Hospital aria-hidden="true" className="h-6 w-6" />}
            >
              <p>
                The list has {totalPages} {totalPages === 1 ? 'page' : 'pages'}.
              </p>
              <LinkButton to={pageHref(filters, 1)} variant="secondary" className="mt-4">
                Go to the first page
              </LinkButton>
            </EmptyState>
          ) : filtered ? (
            <EmptyState
              title="No facilities match these filters"
              icon={<SearchX aria-hidden="true" className="h-6 w-6" />}
            >
              <p>Try another name or service, a lower rating or another state.</p>
              <LinkButton to="/review" variant="secondary" className="mt-4">
                Clear the filters
              </LinkButton>
            </EmptyState>
          ) : (
            <EmptyState
              title="No facilities yet"
              icon={<Hospital aria-hidden="true" className="h-6 w-6" />}
            >
              <p>Hospitals and clinics will be listed here as soon as they are added.</p>
            </EmptyState>
          )}
        </section>
      </div>
    </>
  );
}
