import type { TBlogCategory, TBlogComment, TBlogPost } from '@ipatient/contracts/blog';
import { limits } from '@ipatient/contracts/constants';
import type { RouterContextProvider } from 'react-router';
import { rawApi, rethrowIfUnavailable } from '../../lib/api-context.ts';
import { getJson, metaOf, resultsOf } from '../../lib/api-read.server.ts';
import type { BlogListItem } from './blog-text.ts';

type Context = Readonly<RouterContextProvider>;

/** Only what cards show (no article bodies in the page's data). */
export function toBlogListItem(post: TBlogPost): BlogListItem {
  return {
    _id: post._id,
    title: post.title,
    urlSlug: post.urlSlug,
    category: post.category,
    excerpt: post.excerpt,
    titleImage: post.titleImage,
    titleImageSizes: post.titleImageSizes,
    date: post.date,
    createdAt: post.createdAt,
    readingMinutes: post.readingMinutes,
  };
}

export interface BlogListQuery {
  page?: number;
  limit?: number;
  search?: string | undefined;
  category?: string | undefined;
}

export interface BlogPage {
  posts: BlogListItem[];
  page: number;
  limit: number;
  total: number;
}

/**
 * Published posts, newest first (GET /get-blogs), or null when the API could not answer (the
 * page then says 'Error Fetching Blogs').
 */
export async function fetchBlogPosts(
  context: Context,
  query: BlogListQuery,
): Promise<BlogPage | null> {
  const params = new URLSearchParams();
  if (query.page) params.set('page', String(query.page));
  if (query.limit) params.set('limit', String(query.limit));
  if (query.search) params.set('search', query.search);
  if (query.category) params.set('category', query.category);
  const body = await getJson(context, `/get-blogs?${params}`);
  const results = resultsOf(body);
  if (!results) return null;
  const meta = metaOf(body);
  return {
    posts: (results as TBlogPost[]).map(toBlogListItem),
    page: meta.page ?? query.page ?? 1,
    limit: meta.limit ?? query.limit ?? results.length,
    total: meta.total ?? results.length,
  };
}

/** The three latest published posts for the home page; [] when there are none or on failure. */
export async function fetchHomePosts(context: Context): Promise<BlogListItem[]> {
  const page = await fetchBlogPosts(context, { limit: limits.homeBlogPosts });
  return page?.posts.slice(0, limits.homeBlogPosts) ?? [];
}

/** The blog's categories (GET /get-blog-categories); [] when the API could not answer. */
export async function fetchBlogCategories(context: Context): Promise<TBlogCategory[]> {
  const results = resultsOf(await getJson(context, '/get-blog-categories'));
  return results ? (results as TBlogCategory[]) : [];
}

export type BlogPostLookup =
  | { kind: 'found'; post: TBlogPost; commentCount: number }
  | { kind: 'not-found' }
  | { kind: 'error' };

/** One published post by id or urlSlug (GET /get-single-blog/{idOrSlug}). */
export async function fetchBlogPost(context: Context, idOrSlug: string): Promise<BlogPostLookup> {
  const path = `/get-single-blog/${encodeURIComponent(idOrSlug)}`;
  try {
    const response = await rawApi(context)(path);
    if (response.status === 200) {
      const body = response.body as { result: TBlogPost; comment?: number };
      return {
        kind: 'found',
        post: body.result,
        commentCount: body.comment ?? body.result.commentsCount,
      };
    }
    if (response.status === 404 || response.status === 400) return { kind: 'not-found' };
    return { kind: 'error' };
  } catch (error) {
    rethrowIfUnavailable(error);
    console.error(`GET ${path} failed`, error);
    return { kind: 'error' };
  }
}

export interface BlogCommentPage {
  comments: TBlogComment[];
  page: number;
  limit: number;
  /** Top-level comments (replies come along with their comment). */
  total: number;
}

/**
 * One page of a post's comments, newest first, each with its replies nested
 * (GET /fetch-blog-comments/{id}); null when the API could not answer.
 */
export async function fetchBlogComments(
  context: Context,
  postId: string,
  page: number,
): Promise<BlogCommentPage | null> {
  const params = new URLSearchParams({ order: 'newest' });
  if (page > 1) params.set('page', String(page));
  const body = await getJson(
    context,
    `/fetch-blog-comments/${encodeURIComponent(postId)}?${params}`,
  );
  const results = resultsOf(body);
  if (!results) return null;
  const meta = metaOf(body);
  return {
    comments: results as TBlogComment[],
    page: meta.page ?? page,
    limit: meta.limit ?? results.length,
    total: meta.total ?? results.length,
  };
}
