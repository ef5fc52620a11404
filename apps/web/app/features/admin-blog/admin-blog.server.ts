import type { TBlogAuthor, TBlogCategory, TBlogPost } from '@ipatient/contracts/blog';
import { data, type RouterContextProvider } from 'react-router';
import { getApi } from '../../lib/api-context.ts';
import { lookup, readBody } from '../../lib/api-read.server.ts';
import type { PostStatusFilter } from './admin-blog-text.ts';

type Context = Readonly<RouterContextProvider>;

/** How many posts one page of the admin list shows. */
export const adminPostsPerPage = 20;

/** What a row of the posts table shows (no article bodies in the page's data). */
export interface AdminPostRow {
  _id: string;
  title: string;
  urlSlug: string;
  status: TBlogPost['status'];
  category: string | null;
  publisher: string;
  date: string | null;
  updatedAt: string;
  likesCount: number;
  commentsCount: number;
}

export interface AdminPostsPage {
  posts: AdminPostRow[];
  page: number;
  total: number;
  totalPages: number;
}

/** One page of posts, drafts included (GET /get-blogs?status=all), or null when the API failed. */
export async function fetchAdminPosts(
  context: Context,
  query: { status: PostStatusFilter; category: string; search: string; page: number },
): Promise<AdminPostsPage | null> {
  const body = await readBody(
    'GET blog posts (admin)',
    getApi(context).blog.posts.list({
      query: {
        status: query.status,
        page: query.page,
        limit: adminPostsPerPage,
        category: query.category,
        search: query.search,
      },
    }),
  );
  if (!body) return null;
  const { results, meta } = body;
  const total = meta?.total ?? results.length;
  return {
    posts: results.map((post) => ({
      _id: post._id,
      title: post.title,
      urlSlug: post.urlSlug,
      status: post.status,
      category: post.category?.name ?? null,
      publisher: post.publisher,
      date: post.date,
      updatedAt: post.updatedAt,
      likesCount: post.likesCount,
      commentsCount: post.commentsCount,
    })),
    page: meta?.page ?? query.page,
    total,
    totalPages: Math.max(1, Math.ceil(total / (meta?.limit ?? adminPostsPerPage))),
  };
}

/** Every blog category, by name; null when the API could not answer. */
export async function fetchCategories(context: Context): Promise<TBlogCategory[] | null> {
  const body = await readBody('GET blog categories', getApi(context).blog.categories.list());
  return body?.results ?? null;
}

/** Every author, the default first; null when the API could not answer. */
export async function fetchAuthors(context: Context): Promise<TBlogAuthor[] | null> {
  const body = await readBody('GET blog authors', getApi(context).blog.authors.list());
  return body?.data ?? null;
}

/** One post, drafts included (the admin's session); a 404 page when there is none. */
export async function fetchPostForEdit(context: Context, id: string): Promise<TBlogPost> {
  const found = await lookup('GET blog post', getApi(context).blog.posts.get({ params: { id } }));
  if (found.kind === 'not-found') throw data('This post does not exist.', { status: 404 });
  if (found.kind === 'error') {
    throw data('The post could not be loaded. Please try again.', { status: 502 });
  }
  return found.value.result;
}

/** A file the visitor really chose (browsers send an empty part for an empty file field). */
export function chosenFile(form: FormData, name: string): File | undefined {
  const value = form.get(name);
  return value instanceof File && value.size > 0 ? value : undefined;
}
