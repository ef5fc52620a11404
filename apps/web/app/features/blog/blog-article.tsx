import type { TBlogPost } from '@ipatient/contracts/blog';
import { formatDate } from '@ipatient/contracts/format';
import { CalendarDays, Clock } from 'lucide-react';
import type { ReactNode } from 'react';
import { imageUrl } from '../../components/ui/responsive-image.tsx';
import { BlogImage } from './blog-image.tsx';
import { publishedAt, readingTime } from './blog-text.ts';

/**
 * Styles for the post's HTML (headings, lists, links, quotes, images): no typography plugin,
 * just the few elements the editor produces, readable on a small screen.
 */
const proseClass = [
  'max-w-none text-base leading-7 text-slate-800 break-words',
  '[&>*+*]:mt-5',
  '[&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-extrabold [&_h2]:text-slate-900',
  '[&_h3]:mt-8 [&_h3]:text-xl [&_h3]:font-bold [&_h3]:text-slate-900',
  '[&_h4]:mt-6 [&_h4]:font-bold [&_h4]:text-slate-900',
  '[&_a]:font-semibold [&_a]:text-brand-800 [&_a]:underline [&_a]:underline-offset-4',
  '[&_ul]:list-disc [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6 [&_li+li]:mt-2',
  '[&_blockquote]:border-l-4 [&_blockquote]:border-brand-300 [&_blockquote]:pl-4 [&_blockquote]:italic',
  '[&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-xl',
  '[&_pre]:overflow-x-auto [&_pre]:rounded-xl [&_pre]:bg-slate-100 [&_pre]:p-4',
  '[&_table]:block [&_table]:overflow-x-auto [&_td]:border [&_td]:border-slate-300 [&_td]:p-2 [&_th]:border [&_th]:border-slate-300 [&_th]:p-2',
  '[&_strong]:font-bold [&_strong]:text-slate-900',
].join(' ');

function Publisher({ post, size }: { post: TBlogPost; size: 'small' | 'large' }) {
  const pixels = size === 'large' ? 56 : 44;
  const initials = post.publisher
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');
  return (
    <div className="flex items-center gap-3">
      {post.publisherImage ? (
        <img
          src={imageUrl(post.publisherImage)}
          alt=""
          width={pixels}
          height={pixels}
          loading={size === 'large' ? 'lazy' : 'eager'}
          className="shrink-0 rounded-full bg-brand-100 object-cover"
          style={{ width: pixels, height: pixels }}
        />
      ) : (
        <span
          aria-hidden="true"
          className="flex shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
          style={{ width: pixels, height: pixels }}
        >
          {initials}
        </span>
      )}
      <div>
        <p className="font-semibold text-slate-900">{post.publisher}</p>
        {post.publisherTitle ? (
          <p className="text-sm text-slate-700">{post.publisherTitle}</p>
        ) : null}
      </div>
    </div>
  );
}

interface BlogArticleProps {
  post: TBlogPost;
  /** Like, comment and share: under the hero. */
  engagement: ReactNode;
  /** The share widget, after the article. */
  share: ReactNode;
  /** The comments section. */
  comments: ReactNode;
}

/**
 * One post (docs/product.md#blog): hero with title, publisher, date DD MMMM YYYY, reading time and title
 * image; the article's HTML (sanitized by the API when it is written); the body image; the
 * publisher line; sharing and the comments.
 */
export function BlogArticle({ post, engagement, share, comments }: BlogArticleProps) {
  const date = publishedAt(post);
  return (
    <article aria-labelledby="page-title">
      <header className="border-b border-brand-100 bg-brand-50">
        <div className="mx-auto max-w-3xl px-4 pt-8 pb-10 md:px-6 md:pt-12">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
            {post.category ? post.category.name : 'Blog'}
          </p>
          <h1
            id="page-title"
            className="mt-2 text-3xl font-extrabold tracking-tight break-words text-slate-900 md:text-5xl"
          >
            {post.title}
          </h1>
          <div className="mt-6 flex flex-wrap items-center gap-x-6 gap-y-3 text-slate-700">
            <Publisher post={post} size="small" />
            <p className="inline-flex items-center gap-1.5 text-sm">
              <CalendarDays aria-hidden="true" className="h-4 w-4 text-brand-700" />
              <time dateTime={date}>{formatDate(date)}</time>
            </p>
            <p className="inline-flex items-center gap-1.5 text-sm">
              <Clock aria-hidden="true" className="h-4 w-4 text-brand-700" />
              {readingTime(post.readingMinutes)}
            </p>
          </div>
          <div className="mt-6">{engagement}</div>
        </div>
      </header>
      <div className="mx-auto max-w-3xl px-4 py-8 md:px-6 md:py-12">
        <BlogImage
          image={post.titleImage}
          sizes={post.titleImageSizes}
          alt={post.titleImage ? post.title : ''}
          layout="(min-width: 768px) 720px, 100vw"
          priority
          className="h-auto w-full rounded-2xl"
        />
        <div
          className={`mt-8 ${proseClass}`}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the API sanitizes post HTML when it is written (allow-listed tags and attributes)
          dangerouslySetInnerHTML={{ __html: post.content }}
        />
        {post.bodyImage || post.bodyImageSizes.length > 0 ? (
          <BlogImage
            image={post.bodyImage}
            sizes={post.bodyImageSizes}
            alt=""
            layout="(min-width: 768px) 720px, 100vw"
            className="mt-8 h-auto w-full rounded-2xl"
          />
        ) : null}
        <div className="mt-10 border-t border-slate-200 pt-6">
          <p className="mb-3 text-sm font-semibold tracking-wide text-slate-700 uppercase">
            Written by
          </p>
          <Publisher post={post} size="large" />
        </div>
        <section id="share" aria-labelledby="share-title" className="mt-10 scroll-mt-24">
          <h2 id="share-title" className="mb-3 text-xl font-bold text-slate-900">
            Share this post
          </h2>
          {share}
        </section>
        {comments}
      </div>
    </article>
  );
}
