import type { TBlogPost } from '@ipatient/contracts/blog';
import { Newspaper } from 'lucide-react';
import { largestSize, ResponsiveImage } from '../../components/ui/responsive-image.tsx';

type ImageSize = TBlogPost['titleImageSizes'][number];

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
  return (
    <ResponsiveImage
      sizes={sizes}
      image={image}
      fallbackBox={{ width: 1200, height: 675 }}
      alt={alt}
      layout={layout}
      priority={priority}
      className={`aspect-[16/9] ${className}`}
    />
  );
}
