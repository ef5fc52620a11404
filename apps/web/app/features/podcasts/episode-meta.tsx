import { formatDate } from '@ipatient/contracts/format';
import { CalendarDays, Clock } from 'lucide-react';
import { formatDuration } from './podcast-text.ts';

/** Release date (DD MMMM YYYY) and duration, on one line. */
export function EpisodeMeta({
  releaseDate,
  duration,
  className = '',
}: {
  releaseDate: string;
  duration: number;
  className?: string;
}) {
  return (
    <p
      className={`flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700 ${className}`}
    >
      <span className="inline-flex items-center gap-1.5">
        <CalendarDays aria-hidden="true" className="h-4 w-4" />
        <time dateTime={releaseDate}>{formatDate(`${releaseDate}T12:00:00Z`)}</time>
      </span>
      <span className="inline-flex items-center gap-1.5">
        <Clock aria-hidden="true" className="h-4 w-4" />
        <span>
          <span className="sr-only">Duration: </span>
          {formatDuration(duration)}
        </span>
      </span>
    </p>
  );
}
