import { limits } from '@ipatient/contracts/constants';
import { HandCoins } from 'lucide-react';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Section, SectionHeading } from '../../components/ui/section.tsx';
import { CampaignCard } from '../campaigns/campaign-card.tsx';
import { CampaignLeaderboard } from '../campaigns/campaign-leaderboard.tsx';
import type { CampaignListItem } from '../campaigns/campaign-text.ts';
import { ListSectionHeader } from './list-section-header.tsx';

interface CampaignsSectionProps {
  /** The most-liked active campaigns, best first. */
  leaderboard: readonly CampaignListItem[];
  /** The most recently approved active campaigns. */
  featured: readonly CampaignListItem[];
}

/** Campaigns on the home page (SPEC §2): the leaderboard and the featured campaigns. */
export function CampaignsSection({ leaderboard, featured }: CampaignsSectionProps) {
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
          <div className="mt-4">
            <CampaignLeaderboard campaigns={leaderboard} labelledBy="home-leaderboard-title" />
          </div>
        </div>
        <div>
          <h3 className="text-lg font-bold text-slate-900">Featured Campaigns</h3>
          <div className="mt-4">
            {featured.length > 0 ? (
              <ul className="grid gap-6 sm:grid-cols-2">
                {featured.map((campaign, index) => (
                  <li key={campaign._id} className={index === 0 ? 'sm:col-span-2' : undefined}>
                    <CampaignCard
                      campaign={campaign}
                      headingLevel={4}
                      imageSizes={
                        index === 0
                          ? '(min-width: 1152px) 660px, 100vw'
                          : '(min-width: 1152px) 320px, (min-width: 640px) 50vw, 100vw'
                      }
                    />
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
