import { accountDeletionTexts } from '@ipatient/contracts/account-deletion';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { FormAlert } from '../components/ui/form-alert.tsx';
import { DeletionExplainer } from '../features/account-deletion/deletion-explainer.tsx';
import { DeletionForm } from '../features/account-deletion/deletion-form.tsx';
import { PageHero } from '../features/pages/page-hero.tsx';
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
import { staticPage } from '../lib/hydration.ts';
import { pageMeta } from '../lib/meta.ts';
import { requireUser } from '../lib/session.server.ts';
import type { Route } from './+types/account-delete';

/** The form posts as HTML: the page needs no JavaScript bundle. */
export const handle = staticPage;

export function meta() {
  return [
    ...pageMeta({
      title: 'Delete my account',
      description: 'What deleting your account erases, what we must keep and why.',
    }),
    { name: 'robots', content: 'noindex' },
  ];
}

/** Members only: a visitor is sent to log in and comes back here. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(context, request);
  const body = await readBody('GET /me/deletion', getApi(context).accountDeletion.preview());
  return { preview: body?.result ?? null };
}

const understandText = 'Please tick the box to show you understand this cannot be undone.';

/** Deletes the account; the API clears the session cookies, and the home page says it is done. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(context, request);
  const form = await readFormData(request);
  if (formText(form, 'understand') !== 'on') {
    return formFailure(understandText, { errors: { understand: understandText } });
  }
  const response = await getApi(context, form).accountDeletion.delete({
    body: { password: formText(form, 'password') },
  });
  if (!response.ok) {
    return actionFailure(
      response,
      'Sorry, your account could not be deleted. Please try again.',
      {},
    );
  }
  return redirectWithFlash(
    request,
    '/',
    { kind: 'success', message: apiMessage(response.body, accountDeletionTexts.deleted) },
    response.setCookies,
  );
}

export default function AccountDelete({ loaderData, actionData }: Route.ComponentProps) {
  const { preview } = loaderData;
  return (
    <>
      <PageHero
        eyebrow="Account"
        title="Delete my account"
        lead={
          <p>
            You can delete your account at any time. Please read what happens to your details and
            your campaigns before you decide.
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
        {preview ? (
          <>
            <DeletionExplainer preview={preview} />
            <DeletionForm result={actionData} />
          </>
        ) : (
          <FormAlert message="Sorry, we could not load this page. Please reload it." />
        )}
      </div>
    </>
  );
}
