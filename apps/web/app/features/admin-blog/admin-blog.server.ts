import type { TBlogAuthor, TBlogCategory, TBlogPost } from '@ipatient/contracts/blog';
import { data, type RouterContextProvider } from 'react-router';
import { rawApi } from '../../lib/api-context.ts';
import { getJson, metaOf, resultsOf } from '../../lib/api-read.server.ts';
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
  const params = new URLSearchParams({
    status: query.status,
    page: String(query.page),
    limit: String(adminPostsPerPage),
  });
  if (query.category) params.set('category', query.category);
  if (query.search) params.set('search', query.search);
  const body = await getJson(context, `/get-blogs?${params}`);
  const results = resultsOf(body) as TBlogPost[] | undefined;
  if (!results) return null;
  const meta = metaOf(body);
  const total = meta.total ?? results.length;
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
    page: meta.page ?? query.page,
    total,
    totalPages: Math.max(1, Math.ceil(total / (meta.limit ?? adminPostsPerPage))),
  };
}

/** Every blog category, by name; null when the API could not answer. */
export async function fetchCategories(context: Context): Promise<TBlogCategory[] | null> {
  const results = resultsOf(await getJson(context, '/get-blog-categories'));
  return results ? (results as TBlogCategory[]) : null;
}

/** Every author, the default first; null when the API could not answer. */
export async function fetchAuthors(context: Context): Promise<TBlogAuthor[] | null> {
  const body = (await getJson(context, '/admin/author')) as { data?: unknown } | undefined;
  return Array.isArray(body?.data) ? (body.data as TBlogAuthor[]) : null;
}

/** One post, drafts included (the admin's session); a 404 page when there is none. */
export async function fetchPostForEdit(context: Context, id: string): Promise<TBlogPost> {
  const response = await rawApi(context)(`/get-single-blog/${encodeURIComponent(id)}`);
  if (response.status === 404 || response.status === 400) {
    throw data('This post does not exist.', { status: 404 });
  }
  if (response.status !== 200) {
    throw data('The post could not be loaded. Please try again.', { status: 502 });
  }
  return (response.body as { result: TBlogPost }).result;
}

/** A multipart body for the API (text fields and files) from a FormData. */
export async function multipartBody(
  form: FormData,
): Promise<{ body: Buffer; headers: Record<string, string> }> {
  const request = new Request('http://local', { method: 'POST', body: form });
  return {
    body: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? 'multipart/form-data' },
  };
}

/** A file the visitor really chose (browsers send an empty part for an empty file field). */
export function chosenFile(form: FormData, name: string): File | undefined {
  const value = form.get(name);
  return value instanceof File && value.size > 0 ? value : undefined;
}
