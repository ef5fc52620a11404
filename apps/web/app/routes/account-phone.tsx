import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { ActionToast } from '../components/ui/action-toast.tsx';
import { FormAlert } from '../components/ui/form-alert.tsx';
import { PageHero } from '../features/pages/page-hero.tsx';
import {
  PhoneSummary,
  SendCodeForm,
  SmsUpdatesForm,
  VerifyCodeForm,
} from '../features/phone/phone-forms.tsx';
import { getApi } from '../lib/api-context.ts';
import { readBody } from '../lib/api-read.server.ts';
import {
  actionFailure,
  apiMessage,
  formFailure,
  formText,
  readFormData,
  redirectWithFlash,
} from '../lib/forms.server.ts';
import { resultFor } from '../lib/forms.ts';
import { staticPage } from '../lib/hydration.ts';
import { pageMeta } from '../lib/meta.ts';
import { requireUser } from '../lib/session.server.ts';
import type { Route } from './+types/account-phone';

/** Every form posts as HTML: the page needs no JavaScript bundle. */
export const handle = staticPage;

export function meta() {
  return pageMeta({
    title: 'Phone number',
    description:
      'Verify your phone number with a code by text message, and choose to get donation receipts and complaint updates by SMS.',
  });
}

const pagePath = '/account/phone';
const couldNotSave = 'Sorry, we could not save that. Please try again.';

/** Members only: a visitor is sent to log in and comes back here. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(context, request);
  const body = await readBody('GET /phone', getApi(context).phone.get());
  return { status: body?.result ?? null };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(context, request);
  const form = await readFormData(request);
  const intent = formText(form, 'intent');
  const api = getApi(context, form);
  const done = (to: string, message: string, cookies: readonly string[]) =>
    redirectWithFlash(request, to, { kind: 'success', message }, cookies);

  if (intent === 'send-code') {
    const phone = formText(form, 'phone');
    const response = await api.phone.sendCode({ body: { phone } });
    if (!response.ok) return actionFailure(response, couldNotSave, { intent, values: { phone } });
    return done(
      `${pagePath}#verify-code`,
      apiMessage(response.body, 'We sent you a code by text message.'),
      response.setCookies,
    );
  }
  if (intent === 'verify') {
    const response = await api.phone.verify({ body: { code: formText(form, 'code') } });
    if (!response.ok) return actionFailure(response, couldNotSave, { intent });
    return done(
      pagePath,
      apiMessage(response.body, 'Your phone number is verified.'),
      response.setCookies,
    );
  }
  if (intent === 'sms-updates') {
    const response = await api.phone.setSmsUpdates({
      body: { smsUpdates: formText(form, 'smsUpdates') === 'true' },
    });
    if (!response.ok) return actionFailure(response, couldNotSave, { intent });
    return done(
      pagePath,
      apiMessage(response.body, 'Your choice has been saved.'),
      response.setCookies,
    );
  }
  return formFailure(couldNotSave, { intent });
}

export default function AccountPhone({ loaderData, actionData }: Route.ComponentProps) {
  const { status } = loaderData;
  const verifyResult = resultFor(actionData, 'verify');
  return (
    <>
      <PageHero
        eyebrow="Account"
        title="Phone number"
        lead={
          <p>
            Prove that your phone number is yours with a code we send by text message. You can then
            choose to get your donation receipts and complaint updates by SMS too.
          </p>
        }
      />
      <div className="mx-auto max-w-3xl space-y-8 px-4 py-10 md:px-6 md:py-14">
        <p>
          <Link
            to="/account"
            className="inline-flex min-h-12 items-center gap-2 font-semibold text-brand-800 underline underline-offset-4"
          >
            <ArrowLeft aria-hidden="true" className="h-5 w-5" />
            Back to my account
          </Link>
        </p>
        {status ? (
          <>
            <PhoneSummary status={status} />
            <SendCodeForm status={status} result={resultFor(actionData, 'send-code')} />
            {status.codeSentTo || verifyResult ? (
              <VerifyCodeForm sentTo={status.codeSentTo} result={verifyResult} />
            ) : null}
            <SmsUpdatesForm status={status} result={resultFor(actionData, 'sms-updates')} />
          </>
        ) : (
          <FormAlert message="Sorry, we could not load your phone number. Please reload the page." />
        )}
      </div>
      <ActionToast result={actionData} />
    </>
  );
}
