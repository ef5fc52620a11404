import { limits } from '@ipatient/contracts/constants';
import { HandCoins } from 'lucide-react';
import { EmptyState } from '../components/ui/empty-state.tsx';
import { LinkButton } from '../components/ui/link-button.tsx';
import { Section, SectionHeading } from '../components/ui/section.tsx';
import { ArrivingNotice } from '../features/pages/arriving-notice.tsx';
import { PageBody } from '../features/pages/page-body.tsx';
import { PageHero } from '../features/pages/page-hero.tsx';
import { staticPage } from '../lib/hydration.ts';
import { pageMeta } from '../lib/meta.ts';

export const handle = staticPage;

export function meta() {
  return pageMeta({
    title: 'Crowdfunding',
    description:
      'Raise funds for hospital bills, medication and emergency treatment with Green-Heart campaigns.',
  });
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

export default function Crowdfunding() {
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
        <LinkButton to="/campaigns">See Campaigns</LinkButton>
        <LinkButton to="/login" variant="secondary">
          Login to start Campaign
        </LinkButton>
      </PageHero>
      <Section labelledBy="how-it-works-title">
        <SectionHeading
          id="how-it-works-title"
          eyebrow="How it works"
          title="Four steps to support"
        />
        <ol className="mt-8 grid gap-4 md:grid-cols-2 lg:grid-cols-4">
          {steps.map((step, index) => (
            <li key={step.title} className="rounded-2xl bg-brand-50 p-5 ring-1 ring-brand-100">
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
      <PageBody>
        <section aria-labelledby="featured-title">
          <h2 id="featured-title" className="text-2xl font-extrabold text-slate-900">
            Featured Campaigns
          </h2>
          <div className="mt-4">
            <EmptyState
              title="No campaigns yet"
              icon={<HandCoins aria-hidden="true" className="h-6 w-6" />}
            >
              <p>Approved campaigns will be featured here as soon as they go live.</p>
            </EmptyState>
          </div>
        </section>
        <ArrivingNotice title="Starting a campaign online opens soon">
          <p>
            The campaign wizard is being finished. If you need help with a medical bill now, contact
            us and we will help you prepare your campaign.
          </p>
          <p>
            <LinkButton to="/contact" variant="secondary">
              Contact Us
            </LinkButton>
          </p>
        </ArrivingNotice>
      </PageBody>
    </>
  );
}
