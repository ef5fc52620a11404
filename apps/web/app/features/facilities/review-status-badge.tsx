import type { ReviewStatus } from '@ipatient/contracts/facility-rules';
import { CircleCheck, CircleX, Clock } from 'lucide-react';
import { type BadgeLook, StatusBadge } from '../../components/ui/status-badge.tsx';

/** What each review status is called on screen (docs/product.md#account-page account tab). */
export const reviewStatusLabels: Record<ReviewStatus, string> = {
  pending: 'Pending approval',
  approved: 'Approved',
  rejected: 'Rejected',
};

const looks: Record<ReviewStatus, BadgeLook> = {
  pending: { tone: 'warning', Icon: Clock },
  approved: { tone: 'success', Icon: CircleCheck },
  rejected: { tone: 'danger', Icon: CircleX },
};

/** A review's status as a labelled pill (the word is always there, never colour alone). */
export function ReviewStatusBadge({ status }: { status: ReviewStatus }) {
  return <StatusBadge look={looks[status]} label={reviewStatusLabels[status]} />;
}
