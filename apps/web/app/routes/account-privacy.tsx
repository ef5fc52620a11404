import { FormAlert } from '../components/ui/form-alert.tsx';
import {
  AccountSubpage,
  accountMeta,
  accountTabPath,
} from '../features/account/account-layout.tsx';
import { memberAction, readForMember } from '../features/account/account-pages.server.ts';
import { ChoiceSwitchForm } from '../features/account/choice-switch.tsx';
import { PageHero } from '../features/pages/page-hero.tsx';
import {
  AcceptedDocuments,
  ConsentHistory,
  EmailsSection,
  marketingEmailsSwitch,
  OtherChoices,
} from '../features/privacy/consents-view.tsx';
import { formText } from '../lib/forms.server.ts';
import { resultFor } from '../lib/forms.ts';
import { staticPage } from '../lib/hydration.ts';
import type { Route } from './+types/account-privacy';

/** Every form posts as HTML: the page needs no JavaScript bundle. */
export const handle = staticPage;

const page = {
  title: 'Consents and emails',
  description:
    'What you agreed to and when, news and health tips by email, your cookie choice and text messages.',
};

export function meta() {
  return accountMeta(page);
}

const pagePath = '/account/privacy';

export async function loader(args: Route.LoaderArgs) {
  const body = await readForMember(args, 'GET /me/consents', (api) => api.consents.get());
  return { consents: body?.result ?? null };
}

export async function action(args: Route.ActionArgs) {
  return memberAction(args, {
    intents: {
      'marketing-emails': {
        send: (api, form) =>
          api.consents.setMarketingEmails({
            body: { granted: formText(form, 'granted') === 'true' },
          }),
        to: pagePath,
        done: 'Your choice has been saved.',
      },
      'accept-current': {
        send: (api) => api.consents.acceptCurrent(),
        to: pagePath,
        done: 'Thank you.',
      },
    },
  });
}

export default function AccountPrivacy({ loaderData, actionData }: Route.ComponentProps) {
  const { consents } = loaderData;
  return (
    <AccountSubpage
      hero={
        <PageHero
          eyebrow="Account"
          title={page.title}
          lead={
            <p>
              What you agreed to and when, and the messages you get from us. You can change your
              mind at any time.
            </p>
          }
        />
      }
      back={accountTabPath('privacy')}
      result={actionData}
    >
      {consents ? (
        <>
          <AcceptedDocuments consents={consents} result={resultFor(actionData, 'accept-current')} />
          <EmailsSection>
            <ChoiceSwitchForm
              {...marketingEmailsSwitch}
              on={consents.marketingEmails}
              result={resultFor(actionData, 'marketing-emails')}
            />
          </EmailsSection>
          <OtherChoices consents={consents} />
          <ConsentHistory history={consents.history} />
        </>
      ) : (
        <FormAlert message="Sorry, we could not load your consents. Please reload the page." />
      )}
    </AccountSubpage>
  );
}
