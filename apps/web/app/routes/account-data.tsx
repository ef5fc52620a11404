import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { ActionToast } from '../components/ui/action-toast.tsx';
import { FormAlert } from '../components/ui/form-alert.tsx';
import { RequestList, RequestPanel } from '../features/data-export/data-export-panels.tsx';
import { PageHero } from '../features/pages/page-hero.tsx';
import { getApi } from '../lib/api-context.ts';
import { readBody } from '../lib/api-read.server.ts';
import { actionFailure, apiMessage, readFormData, redirectWithFlash } from '../lib/forms.server.ts';
import { staticPage } from '../lib/hydration.ts';
import { pageMeta } from '../lib/meta.ts';
import { requireUser } from '../lib/session.server.ts';
import type { Route } from './+types/account-data';

/** The form posts as HTML: the page needs no JavaScript bundle. */
export const handle = staticPage;

export function meta() {
  return [
    ...pageMeta({
      title: 'Download my data',
      description: 'Ask for a copy of everything we keep about you, as one zip file.',
    }),
    { name: 'robots', content: 'noindex' },
  ];
}

/** Members only: a visitor is sent to log in and comes back here. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(context, request);
  const body = await readBody('GET /me/data-exports', getApi(context).dataExports.list());
  return { items: body?.results ?? null };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(context, request);
  const form = await readFormData(request);
  const response = await getApi(context, form).dataExports.request();
  if (!response.ok) {
    return actionFailure(response, 'Sorry, we could not take your request. Please try again.', {});
  }
  return redirectWithFlash(
    request,
    '/account/data',
    { kind: 'success', message: apiMessage(response.body, 'We are preparing your data.') },
    response.setCookies,
  );
}

export default function AccountData({ loaderData, actionData }: Route.ComponentProps) {
  const { items } = loaderData;
  return (
    <>
      <PageHero
        eyebrow="Account"
        title="Download my data"
        lead={<p>Get a copy of everything we keep about you, to read or to take elsewhere.</p>}
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
        <RequestPanel result={actionData} />
        {items ? (
          <RequestList items={items} />
        ) : (
          <FormAlert message="Sorry, we could not load your requests. Please reload the page." />
        )}
      </div>
      <ActionToast result={actionData} />
    </>
  );
}
