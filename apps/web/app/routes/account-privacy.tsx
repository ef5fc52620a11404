import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { ActionToast } from '../components/ui/action-toast.tsx';
import { FormAlert } from '../components/ui/form-alert.tsx';
import { PageHero } from '../features/pages/page-hero.tsx';
import {
  AcceptedDocuments,
  ConsentHistory,
  MarketingEmailsForm,
  OtherChoices,
} from '../features/privacy/consents-view.tsx';
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
import type { Route } from './+types/account-privacy';

/** Every form posts as HTML: the page needs no JavaScript bundle. */
export const handle = staticPage;

export function meta() {
  return pageMeta({
    title: 'Consents and emails',
    description:
      'What you agreed to and when, news and health tips by email, your cookie choice and text messages.',
  });
}

const pagePath = '/account/privacy';
const couldNotSave = 'Sorry, we could not save that. Please try again.';

/** Members only: a visitor is sent to log in and comes back here. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(context, request);
  const body = await readBody('GET /me/consents', getApi(context).consents.get());
  return { consents: body?.result ?? null };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(context, request);
  const form = await readFormData(request);
  const intent = formText(form, 'intent');
  const api = getApi(context, form);
  const done = (message: string, cookies: readonly string[]) =>
    redirectWithFlash(request, pagePath, { kind: 'success', message }, cookies);

  if (intent === 'marketing-emails') {
    const response = await api.consents.setMarketingEmails({
      body: { granted: formText(form, 'granted') === 'true' },
    });
    if (!response.ok) return actionFailure(response, couldNotSave, { intent });
    return done(apiMessage(response.body, 'Your choice has been saved.'), response.setCookies);
  }
  if (intent === 'accept-current') {
    const response = await api.consents.acceptCurrent();
    if (!response.ok) return actionFailure(response, couldNotSave, { intent });
    return done(apiMessage(response.body, 'Thank you.'), response.setCookies);
  }
  return formFailure(couldNotSave, { intent });
}

export default function AccountPrivacy({ loaderData, actionData }: Route.ComponentProps) {
  const { consents } = loaderData;
  return (
    <>
      <PageHero
        eyebrow="Account"
        title="Consents and emails"
        lead={
          <p>
            What you agreed to and when, and the messages you get from us. You can change your mind
            at any time.
          </p>
        }
      />
      <div className="mx-auto max-w-3xl space-y-8 px-4 py-10 md:px-6 md:py-14">
        <p>
          <Link
            to="/account?tab=privacy#account-panel"
            className="inline-flex min-h-12 items-center gap-2 font-semibold text-brand-800 underline underline-offset-4"
          >
            <ArrowLeft aria-hidden="true" className="h-5 w-5" />
            Back to my account
          </Link>
        </p>
        {consents ? (
          <>
            <AcceptedDocuments
              consents={consents}
              result={resultFor(actionData, 'accept-current')}
            />
            <MarketingEmailsForm
              on={consents.marketingEmails}
              result={resultFor(actionData, 'marketing-emails')}
            />
            <OtherChoices consents={consents} />
            <ConsentHistory history={consents.history} />
          </>
        ) : (
          <FormAlert message="Sorry, we could not load your consents. Please reload the page." />
        )}
      </div>
      <ActionToast result={actionData} />
    </>
  );
}
