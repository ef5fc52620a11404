import type { TBlogPost } from '@ipatient/contracts/blog';
import { excerpts } from '@ipatient/contracts/constants';
import { stripHtml, truncate } from '@ipatient/contracts/format';

/** Only what cards show, so lists carry no whole articles. */
export type BlogListItem = Pick<
  TBlogPost,
  | '_id'
  | 'title'
  | 'urlSlug'
  | 'category'
  | 'excerpt'
  | 'titleImage'
  | 'titleImageSizes'
  | 'date'
  | 'createdAt'
  | 'readingMinutes'
>;

/** A post's address: urlSlug begins with "/" and is joined onto /blog (docs/product.md#blog). */
export function blogPath(post: Pick<TBlogPost, 'urlSlug'>): string {
  return `/blog${post.urlSlug}`;
}

/** A card's title: the first 70 characters (docs/product.md#blog). */
export function blogCardTitle(title: string): string {
  return truncate(title, excerpts.blogTitle);
}

/** When the post came out: its publication date, or its creation for an odd post without one. */
export function publishedAt(post: Pick<TBlogPost, 'date' | 'createdAt'>): string {
  return post.date ?? post.createdAt;
}

/** The text shared with the link: the first 50 characters of the post (docs/product.md#blog). */
export function blogShareText(post: Pick<TBlogPost, 'excerpt' | 'content'>): string {
  const text = post.excerpt.trim() || stripHtml(post.content);
  return truncate(text, excerpts.blogShareText);
}

export function readingTime(minutes: number): string {
  const value = Math.max(1, Math.round(minutes));
  return `${value} min read`;
}

export function countLabel(count: number, one: string, many: string): string {
  return `${count.toLocaleString('en-NG')} ${count === 1 ? one : many}`;
}
