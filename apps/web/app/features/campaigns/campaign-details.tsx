import type { TCampaign } from '@ipatient/contracts/campaigns';
import { formatDate } from '@ipatient/contracts/format';
import { MapPin, Tag, Trophy } from 'lucide-react';
import type { ReactNode } from 'react';
import { donationCountOf } from '../../lib/donation-count.ts';
import { CampaignImage } from './campaign-image.tsx';
import { CampaignProgress } from './campaign-progress.tsx';
import { campaignHeading, campaignPlace, organiserName, storyParagraphs } from './campaign-text.ts';
import { VerifiedPanel } from './verified-panel.tsx';

interface CampaignDetailsProps {
  campaign: TCampaign;
  /** The Green-Heart form (or the status, for the organiser). */
  like: ReactNode;
  share: ReactNode;
  /** A message next to the Green-Heart (a failed like). */
  alert?: ReactNode;
  /** 'Donate' and its form (active campaigns only). */
  donate?: ReactNode;
  /** The list of donations. */
  donations?: ReactNode;
  /** The organiser's updates and the donors' words of support (below the story). */
  updates?: ReactNode;
  /** 'Report this campaign'. */
  report?: ReactNode;
}

/** The weeks a campaign won, newest first, as dates. */
function wins(campaign: TCampaign): string[] {
  return [...campaign.weeklyWins].sort().reverse().map(formatDate);
}

/**
 * A campaign's page (docs/product.md#campaigns): 'Save {fundraisingFor}', cover, organiser, title, category,
 * place, progress with the donation count, what our team verified, Donate, Green-Heart, share,
 * donations and the story.
 */
export function CampaignDetails({
  campaign,
  like,
  share,
  alert,
  donate,
  donations,
  updates,
  report,
}: CampaignDetailsProps) {
  const weeksWon = wins(campaign);
  const started = campaign.approvedAt ?? campaign.createdAt;
  return (
    <article aria-labelledby="page-title">
      <header className="border-b border-brand-100 bg-brand-50">
        <div className="mx-auto max-w-6xl px-4 py-8 md:px-6 md:py-12">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Campaign</p>
          <h1
            id="page-title"
            className="mt-2 text-3xl font-extrabold tracking-tight break-words text-slate-900 md:text-5xl"
          >
            {campaignHeading(campaign)}
          </h1>
          <p className="mt-3 max-w-3xl text-lg break-words text-slate-700">{campaign.title}</p>
          {weeksWon.length > 0 ? (
            <p className="mt-4 inline-flex items-center gap-2 rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900 ring-1 ring-amber-300">
              <Trophy aria-hidden="true" className="h-4 w-4" />
              Weekly winner: week of {weeksWon.join(', ')}
            </p>
          ) : null}
        </div>
      </header>
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8 md:px-6 md:py-12 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="min-w-0">
          <CampaignImage
            campaign={campaign}
            alt={campaign.title}
            sizes="(min-width: 1152px) 660px, (min-width: 1024px) 57vw, 100vw"
            priority
            className="h-auto w-full rounded-2xl"
          />
        </div>
        <aside aria-label="Support this campaign" className="min-w-0 space-y-6">
          {/* One column on the narrowest screens, and long words ("Medication/Drug") wrap,
              so larger text spacing never pushes the category over the location. */}
          <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-slate-800 min-[22rem]:grid-cols-2">
            <div className="col-span-2">
              <dt className="text-sm text-slate-600">Organiser</dt>
              <dd className="font-semibold break-words">{organiserName(campaign)}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">Category</dt>
              <dd className="flex min-w-0 items-center gap-1.5">
                <Tag aria-hidden="true" className="h-4 w-4 shrink-0 text-brand-700" />
                <span className="min-w-0 [overflow-wrap:anywhere]">{campaign.category}</span>
              </dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">Location</dt>
              <dd className="flex min-w-0 items-center gap-1.5">
                <MapPin aria-hidden="true" className="h-4 w-4 shrink-0 text-brand-700" />
                <span className="min-w-0 [overflow-wrap:anywhere]">{campaignPlace(campaign)}</span>
              </dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">Started</dt>
              <dd>
                <time dateTime={started}>{formatDate(started)}</time>
              </dd>
            </div>
          </dl>
          <CampaignProgress
            amountRaised={campaign.amountRaised}
            amountNeeded={campaign.amountNeeded}
            donationCount={donationCountOf(campaign)}
          />
          <VerifiedPanel verification={campaign.verification} facility={campaign.facility} />
          {donate}
          {alert}
          {like}
          <div>
            <h2 className="mb-2 font-bold text-slate-900">Share this campaign</h2>
            {share}
          </div>
          {donations}
        </aside>
        <section aria-labelledby="story-title" className="min-w-0 lg:col-span-2 lg:max-w-3xl">
          <h2 id="story-title" className="text-2xl font-extrabold text-slate-900">
            The story
          </h2>
          <div className="mt-4 space-y-4 text-base leading-7 text-slate-800">
            {storyParagraphs(campaign.description).map((paragraph, index) => (
              <p
                // Paragraphs have no ids; their order never changes on one page.
                // biome-ignore lint/suspicious/noArrayIndexKey: static text split once
                key={index}
                className="break-words whitespace-pre-line"
              >
                {paragraph}
              </p>
            ))}
          </div>
          {updates}
          {report}
        </section>
      </div>
    </article>
  );
}
