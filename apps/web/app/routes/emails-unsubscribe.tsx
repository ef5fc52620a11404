import { consentTexts } from '@ipatient/contracts/consents';
import { errorTexts } from '@ipatient/contracts/errors';
import { MailX } from 'lucide-react';
import { data, type MetaDescriptor } from 'react-router';
import { buttonClass } from '../components/ui/button-styles.ts';
import { getApi } from '../lib/api-context.ts';
import { staticPage } from '../lib/hydration.ts';
import { pageMeta } from '../lib/meta.ts';
import { CsrfField } from '../lib/session.tsx';
import type { Route } from './+types/emails-unsubscribe';

export const handle = staticPage;

export function meta(): MetaDescriptor[] {
  return [
    ...pageMeta({
      title: 'Stop news and health tips',
      description: 'Stop our news and health tips by email.',
    }),
    { name: 'robots', content: 'noindex' },
  ];
}

type Answer = { state: 'ask' | 'done'; token: string } | { state: 'refused'; message: string };

/** A refused token is told on the page (400); anything else is the API failing. */
function refusal(response: { status: number; body: { message?: string } }) {
  if (response.status !== 400) throw data(errorTexts.default, { status: 502 });
  return data<Answer>(
    { state: 'refused', message: response.body.message || consentTexts.badToken },
    { status: 400 },
  );
}

/**
 * The link in every marketing email (`?token=`). Following it only asks: mail scanners open
 * every link of an email, and must not stop anyone's emails. The button stops them at once, with
 * no sign-in and no script; mail apps' one-click unsubscribe (List-Unsubscribe-Post) POSTs here.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  if (!token) return data<Answer>({ state: 'refused', message: consentTexts.badToken });
  const response = await getApi(context).consents.unsubscribeStatus({ query: { token } });
  if (!response.ok) return refusal(response);
  return data<Answer>({ state: response.body.result.subscribed ? 'ask' : 'done', token });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const posted = form.get('token');
  const token =
    typeof posted === 'string' && posted
      ? posted
      : (new URL(request.url).searchParams.get('token') ?? '');
  if (!token) return data<Answer>({ state: 'refused', message: consentTexts.badToken });
  const response = await getApi(context, form).consents.unsubscribe({ body: { token } });
  if (!response.ok) return refusal(response);
  return data<Answer>({ state: 'done', token });
}

const headings = {
  ask: 'Stop news and health tips?',
  done: 'You are unsubscribed',
  refused: 'This link does not work',
} as const;

export default function EmailsUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const answer: Answer = actionData ?? loaderData;
  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-2xl px-4 py-12 md:px-6">
      <MailX aria-hidden="true" className="h-10 w-10 text-brand-700" />
      <h1 id="page-title" className="mt-4 text-3xl font-extrabold tracking-tight text-slate-900">
        {headings[answer.state]}
      </h1>
      {answer.state === 'refused' ? (
        <p role="alert" className="mt-4 text-lg text-slate-800">
          {answer.message}
        </p>
      ) : answer.state === 'done' ? (
        <p role="status" className="mt-4 text-lg text-slate-800">
          {consentTexts.unsubscribed} We will still email you about your account, your campaigns,
          donations and complaints.
        </p>
      ) : (
        <form method="post" className="mt-4">
          <p className="text-lg text-slate-800">
            You get news and health tips from us by email now and then.
          </p>
          <CsrfField />
          <input type="hidden" name="token" value={answer.token} />
          <button type="submit" className={buttonClass('primary', 'mt-6')}>
            Stop these emails
          </button>
        </form>
      )}
      <p className="mt-6">
        <a
          href="/account/privacy"
          className="font-semibold text-brand-800 underline underline-offset-2"
        >
          Manage your emails on your account
        </a>
      </p>
    </section>
  );
}
