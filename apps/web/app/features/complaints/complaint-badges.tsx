import type { ComplaintStatus } from '@ipatient/contracts/advocacy-rules';
import { CircleAlert, CircleCheck, Clock, Flag, MailCheck, Search } from 'lucide-react';
import { complaintStatusLabels } from './complaint-text.ts';

const looks: Record<ComplaintStatus, { className: string; Icon: typeof Clock }> = {
  submitted: { className: 'bg-amber-100 text-amber-900 ring-amber-300', Icon: Clock },
  acknowledged: { className: 'bg-sky-100 text-sky-900 ring-sky-300', Icon: MailCheck },
  under_review: { className: 'bg-violet-100 text-violet-900 ring-violet-300', Icon: Search },
  resolved: { className: 'bg-brand-100 text-brand-900 ring-brand-300', Icon: CircleCheck },
  closed: { className: 'bg-slate-100 text-slate-900 ring-slate-300', Icon: Flag },
};

/** A complaint's status as a labelled pill (the word carries it, not the colour). */
export function ComplaintStatusBadge({ status }: { status: ComplaintStatus }) {
  const { className, Icon } = looks[status];
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold ring-1 ${className}`}
    >
      <Icon aria-hidden="true" className="h-4 w-4" />
      <span className="sr-only">Status: </span>
      {complaintStatusLabels[status]}
    </span>
  );
}

/** Shown next to a deadline that has passed. */
export function OverdueBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-red-100 px-2.5 py-0.5 text-sm font-semibold text-red-900 ring-1 ring-red-300">
      <CircleAlert aria-hidden="true" className="h-4 w-4" />
      Overdue
    </span>
  );
}
