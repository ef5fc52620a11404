import { type PodcastSource, podcastSourceNames } from '@ipatient/contracts/podcasts';
import { Headphones } from 'lucide-react';

// lucide dropped its brand marks, so the three providers are drawn here (simplified marks).
function YouTubeMark({ className }: { className: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={className} fill="currentColor">
      <path d="M23 7.2a3 3 0 0 0-2.1-2.1C19 4.6 12 4.6 12 4.6s-7 0-8.9.5A3 3 0 0 0 1 7.2 31 31 0 0 0 .5 12a31 31 0 0 0 .5 4.8 3 3 0 0 0 2.1 2.1c1.9.5 8.9.5 8.9.5s7 0 8.9-.5a3 3 0 0 0 2.1-2.1 31 31 0 0 0 .5-4.8 31 31 0 0 0-.5-4.8ZM9.75 15.1V8.9L15.5 12l-5.75 3.1Z" />
    </svg>
  );
}

function SpotifyMark({ className }: { className: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={className} fill="currentColor">
      <path d="M12 .5a11.5 11.5 0 1 0 0 23 11.5 11.5 0 0 0 0-23Zm5.3 16.6a.7.7 0 0 1-1 .2c-2.7-1.7-6.1-2-10.1-1.1a.7.7 0 1 1-.3-1.4c4.4-1 8.1-.6 11.1 1.3.3.2.4.7.3 1Zm1.4-3.1a.9.9 0 0 1-1.2.3c-3.1-1.9-7.8-2.4-11.4-1.3a.9.9 0 1 1-.5-1.7c4.2-1.3 9.3-.7 12.8 1.5.4.2.5.8.3 1.2Zm.1-3.2C15.1 8.6 9 8.4 5.5 9.5a1 1 0 1 1-.6-2c4-1.2 10.8-1 15 1.5a1 1 0 1 1-1.1 1.8Z" />
    </svg>
  );
}

function ApplePodcastsMark({ className }: { className: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      <circle cx="12" cy="10" r="2.5" fill="currentColor" stroke="none" />
      <path d="M12 14.5v7" />
      <path d="M7.8 15.2a6 6 0 1 1 8.4 0" />
      <path d="M5 18.2a9.5 9.5 0 1 1 14 0" />
    </svg>
  );
}

const marks = {
  youtube: YouTubeMark,
  spotify: SpotifyMark,
  apple: ApplePodcastsMark,
  other: Headphones,
} as const;

/** The mark of one channel, hidden from assistive technology (its text says the name). */
export function SourceMark({
  source,
  className = 'h-5 w-5',
}: {
  source: PodcastSource;
  className?: string;
}) {
  const Mark = marks[source];
  return <Mark aria-hidden="true" className={className} />;
}

/** The channels an episode is on, as small marks with their names for screen readers. */
export function SourceIcons({ sources }: { sources: readonly PodcastSource[] }) {
  if (sources.length === 0) return null;
  return (
    <ul aria-label="Available on" className="flex items-center gap-2 text-slate-700">
      {sources.map((source) => (
        <li key={source} title={podcastSourceNames[source]}>
          <SourceMark source={source} />
          <span className="sr-only">{podcastSourceNames[source]}</span>
        </li>
      ))}
    </ul>
  );
}
