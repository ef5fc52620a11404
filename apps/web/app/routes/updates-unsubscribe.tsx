import { campaignUpdateTexts } from '@ipatient/contracts/campaign-updates';
import { errorTexts } from '@ipatient/contracts/errors';
import { MailX } from 'lucide-react';
import { data, type MetaDescriptor } from 'react-router';
import { getApi } from '../lib/api-context.ts';
import { staticPage } from '../lib/hydration.ts';
import { pageMeta } from '../lib/meta.ts';
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

/**
 * The link in every update email (`?token=`): following it stops that campaign's update emails
 * to that address at once, with no account and no script (GET /updates/unsubscribe).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  if (!token) return { ok: false as const, message: campaignUpdateTexts.badToken };
  const response = await getApi(context).campaignUpdates.unsubscribe({ query: { token } });
  if (response.ok) {
    return { ok: true as const, campaignTitle: response.body.result.campaignTitle };
  }
  if (response.status === 400) {
    return data(
      { ok: false as const, message: response.body.message || campaignUpdateTexts.badToken },
      { status: 400 },
    );
  }
  throw data(errorTexts.default, { status: 502 });
}

export default function UpdatesUnsubscribe({ loaderData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-2xl px-4 py-12 md:px-6">
      <MailX aria-hidden="true" className="h-10 w-10 text-brand-700" />
      <h1 id="page-title" className="mt-4 text-3xl font-extrabold tracking-tight text-slate-900">
        {loaderData.ok ? 'You are unsubscribed' : 'This link does not work'}
      </h1>
      {loaderData.ok ? (
        <p role="status" className="mt-4 text-lg text-slate-800">
          You will get no more update emails about “{loaderData.campaignTitle}”. Thank you for your
          support.
        </p>
      ) : (
        <p role="alert" className="mt-4 text-lg text-slate-800">
          {loaderData.message}
        </p>
      )}
      <p className="mt-6">
        <a href="/campaigns" className="font-semibold text-brand-800 underline underline-offset-2">
          See other campaigns
        </a>
      </p>
    </section>
  );
}
