import { adminLimits } from '@ipatient/contracts/admin';
import { ShieldCheck, UsersRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../components/admin/format-date-time.ts';
import { StatusPill } from '../../components/admin/status-pill.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { SelectField, TextField } from '../../components/ui/form-field.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { AdminFilters } from './admin-filters.tsx';
import type { AdminListPage } from './admin-list.ts';
import { AdminTable } from './admin-table.tsx';
import {
  type AdminUser,
  advocateFilters,
  roleFilters,
  roleLabels,
  suspendedFilters,
  type UserFilters,
  userName,
} from './users-list.ts';

/** The filter form of the users list. */
export function UserFilterForm({ action, filters }: { action: string; filters: UserFilters }) {
  return (
    <AdminFilters action={action} label="Filter users">
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
  );
}

interface UsersTableProps {
  list: AdminListPage<AdminUser>;
  /** Some filter is set (the count and the empty state say so). */
  filtered: boolean;
  /** The signed-in admin, marked "(you)". */
  adminId: string;
  /** What each row offers (the role, advocate and suspension actions). */
  actions: (user: AdminUser) => ReactNode;
  hrefFor: (page: number) => string;
}

/** The count, the table of users and its pages. */
export function UsersTable({ list, filtered, adminId, actions, hrefFor }: UsersTableProps) {
  return (
    <>
      <p className="text-sm text-slate-700" aria-live="polite">
        {list.total === 1 ? '1 user' : `${list.total} users`}
        {filtered ? (list.total === 1 ? ' matches these filters' : ' match these filters') : ''}
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
                {userName(user)}
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
            cell: actions,
          },
        ]}
      />
      <Pagination
        label="User pages"
        page={list.page}
        totalPages={list.totalPages}
        hrefFor={hrefFor}
      />
    </>
  );
}
