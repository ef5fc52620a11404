import { Hospital } from 'lucide-react';
import { ResponsiveImage } from '../../components/ui/responsive-image.tsx';
import type { Facility } from './facility-types.ts';

interface FacilityImageProps {
  facility: Pick<Facility, 'image' | 'imageSizes'>;
  alt: string;
  /** The `sizes` attribute: how wide the image is drawn at each breakpoint. */
  layout: string;
  priority?: boolean;
  className?: string;
}

/** A facility's photo (every stored width), or a plain tile with an icon when it has none. */
export function FacilityImage({
  facility,
  alt,
  layout,
  priority = false,
  className = '',
}: FacilityImageProps) {
  if (!facility.image && facility.imageSizes.length === 0) {
    return (
      <div
        aria-hidden="true"
        className={`flex items-center justify-center bg-brand-100 text-brand-700 ${className}`}
      >
        <Hospital className="h-12 w-12" />
      </div>
    );
  }
  return (
    <ResponsiveImage
      sizes={facility.imageSizes}
      image={facility.image}
      fallbackBox={{ width: 800, height: 500 }}
      alt={alt}
      layout={layout}
      priority={priority}
      className={className}
    />
  );
}
