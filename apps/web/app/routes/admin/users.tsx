import { adminLimits } from '@ipatient/contracts/admin';
import { errorTexts } from '@ipatient/contracts/errors';
import { confirmParam } from '../../components/admin/confirm-action.tsx';
import { ActionToast } from '../../components/ui/action-toast.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { pageNumber } from '../../components/ui/pagination.tsx';
import { listHref, toListPage } from '../../features/admin/admin-list.ts';
import { AdminPageHeader } from '../../features/admin/admin-page-header.tsx';
import { listReturnPath } from '../../features/admin/list-return-path.ts';
import {
  type AdminUser,
  readUserFilters,
  toAdminUser,
  userName,
} from '../../features/admin/users-list.ts';
import { UserFilterForm, UsersTable } from '../../features/admin/users-table.tsx';
import { UserActions } from '../../features/admin-moderation/user-actions.tsx';
import { requireAdmin } from '../../lib/admin.server.ts';
import { getApi } from '../../lib/api-context.ts';
import { readBody } from '../../lib/api-read.server.ts';
import {
  actionFailure,
  formFailure,
  formText,
  readFormData,
  redirectWithFlash,
} from '../../lib/forms.server.ts';
import { staticPage } from '../../lib/hydration.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/users';

export const handle = staticPage;

export function meta() {
  return pageMeta({
    title: 'Users',
    description:
      'Find members, grant or remove the admin role, set the advocate flag, and suspend or restore accounts.',
  });
}

const path = '/admin/users';
const pageSize = adminLimits.pageDefault;

export async function loader({ context, request }: Route.LoaderArgs) {
  const admin = await requireAdmin(context, request);
  const params = new URL(request.url).searchParams;
  const filters = readUserFilters(params);
  const page = pageNumber(params.get('page'));
  const body = await readBody(
    'GET admin users',
    getApi(context).admin.users({ query: { ...filters, page, limit: pageSize } }),
  );
  return {
    adminId: admin._id,
    filters,
    page,
    list: body ? toListPage(body, toAdminUser) : null,
    confirm: params.get(confirmParam),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  await requireAdmin(context, request);
  const form = await readFormData(request);
  const intent = formText(form, 'intent');
  const id = formText(form, 'userId');
  if (!id) return formFailure('Choose a user first.', { intent });
  if (intent === 'suspend' || intent === 'unsuspend') {
    return suspension(context, request, form, intent, id);
  }
  const api = getApi(context, form);
  const call =
    intent === 'make-admin' || intent === 'remove-admin'
      ? {
          send: () =>
            api.admin.setRole({
              params: { id },
              body: { role: intent === 'make-admin' ? 'admin' : 'member' },
            }),
          done: (name: string) =>
            intent === 'make-admin' ? `${name} is now an admin.` : `${name} is no longer an admin.`,
        }
      : intent === 'mark-advocate' || intent === 'unmark-advocate'
        ? {
            send: () =>
              api.admin.setAdvocate({
                params: { id },
                body: { isAdvocate: intent === 'mark-advocate' },
              }),
            done: (name: string) =>
              intent === 'mark-advocate'
                ? `${name} is now marked as an advocate.`
                : `${name} is no longer marked as an advocate.`,
          }
        : null;
  if (!call) return formFailure(errorTexts.default, { intent });
  const response = await call.send();
  if (!response.ok) return actionFailure(response, errorTexts.default, { intent });
  return redirectWithFlash(
    request,
    listReturnPath(formText(form, 'returnTo'), path),
    { kind: 'success', message: call.done(userName(response.body.result)) },
    response.setCookies,
  );
}

/** Suspends (with the reason typed) or lifts the suspension; a refusal keeps the reason typed. */
async function suspension(
  context: Route.ActionArgs['context'],
  request: Request,
  form: FormData,
  intent: 'suspend' | 'unsuspend',
  id: string,
) {
  const reason = formText(form, 'reason');
  // The failure names the row, so only that row's form opens again with the message.
  const failureIntent = `${intent}:${id}`;
  const api = getApi(context, form);
  const response =
    intent === 'suspend'
      ? await api.admin.suspend({ params: { id }, body: { reason } })
      : await api.admin.unsuspend({ params: { id } });
  if (!response.ok) {
    return actionFailure(response, errorTexts.default, {
      intent: failureIntent,
      values: { reason },
    });
  }
  const name = userName(response.body.result);
  return redirectWithFlash(
    request,
    listReturnPath(formText(form, 'returnTo'), path),
    {
      kind: 'success',
      message:
        intent === 'suspend'
          ? `${name} is suspended and has been signed out everywhere.`
          : `${name} can sign in again.`,
    },
    response.setCookies,
  );
}

export default function AdminUsers({ loaderData, actionData }: Route.ComponentProps) {
  const { adminId, filters, page, list, confirm } = loaderData;
  const here = listHref(path, filters, page);
  const filtered = Boolean(filters.search || filters.role || filters.advocate || filters.suspended);
  const refusedFor = (user: AdminUser) =>
    actionData && !actionData.ok && actionData.intent === `suspend:${user._id}`
      ? actionData
      : undefined;
  // A refused suspension shows at its row; other refusals above the list.
  const listError =
    actionData && !actionData.ok && !actionData.intent.startsWith('suspend:')
      ? actionData.message
      : undefined;
  return (
    <>
      <AdminPageHeader
        title="Users"
        lead={
          <p>
            Search accounts, grant or remove the admin role, mark patient advocates, and suspend an
            account that abuses the site (it is signed out at once; what it posted stays). You
            cannot remove your own admin role, and admins cannot be suspended.
          </p>
        }
      />
      <UserFilterForm action={path} filters={filters} />
      <div className="space-y-4">
        <FormAlert message={listError} />
        {list === null ? (
          <FormAlert message="The users could not be loaded. Please reload the page." />
        ) : (
          <UsersTable
            list={list}
            filtered={filtered}
            adminId={adminId}
            hrefFor={(next) => listHref(path, filters, next)}
            actions={(user) => (
              <UserActions
                user={user}
                isSelf={user._id === adminId}
                here={here}
                confirm={confirm}
                refused={refusedFor(user)}
              />
            )}
          />
        )}
      </div>
      <ActionToast result={actionData} />
    </>
  );
}
