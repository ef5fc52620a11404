import { limits } from '@ipatient/contracts/constants';
import { HandCoins } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Section, SectionHeading } from '../../components/ui/section.tsx';
import { ListSectionHeader } from './list-section-header.tsx';

interface CampaignsSectionProps<Campaign extends { _id: string }> {
  /** The leaderboard of the most-liked active campaigns, named by the heading `labelledBy`. */
  renderLeaderboard: (labelledBy: string) => ReactNode;
  /** The most recently approved active campaigns. */
  featured: readonly Campaign[];
  /** A featured campaign's card: an h4 heading, its image for the slot `imageSizes` describes. */
  renderFeatured: (campaign: Campaign, imageSizes: string) => ReactNode;
}

/** Campaigns on the home page: the leaderboard and the featured campaigns. */
export function CampaignsSection<Campaign extends { _id: string }>({
  renderLeaderboard,
  featured,
  renderFeatured,
}: CampaignsSectionProps<Campaign>) {
  return (
    <Section labelledBy="campaigns-title">
      <ListSectionHeader
        heading={
          <SectionHeading
            id="campaigns-title"
            eyebrow="Campaigns"
            title="Promote Advocacy Initiatives, Make a Difference"
          >
            <p>
              Every week the campaign with the most Green-Heart likes wins funding. Campaigns are
              reviewed within {limits.campaignReviewHours} hours before they go live.
            </p>
          </SectionHeading>
        }
        linkTo="/campaigns"
        linkText="See all Campaigns"
      />
      <div className="mt-10 grid gap-10 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div>
          <h3 id="home-leaderboard-title" className="text-lg font-bold text-slate-900">
            Top Campaign Leaderboard
          </h3>
          <div className="mt-4">{renderLeaderboard('home-leaderboard-title')}</div>
        </div>
        <div>
          <h3 className="text-lg font-bold text-slate-900">Featured Campaigns</h3>
          <div className="mt-4">
            {featured.length > 0 ? (
              <ul className="grid gap-6 sm:grid-cols-2">
                {featured.map((campaign, index) => (
                  <li key={campaign._id} className={index === 0 ? 'sm:col-span-2' : undefined}>
                    {renderFeatured(
                      campaign,
                      index === 0
                        ? '(min-width: 1152px) 660px, 100vw'
                        : '(min-width: 1152px) 320px, (min-width: 640px) 50vw, 100vw',
                    )}
                  </li>
                ))}
              </ul>
            ) : (
              <EmptyState
                title="No campaigns yet"
                icon={<HandCoins aria-hidden="true" className="h-6 w-6" />}
              >
                <p>Approved campaigns will appear here as soon as they go live.</p>
              </EmptyState>
            )}
          </div>
        </div>
      </div>
    </Section>
  );
}
