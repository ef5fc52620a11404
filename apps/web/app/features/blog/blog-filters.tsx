import type { TBlogCategory } from '@ipatient/contracts/blog';
import { blogLimits } from '@ipatient/contracts/blog';
import { Link } from 'react-router';
import { SearchForm } from '../../components/ui/search-form.tsx';

/** The list's address for a category, search and page (defaults left out). */
export function blogListHref(query: { category?: string; search?: string; page?: number }): string {
  const params = new URLSearchParams();
  if (query.category) params.set('category', query.category);
  if (query.search) params.set('search', query.search);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  const text = params.toString();
  return text ? `/blog?${text}` : '/blog';
}

const chipClass =
  'inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold transition-colors';
const chipIdle = 'border-slate-300 bg-white text-slate-800 hover:bg-brand-50';
const chipActive = 'border-brand-700 bg-brand-700 text-white';

/**
 * 'All' and one button per category (docs/product.md#blog): links, so each filter has its own address and
 * works without JavaScript. The active one carries aria-current. A search is kept.
 */
export function BlogCategoryFilter({
  categories,
  active,
  search,
}: {
  categories: readonly TBlogCategory[];
  active: string;
  search: string;
}) {
  const items = [{ _id: '', name: 'All' }, ...categories];
  return (
    <nav aria-label="Blog categories">
      <ul className="flex flex-wrap gap-2">
        {items.map((category) => {
          const current = category._id === active;
          return (
            <li key={category._id || 'all'}>
              <Link
                to={blogListHref({ category: category._id, search })}
                aria-current={current ? 'page' : undefined}
                className={`${chipClass} ${current ? chipActive : chipIdle}`}
              >
                {category.name}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/**
 * Search the posts: a GET form (?search=), working without JavaScript. A search looks in every
 * category unless the person ticks the box to keep the category they are looking at: a filter
 * chosen earlier must not silently hide the post they are searching for.
 */
export function BlogSearch({
  search,
  category,
}: {
  search: string;
  /** The category being looked at, if any. */
  category: { _id: string; name: string } | undefined;
}) {
  return (
    <SearchForm
      action="/blog"
      id="blog-search"
      label="Search the blog"
      search={search}
      maxLength={blogLimits.searchMax}
      placeholder="A topic, a condition or a word from a title"
    >
      {category ? (
        <div className="flex items-center gap-3">
          <input
            id="blog-search-category"
            type="checkbox"
            name="category"
            value={category._id}
            // Ticked only when the address already holds both: the person chose them together.
            defaultChecked={search !== ''}
            className="h-6 w-6 shrink-0 accent-brand-700"
          />
          <label htmlFor="blog-search-category" className="text-sm text-slate-900">
            Search only in {category.name}
          </label>
        </div>
      ) : null}
    </SearchForm>
  );
}
