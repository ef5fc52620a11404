import type { ReactNode } from 'react';
import { type BadgeTone, badgeTones } from '../ui/status-badge.tsx';

/** The colour family of a pill; the word inside always says what it means too. */
export type StatusTone = Exclude<BadgeTone, 'progress'>;

interface StatusPillProps {
  tone?: StatusTone;
  /** Read before the text by screen readers, e.g. "Status: " (optional). */
  srPrefix?: string;
  children: ReactNode;
}

/**
 * A status in a coloured pill (all tones have at least 7:1 text contrast). On a phone a long one
 * ("Reversed: money returned to the balance") wraps inside the card rather than widening it.
 */
export function StatusPill({ tone = 'neutral', srPrefix, children }: StatusPillProps) {
  return (
    <span
      className={`inline-flex max-w-full items-center gap-1.5 rounded-2xl px-2.5 py-0.5 text-xs font-semibold ring-1 md:rounded-full md:whitespace-nowrap ${badgeTones[tone]}`}
    >
      {srPrefix ? <span className="sr-only">{srPrefix}</span> : null}
      {children}
    </span>
  );
}
