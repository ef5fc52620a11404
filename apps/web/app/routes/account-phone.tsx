import { FormAlert } from '../components/ui/form-alert.tsx';
import { AccountSubpage, accountMeta } from '../features/account/account-layout.tsx';
import { memberAction, readForMember } from '../features/account/account-pages.server.ts';
import { ChoiceSwitchForm } from '../features/account/choice-switch.tsx';
import { PageHero } from '../features/pages/page-hero.tsx';
import {
  PhoneSummary,
  SendCodeForm,
  SmsUpdatesSection,
  smsUpdatesSwitch,
  VerifyCodeForm,
} from '../features/phone/phone-forms.tsx';
import { formText } from '../lib/forms.server.ts';
import { resultFor } from '../lib/forms.ts';
import { staticPage } from '../lib/hydration.ts';
import type { Route } from './+types/account-phone';

/** Every form posts as HTML: the page needs no JavaScript bundle. */
export const handle = staticPage;

const page = {
  title: 'Phone number',
  description:
    'Verify your phone number with a code by text message, and choose to get donation receipts and complaint updates by SMS.',
};

export function meta() {
  return accountMeta(page);
}

const pagePath = '/account/phone';

export async function loader(args: Route.LoaderArgs) {
  const body = await readForMember(args, 'GET /phone', (api) => api.phone.get());
  return { status: body?.result ?? null };
}

export async function action(args: Route.ActionArgs) {
  return memberAction(args, {
    intents: {
      'send-code': {
        send: (api, form) => api.phone.sendCode({ body: { phone: formText(form, 'phone') } }),
        values: (form) => ({ phone: formText(form, 'phone') }),
        to: `${pagePath}#verify-code`,
        done: 'We sent you a code by text message.',
      },
      verify: {
        send: (api, form) => api.phone.verify({ body: { code: formText(form, 'code') } }),
        to: pagePath,
        done: 'Your phone number is verified.',
      },
      'sms-updates': {
        send: (api, form) =>
          api.phone.setSmsUpdates({
            body: { smsUpdates: formText(form, 'smsUpdates') === 'true' },
          }),
        to: pagePath,
        done: 'Your choice has been saved.',
      },
    },
  });
}

export default function AccountPhone({ loaderData, actionData }: Route.ComponentProps) {
  const { status } = loaderData;
  const verifyResult = resultFor(actionData, 'verify');
  return (
    <AccountSubpage
      hero={
        <PageHero
          eyebrow="Account"
          title={page.title}
          lead={
            <p>
              Prove that your phone number is yours with a code we send by text message. You can
              then choose to get your donation receipts and complaint updates by SMS too.
            </p>
          }
        />
      }
      result={actionData}
    >
      {status ? (
        <>
          <PhoneSummary status={status} />
          <SendCodeForm status={status} result={resultFor(actionData, 'send-code')} />
          {status.codeSentTo || verifyResult ? (
            <VerifyCodeForm sentTo={status.codeSentTo} result={verifyResult} />
          ) : null}
          <SmsUpdatesSection status={status}>
            <ChoiceSwitchForm
              {...smsUpdatesSwitch}
              on={status.smsUpdates}
              result={resultFor(actionData, 'sms-updates')}
            />
          </SmsUpdatesSection>
        </>
      ) : (
        <FormAlert message="Sorry, we could not load your phone number. Please reload the page." />
      )}
    </AccountSubpage>
  );
}
