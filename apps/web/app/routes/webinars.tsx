import { filterWebinars, isWebinarTopic, webinarLimits } from '@ipatient/contracts/webinars';
import { SearchX } from 'lucide-react';
import { EmptyState } from '../components/ui/empty-state.tsx';
import { Pagination, pageNumber } from '../components/ui/pagination.tsx';
import { PageHero } from '../features/pages/page-hero.tsx';
import { WebinarCard } from '../features/webinars/webinar-card.tsx';
import { WebinarFilters } from '../features/webinars/webinar-filters.tsx';
import { staticPage } from '../lib/hydration.ts';
import { pageMeta } from '../lib/meta.ts';
import type { Route } from './+types/webinars';

// A GET form and links: the page needs no React in the browser.
export const handle = staticPage;

export function meta({ loaderData }: Route.MetaArgs) {
  const q = loaderData?.q;
  return pageMeta({
    title: q ? `Webinars matching "${q}"` : 'Webinars',
    description:
      'Free health webinars with Nigerian doctors, nurses and dietitians: watch recordings on demand or sign up for the next live session.',
  });
}

const pageSize = webinarLimits.pageSize;

/** Filters the sample webinars on the server: `?q=&topic=…&topic=…&page=`. */
export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const q = (params.get('q') ?? '').trim().slice(0, webinarLimits.searchMax);
  const topics = [...new Set(params.getAll('topic'))].filter(isWebinarTopic);
  const page = pageNumber(params.get('page'));
  const matches = filterWebinars({ q, topics });
  const totalPages = Math.max(1, Math.ceil(matches.length / pageSize));
  return {
    q,
    topics,
    page,
    total: matches.length,
    totalPages,
    webinars: matches.slice((page - 1) * pageSize, page * pageSize),
  };
}

/** The address of one page of the list, keeping the search and the topics. */
function pageHref(q: string, topics: readonly string[], page: number): string {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  for (const topic of topics) params.append('topic', topic);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `/webinars?${query}` : '/webinars';
}

export default function Webinars({ loaderData }: Route.ComponentProps) {
  const { q, topics, page, total, totalPages, webinars } = loaderData;
  const filtered = q !== '' || topics.length > 0;
  return (
    <>
      <PageHero
        eyebrow="Webinars"
        title="Health webinars"
        lead={
          <p>
            Learn from Nigerian doctors, nurses and dietitians. Watch past sessions whenever it
            suits you, or sign up for the next live webinar and bring your questions.
          </p>
        }
      />
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 md:px-6 md:py-16 lg:grid-cols-[18rem_minmax(0,1fr)]">
        <aside aria-label="Search and filter webinars" className="min-w-0">
          <WebinarFilters q={q} topics={topics} />
        </aside>
        <section aria-labelledby="webinars-title" className="min-w-0 space-y-6">
          <div>
            <h2 id="webinars-title" className="text-2xl font-extrabold text-slate-900">
              {filtered ? 'Matching webinars' : 'All webinars'}
            </h2>
            <p className="mt-1 text-slate-700">
              {total === 1 ? '1 webinar' : `${total} webinars`}
              {filtered ? ' found' : ''}
              {topics.length > 0 ? ` in ${topics.join(', ')}` : ''}
            </p>
          </div>
          {webinars.length > 0 ? (
            <>
              <ul className="grid gap-6 sm:grid-cols-2">
                {webinars.map((webinar) => (
                  <li key={webinar.id}>
                    <WebinarCard webinar={webinar} />
                  </li>
                ))}
              </ul>
              <Pagination
                label="Webinar pages"
                page={page}
                totalPages={totalPages}
                hrefFor={(target) => pageHref(q, topics, target)}
              />
            </>
          ) : total > 0 ? (
            <EmptyState
              title="There is no such page"
              icon={<SearchX aria-hidden="true" className="h-6 w-6" />}
            >
              <p>
                The list has {totalPages} {totalPages === 1 ? 'page' : 'pages'}.
              </p>
              <a
                href={pageHref(q, topics, 1)}
                className="mt-4 inline-flex min-h-11 items-center font-semibold text-brand-800 underline"
              >
                Go to the first page
              </a>
            </EmptyState>
          ) : (
            <EmptyState
              title="No webinars match your search"
              icon={<SearchX aria-hidden="true" className="h-6 w-6" />}
            >
              <p>Try fewer words, or choose other topics.</p>
              <a
                href="/webinars"
                className="mt-4 inline-flex min-h-11 items-center font-semibold text-brand-800 underline"
              >
                Show all webinars
              </a>
            </EmptyState>
          )}
        </section>
      </div>
    </>
  );
}
