import { campaignUpdateTexts } from '@ipatient/contracts/campaign-updates';
import { errorTexts } from '@ipatient/contracts/errors';
import { MailX } from 'lucide-react';
import { data, type MetaDescriptor } from 'react-router';
import { buttonClass } from '../components/ui/button-styles.ts';
import { getApi } from '../lib/api-context.ts';
import { staticPage } from '../lib/hydration.ts';
import { pageMeta } from '../lib/meta.ts';
import { CsrfField } from '../lib/session.tsx';
import type { Route } from './+types/updates-unsubscribe';

export const handle = staticPage;

export function meta(): MetaDescriptor[] {
  return [
    ...pageMeta({
      title: 'Stop update emails',
      description: 'Stop the update emails of a campaign you gave to.',
    }),
    { name: 'robots', content: 'noindex' },
  ];
}

type Answer =
  | { state: 'ask' | 'done'; campaignTitle: string; token: string }
  | { state: 'refused'; message: string };

/** A refused token is told on the page (400); anything else is the API failing. */
function refusal(response: { status: number; body: { message?: string } }) {
  if (response.status !== 400) throw data(errorTexts.default, { status: 502 });
  return data<Answer>(
    { state: 'refused', message: response.body.message || campaignUpdateTexts.badToken },
    { status: 400 },
  );
}

/**
 * The link in every update email (`?token=`). Following it only asks: mail scanners open every
 * link of an email, and must not stop anyone's emails. The button stops them at once, with no
 * account and no script; mail apps' one-click unsubscribe (List-Unsubscribe-Post) POSTs here too.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  if (!token) return data<Answer>({ state: 'refused', message: campaignUpdateTexts.badToken });
  const response = await getApi(context).campaignUpdates.unsubscribeStatus({ query: { token } });
  if (!response.ok) return refusal(response);
  const { campaignTitle, subscribed } = response.body.result;
  return data<Answer>({ state: subscribed ? 'ask' : 'done', campaignTitle, token });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const posted = form.get('token');
  const token =
    typeof posted === 'string' && posted
      ? posted
      : (new URL(request.url).searchParams.get('token') ?? '');
  if (!token) return data<Answer>({ state: 'refused', message: campaignUpdateTexts.badToken });
  const response = await getApi(context, form).campaignUpdates.unsubscribe({ body: { token } });
  if (!response.ok) return refusal(response);
  return data<Answer>({ state: 'done', campaignTitle: response.body.result.campaignTitle, token });
}

const headings = {
  ask: 'Stop update emails?',
  done: 'You are unsubscribed',
  refused: 'This link does not work',
} as const;

export default function UpdatesUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
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
          You will get no more update emails about “{answer.campaignTitle}”. Thank you for your
          support.
        </p>
      ) : (
        <form method="post" className="mt-4">
          <p className="text-lg text-slate-800">
            You get an email each time the organiser of “{answer.campaignTitle}” posts an update.
          </p>
          <CsrfField />
          <input type="hidden" name="token" value={answer.token} />
          <button type="submit" className={buttonClass('primary', 'mt-6')}>
            Stop update emails
          </button>
        </form>
      )}
      <p className="mt-6">
        <a href="/campaigns" className="font-semibold text-brand-800 underline underline-offset-2">
          See other campaigns
        </a>
      </p>
    </section>
  );
}
