import { reviewLimits } from '@ipatient/contracts/facility-rules';
import { Star } from 'lucide-react';

/** "4.6 out of 5": a rating as words, one decimal place (whole ratings as "4 out of 5"). */
export function ratingText(rating: number): string {
  const rounded = Math.round(rating * 10) / 10;
  return `${rounded} out of ${reviewLimits.ratingMax}`;
}

/** One decimal place for the big number ("4.6"). */
export function ratingFigure(rating: number): string {
  return rating.toFixed(1);
}

interface RatingStarsProps {
  rating: number;
  /** Tailwind size of each star. */
  size?: string;
  className?: string;
}

/**
 * Five stars, the first floor(rating) of them filled (SPEC §2). The stars are decorative: the
 * rating is said in words ('4.6 out of 5') for screen readers.
 */
export function RatingStars({ rating, size = 'h-4 w-4', className = '' }: RatingStarsProps) {
  const filled = Math.floor(rating);
  return (
    <span className={`inline-flex items-center gap-0.5 ${className}`}>
      <span className="sr-only">{ratingText(rating)}</span>
      {Array.from({ length: reviewLimits.ratingMax }, (_, index) => (
        <Star
          // biome-ignore lint/suspicious/noArrayIndexKey: five fixed positions
          key={index}
          aria-hidden="true"
          className={`${size} ${index < filled ? 'fill-amber-500 text-amber-600' : 'fill-none text-slate-500'}`}
        />
      ))}
    </span>
  );
}
