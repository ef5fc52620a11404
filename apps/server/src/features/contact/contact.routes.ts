import { contactSentMessage } from '@ipatient/contracts/contact';
import { endpoints } from '@ipatient/contracts/endpoints/index';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import * as service from './contact.service.ts';

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: service.ContactDeps = { db: app.db, mail: app.mail };

  app.route({
    ...endpointRoute(app, endpoints.contact.send),
    handler: async (request) => {
      await service.sendContactMessage(deps, request.body, request.clientKey);
      return { message: contactSentMessage };
    },
  });
};
