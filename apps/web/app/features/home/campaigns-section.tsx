import { limits } from '@ipatient/contracts/constants';
import { HandCoins, Trophy } from 'lucide-react';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Section, SectionHeading } from '../../components/ui/section.tsx';
import { ListSectionHeader } from './list-section-header.tsx';

/**
 * Campaigns on the home page. The leaderboard (top 5 active by likes) and the featured list
 * (first 3 active) are filled from the API in the campaigns issue; until then they say so.
 */
export function CampaignsSection() {
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
      <div className="mt-10 grid gap-8 lg:grid-cols-[1fr_2fr]">
        <div>
          <h3 className="text-lg font-bold text-slate-900">Top Campaign Leaderboard</h3>
          <div className="mt-4">
            <EmptyState
              title="No campaigns yet"
              icon={<Trophy aria-hidden="true" className="h-6 w-6" />}
            >
              <p>The {limits.leaderboardSize} most-liked active campaigns will be ranked here.</p>
            </EmptyState>
          </div>
        </div>
        <div>
          <h3 className="text-lg font-bold text-slate-900">Featured Campaigns</h3>
          <div className="mt-4">
            <EmptyState
              title="No campaigns yet"
              icon={<HandCoins aria-hidden="true" className="h-6 w-6" />}
            >
              <p>Approved campaigns will appear here as soon as they go live.</p>
            </EmptyState>
          </div>
        </div>
      </div>
    </Section>
  );
}
