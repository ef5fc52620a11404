import type { ReviewStatus } from '@ipatient/contracts/facility-rules';
import { CircleCheck, CircleX, Clock } from 'lucide-react';

/** What each review status is called on screen (SPEC §2 account tab). */
export const reviewStatusLabels: Record<ReviewStatus, string> = {
  pending: 'Pending approval',
  approved: 'Approved',
  rejected: 'Rejected',
};

const looks: Record<ReviewStatus, { className: string; Icon: typeof Clock }> = {
  pending: { className: 'bg-amber-100 text-amber-900 ring-amber-300', Icon: Clock },
  approved: { className: 'bg-brand-100 text-brand-900 ring-brand-300', Icon: CircleCheck },
  rejected: { className: 'bg-red-100 text-red-900 ring-red-300', Icon: CircleX },
};

/** A review's status as a labelled pill (the word is always there, never colour alone). */
export function ReviewStatusBadge({ status }: { status: ReviewStatus }) {
  const { className, Icon } = looks[status];
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold ring-1 ${className}`}
    >
      <Icon aria-hidden="true" className="h-4 w-4" />
      <span className="sr-only">Status: </span>
      {reviewStatusLabels[status]}
    </span>
  );
}
