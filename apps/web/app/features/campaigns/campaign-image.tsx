import type { TCampaign } from '@ipatient/contracts/campaigns';
import { HeartHandshake } from 'lucide-react';
import { ResponsiveImage } from '../../components/ui/responsive-image.tsx';

export type CampaignImageSource = Pick<
  TCampaign,
  'image' | 'imageWidth' | 'imageHeight' | 'imageSizes'
>;

/** The stored size to offer as `src` and to share: the largest one. */
export function largestImage(campaign: CampaignImageSource) {
  const sorted = [...campaign.imageSizes].sort((a, b) => b.width - a.width);
  const largest = sorted[0];
  if (largest) return largest;
  if (campaign.image && campaign.imageWidth && campaign.imageHeight) {
    return { path: campaign.image, width: campaign.imageWidth, height: campaign.imageHeight };
  }
  return undefined;
}

interface CampaignImageProps {
  campaign: CampaignImageSource;
  /** Empty for a card whose heading says it all. */
  alt: string;
  /** The `sizes` attribute: how wide the image is drawn at each breakpoint. */
  sizes: string;
  /** The page's main image (its largest paint): loaded first, not lazily. */
  priority?: boolean;
  className?: string;
}

/**
 * A campaign's cover: every stored width in `srcset`, width and height set so the page does not
 * shift while it loads, lazy unless it is the page's main image.
 */
export function CampaignImage({
  campaign,
  alt,
  sizes,
  priority = false,
  className = '',
}: CampaignImageProps) {
  const fallback = largestImage(campaign);
  if (!fallback && !campaign.image) {
    return (
      <div
        aria-hidden="true"
        className={`flex items-center justify-center bg-brand-100 text-brand-700 ${className.includes('aspect-') ? '' : 'aspect-[16/9]'} ${className}`}
      >
        <HeartHandshake className="h-12 w-12" />
      </div>
    );
  }
  return (
    <ResponsiveImage
      sizes={campaign.imageSizes}
      image={campaign.image}
      fallbackBox={{
        width: fallback?.width ?? campaign.imageWidth ?? 800,
        height: fallback?.height ?? campaign.imageHeight ?? 600,
      }}
      alt={alt}
      layout={sizes}
      priority={priority}
      className={className}
    />
  );
}
