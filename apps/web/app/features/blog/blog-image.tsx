import type { TBlogPost } from '@ipatient/contracts/blog';
import { Newspaper } from 'lucide-react';

type ImageSize = TBlogPost['titleImageSizes'][number];

/** The URL of a stored file on the image server. */
export function imageUrl(path: string): string {
  return `/images/${path}`;
}

/** The largest stored size: the one to share. */
export function largestSize(sizes: readonly ImageSize[]): ImageSize | undefined {
  return [...sizes].sort((a, b) => b.width - a.width)[0];
}

interface BlogImageProps {
  /** The stored key (largest size), null when the post has no image. */
  image: string | null;
  sizes: readonly ImageSize[];
  /** Empty for a card whose heading says it all. */
  alt: string;
  /** The `sizes` attribute: how wide the image is drawn at each breakpoint. */
  layout: string;
  /** The page's main image: loaded first, not lazily. */
  priority?: boolean;
  className?: string;
}

/**
 * A post's image: every stored width in `srcset`, width and height set so nothing shifts, lazy
 * unless it is the page's main image. A post without one gets a calm built-in placeholder.
 */
export function BlogImage({
  image,
  sizes,
  alt,
  layout,
  priority = false,
  className = '',
}: BlogImageProps) {
  const ordered = [...sizes].sort((a, b) => a.width - b.width);
  const largest = largestSize(sizes);
  if (!image && !largest) {
    return (
      <div
        aria-hidden="true"
        data-placeholder=""
        className={`relative flex aspect-[16/9] items-center justify-center overflow-hidden bg-gradient-to-br from-brand-100 via-brand-50 to-amber-50 text-brand-700 ${className}`}
      >
        <span className="absolute -top-10 -left-10 h-40 w-40 rounded-full bg-brand-200/50" />
        <span className="absolute -right-8 -bottom-12 h-36 w-36 rounded-full bg-amber-100/80" />
        <span className="relative flex h-16 w-16 items-center justify-center rounded-full bg-white/80 shadow-sm">
          <Newspaper className="h-8 w-8" />
        </span>
      </div>
    );
  }
  // A middle size is a sensible `src` for browsers that ignore `srcset`.
  const src = ordered[Math.min(1, ordered.length - 1)]?.path ?? image ?? '';
  return (
    <img
      src={imageUrl(src)}
      srcSet={
        ordered.length > 0
          ? ordered.map((size) => `${imageUrl(size.path)} ${size.width}w`).join(', ')
          : undefined
      }
      sizes={ordered.length > 0 ? layout : undefined}
      alt={alt}
      width={largest?.width ?? 1200}
      height={largest?.height ?? 675}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding={priority ? 'sync' : 'async'}
      className={`aspect-[16/9] bg-brand-100 object-cover ${className}`}
    />
  );
}
