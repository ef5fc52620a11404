import type { TPodcastEpisode } from '@ipatient/contracts/podcasts';
import { Podcast } from 'lucide-react';
import { imageUrl } from './podcast-text.ts';

type ImageSource = Pick<TPodcastEpisode, 'image' | 'imageSizes'>;

/** The largest stored size: the `src` to share in Open Graph tags. */
export function largestEpisodeImage(episode: ImageSource) {
  return [...episode.imageSizes].sort((a, b) => b.width - a.width)[0];
}

interface EpisodeImageProps {
  episode: ImageSource;
  alt: string;
  /** The `sizes` attribute: how wide the image is drawn at each breakpoint. */
  sizes: string;
  /** The page's main image: loaded first, not lazily. */
  priority?: boolean;
  className?: string;
}

/**
 * An episode's artwork with every stored width in `srcset` and its size set (no layout shift);
 * a drawn placeholder when the episode has none.
 */
export function EpisodeImage({
  episode,
  alt,
  sizes,
  priority = false,
  className = '',
}: EpisodeImageProps) {
  const ordered = [...episode.imageSizes].sort((a, b) => a.width - b.width);
  const largest = ordered.at(-1);
  if (!largest && !episode.image) {
    return (
      <div
        aria-hidden="true"
        className={`flex aspect-square items-center justify-center bg-brand-100 text-brand-700 ${className}`}
      >
        <Podcast className="h-12 w-12" />
      </div>
    );
  }
  // A middle size is a sensible `src` for browsers that ignore `srcset`.
  const src = ordered[Math.min(1, ordered.length - 1)]?.path ?? episode.image ?? '';
  return (
    <img
      src={imageUrl(src)}
      srcSet={
        ordered.length > 0
          ? ordered.map((size) => `${imageUrl(size.path)} ${size.width}w`).join(', ')
          : undefined
      }
      sizes={ordered.length > 0 ? sizes : undefined}
      alt={alt}
      width={largest?.width ?? 800}
      height={largest?.height ?? 800}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding={priority ? 'sync' : 'async'}
      className={`aspect-square bg-brand-100 object-cover ${className}`}
    />
  );
}
