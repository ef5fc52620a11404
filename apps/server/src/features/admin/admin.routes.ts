import { endpoints } from '@ipatient/contracts/endpoints/index';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { currentUser } from '../../plugins/auth/auth.plugin.ts';
import * as service from './admin.service.ts';

const admin = endpoints.admin;
const paramId = (request: FastifyRequest) => (request.params as { id: string }).id;

/** The admin console's own API: dashboard counts, audit log, users and the contact inbox. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...endpointRoute(app, admin.dashboard),
    handler: async () => ({
      message: 'Dashboard fetched',
      result: await service.dashboard(app.db),
    }),
  });

  app.route({
    ...endpointRoute(app, admin.audit),
    handler: async (request) => ({
      message: 'Audit entries fetched',
      ...(await service.listAudit(app.db, request.query)),
    }),
  });

  app.route({
    ...endpointRoute(app, admin.auditEntityTypes),
    handler: async () => ({
      message: 'Entity types fetched',
      results: await service.listAuditEntityTypes(app.db),
    }),
  });

  app.route({
    ...endpointRoute(app, admin.users),
    handler: async (request) => ({
      message: 'Users fetched',
      ...(await service.listUsers(app.db, request.query)),
    }),
  });

  const userBefore = (request: FastifyRequest) => service.userAuditState(app.db, paramId(request));

  app.route({
    ...endpointRoute(app, admin.setRole, { audit: { entity: 'user', before: userBefore } }),
    handler: async (request) => ({
      message: 'Role updated',
      result: await service.setUserRole(
        app.db,
        currentUser(request).user,
        request.params.id,
        request.body,
      ),
    }),
  });

  app.route({
    ...endpointRoute(app, admin.setAdvocate, { audit: { entity: 'user', before: userBefore } }),
    handler: async (request) => ({
      message: 'Advocate flag updated',
      result: await service.setUserAdvocate(app.db, request.params.id, request.body.isAdvocate),
    }),
  });

  app.route({
    ...endpointRoute(app, admin.suspend, { audit: { entity: 'user', before: userBefore } }),
    handler: async (request) => ({
      message: 'Account suspended',
      result: await service.suspendUser(
        app.db,
        currentUser(request).user,
        request.params.id,
        request.body.reason,
      ),
    }),
  });

  app.route({
    ...endpointRoute(app, admin.unsuspend, { audit: { entity: 'user', before: userBefore } }),
    handler: async (request) => ({
      message: 'Suspension lifted',
      result: await service.unsuspendUser(app.db, request.params.id),
    }),
  });

  app.route({
    ...endpointRoute(app, admin.contactMessages),
    handler: async (request) => ({
      message: 'Messages fetched',
      ...(await service.listContactMessages(app.db, request.query)),
    }),
  });

  app.route({
    ...endpointRoute(app, admin.setMessageHandled, {
      audit: {
        entity: 'contact-message',
        before: (request) => service.contactMessageAuditState(app.db, paramId(request)),
      },
    }),
    handler: async (request) => ({
      message: request.body.handled ? 'Message marked handled' : 'Message marked new',
      result: await service.setContactMessageHandled(
        app.db,
        request.params.id,
        request.body.handled,
      ),
    }),
  });
};
