import { adminLimits, type TContactMessage } from '@ipatient/contracts/admin';
import { errorTexts } from '@ipatient/contracts/errors';
import { CircleCheck, Inbox, Mail, Phone, RotateCcw } from 'lucide-react';
import { Form } from 'react-router';
import { ActionToast } from '../../components/ui/action-toast.tsx';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { SelectField, TextField } from '../../components/ui/form-field.tsx';
import { Pagination, pageNumber } from '../../components/ui/pagination.tsx';
import { AdminFilters } from '../../features/admin/admin-filters.tsx';
import {
  formatDateTime,
  listHref,
  queryText,
  toListPage,
} from '../../features/admin/admin-list.ts';
import { AdminPageHeader } from '../../features/admin/admin-page-header.tsx';
import { StatusPill } from '../../features/admin/status-pill.tsx';
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
import { safeLocalPath } from '../../lib/safe-path.ts';
import { CsrfField } from '../../lib/session.tsx';
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

const statusFilters = [
  { value: 'new', label: 'New' },
  { value: 'handled', label: 'Handled' },
  { value: 'all', label: 'All' },
] as const;
type StatusFilter = (typeof statusFilters)[number]['value'];

/** One message of the inbox. */
type ContactMessage = Omit<TContactMessage, '_id'> & { id: string };

function toMessage({ _id, ...message }: TContactMessage): ContactMessage {
  return { id: _id, ...message };
}

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const params = new URL(request.url).searchParams;
  const wanted = queryText(params, 'status');
  const status: StatusFilter = statusFilters.find((s) => s.value === wanted)?.value ?? 'new';
  const search = queryText(params, 'search', adminLimits.searchMax);
  const page = pageNumber(params.get('page'));
  const body = await readBody(
    'GET contact messages',
    getApi(context).admin.contactMessages({ query: { status, search, page, limit: pageSize } }),
  );
  return { status, search, page, list: body ? toListPage(body, toMessage) : null };
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
  const back = safeLocalPath(formText(form, 'returnTo'), path);
  return redirectWithFlash(
    request,
    back === path || back.startsWith(`${path}?`) ? back : path,
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

function MessageCard({ item, returnTo }: { item: ContactMessage; returnTo: string }) {
  const name = `${item.firstName} ${item.lastName}`.trim() || item.email;
  const headingId = `message-${item.id}`;
  const handled = item.handled;
  return (
    <article
      aria-labelledby={headingId}
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-lg font-bold break-words text-slate-900">
            {name}
          </h2>
          <p className="text-sm text-slate-600">
            Sent <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
          </p>
        </div>
        {handled ? (
          <StatusPill tone="success" srPrefix="Status: ">
            Handled
          </StatusPill>
        ) : (
          <StatusPill tone="warning" srPrefix="Status: ">
            New
          </StatusPill>
        )}
      </div>
      <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <li className="inline-flex items-center gap-2">
          <Mail aria-hidden="true" className="h-4 w-4 text-brand-700" />
          <span className="sr-only">Email: </span>
          <a
            href={`mailto:${item.email}`}
            className="font-medium break-all text-brand-800 underline underline-offset-2"
          >
            {item.email}
          </a>
        </li>
        {item.phone ? (
          <li className="inline-flex items-center gap-2">
            <Phone aria-hidden="true" className="h-4 w-4 text-brand-700" />
            <span className="sr-only">Phone: </span>
            <a
              href={`tel:${item.phone.replace(/[^\d+]/g, '')}`}
              className="font-medium text-brand-800 underline underline-offset-2"
            >
              {item.phone}
            </a>
          </li>
        ) : null}
      </ul>
      <p className="rounded-xl bg-slate-50 p-4 break-words whitespace-pre-line text-slate-900">
        {item.message}
      </p>
      <div className="flex flex-wrap items-center justify-between gap-3">
        {item.handledAt ? (
          <p className="text-sm text-slate-600">
            Handled <time dateTime={item.handledAt}>{formatDateTime(item.handledAt)}</time>
          </p>
        ) : (
          <span />
        )}
        <Form method="post" action={returnTo} reloadDocument>
          <CsrfField />
          <input type="hidden" name="intent" value={handled ? 'new' : 'handled'} />
          <input type="hidden" name="messageId" value={item.id} />
          <input type="hidden" name="returnTo" value={returnTo} />
          <button
            type="submit"
            aria-label={`${handled ? 'Mark as new' : 'Mark handled'}: message from ${name}`}
            className={buttonClass(handled ? 'secondary' : 'primary')}
          >
            {handled ? (
              <RotateCcw aria-hidden="true" className="h-4 w-4" />
            ) : (
              <CircleCheck aria-hidden="true" className="h-4 w-4" />
            )}
            {handled ? 'Mark as new' : 'Mark handled'}
          </button>
        </Form>
      </div>
    </article>
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
      <AdminFilters action={path} label="Filter messages">
        <SelectField label="Status" name="status" defaultValue={status}>
          {statusFilters.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Search"
          name="search"
          type="search"
          defaultValue={search}
          maxLength={adminLimits.searchMax}
          hint="Name, email, phone or words in the message"
          className="sm:col-span-1 lg:col-span-3"
        />
      </AdminFilters>
      <div className="space-y-4">
        <FormAlert message={actionData && !actionData.ok ? actionData.message : undefined} />
        {list === null ? (
          <FormAlert message="The messages could not be loaded. Please reload the page." />
        ) : list.rows.length === 0 ? (
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
        ) : (
          <>
            <p className="text-sm text-slate-700">
              {list.total === 1 ? '1 message' : `${list.total} messages`}
            </p>
            <ul className="space-y-4">
              {list.rows.map((item) => (
                <li key={item.id}>
                  <MessageCard item={item} returnTo={here} />
                </li>
              ))}
            </ul>
            <Pagination
              label="Message pages"
              page={list.page}
              totalPages={list.totalPages}
              hrefFor={(next) => listHref(path, filters, next)}
            />
          </>
        )}
      </div>
      <ActionToast result={actionData} />
    </>
  );
}
