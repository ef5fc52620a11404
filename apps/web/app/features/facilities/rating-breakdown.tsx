import { reviewCountText } from './facility-text.ts';
import type { RatingBreakdown as Breakdown } from './facility-types.ts';
import { RatingStars, ratingFigure } from './rating-stars.tsx';

const levels = ['5', '4', '3', '2', '1'] as const;

function starsText(level: string): string {
  return level === '1' ? '1 star' : `${level} stars`;
}

function reviewsText(count: number): string {
  return count === 1 ? '1 review' : `${count} reviews`;
}

interface RatingBreakdownProps {
  average: number;
  count: number;
  breakdown: Breakdown;
}

/** The average, the review count and one bar per rating, each bar said in words. */
export function RatingBreakdown({ average, count, breakdown }: RatingBreakdownProps) {
  const largest = Math.max(1, ...levels.map((level) => breakdown[level]));
  return (
    <div className="grid gap-6 sm:grid-cols-[auto_minmax(0,1fr)] sm:items-center">
      <div className="text-center sm:pr-6">
        <p className="text-5xl font-extrabold text-slate-900" aria-hidden="true">
          {ratingFigure(average)}
        </p>
        <RatingStars rating={average} size="h-5 w-5" className="mt-2" />
        <p className="mt-1 text-sm text-slate-700" data-review-count="">
          {reviewCountText(count)}
        </p>
      </div>
      <ul aria-label="Ratings breakdown" className="space-y-2">
        {levels.map((level) => {
          const value = breakdown[level];
          const share = Math.round((value / largest) * 100);
          return (
            <li
              key={level}
              className="grid grid-cols-[4.5rem_minmax(0,1fr)_3rem] items-center gap-3"
            >
              <span className="sr-only">{`${starsText(level)}: ${reviewsText(value)}`}</span>
              <span aria-hidden="true" className="text-sm font-medium text-slate-800">
                {starsText(level)}
              </span>
              <span aria-hidden="true" className="h-2.5 overflow-hidden rounded-full bg-slate-200">
                <span
                  className="block h-full rounded-full bg-amber-500"
                  style={{ width: `${share}%` }}
                />
              </span>
              <span aria-hidden="true" className="text-right text-sm text-slate-700">
                {value}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
