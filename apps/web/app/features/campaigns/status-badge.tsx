import type { CampaignStatus } from '@ipatient/contracts/campaigns';
import { CircleCheck, CircleX, Clock, Flag } from 'lucide-react';
import { StatusBadge as Badge, type BadgeLook } from '../../components/ui/status-badge.tsx';

/** What each status is called on screen (docs/product.md#campaigns, with 'Pending approval' as the review badge). */
export const statusLabels: Record<CampaignStatus, string> = {
  awaiting_review: 'Pending approval',
  active: 'Live',
  rejected: 'Rejected',
  completed: 'Completed',
};

const looks: Record<CampaignStatus, BadgeLook> = {
  awaiting_review: { tone: 'warning', Icon: Clock },
  active: { tone: 'success', Icon: CircleCheck },
  rejected: { tone: 'danger', Icon: CircleX },
  completed: { tone: 'neutral', Icon: Flag },
};

/** A campaign's status as a labelled pill (colour is never the only cue: it has its word). */
export function StatusBadge({ status }: { status: CampaignStatus }) {
  return <Badge look={looks[status]} label={statusLabels[status]} />;
}
