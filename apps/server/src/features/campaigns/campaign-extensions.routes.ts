import { endpoints } from '@ipatient/contracts/endpoints/index';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { currentUser } from '../../plugins/auth/auth.plugin.ts';
import { usePublicCache } from '../../plugins/public-cache.ts';
import * as service from './campaign-extensions.service.ts';
import { campaignAuditSummary } from './campaign-moderation.service.ts';

const extensions = endpoints.campaignExtensions;

/** More time for a campaign: the organiser's request and the admin's decision. */
export const campaignExtensionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: service.ExtensionDeps = {
    db: app.db,
    mail: app.mail,
    publicUrl: app.config.publicUrl,
  };
  // A decision changes what visitors read: this scope's writes empty their short-lived cache.
  usePublicCache(app);

  app.route({
    ...endpointRoute(app, extensions.request),
    handler: async (request, reply) => {
      const result = await service.requestExtension(
        app.db,
        currentUser(request).user,
        request.params.id,
        request.body,
      );
      return reply.status(201).send({
        message: 'Thank you. Our team will look at your request and email you the answer.',
        result,
      });
    },
  });

  app.route({
    ...endpointRoute(app, extensions.openRequests),
    handler: async (request) => ({
      message: 'Requests fetched',
      ...(await service.listOpenRequests(app.db, currentUser(request).user, request.query)),
    }),
  });

  app.route({
    ...endpointRoute(app, extensions.decide, {
      audit: {
        entity: 'campaign',
        before: (request) => campaignAuditSummary(app.db, (request.params as { id: string }).id),
      },
    }),
    handler: async (request) => {
      const result = await service.decideExtension(
        deps,
        currentUser(request).user,
        request.params.id,
        request.body,
      );
      return {
        message:
          result.decision === 'granted'
            ? `The campaign has ${result.days} more days and the organiser has been told.`
            : 'The request was refused and the organiser has been told why.',
        result,
      };
    },
  });
};
