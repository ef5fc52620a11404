import { limits } from '@ipatient/contracts/constants';
import { HeartHandshake } from 'lucide-react';
import { LinkButton } from '../../components/ui/link-button.tsx';

/** Where "start a campaign" leads: the wizard, or the login page that comes back to it. */
export function startCampaignPath(signedIn: boolean): string {
  return signedIn
    ? '/crowdfunding/create'
    : `/login?${new URLSearchParams({ redirectTo: '/crowdfunding/create' })}`;
}

/** An invitation to start a campaign (in place of the seed's advertisement image). */
export function StartCampaignBanner({ signedIn }: { signedIn: boolean }) {
  return (
    <section
      aria-labelledby="start-campaign-title"
      className="on-dark rounded-2xl bg-brand-800 p-6 text-brand-50"
    >
      <HeartHandshake aria-hidden="true" className="h-8 w-8 text-brand-200" />
      <h2 id="start-campaign-title" className="mt-3 text-xl font-extrabold text-white">
        Start your campaign
      </h2>
      <p className="mt-2 text-brand-100">
        Facing a hospital bill, medication costs or surgery? Tell your story, gather Green-Hearts
        and compete for weekly funding. It is simple and free, and our team reviews every campaign
        within {limits.campaignReviewHours} hours.
      </p>
      <LinkButton to={startCampaignPath(signedIn)} variant="light" className="mt-5">
        {signedIn ? 'Start a Campaign' : 'Login to start Campaign'}
      </LinkButton>
    </section>
  );
}
