import type { TUser } from '@ipatient/contracts/accounts';
import { adminLimits, type TAdminUser } from '@ipatient/contracts/admin';
import { queryText } from './admin-list.ts';

/** What the users table shows of each user. */
export type AdminUser = Pick<
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

export const roleFilters = [
  { value: '', label: 'Any role' },
  { value: 'member', label: 'Members' },
  { value: 'admin', label: 'Admins' },
  { value: 'facility', label: 'Facility accounts' },
] as const;
export const advocateFilters = [
  { value: '', label: 'Everyone' },
  { value: 'true', label: 'Advocates only' },
  { value: 'false', label: 'Not advocates' },
] as const;
export const suspendedFilters = [
  { value: '', label: 'Any account' },
  { value: 'true', label: 'Suspended' },
  { value: 'false', label: 'Not suspended' },
] as const;

export const roleLabels: Record<TUser['role'], string> = {
  member: 'Member',
  admin: 'Admin',
  facility: 'Facility',
};

export function toAdminUser(user: TAdminUser): AdminUser {
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

/** The filters of the users list, from the page's address (an unknown value means "any"). */
export function readUserFilters(params: URLSearchParams) {
  return {
    search: queryText(params, 'search', adminLimits.searchMax),
    role: oneOf(roleFilters, queryText(params, 'role')),
    advocate: oneOf(advocateFilters, queryText(params, 'advocate')),
    suspended: oneOf(suspendedFilters, queryText(params, 'suspended')),
  };
}

export type UserFilters = ReturnType<typeof readUserFilters>;

/** The name of a user, or their email when they gave none. */
export function userName(user: Pick<TAdminUser, 'firstName' | 'lastName' | 'email'>): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}
