import { FormAlert } from '../components/ui/form-alert.tsx';
import { AccountSubpage, accountMeta } from '../features/account/account-layout.tsx';
import { memberAction, readForMember } from '../features/account/account-pages.server.ts';
import { RequestList, RequestPanel } from '../features/data-export/data-export-panels.tsx';
import { PageHero } from '../features/pages/page-hero.tsx';
import { staticPage } from '../lib/hydration.ts';
import type { Route } from './+types/account-data';

/** The form posts as HTML: the page needs no JavaScript bundle. */
export const handle = staticPage;

const page = {
  title: 'Download my data',
  description: 'Ask for a copy of everything we keep about you, as one zip file.',
  noindex: true,
};

export function meta() {
  return accountMeta(page);
}

export async function loader(args: Route.LoaderArgs) {
  const body = await readForMember(args, 'GET /me/data-exports', (api) => api.dataExports.list());
  return { items: body?.results ?? null };
}

export async function action(args: Route.ActionArgs) {
  return memberAction(args, {
    failure: 'Sorry, we could not take your request. Please try again.',
    other: {
      intent: '',
      send: (api) => api.dataExports.request(),
      to: '/account/data',
      done: 'We are preparing your data.',
    },
  });
}

export default function AccountData({ loaderData, actionData }: Route.ComponentProps) {
  const { items } = loaderData;
  return (
    <AccountSubpage
      hero={
        <PageHero
          eyebrow="Account"
          title={page.title}
          lead={<p>Get a copy of everything we keep about you, to read or to take elsewhere.</p>}
        />
      }
      result={actionData}
    >
      <RequestPanel result={actionData} />
      {items ? (
        <RequestList items={items} />
      ) : (
        <FormAlert message="Sorry, we could not load your requests. Please reload the page." />
      )}
    </AccountSubpage>
  );
}
