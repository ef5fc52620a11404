import { reviewLimits } from '@ipatient/contracts/facility-rules';
import { Star, StarHalf } from 'lucide-react';

/** "4.6 out of 5": a rating as words, one decimal place (whole ratings as "4 out of 5"). */
export function ratingText(rating: number): string {
  const rounded = Math.round(rating * 10) / 10;
  return `${rounded} out of ${reviewLimits.ratingMax}`;
}

/** One decimal place for the big number ("4.6"). */
export function ratingFigure(rating: number): string {
  return rating.toFixed(1);
}

type StarFill = 'full' | 'half' | 'empty';

/**
 * How each of the five stars is drawn. A star is filled only as far as the rating reaches it,
 * in half steps: 4.8 shows four and a half stars, and five full stars mean a real 5.
 */
export function starFills(rating: number): StarFill[] {
  // From the figure shown beside the stars (one decimal), so 4.96 shown as "5.0" has five.
  const figure = Math.round(rating * 10) / 10;
  const shown = Math.floor(figure * 2) / 2;
  return Array.from({ length: reviewLimits.ratingMax }, (_, index) =>
    shown >= index + 1 ? 'full' : shown >= index + 0.5 ? 'half' : 'empty',
  );
}

interface RatingStarsProps {
  rating: number;
  /** Tailwind size of each star. */
  size?: string;
  className?: string;
}

/**
 * Five stars, with half stars. The stars are decorative: the rating is said in words
 * ('Rated 4.6 out of 5') for screen readers.
 */
export function RatingStars({ rating, size = 'h-4 w-4', className = '' }: RatingStarsProps) {
  const empty = `${size} fill-none text-slate-500`;
  const filled = `${size} fill-amber-500 text-amber-600`;
  return (
    <span className={`inline-flex items-center gap-0.5 ${className}`}>
      <span className="sr-only">Rated {ratingText(rating)}</span>
      {starFills(rating).map((fill, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: five fixed positions
        <span key={index} data-star={fill} className="relative inline-flex">
          <Star aria-hidden="true" className={fill === 'full' ? filled : empty} />
          {fill === 'half' ? (
            <StarHalf aria-hidden="true" className={`absolute inset-0 ${filled}`} />
          ) : null}
        </span>
      ))}
    </span>
  );
}
