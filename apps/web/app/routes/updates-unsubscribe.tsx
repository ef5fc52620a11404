import { campaignUpdateTexts } from '@ipatient/contracts/campaign-updates';
import {
  type UnsubscribeLink,
  unsubscribeAction,
  unsubscribeLoader,
} from '../features/privacy/unsubscribe.server.ts';
import { UnsubscribeView, unsubscribeMeta } from '../features/privacy/unsubscribe-page.tsx';
import { staticPage } from '../lib/hydration.ts';
import type { Route } from './+types/updates-unsubscribe';

export const handle = staticPage;

export function meta() {
  return unsubscribeMeta('Stop update emails', 'Stop the update emails of a campaign you gave to.');
}

/** The link in every update email of a campaign: the page names the campaign. */
const updateEmails: UnsubscribeLink<{ campaignTitle: string }> = {
  badToken: campaignUpdateTexts.badToken,
  status: (api, token) => api.campaignUpdates.unsubscribeStatus({ query: { token } }),
  stop: (api, token) => api.campaignUpdates.unsubscribe({ body: { token } }),
  subject: ({ campaignTitle }) => ({ campaignTitle }),
};

export function loader(args: Route.LoaderArgs) {
  return unsubscribeLoader(args, updateEmails);
}

export function action(args: Route.ActionArgs) {
  return unsubscribeAction(args, updateEmails);
}

export default function UpdatesUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <UnsubscribeView
      answer={actionData ?? loaderData}
      question="Stop update emails?"
      ask={({ campaignTitle }) =>
        `You get an email each time the organiser of “${campaignTitle}” posts an update.`
      }
      done={({ campaignTitle }) =>
        `You will get no more update emails about “${campaignTitle}”. Thank you for your support.`
      }
      button="Stop update emails"
      link={{ href: '/campaigns', text: 'See other campaigns' }}
    />
  );
}
