import { endpoints } from '@ipatient/contracts/endpoints/index';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import * as service from './webinars.service.ts';

const webinars = endpoints.webinars;

export const webinarsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: service.WebinarDeps = {
    db: app.db,
    mail: app.mail,
    publicUrl: app.config.publicUrl,
  };

  app.route({
    ...endpointRoute(app, webinars.register),
    handler: async (request, reply) => {
      const outcome = await service.register(
        deps,
        request.params.id,
        request.body,
        request.clientKey,
        request.auth?.user.id,
      );
      return reply.status(outcome === 'registered' ? 201 : 200).send({
        message: service.outcomeMessage(outcome),
        result: { webinarId: request.params.id },
      });
    },
  });

  app.route({
    ...endpointRoute(app, webinars.registrations),
    handler: async (request) => ({
      message: 'Webinar registrations fetched',
      ...(await service.listRegistrations(app.db, request.query)),
    }),
  });
};
