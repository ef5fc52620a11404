import { blogLimits } from '@ipatient/contracts/blog';
import { errorTexts } from '@ipatient/contracts/errors';
import { isUuid } from '@ipatient/contracts/ids';
import { Newspaper, SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '../components/ui/empty-state.tsx';
import { FormAlert } from '../components/ui/form-alert.tsx';
import { LinkButton } from '../components/ui/link-button.tsx';
import { Pagination, pageNumber } from '../components/ui/pagination.tsx';
import { fetchBlogCategories, fetchBlogPosts } from '../features/blog/blog.server.ts';
import { BlogCard } from '../features/blog/blog-card.tsx';
import { BlogCategoryFilter, BlogSearch, blogListHref } from '../features/blog/blog-filters.tsx';
import { countLabel } from '../features/blog/blog-text.ts';
import { PageHero } from '../features/pages/page-hero.tsx';
import { staticPage } from '../lib/hydration.ts';
import { pageMeta } from '../lib/meta.ts';
import type { Route } from './+types/blog';

// Links and a GET form only: the page needs no React in the browser (ADR 005).
export const handle = staticPage;

export function meta({ loaderData }: Route.MetaArgs) {
  const search = loaderData?.search;
  return pageMeta({
    title: search ? `Blog posts matching "${search}"` : 'Blog',
    description: 'Latest news, articles and relevant updates.',
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const search = (params.get('search') ?? '').trim().slice(0, blogLimits.searchMax);
  const rawCategory = (params.get('category') ?? '').trim();
  // An odd category in the address shows every post rather than an error.
  const category = isUuid(rawCategory) ? rawCategory : '';
  const page = pageNumber(params.get('page'));
  const [list, categories] = await Promise.all([
    fetchBlogPosts(context, { page, limit: blogLimits.pageDefault, search, category }),
    fetchBlogCategories(context),
  ]);
  return { search, category, list, categories };
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { search, category, list, categories } = loaderData;
  const totalPages = list ? Math.max(1, Math.ceil(list.total / Math.max(1, list.limit))) : 1;
  const count = list?.total ?? 0;
  const activeCategory = categories.find((item) => item._id === category);
  const categoryName = activeCategory?.name;
  // A search narrowed to one category says so, with the way back to every category.
  const allCategoriesHref = blogListHref({ search });
  const heading = search
    ? `Posts matching "${search}"${categoryName ? ` in ${categoryName}` : ''}`
    : (categoryName ?? 'All posts');
  return (
    <>
      <PageHero
        eyebrow="Blog"
        title="Our Latest Articles and Blog Posts"
        lead={<p>Latest news, articles and relevant updates.</p>}
      >
        <div className="w-full max-w-2xl">
          <BlogSearch search={search} category={activeCategory} />
        </div>
      </PageHero>
      <div className="mx-auto max-w-6xl space-y-8 px-4 py-12 md:px-6 md:py-16">
        <BlogCategoryFilter categories={categories} active={category} search={search} />
        <section aria-labelledby="posts-title" className="space-y-6">
          <div>
            <h2 id="posts-title" className="text-2xl font-extrabold text-slate-900">
              {heading}
            </h2>
            {list ? (
              <p className="mt-1 text-slate-700">
                {countLabel(count, 'post', 'posts')}
                {search ? ' found' : ''}
              </p>
            ) : null}
            {search && categoryName ? (
              <p className="mt-2 text-slate-700">
                Only posts in {categoryName} are searched.{' '}
                <Link
                  to={allCategoriesHref}
                  className="font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900"
                >
                  Search all categories
                </Link>
              </p>
            ) : null}
          </div>
          {!list ? (
            <FormAlert message={errorTexts.fetchBlogs} />
          ) : list.posts.length > 0 ? (
            <>
              <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                {list.posts.map((post, index) => (
                  <li key={post._id}>
                    <BlogCard post={post} priority={index === 0} />
                  </li>
                ))}
              </ul>
              <Pagination
                label="Blog pages"
                page={list.page}
                totalPages={totalPages}
                hrefFor={(page) => blogListHref({ category, search, page })}
              />
            </>
          ) : search || category ? (
            <EmptyState
              title={search ? `No posts match "${search}"` : 'No posts in this category yet'}
              icon={<SearchX aria-hidden="true" className="h-6 w-6" />}
            >
              <p>Try another word or another category.</p>
              <div className="mt-4 flex flex-wrap justify-center gap-3">
                {search && categoryName ? (
                  <LinkButton to={allCategoriesHref}>Search all categories</LinkButton>
                ) : null}
                <LinkButton to="/blog" variant="secondary">
                  Show all posts
                </LinkButton>
              </div>
            </EmptyState>
          ) : list.page > 1 && count > 0 ? (
            <EmptyState
              title="There is no such page"
              icon={<Newspaper aria-hidden="true" className="h-6 w-6" />}
            >
              <p>
                The blog has {totalPages} {totalPages === 1 ? 'page' : 'pages'}.
              </p>
              <LinkButton to="/blog" variant="secondary" className="mt-4">
                Go to the first page
              </LinkButton>
            </EmptyState>
          ) : (
            <EmptyState
              title="No blog posts yet"
              icon={<Newspaper aria-hidden="true" className="h-6 w-6" />}
            >
              <p>Our first articles are being written. They will be listed here by category.</p>
            </EmptyState>
          )}
        </section>
      </div>
    </>
  );
}
