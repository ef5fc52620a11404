import { adminLimits } from '@ipatient/contracts/admin';
import { errorTexts } from '@ipatient/contracts/errors';
import { Inbox } from 'lucide-react';
import { ActionToast } from '../../components/ui/action-toast.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { pageNumber } from '../../components/ui/pagination.tsx';
import { listHref, toListPage } from '../../features/admin/admin-list.ts';
import { AdminPageHeader } from '../../features/admin/admin-page-header.tsx';
import { AdminResults } from '../../features/admin/admin-results.tsx';
import { readMessageFilters, toContactMessage } from '../../features/admin/contact-messages.ts';
import { listReturnPath } from '../../features/admin/list-return-path.ts';
import { MessageCard, MessageFilterForm } from '../../features/admin/message-card.tsx';
import { requireAdmin } from '../../lib/admin.server.ts';
import { getApi } from '../../lib/api-context.ts';
import { readBody } from '../../lib/api-read.server.ts';
import {
  actionFailure,
  apiMessage,
  formFailure,
  formText,
  readFormData,
  redirectWithFlash,
} from '../../lib/forms.server.ts';
import { staticPage } from '../../lib/hydration.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/messages';

export const handle = staticPage;

export function meta() {
  return pageMeta({
    title: 'Contact messages',
    description: 'Messages sent through the contact form: read them and mark them handled.',
  });
}

const path = '/admin/messages';
const pageSize = adminLimits.pageDefault;

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const params = new URL(request.url).searchParams;
  const { status, search } = readMessageFilters(params);
  const page = pageNumber(params.get('page'));
  const body = await readBody(
    'GET contact messages',
    getApi(context).admin.contactMessages({ query: { status, search, page, limit: pageSize } }),
  );
  return { status, search, page, list: body ? toListPage(body, toContactMessage) : null };
}

export async function action({ context, request }: Route.ActionArgs) {
  await requireAdmin(context, request);
  const form = await readFormData(request);
  const intent = formText(form, 'intent');
  const id = formText(form, 'messageId');
  if (!id || (intent !== 'handled' && intent !== 'new')) {
    return formFailure(errorTexts.default, { intent });
  }
  const response = await getApi(context, form).admin.setMessageHandled({
    params: { id },
    body: { handled: intent === 'handled' },
  });
  if (!response.ok) return actionFailure(response, errorTexts.default, { intent });
  return redirectWithFlash(
    request,
    listReturnPath(formText(form, 'returnTo'), path),
    {
      kind: 'success',
      message: apiMessage(
        response.body,
        intent === 'handled' ? 'Message marked as handled.' : 'Message marked as new.',
      ),
    },
    response.setCookies,
  );
}

export default function AdminMessages({ loaderData, actionData }: Route.ComponentProps) {
  const { status, search, page, list } = loaderData;
  const filters = { status: status === 'new' ? undefined : status, search };
  const here = listHref(path, filters, page);
  return (
    <>
      <AdminPageHeader
        title="Contact messages"
        lead={
          <p>Messages sent through the Contact us form. Mark each one handled once answered.</p>
        }
      />
      <MessageFilterForm action={path} status={status} search={search} />
      <div className="space-y-4">
        <FormAlert message={actionData && !actionData.ok ? actionData.message : undefined} />
        <AdminResults
          list={list}
          failure="The messages could not be loaded. Please reload the page."
          summary={list ? (list.total === 1 ? '1 message' : `${list.total} messages`) : null}
          paginationLabel="Message pages"
          hrefFor={(next) => listHref(path, filters, next)}
          empty={
            list?.rows.length === 0 ? (
              <EmptyState
                title={status === 'new' && !search ? 'No new messages' : 'No messages found'}
                icon={<Inbox aria-hidden="true" className="h-6 w-6" />}
              >
                <p>
                  {status === 'new' && !search
                    ? 'Every message has been handled.'
                    : 'No message matches these filters.'}
                </p>
              </EmptyState>
            ) : null
          }
        >
          <ul className="space-y-4">
            {(list?.rows ?? []).map((item) => (
              <li key={item.id}>
                <MessageCard item={item} returnTo={here} />
              </li>
            ))}
          </ul>
        </AdminResults>
      </div>
      <ActionToast result={actionData} />
    </>
  );
}
