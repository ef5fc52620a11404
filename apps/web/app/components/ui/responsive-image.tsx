/** One stored width of an uploaded image (the API's `imageSizes` entries). */
export interface ImageSize {
  width: number;
  height: number;
  path: string;
}

/** The URL of a stored file on the image server. */
export function imageUrl(path: string): string {
  return `/images/${path}`;
}

/** The largest stored size: the one to share in Open Graph tags. */
export function largestSize(sizes: readonly ImageSize[]): ImageSize | undefined {
  return [...sizes].sort((a, b) => b.width - a.width)[0];
}

interface ResponsiveImageProps {
  sizes: readonly ImageSize[];
  /** The stored key to show when there are no sizes (images stored before sizes existed). */
  image?: string | null | undefined;
  /** Width and height to reserve when the sizes do not say. */
  fallbackBox: { width: number; height: number };
  /** Empty for a card whose heading says it all. */
  alt: string;
  /** The `sizes` attribute: how wide the image is drawn at each breakpoint. */
  layout: string;
  /** The page's main image (its largest paint): loaded first, not lazily. */
  priority?: boolean;
  className?: string;
}

/**
 * An uploaded image with every stored width in `srcset`, width and height set so the page does
 * not shift while it loads, lazy unless it is the page's main image.
 */
export function ResponsiveImage({
  sizes,
  image,
  fallbackBox,
  alt,
  layout,
  priority = false,
  className = '',
}: ResponsiveImageProps) {
  const ordered = [...sizes].sort((a, b) => a.width - b.width);
  const largest = ordered.at(-1);
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
      width={largest?.width ?? fallbackBox.width}
      height={largest?.height ?? fallbackBox.height}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding={priority ? 'sync' : 'async'}
      className={`bg-brand-100 object-cover ${className}`}
    />
  );
}
