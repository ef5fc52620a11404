import { complaintMessages } from '@ipatient/contracts/advocacy';
import { advocacyResources } from '@ipatient/contracts/advocacy-resources';
import { endpoints } from '@ipatient/contracts/endpoints/index';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { currentUser } from '../../plugins/auth/auth.plugin.ts';
import * as service from './complaints.service.ts';

const complaints = endpoints.complaints;

/** The list of resources: everything but the guides' long text. */
const resourceList = advocacyResources.map(
  ({ slug, kind, title, summary, minutes, available }) => ({
    _id: slug,
    kind,
    title,
    summary,
    minutes,
    available,
  }),
);

export const complaintsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: service.ComplaintsDeps = {
    db: app.db,
    mail: app.mail,
    sms: app.sms,
    publicUrl: app.config.publicUrl,
  };

  /** The complaint as it was before an admin changes it, for the audit log. */
  const complaintBefore = (request: { params: unknown }) =>
    service.complaintAuditSummary(app.db, (request.params as { id?: unknown }).id);

  app.route({
    ...endpointRoute(app, complaints.create),
    handler: async (request, reply) => {
      const result = await service.createComplaint(deps, currentUser(request).user, request.body);
      return reply.status(201).send({ message: complaintMessages.created, result });
    },
  });

  app.route({
    ...endpointRoute(app, complaints.listOfUser),
    handler: async (request) => {
      const page = await service.listUserComplaints(
        app.db,
        currentUser(request).user,
        request.params.userId,
        request.query,
        request.id,
      );
      return { message: complaintMessages.listed, ...page, result: page.results };
    },
  });

  app.route({
    ...endpointRoute(app, complaints.get),
    handler: async (request) => ({
      message: complaintMessages.fetched,
      result: await service.getComplaint(
        app.db,
        currentUser(request).user,
        request.params.id,
        request.id,
      ),
    }),
  });

  app.route({
    ...endpointRoute(app, complaints.update),
    handler: async (request) => ({
      message: complaintMessages.updated,
      result: await service.updateComplaint(
        app.db,
        currentUser(request).user,
        request.params.id,
        request.body,
      ),
    }),
  });

  app.route({
    // Recorded when an admin deletes someone's complaint.
    ...endpointRoute(app, complaints.remove, {
      audit: { entity: 'complaint', adminOnly: true, before: complaintBefore },
    }),
    handler: async (request) => {
      await service.deleteComplaint(app.db, currentUser(request).user, request.params.id);
      return { message: complaintMessages.deleted };
    },
  });

  app.route({
    ...endpointRoute(app, complaints.changeStatus, {
      audit: { entity: 'complaint', before: complaintBefore },
    }),
    handler: async (request) => ({
      message: complaintMessages.statusChanged,
      result: await service.changeComplaintStatus(
        deps,
        currentUser(request).user,
        request.params.id,
        request.body,
      ),
    }),
  });

  app.route({
    ...endpointRoute(app, complaints.list),
    handler: async (request) => ({
      message: complaintMessages.listed,
      ...(await service.listAllComplaints(
        app.db,
        request.query,
        currentUser(request).user,
        request.id,
      )),
    }),
  });

  app.route({
    ...endpointRoute(app, complaints.resources),
    handler: async () => ({ message: complaintMessages.filesFetched, results: resourceList }),
  });
};
