import { accountDeletionTexts } from '@ipatient/contracts/account-deletion';
import { FormAlert } from '../components/ui/form-alert.tsx';
import { AccountSubpage, accountMeta } from '../features/account/account-layout.tsx';
import { memberAction, readForMember } from '../features/account/account-pages.server.ts';
import { DeletionExplainer } from '../features/account-deletion/deletion-explainer.tsx';
import { DeletionForm } from '../features/account-deletion/deletion-form.tsx';
import { PageHero } from '../features/pages/page-hero.tsx';
import { formText } from '../lib/forms.server.ts';
import { staticPage } from '../lib/hydration.ts';
import type { Route } from './+types/account-delete';

/** The form posts as HTML: the page needs no JavaScript bundle. */
export const handle = staticPage;

const page = {
  title: 'Delete my account',
  description: 'What deleting your account erases, what we must keep and why.',
  noindex: true,
};

export function meta() {
  return accountMeta(page);
}

export async function loader(args: Route.LoaderArgs) {
  const body = await readForMember(args, 'GET /me/deletion', (api) =>
    api.accountDeletion.preview(),
  );
  return { preview: body?.result ?? null };
}

const understandText = 'Please tick the box to show you understand this cannot be undone.';

/** Deletes the account; the API clears the session cookies, and the home page says it is done. */
export async function action(args: Route.ActionArgs) {
  return memberAction(args, {
    failure: 'Sorry, your account could not be deleted. Please try again.',
    other: {
      intent: '',
      check: (form) =>
        formText(form, 'understand') === 'on'
          ? undefined
          : { message: understandText, errors: { understand: understandText } },
      send: (api, form) =>
        api.accountDeletion.delete({ body: { password: formText(form, 'password') } }),
      to: '/',
      done: accountDeletionTexts.deleted,
    },
  });
}

export default function AccountDelete({ loaderData, actionData }: Route.ComponentProps) {
  const { preview } = loaderData;
  return (
    <AccountSubpage
      hero={
        <PageHero
          eyebrow="Account"
          title={page.title}
          lead={
            <p>
              You can delete your account at any time. Please read what happens to your details and
              your campaigns before you decide.
            </p>
          }
        />
      }
      result={actionData}
    >
      {preview ? (
        <>
          <DeletionExplainer preview={preview} />
          <DeletionForm result={actionData} />
        </>
      ) : (
        <FormAlert message="Sorry, we could not load this page. Please reload it." />
      )}
    </AccountSubpage>
  );
}
