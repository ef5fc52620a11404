import { formatDate } from '@ipatient/contracts/format';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { BlogImage } from './blog-image.tsx';
import { type BlogListItem, blogCardTitle, blogPath, publishedAt } from './blog-text.ts';

interface BlogCardProps {
  post: BlogListItem;
  /** The card title's level, to fit the page outline. */
  headingLevel?: 2 | 3;
  /** The card's width at each breakpoint, for the image's `sizes`. */
  imageLayout?: string;
  /** The list page shows the excerpt; the home page keeps cards short. */
  showExcerpt?: boolean;
  /** The first card of a list: its image is the page's largest paint on a phone, so it loads first. */
  priority?: boolean;
}

/**
 * A post card (docs/product.md#blog): image, category, date, title cut to 70 characters, excerpt and
 * 'Learn more'. The whole card is one link target: 'Learn more', named with the title.
 */
export function BlogCard({
  post,
  headingLevel = 3,
  imageLayout = '(min-width: 1152px) 352px, (min-width: 640px) 50vw, 100vw',
  showExcerpt = true,
  priority = false,
}: BlogCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const title = blogCardTitle(post.title);
  const date = publishedAt(post);
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm hover:shadow-md has-[a:focus-visible]:ring-3 has-[a:focus-visible]:ring-brand-700">
      <BlogImage
        image={post.titleImage}
        sizes={post.titleImageSizes}
        alt=""
        layout={imageLayout}
        priority={priority}
        className="w-full"
      />
      <div className="flex flex-1 flex-col p-5">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
          {post.category ? (
            <span className="rounded-full bg-brand-50 px-2.5 py-0.5 font-semibold text-brand-800">
              {post.category.name}
            </span>
          ) : null}
          <time dateTime={date}>{formatDate(date)}</time>
        </div>
        <Heading className="mt-3 text-lg font-bold break-words text-slate-900" title={post.title}>
          {title}
        </Heading>
        {showExcerpt && post.excerpt ? (
          <p className="mt-2 line-clamp-3 text-sm break-words text-slate-700">{post.excerpt}</p>
        ) : null}
        <p className="mt-auto pt-4">
          <Link
            to={blogPath(post)}
            className="inline-flex items-center gap-1.5 font-semibold text-brand-800 underline-offset-4 after:absolute after:inset-0 after:content-[''] hover:underline focus-visible:outline-none"
          >
            Learn more
            <span className="sr-only"> about {post.title}</span>
            <ArrowRight aria-hidden="true" className="h-4 w-4" />
          </Link>
        </p>
      </div>
    </article>
  );
}
