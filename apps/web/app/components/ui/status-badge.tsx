import type { LucideIcon } from 'lucide-react';

/** The colour family of a status; the word inside always says what it means too. */
export type BadgeTone = 'neutral' | 'info' | 'progress' | 'success' | 'warning' | 'danger';

export const badgeTones: Record<BadgeTone, string> = {
  neutral: 'bg-slate-100 text-slate-900 ring-slate-300',
  info: 'bg-sky-100 text-sky-900 ring-sky-300',
  progress: 'bg-violet-100 text-violet-900 ring-violet-300',
  success: 'bg-brand-100 text-brand-900 ring-brand-300',
  warning: 'bg-amber-100 text-amber-900 ring-amber-300',
  danger: 'bg-red-100 text-red-900 ring-red-300',
};

/** How one status looks: its colour family and its icon. */
export interface BadgeLook {
  tone: BadgeTone;
  Icon: LucideIcon;
}

/**
 * A status as a labelled pill with an icon (campaigns, reviews, complaints): colour is never the
 * only cue, the word is always there, and screen readers hear "Status:" first.
 */
export function StatusBadge({ look, label }: { look: BadgeLook; label: string }) {
  const { tone, Icon } = look;
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold ring-1 ${badgeTones[tone]}`}
    >
      <Icon aria-hidden="true" className="h-4 w-4" />
      <span className="sr-only">Status: </span>
      {label}
    </span>
  );
}
