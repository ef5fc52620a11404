import { HandCoins } from 'lucide-react';
import { EmptyState } from '../components/ui/empty-state.tsx';
import { LinkButton } from '../components/ui/link-button.tsx';
import { PageBody } from '../features/pages/page-body.tsx';
import { PageHero } from '../features/pages/page-hero.tsx';
import { staticPage } from '../lib/hydration.ts';
import { pageMeta } from '../lib/meta.ts';

export const handle = staticPage;

export function meta() {
  return pageMeta({
    title: 'Campaigns',
    description:
      'Active medical fundraising campaigns. Give a Green-Heart to the ones you support.',
  });
}

export default function Campaigns() {
  return (
    <>
      <PageHero
        eyebrow="Campaigns"
        title="Support a campaign"
        lead={
          <p>
            Every campaign here is a real medical need, checked by our team. Give a Green-Heart to
            the ones you support: each week the most-liked campaign wins funding.
          </p>
        }
      />
      <PageBody>
        <EmptyState
          title="No campaigns yet"
          icon={<HandCoins aria-hidden="true" className="h-6 w-6" />}
        >
          <p>Active campaigns will be listed here, with the weekly leaderboard.</p>
          <p className="mt-4">
            <LinkButton to="/crowdfunding" variant="secondary">
              How crowdfunding works
            </LinkButton>
          </p>
        </EmptyState>
      </PageBody>
    </>
  );
}
