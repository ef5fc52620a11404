import type { TCampaign } from '@ipatient/contracts/campaigns';
import { formatDate } from '@ipatient/contracts/format';
import { MapPin, Tag, Trophy } from 'lucide-react';
import type { ReactNode } from 'react';
import { donationCountOf } from '../../lib/donation-count.ts';
import { CampaignImage } from './campaign-image.tsx';
import { CampaignProgress } from './campaign-progress.tsx';
import { campaignHeading, campaignPlace, organiserName, storyParagraphs } from './campaign-text.ts';
import { CampaignTimeLeft } from './campaign-time-left.tsx';
import { SupportersStack } from './supporters-stack.tsx';
import { VerifiedPanel } from './verified-panel.tsx';

interface CampaignDetailsProps {
  campaign: TCampaign;
  /** The Green-Heart form (or the status, for the organiser). */
  like: ReactNode;
  share: ReactNode;
  /** A message next to the Green-Heart (a failed like). */
  alert?: ReactNode;
  /** 'Donate' and its form (active campaigns only); an ended campaign shows that it ended instead. */
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

/** In place of Donate once the campaign has ended: the page stays readable. */
function EndedNotice({ campaign }: { campaign: TCampaign }) {
  return (
    <div
      role="note"
      data-testid="campaign-ended"
      className="rounded-2xl border border-slate-300 bg-slate-50 p-4 text-slate-800"
    >
      <p className="font-bold text-slate-900">This campaign has ended</p>
      <p className="mt-1 text-sm">
        {campaign.endsAt ? `It stopped taking donations on ${formatDate(campaign.endsAt)}. ` : ''}
        Thank you to everyone who gave. You can still read its story and share it.
      </p>
    </div>
  );
}

/**
 * A campaign's page (docs/product.md#campaigns): 'Save {fundraisingFor}', then the cover and the
 * story in the main column, and beside it (below the cover on phones) progress with the donation
 * count, the days left, the supporters, Donate (or that it ended), Green-Heart, organiser,
 * category, place, what our team verified, share and donations.
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
      {/* Phones: cover, then progress and Donate, then the story. From lg the story is the main
          column (first in reading order) and the support panel sits beside it. */}
      <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-8 md:px-6 md:py-12 lg:grid lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:grid-rows-[auto_1fr] lg:items-start">
        <div className="order-1 min-w-0 lg:col-start-1 lg:row-start-1">
          <CampaignImage
            campaign={campaign}
            alt={campaign.title}
            sizes="(min-width: 1152px) 660px, (min-width: 1024px) 57vw, 100vw"
            priority
            className="h-auto w-full rounded-2xl"
          />
        </div>
        <section
          aria-labelledby="story-title"
          className="order-3 min-w-0 lg:col-start-1 lg:row-start-2 lg:max-w-3xl"
        >
          <h2 id="story-title" className="text-2xl font-extrabold text-slate-900">
            The story
          </h2>
          {campaign.diagnosis ? (
            <p className="mt-3 text-base text-slate-800">
              <span className="font-semibold text-slate-900">Condition:</span>{' '}
              <span className="break-words">{campaign.diagnosis}</span>
              {campaign.diagnosisHidden ? (
                <span className="ml-2 text-sm text-slate-600">
                  (kept off the public page: only you and our reviewers see it)
                </span>
              ) : null}
            </p>
          ) : null}
          <div
            data-testid="story-text"
            className="mt-4 space-y-4 text-base leading-7 text-slate-800"
          >
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
        <aside
          aria-label="Support this campaign"
          className="order-2 min-w-0 space-y-6 lg:sticky lg:top-4 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:max-h-[calc(100vh-2rem)] lg:overflow-y-auto lg:pr-1"
        >
          <div className="space-y-3">
            <CampaignProgress
              amountRaised={campaign.amountRaised}
              amountNeeded={campaign.amountNeeded}
              donationCount={donationCountOf(campaign)}
            />
            <div className="flex flex-wrap items-center justify-between gap-3">
              <CampaignTimeLeft campaign={campaign} />
              <SupportersStack campaign={campaign} size="md" />
            </div>
          </div>
          {campaign.ended ? <EndedNotice campaign={campaign} /> : donate}
          {alert}
          {like}
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
          <VerifiedPanel verification={campaign.verification} facility={campaign.facility} />
          <div>
            <h2 className="mb-2 font-bold text-slate-900">Share this campaign</h2>
            {share}
          </div>
          {donations}
        </aside>
      </div>
    </article>
  );
}
