import type { CampaignStatus, TCampaign } from '@ipatient/contracts/campaigns';
import { FilterTabs } from '../../components/admin/filter-tabs.tsx';
import { StatusPill, type StatusTone } from '../../components/admin/status-pill.tsx';

/** The status filter of the campaigns screen: 'all' sends no status to the API. */
export const campaignFilters = [
  { value: 'awaiting_review', label: 'Awaiting review' },
  { value: 'active', label: 'Active' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'completed', label: 'Completed' },
  { value: 'all', label: 'All' },
] as const;
export type CampaignFilter = (typeof campaignFilters)[number]['value'];

export function readCampaignFilter(value: string | null): CampaignFilter {
  return campaignFilters.find((filter) => filter.value === value)?.value ?? 'awaiting_review';
}

export const campaignStatusText: Record<CampaignStatus, string> = {
  awaiting_review: 'Awaiting review',
  active: 'Active',
  rejected: 'Rejected',
  completed: 'Completed',
};

const tones: Record<CampaignStatus, StatusTone> = {
  awaiting_review: 'warning',
  active: 'success',
  rejected: 'danger',
  completed: 'neutral',
};

export function CampaignStatusPill({ status }: { status: CampaignStatus }) {
  return (
    <StatusPill tone={tones[status]} srPrefix="Status: ">
      {campaignStatusText[status]}
    </StatusPill>
  );
}

/** What a row of the admin list shows. */
export type AdminCampaignRow = Pick<
  TCampaign,
  '_id' | 'title' | 'fundraisingFor' | 'category' | 'amountNeeded' | 'status' | 'createdAt'
> & { organiser: string; likesCount: number };

export function toAdminCampaignRow(campaign: TCampaign): AdminCampaignRow {
  return {
    _id: campaign._id,
    title: campaign.title,
    fundraisingFor: campaign.fundraisingFor,
    category: campaign.category,
    amountNeeded: campaign.amountNeeded,
    status: campaign.status,
    createdAt: campaign.createdAt,
    likesCount: campaign.likesCount,
    organiser: `${campaign.user.firstName} ${campaign.user.lastName}`.trim(),
  };
}

/** Status tabs: plain links, so each filtered list has its own address. */
export function CampaignStatusTabs({
  current,
  hrefFor,
}: {
  current: CampaignFilter;
  hrefFor: (filter: CampaignFilter) => string;
}) {
  return (
    <FilterTabs
      label="Campaign status"
      current={current}
      filters={campaignFilters}
      hrefFor={hrefFor}
      className="mb-4"
    />
  );
}
