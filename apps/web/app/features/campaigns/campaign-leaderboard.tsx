import { excerpts } from '@ipatient/contracts/constants';
import { truncate } from '@ipatient/contracts/format';
import { Trophy } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { type CampaignListItem, campaignPath } from './campaign-text.ts';
import { LikeCount } from './like-count.tsx';

interface CampaignLeaderboardProps {
  campaigns: readonly CampaignListItem[];
  /** Id of the heading above the list, which names it. */
  labelledBy: string;
}

/**
 * The most-liked active campaigns (docs/product.md#green-hearts): position, who it is for, an 80-character preview
 * of the story and the Green-Heart count. Each row links to the campaign.
 */
export function CampaignLeaderboard({ campaigns, labelledBy }: CampaignLeaderboardProps) {
  if (campaigns.length === 0) {
    return (
      <EmptyState title="No campaigns yet" icon={<Trophy aria-hidden="true" className="h-6 w-6" />}>
        <p>The most-liked active campaigns will be ranked here.</p>
      </EmptyState>
    );
  }
  return (
    <ol
      aria-labelledby={labelledBy}
      className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white"
    >
      {campaigns.map((campaign, index) => (
        <li
          key={campaign._id}
          className="relative flex items-start gap-4 p-4 focus-within:bg-brand-50 hover:bg-brand-50"
        >
          <span
            className={`flex h-9 w-9 shrink-0 items-center justify-center rounded-full font-bold ${index === 0 ? 'bg-brand-700 text-white' : 'bg-brand-100 text-brand-900'}`}
          >
            <span className="sr-only">Position </span>
            {index + 1}
          </span>
          <div className="min-w-0 flex-1">
            <Link
              to={campaignPath(campaign._id)}
              className="font-semibold break-words text-slate-900 after:absolute after:inset-0 after:content-[''] hover:underline"
            >
              {campaign.fundraisingFor}
            </Link>
            <p className="mt-1 text-sm break-words text-slate-600">
              {truncate(campaign.description, excerpts.campaignList)}
            </p>
          </div>
          <LikeCount count={campaign.likesCount} className="shrink-0 text-slate-800" />
        </li>
      ))}
    </ol>
  );
}
