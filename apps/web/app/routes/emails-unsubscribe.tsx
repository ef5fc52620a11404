import { consentTexts } from '@ipatient/contracts/consents';
import {
  type UnsubscribeLink,
  unsubscribeAction,
  unsubscribeLoader,
} from '../features/privacy/unsubscribe.server.ts';
import { UnsubscribeView, unsubscribeMeta } from '../features/privacy/unsubscribe-page.tsx';
import { staticPage } from '../lib/hydration.ts';
import type { Route } from './+types/emails-unsubscribe';

export const handle = staticPage;

export function meta() {
  return unsubscribeMeta('Stop news and health tips', 'Stop our news and health tips by email.');
}

/** The link in every marketing email: it names no more than the member's choice. */
const marketingEmails: UnsubscribeLink<Record<never, never>> = {
  badToken: consentTexts.badToken,
  status: (api, token) => api.consents.unsubscribeStatus({ query: { token } }),
  stop: (api, token) => api.consents.unsubscribe({ body: { token } }),
  subject: () => ({}),
};

export function loader(args: Route.LoaderArgs) {
  return unsubscribeLoader(args, marketingEmails);
}

export function action(args: Route.ActionArgs) {
  return unsubscribeAction(args, marketingEmails);
}

export default function EmailsUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <UnsubscribeView
      answer={actionData ?? loaderData}
      question="Stop news and health tips?"
      ask={() => 'You get news and health tips from us by email now and then.'}
      done={() =>
        `${consentTexts.unsubscribed} We will still email you about your account, your campaigns, donations and complaints.`
      }
      button="Stop these emails"
      link={{ href: '/account/privacy', text: 'Manage your emails on your account' }}
    />
  );
}
