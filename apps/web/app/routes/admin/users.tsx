import type { TUser } from '@ipatient/contracts/accounts';
import {
  adminLimits,
  adminUserTexts,
  suspensionLimits,
  type TAdminUser,
} from '@ipatient/contracts/admin';
import { errorTexts } from '@ipatient/contracts/errors';
import { ShieldCheck, ShieldMinus, UserCheck, UsersRound } from 'lucide-react';
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
import { AdminTable } from '../../features/admin/admin-table.tsx';
import { ConfirmAction, confirmHrefs, confirmParam } from '../../features/admin/confirm-action.tsx';
import { StatusPill } from '../../features/admin/status-pill.tsx';
import { ReasonAction } from '../../features/admin-moderation/reason-action.tsx';
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
import { safeLocalPath } from '../../lib/safe-path.ts';
import { CsrfField } from '../../lib/session.tsx';
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

/** What the table shows of each user. */
type AdminUser = Pick<
  TAdminUser,
  | '_id'
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'phone'
  | 'role'
  | 'isAdvocate'
  | 'createdAt'
  | 'suspendedAt'
  | 'suspendedReason'
>;

const roleFilters = [
  { value: '', label: 'Any role' },
  { value: 'member', label: 'Members' },
  { value: 'admin', label: 'Admins' },
  { value: 'facility', label: 'Facility accounts' },
] as const;
const advocateFilters = [
  { value: '', label: 'Everyone' },
  { value: 'true', label: 'Advocates only' },
  { value: 'false', label: 'Not advocates' },
] as const;
const suspendedFilters = [
  { value: '', label: 'Any account' },
  { value: 'true', label: 'Suspended' },
  { value: 'false', label: 'Not suspended' },
] as const;

const roleLabels: Record<TUser['role'], string> = {
  member: 'Member',
  admin: 'Admin',
  facility: 'Facility',
};

function toUser(user: TAdminUser): AdminUser {
  return {
    _id: user._id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone,
    role: user.role,
    isAdvocate: user.isAdvocate,
    createdAt: user.createdAt,
    suspendedAt: user.suspendedAt,
    suspendedReason: user.suspendedReason,
  };
}

function oneOf<T extends readonly { value: string }[]>(options: T, value: string): string {
  return options.some((option) => option.value === value) ? value : '';
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const admin = await requireAdmin(context, request);
  const params = new URL(request.url).searchParams;
  const filters = {
    search: queryText(params, 'search', adminLimits.searchMax),
    role: oneOf(roleFilters, queryText(params, 'role')),
    advocate: oneOf(advocateFilters, queryText(params, 'advocate')),
    suspended: oneOf(suspendedFilters, queryText(params, 'suspended')),
  };
  const page = pageNumber(params.get('page'));
  const body = await readBody(
    'GET admin users',
    getApi(context).admin.users({ query: { ...filters, page, limit: pageSize } }),
  );
  return {
    adminId: admin._id,
    filters,
    page,
    list: body ? toListPage(body, toUser) : null,
    confirm: params.get(confirmParam),
  };
}

/** The name of the user an answer returned. */
function changedName(user: TAdminUser): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}

/** The list page the admin came from (filters and page kept), never another site. */
function returnPath(form: FormData): string {
  const back = safeLocalPath(formText(form, 'returnTo'), path);
  return back === path || back.startsWith(`${path}?`) ? back : path;
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
    returnPath(form),
    { kind: 'success', message: call.done(changedName(response.body.result)) },
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
  const name = changedName(response.body.result);
  return redirectWithFlash(
    request,
    returnPath(form),
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

function fullName(user: AdminUser): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}

interface RowActionsProps {
  user: AdminUser;
  isSelf: boolean;
  here: string;
  confirm: string | null;
  /** The refused suspension of this row, to show its message and the reason typed. */
  refused?: { message: string; errors: Record<string, string>; values: Record<string, string> };
}

function RowActions({ user, isSelf, here, confirm, refused }: RowActionsProps) {
  const name = fullName(user);
  const removeValue = `remove-admin:${user._id}`;
  const hrefs = confirmHrefs(here, removeValue);
  const simple = (intent: string, label: string) => (
    <Form method="post" action={hrefs.cancelHref} reloadDocument>
      <CsrfField />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="userId" value={user._id} />
      <input type="hidden" name="returnTo" value={hrefs.cancelHref} />
      <button
        type="submit"
        aria-label={`${label}: ${name}`}
        className={buttonClass('secondary', 'min-h-10 px-4')}
      >
        {label}
      </button>
    </Form>
  );
  return (
    <div className="flex flex-col items-start gap-2">
      {user.role === 'admin' && isSelf ? (
        <p className="max-w-[14rem] text-sm text-slate-600">{adminUserTexts.ownAdminRole}</p>
      ) : user.role === 'admin' ? (
        <ConfirmAction
          id={`remove-admin-${user._id}`}
          label="Remove admin"
          subject={name}
          title="Remove the admin role?"
          description={`${name} will become a member and lose access to the admin console.`}
          confirmLabel="Yes, remove admin"
          action={hrefs.cancelHref}
          fields={{ intent: 'remove-admin', userId: user._id, returnTo: hrefs.cancelHref }}
          confirmHref={hrefs.confirmHref}
          cancelHref={hrefs.cancelHref}
          confirming={confirm === removeValue}
          icon={<ShieldMinus aria-hidden="true" className="h-4 w-4" />}
        />
      ) : user.role === 'member' && !user.suspendedAt ? (
        // A suspended account cannot be made an admin (the API refuses it too).
        simple('make-admin', 'Make admin')
      ) : null}
      {user.isAdvocate
        ? simple('unmark-advocate', 'Remove advocate flag')
        : simple('mark-advocate', 'Mark as advocate')}
      <SuspensionAction
        user={user}
        isSelf={isSelf}
        here={here}
        confirm={confirm}
        refused={refused}
      />
    </div>
  );
}

/**
 * Suspend (with a reason) or lift a suspension. Admins are never offered it: they cannot be
 * suspended (the API refuses too), so no admin can lock the others out.
 */
function SuspensionAction({ user, isSelf, here, confirm, refused }: RowActionsProps) {
  const name = fullName(user);
  if (isSelf || user.role === 'admin') return null;
  if (user.suspendedAt) {
    const value = `unsuspend:${user._id}`;
    const hrefs = confirmHrefs(here, value);
    return (
      <ConfirmAction
        id={`unsuspend-${user._id}`}
        label="Lift suspension"
        subject={name}
        title="Lift the suspension?"
        description={`${name} will be able to sign in again.`}
        confirmLabel="Yes, lift suspension"
        action={hrefs.cancelHref}
        fields={{ intent: 'unsuspend', userId: user._id, returnTo: hrefs.cancelHref }}
        confirmHref={hrefs.confirmHref}
        cancelHref={hrefs.cancelHref}
        confirming={confirm === value}
        icon={<UserCheck aria-hidden="true" className="h-4 w-4" />}
        tone="primary"
      />
    );
  }
  const value = `suspend:${user._id}`;
  const hrefs = confirmHrefs(here, value);
  return (
    <ReasonAction
      id={`suspend-${user._id}`}
      label="Suspend"
      subject={name}
      title={`Suspend ${name}?`}
      description="They are signed out everywhere at once and cannot sign in until you lift the suspension. What they have posted stays. The reason is seen by admins only."
      confirmLabel="Suspend account"
      action={hrefs.cancelHref}
      fields={{ intent: 'suspend', userId: user._id, returnTo: hrefs.cancelHref }}
      reasonLabel="Reason for the suspension"
      minLength={suspensionLimits.reasonMin}
      maxLength={suspensionLimits.reasonMax}
      confirmHref={hrefs.confirmHref}
      cancelHref={hrefs.cancelHref}
      confirming={confirm === value || refused !== undefined}
      value={refused?.values.reason}
      error={refused ? (refused.errors.reason ?? refused.message) : undefined}
    />
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
      <AdminFilters action={path} label="Filter users">
        <TextField
          label="Search"
          name="search"
          type="search"
          defaultValue={filters.search}
          maxLength={adminLimits.searchMax}
          hint="Name, email or phone"
          className="sm:col-span-2"
        />
        <SelectField label="Role" name="role" defaultValue={filters.role}>
          {roleFilters.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectField>
        <SelectField label="Advocate" name="advocate" defaultValue={filters.advocate}>
          {advocateFilters.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectField>
        <SelectField label="Account" name="suspended" defaultValue={filters.suspended}>
          {suspendedFilters.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectField>
      </AdminFilters>
      <div className="space-y-4">
        <FormAlert message={listError} />
        {list === null ? (
          <FormAlert message="The users could not be loaded. Please reload the page." />
        ) : (
          <>
            <p className="text-sm text-slate-700" aria-live="polite">
              {list.total === 1 ? '1 user' : `${list.total} users`}
              {filtered
                ? list.total === 1
                  ? ' matches these filters'
                  : ' match these filters'
                : ''}
            </p>
            <AdminTable
              caption="Users"
              captionHidden
              rows={list.rows}
              rowKey={(user) => user._id}
              empty={
                <EmptyState
                  title="No users found"
                  icon={<UsersRound aria-hidden="true" className="h-6 w-6" />}
                >
                  <p>
                    {filtered
                      ? 'No account matches these filters. Clear them to see everyone.'
                      : 'No accounts yet.'}
                  </p>
                </EmptyState>
              }
              columns={[
                {
                  header: 'Name',
                  rowHeader: true,
                  cell: (user) => (
                    <>
                      {fullName(user)}
                      {user._id === adminId ? (
                        <span className="ml-1 font-normal text-slate-600">(you)</span>
                      ) : null}
                    </>
                  ),
                },
                {
                  header: 'Email',
                  cell: (user) => <span className="break-all">{user.email}</span>,
                },
                { header: 'Phone', cell: (user) => user.phone, className: 'whitespace-nowrap' },
                {
                  header: 'Role',
                  cell: (user) => (
                    <StatusPill tone={user.role === 'admin' ? 'info' : 'neutral'}>
                      {user.role === 'admin' ? (
                        <ShieldCheck aria-hidden="true" className="h-3.5 w-3.5" />
                      ) : null}
                      {roleLabels[user.role]}
                    </StatusPill>
                  ),
                },
                {
                  header: 'Advocate',
                  cell: (user) =>
                    user.isAdvocate ? (
                      <StatusPill tone="success">Advocate</StatusPill>
                    ) : (
                      <span className="text-slate-600">No</span>
                    ),
                },
                {
                  header: 'Account',
                  cell: (user) =>
                    user.suspendedAt ? (
                      <div className="space-y-1">
                        <StatusPill tone="danger">Suspended</StatusPill>
                        <p className="text-xs text-slate-700">
                          Since {formatDateTime(user.suspendedAt)}
                          {user.suspendedReason ? `: ${user.suspendedReason}` : ''}
                        </p>
                      </div>
                    ) : (
                      <span className="text-slate-600">Active</span>
                    ),
                },
                {
                  header: 'Joined',
                  cell: (user) => (user.createdAt ? formatDateTime(user.createdAt) : ''),
                  className: 'min-w-[9rem]',
                },
                {
                  header: 'Actions',
                  srOnlyHeader: true,
                  cell: (user) => (
                    <RowActions
                      user={user}
                      isSelf={user._id === adminId}
                      here={here}
                      confirm={confirm}
                      refused={refusedFor(user)}
                    />
                  ),
                },
              ]}
            />
            <Pagination
              label="User pages"
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
