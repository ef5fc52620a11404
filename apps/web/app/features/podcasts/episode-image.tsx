import type { TPodcastEpisode } from '@ipatient/contracts/podcasts';
import { Podcast } from 'lucide-react';
import { largestSize, ResponsiveImage } from '../../components/ui/responsive-image.tsx';

type ImageSource = Pick<TPodcastEpisode, 'image' | 'imageSizes'>;

/** The largest stored size: the `src` to share in Open Graph tags. */
export function largestEpisodeImage(episode: ImageSource) {
  return largestSize(episode.imageSizes);
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
  if (episode.imageSizes.length === 0 && !episode.image) {
    return (
      <div
        aria-hidden="true"
        className={`flex aspect-square items-center justify-center bg-brand-100 text-brand-700 ${className}`}
      >
        <Podcast className="h-12 w-12" />
      </div>
    );
  }
  return (
    <ResponsiveImage
      sizes={episode.imageSizes}
      image={episode.image}
      fallbackBox={{ width: 800, height: 800 }}
      alt={alt}
      layout={sizes}
      priority={priority}
      className={`aspect-square ${className}`}
    />
  );
}
