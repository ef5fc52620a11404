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
} from '@ipatient/contracts/admin';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth/auth.plugin.ts';
import * as service from './admin.service.ts';

const tags = ['Admin'];
const security = [{ bearerAuth: [] }];
const ZUserIdParams = z.object({ id: z.uuid({ error: 'Not a user id' }) });
const ZMessageIdParams = z.object({ id: z.uuid({ error: 'Not a message id' }) });

const paramId = (request: FastifyRequest) => (request.params as { id: string }).id;

/** The admin console's own API: dashboard counts, audit log, users and the contact inbox. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/dashboard',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags,
        summary:
          'Admins: what needs attention (campaigns to review, complaints overdue or due within 2 days, pending reviews, new contact messages)',
        security,
        response: { 200: ZAdminDashboardResponse },
      },
    },
    async () => ({ message: 'Dashboard fetched', result: await service.dashboard(app.db) }),
  );

  app.get(
    '/admin/audit',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags,
        summary: 'Admins: the audit log of admin writes, newest first, with filters',
        description:
          'search matches the summary or the actor name; action matches part of the action ("PUT /api/v1/admin/crowdfunding/{id}/status"); from/to are ISO dates (a date-only `to` includes that whole day).',
        security,
        querystring: ZAuditListQuery,
        response: { 200: ZAuditListResponse },
      },
    },
    async (request) => ({
      message: 'Audit entries fetched',
      ...(await service.listAudit(app.db, request.query)),
    }),
  );

  app.get(
    '/admin/audit/entity-types',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags,
        summary: 'Admins: every entity type that has audit entries (for the filter)',
        security,
        response: { 200: ZAuditEntityTypesResponse },
      },
    },
    async () => ({
      message: 'Entity types fetched',
      results: await service.listAuditEntityTypes(app.db),
    }),
  );

  app.get(
    '/admin/users',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags,
        summary: 'Admins: users, newest first; search by name, email or phone; filter by role',
        security,
        querystring: ZAdminUserListQuery,
        response: { 200: ZAdminUserListResponse },
      },
    },
    async (request) => ({
      message: 'Users fetched',
      ...(await service.listUsers(app.db, request.query)),
    }),
  );

  const userBefore = (request: FastifyRequest) => service.userAuditState(app.db, paramId(request));

  app.put(
    '/admin/users/:id/role',
    {
      preHandler: app.requireAdmin,
      config: { audit: { entity: 'user', before: userBefore } },
      schema: {
        tags,
        summary: "Admins: grant or remove a user's admin role",
        description:
          '409 when removing your own admin role, when it would leave the site without an admin, or for a facility account.',
        security,
        params: ZUserIdParams,
        body: ZUserRoleRequest,
        response: { 200: ZAdminUserResponse },
      },
    },
    async (request) => ({
      message: 'Role updated',
      result: await service.setUserRole(
        app.db,
        currentUser(request).user,
        request.params.id,
        request.body,
      ),
    }),
  );

  app.put(
    '/admin/users/:id/advocate',
    {
      preHandler: app.requireAdmin,
      config: { audit: { entity: 'user', before: userBefore } },
      schema: {
        tags,
        summary: "Admins: set or clear a user's advocate flag",
        security,
        params: ZUserIdParams,
        body: ZUserAdvocateRequest,
        response: { 200: ZAdminUserResponse },
      },
    },
    async (request) => ({
      message: 'Advocate flag updated',
      result: await service.setUserAdvocate(app.db, request.params.id, request.body.isAdvocate),
    }),
  );

  app.put(
    '/admin/users/:id/suspension',
    {
      preHandler: app.requireAdmin,
      config: { audit: { entity: 'user', before: userBefore } },
      schema: {
        tags,
        summary: 'Admins: suspend an account, with a reason',
        description:
          'The account is signed out everywhere at once and cannot sign in, act or get a password reset code until unsuspended; what it published stays. 409 for your own account or an admin (remove the admin role first). Suspending again keeps the date and takes the new reason.',
        security,
        params: ZUserIdParams,
        body: ZUserSuspendRequest,
        response: { 200: ZAdminUserResponse },
      },
    },
    async (request) => ({
      message: 'Account suspended',
      result: await service.suspendUser(
        app.db,
        currentUser(request).user,
        request.params.id,
        request.body.reason,
      ),
    }),
  );

  app.delete(
    '/admin/users/:id/suspension',
    {
      preHandler: app.requireAdmin,
      config: { audit: { entity: 'user', before: userBefore } },
      schema: {
        tags,
        summary: 'Admins: lift the suspension of an account (it can sign in again)',
        security,
        params: ZUserIdParams,
        response: { 200: ZAdminUserResponse },
      },
    },
    async (request) => ({
      message: 'Suspension lifted',
      result: await service.unsuspendUser(app.db, request.params.id),
    }),
  );

  app.get(
    '/admin/contact-messages',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags,
        summary: 'Admins: the contact inbox, newest first; status new, handled or all',
        security,
        querystring: ZContactMessageListQuery,
        response: { 200: ZContactMessageListResponse },
      },
    },
    async (request) => ({
      message: 'Messages fetched',
      ...(await service.listContactMessages(app.db, request.query)),
    }),
  );

  app.put(
    '/admin/contact-messages/:id/handled',
    {
      preHandler: app.requireAdmin,
      config: {
        audit: {
          entity: 'contact-message',
          before: (request) => service.contactMessageAuditState(app.db, paramId(request)),
        },
      },
      schema: {
        tags,
        summary: 'Admins: mark a contact message handled, or new again',
        security,
        params: ZMessageIdParams,
        body: ZContactMessageHandledRequest,
        response: { 200: ZContactMessageResponse },
      },
    },
    async (request) => ({
      message: request.body.handled ? 'Message marked handled' : 'Message marked new',
      result: await service.setContactMessageHandled(
        app.db,
        request.params.id,
        request.body.handled,
      ),
    }),
  );
};
