import type { ReactNode } from 'react';

/** The colour family of a pill; the word inside always says what it means too. */
export type StatusTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

const tones: Record<StatusTone, string> = {
  neutral: 'bg-slate-100 text-slate-900 ring-slate-300',
  info: 'bg-sky-100 text-sky-900 ring-sky-300',
  success: 'bg-brand-100 text-brand-900 ring-brand-300',
  warning: 'bg-amber-100 text-amber-900 ring-amber-300',
  danger: 'bg-red-100 text-red-900 ring-red-300',
};

interface StatusPillProps {
  tone?: StatusTone;
  /** Read before the text by screen readers, e.g. "Status: " (optional). */
  srPrefix?: string;
  children: ReactNode;
}

/** A short status word in a coloured pill (all tones have at least 7:1 text contrast). */
export function StatusPill({ tone = 'neutral', srPrefix, children }: StatusPillProps) {
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ${tones[tone]}`}
    >
      {srPrefix ? <span className="sr-only">{srPrefix}</span> : null}
      {children}
    </span>
  );
}
