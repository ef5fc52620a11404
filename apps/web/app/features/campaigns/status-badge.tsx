import type { CampaignStatus } from '@ipatient/contracts/campaigns';
import { CircleCheck, CircleX, Clock, Flag } from 'lucide-react';

/** What each status is called on screen (SPEC §4, with 'Pending approval' as the review badge). */
export const statusLabels: Record<CampaignStatus, string> = {
  awaiting_review: 'Pending approval',
  active: 'Live',
  rejected: 'Rejected',
  completed: 'Completed',
};

const looks: Record<CampaignStatus, { className: string; Icon: typeof Clock }> = {
  awaiting_review: { className: 'bg-amber-100 text-amber-900 ring-amber-300', Icon: Clock },
  active: { className: 'bg-brand-100 text-brand-900 ring-brand-300', Icon: CircleCheck },
  rejected: { className: 'bg-red-100 text-red-900 ring-red-300', Icon: CircleX },
  completed: { className: 'bg-slate-100 text-slate-900 ring-slate-300', Icon: Flag },
};

/** A campaign's status as a labelled pill (colour is never the only cue: it has its word). */
export function StatusBadge({ status }: { status: CampaignStatus }) {
  const { className, Icon } = looks[status];
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold ring-1 ${className}`}
    >
      <Icon aria-hidden="true" className="h-4 w-4" />
      <span className="sr-only">Status: </span>
      {statusLabels[status]}
    </span>
  );
}
