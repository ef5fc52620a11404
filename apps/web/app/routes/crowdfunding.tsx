import { limits } from '@ipatient/contracts/constants';
import { HandCoins } from 'lucide-react';
import { EmptyState } from '../components/ui/empty-state.tsx';
import { LinkButton } from '../components/ui/link-button.tsx';
import { Section, SectionHeading } from '../components/ui/section.tsx';
import { CampaignCard } from '../features/campaigns/campaign-card.tsx';
import { fetchCampaigns } from '../features/campaigns/campaigns.server.ts';
import {
  StartCampaignBanner,
  startCampaignPath,
} from '../features/campaigns/start-campaign-banner.tsx';
import { PageHero } from '../features/pages/page-hero.tsx';
import { staticPage } from '../lib/hydration.ts';
import { pageMeta } from '../lib/meta.ts';
import { getSession } from '../lib/session.server.ts';
import type { Route } from './+types/crowdfunding';

export const handle = staticPage;

export function meta() {
  return pageMeta({
    title: 'Crowdfunding',
    description:
      'Raise funds for hospital bills, medication and emergency treatment with Green-Heart campaigns.',
  });
}

export async function loader({ context }: Route.LoaderArgs) {
  const [user, featured] = await Promise.all([
    getSession(context).user(),
    fetchCampaigns(context, { sort: 'recent', limit: limits.featuredCampaigns }),
  ]);
  return { signedIn: user !== null, featured: featured?.campaigns ?? [] };
}

const steps = [
  {
    title: 'Create your campaign',
    text: 'Describe the medical need, add a photo or video, and set the amount you need to raise.',
  },
  {
    title: 'Get approved',
    text: `Our team checks every campaign, usually within ${limits.campaignReviewHours} hours, before it goes live.`,
  },
  {
    title: 'Share and gather Green-Hearts',
    text: 'Share your campaign link. Every Green-Heart like moves your campaign up the leaderboard.',
  },
  {
    title: 'Win weekly funding',
    text: 'Each week, the active campaign with the most Green-Heart likes wins funding.',
  },
] as const;

export default function Crowdfunding({ loaderData }: Route.ComponentProps) {
  const { signedIn, featured } = loaderData;
  return (
    <>
      <PageHero
        eyebrow="Crowdfunding"
        title="Uniting Hearts, Saving Lives!"
        lead={
          <p>
            Raise funds for hospital bills, medication and emergency treatment, with a community
            that cares behind you.
          </p>
        }
      >
        <LinkButton to={startCampaignPath(signedIn)}>
          {signedIn ? 'Start a Campaign' : 'Login to start Campaign'}
        </LinkButton>
        <LinkButton to="/campaigns" variant="secondary">
          See Campaigns
        </LinkButton>
      </PageHero>
      <Section labelledBy="featured-title">
        <SectionHeading id="featured-title" eyebrow="Campaigns" title="Featured Campaigns">
          <p>The newest campaigns to go live. Give a Green-Heart to the ones you support.</p>
        </SectionHeading>
        <div className="mt-8">
          {featured.length > 0 ? (
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {featured.map((campaign) => (
                <li key={campaign._id}>
                  <CampaignCard campaign={campaign} />
                </li>
              ))}
            </ul>
          ) : (
            <EmptyState
              title="No campaigns yet"
              icon={<HandCoins aria-hidden="true" className="h-6 w-6" />}
            >
              <p>Approved campaigns will be featured here as soon as they go live.</p>
            </EmptyState>
          )}
        </div>
      </Section>
      <Section labelledBy="how-it-works-title" tone="tint">
        <SectionHeading
          id="how-it-works-title"
          eyebrow="How it works"
          title="Four steps to support"
        />
        <ol className="mt-8 grid gap-4 md:grid-cols-2 lg:grid-cols-4">
          {steps.map((step, index) => (
            <li key={step.title} className="rounded-2xl bg-white p-5 ring-1 ring-brand-100">
              <span
                aria-hidden="true"
                className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
              >
                {index + 1}
              </span>
              <h3 className="mt-4 font-bold text-slate-900">
                <span className="sr-only">Step {index + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-1 text-slate-700">{step.text}</p>
            </li>
          ))}
        </ol>
      </Section>
      <div className="mx-auto max-w-6xl px-4 py-14 md:px-6 md:py-20">
        <StartCampaignBanner signedIn={signedIn} />
      </div>
    </>
  );
}
