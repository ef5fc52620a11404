import type { TBlogCategory, TBlogComment, TBlogPost } from '@ipatient/contracts/blog';
import { limits } from '@ipatient/contracts/constants';
import type { RouterContextProvider } from 'react-router';
import { getApi } from '../../lib/api-context.ts';
import { lookup, readBody } from '../../lib/api-read.server.ts';
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
  const body = await readBody(
    'GET blog posts',
    getApi(context).blog.posts.list({
      query: {
        page: query.page || undefined,
        limit: query.limit || undefined,
        search: query.search,
        category: query.category,
      },
    }),
  );
  if (!body) return null;
  const { results, meta } = body;
  return {
    posts: results.map(toBlogListItem),
    page: meta?.page ?? query.page ?? 1,
    limit: meta?.limit ?? query.limit ?? results.length,
    total: meta?.total ?? results.length,
  };
}

/** The three latest published posts for the home page; [] when there are none or on failure. */
export async function fetchHomePosts(context: Context): Promise<BlogListItem[]> {
  const page = await fetchBlogPosts(context, { limit: limits.homeBlogPosts });
  return page?.posts.slice(0, limits.homeBlogPosts) ?? [];
}

/** The blog's categories (GET /get-blog-categories); [] when the API could not answer. */
export async function fetchBlogCategories(context: Context): Promise<TBlogCategory[]> {
  const body = await readBody('GET blog categories', getApi(context).blog.categories.list());
  return body?.results ?? [];
}

export type BlogPostLookup =
  | { kind: 'found'; post: TBlogPost; commentCount: number }
  | { kind: 'not-found' }
  | { kind: 'error' };

/** One published post by id or urlSlug (GET /get-single-blog/{idOrSlug}). */
export async function fetchBlogPost(context: Context, idOrSlug: string): Promise<BlogPostLookup> {
  const found = await lookup(
    'GET blog post',
    getApi(context).blog.posts.get({ params: { id: idOrSlug } }),
  );
  if (found.kind !== 'found') return found;
  return { kind: 'found', post: found.value.result, commentCount: found.value.comment };
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
  const body = await readBody(
    'GET blog comments',
    getApi(context).blog.comments.list({
      params: { id: postId },
      query: { order: 'newest', page: page > 1 ? page : undefined },
    }),
  );
  if (!body) return null;
  const { results, meta } = body;
  return {
    comments: results,
    page: meta?.page ?? page,
    limit: meta?.limit ?? results.length,
    total: meta?.total ?? results.length,
  };
}
