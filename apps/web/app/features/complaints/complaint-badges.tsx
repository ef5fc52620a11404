import type { ComplaintStatus } from '@ipatient/contracts/advocacy-rules';
import { CircleAlert, CircleCheck, Clock, Flag, MailCheck, Search } from 'lucide-react';
import { type BadgeLook, badgeTones, StatusBadge } from '../../components/ui/status-badge.tsx';
import { complaintStatusLabels } from './complaint-text.ts';

const looks: Record<ComplaintStatus, BadgeLook> = {
  submitted: { tone: 'warning', Icon: Clock },
  acknowledged: { tone: 'info', Icon: MailCheck },
  under_review: { tone: 'progress', Icon: Search },
  resolved: { tone: 'success', Icon: CircleCheck },
  closed: { tone: 'neutral', Icon: Flag },
};

/** A complaint's status as a labelled pill (the word carries it, not the colour). */
export function ComplaintStatusBadge({ status }: { status: ComplaintStatus }) {
  return <StatusBadge look={looks[status]} label={complaintStatusLabels[status]} />;
}

/** Shown next to a deadline that has passed. */
export function OverdueBadge() {
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-sm font-semibold ring-1 ${badgeTones.danger}`}
    >
      <CircleAlert aria-hidden="true" className="h-4 w-4" />
      Overdue
    </span>
  );
}
