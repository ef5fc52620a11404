import {
  ZAdminDashboardResponse,
  ZAdminUserListQuery,
  ZAdminUserListResponse,
  ZAdminUserResponse,
  ZAuditEntityTypesResponse,
  ZAuditListQuery,
  ZAuditListResponse,
  ZContactMessageHandledRequest,
  ZContactMessageListQuery,
  ZContactMessageListResponse,
  ZContactMessageResponse,
  ZUserAdvocateRequest,
  ZUserRoleRequest,
  ZUserSuspendRequest,
} from '../admin.ts';
import { idParams } from './common.ts';
import { defineEndpoint } from './define.ts';

const tags = ['Admin'];
const ZUserIdParams = idParams('Not a user id');
const ZMessageIdParams = idParams('Not a message id');

/** The admin console's own API: dashboard counts, audit log, users and the contact inbox. */
export const adminEndpoints = {
  dashboard: defineEndpoint({
    method: 'GET',
    path: '/admin/dashboard',
    access: 'admin',
    tags,
    summary:
      'Admins: what needs attention (campaigns to review, complaints overdue or due within 2 days, pending reviews, new contact messages)',
    responses: { 200: ZAdminDashboardResponse },
  }),
  audit: defineEndpoint({
    method: 'GET',
    path: '/admin/audit',
    access: 'admin',
    tags,
    summary: 'Admins: the audit log of admin writes, newest first, with filters',
    description:
      'search matches the summary or the actor name; action matches part of the action ("PUT /api/v1/admin/crowdfunding/{id}/status"); from/to are ISO dates (a date-only `to` includes that whole day).',
    query: ZAuditListQuery,
    responses: { 200: ZAuditListResponse },
  }),
  auditEntityTypes: defineEndpoint({
    method: 'GET',
    path: '/admin/audit/entity-types',
    access: 'admin',
    tags,
    summary: 'Admins: every entity type that has audit entries (for the filter)',
    responses: { 200: ZAuditEntityTypesResponse },
  }),
  users: defineEndpoint({
    method: 'GET',
    path: '/admin/users',
    access: 'admin',
    tags,
    summary: 'Admins: users, newest first; search by name, email or phone; filter by role',
    query: ZAdminUserListQuery,
    responses: { 200: ZAdminUserListResponse },
  }),
  setRole: defineEndpoint({
    method: 'PUT',
    path: '/admin/users/:id/role',
    access: 'admin',
    tags,
    summary: "Admins: grant or remove a user's admin role",
    description:
      '409 when removing your own admin role, when it would leave the site without an admin, or for a facility account.',
    params: ZUserIdParams,
    body: ZUserRoleRequest,
    responses: { 200: ZAdminUserResponse },
  }),
  setAdvocate: defineEndpoint({
    method: 'PUT',
    path: '/admin/users/:id/advocate',
    access: 'admin',
    tags,
    summary: "Admins: set or clear a user's advocate flag",
    params: ZUserIdParams,
    body: ZUserAdvocateRequest,
    responses: { 200: ZAdminUserResponse },
  }),
  suspend: defineEndpoint({
    method: 'PUT',
    path: '/admin/users/:id/suspension',
    access: 'admin',
    tags,
    summary: 'Admins: suspend an account, with a reason',
    description:
      'The account is signed out everywhere at once and cannot sign in, act or get a password reset code until unsuspended; what it published stays. 409 for your own account or an admin (remove the admin role first). Suspending again keeps the date and takes the new reason.',
    params: ZUserIdParams,
    body: ZUserSuspendRequest,
    responses: { 200: ZAdminUserResponse },
  }),
  unsuspend: defineEndpoint({
    method: 'DELETE',
    path: '/admin/users/:id/suspension',
    access: 'admin',
    tags,
    summary: 'Admins: lift the suspension of an account (it can sign in again)',
    params: ZUserIdParams,
    responses: { 200: ZAdminUserResponse },
  }),
  contactMessages: defineEndpoint({
    method: 'GET',
    path: '/admin/contact-messages',
    access: 'admin',
    tags,
    summary: 'Admins: the contact inbox, newest first; status new, handled or all',
    query: ZContactMessageListQuery,
    responses: { 200: ZContactMessageListResponse },
  }),
  setMessageHandled: defineEndpoint({
    method: 'PUT',
    path: '/admin/contact-messages/:id/handled',
    access: 'admin',
    tags,
    summary: 'Admins: mark a contact message handled, or new again',
    params: ZMessageIdParams,
    body: ZContactMessageHandledRequest,
    responses: { 200: ZContactMessageResponse },
  }),
};
