import { excerpts } from '@ipatient/contracts/constants';
import { truncate } from '@ipatient/contracts/format';
import { MapPin, Trophy } from 'lucide-react';
import { Link } from 'react-router';
import { CampaignImage } from './campaign-image.tsx';
import { CampaignProgress } from './campaign-progress.tsx';
import {
  type CampaignListItem,
  campaignHeading,
  campaignPath,
  campaignPlace,
} from './campaign-text.ts';
import { CampaignTimeLeft } from './campaign-time-left.tsx';
import { LikeCount } from './like-count.tsx';
import { SupportersStack } from './supporters-stack.tsx';

interface CampaignCardProps {
  campaign: CampaignListItem;
  /** The card title's level, to fit the page outline. */
  headingLevel?: 3 | 4;
  /** The card's width at each breakpoint, for the image's `sizes`. */
  imageSizes?: string;
  /** The first card of a list: its image is the page's largest paint on a phone, so it loads first. */
  priority?: boolean;
}

/**
 * A campaign card (docs/product.md#campaigns): cover, Green-Heart count, 'lga, state', 'Save {fundraisingFor}',
 * the first 150 characters of the story, raised of the goal with a progress bar, the days left
 * and the supporters stack. The whole card is one link target, named by its heading.
 */
export function CampaignCard({
  campaign,
  headingLevel = 3,
  imageSizes = '(min-width: 1024px) 352px, (min-width: 640px) 50vw, 100vw',
  priority = false,
}: CampaignCardProps) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm hover:shadow-md has-[a:focus-visible]:ring-3 has-[a:focus-visible]:ring-brand-700">
      <CampaignImage
        campaign={campaign}
        alt=""
        sizes={imageSizes}
        priority={priority}
        className="aspect-[16/9] w-full"
      />
      <div className="flex flex-1 flex-col p-5">
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-700">
          <LikeCount count={campaign.likesCount} className="text-slate-800" />
          <span className="inline-flex max-w-full min-w-0 items-center gap-1">
            <MapPin aria-hidden="true" className="h-4 w-4 shrink-0 text-brand-700" />
            <span className="min-w-0 [overflow-wrap:anywhere]">{campaignPlace(campaign)}</span>
          </span>
        </div>
        {campaign.weeklyWins.length > 0 ? (
          <p className="mt-3 inline-flex w-fit items-center gap-1.5 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
            <Trophy aria-hidden="true" className="h-3.5 w-3.5" />
            Weekly winner
          </p>
        ) : null}
        <Heading className="mt-3 text-lg font-bold break-words text-slate-900">
          <Link
            to={campaignPath(campaign._id)}
            className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
          >
            {campaignHeading(campaign)}
          </Link>
        </Heading>
        <p className="mt-2 text-sm break-words text-slate-700">
          {truncate(campaign.description, excerpts.campaignCard)}
        </p>
        <div className="mt-auto space-y-3 pt-4">
          <CampaignProgress
            amountRaised={campaign.amountRaised}
            amountNeeded={campaign.amountNeeded}
            compact
          />
          <div className="flex flex-wrap items-center justify-between gap-2">
            <CampaignTimeLeft campaign={campaign} />
            <SupportersStack campaign={campaign} />
          </div>
        </div>
      </div>
    </article>
  );
}
