import { consentTexts } from '@ipatient/contracts/consents';
import { endpoints } from '@ipatient/contracts/endpoints/index';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { currentUser } from '../../plugins/auth/auth.plugin.ts';
import * as service from './consents.service.ts';

const consents = endpoints.consents;

/** The member's consents, their opt-ins, and the unsubscribe link of marketing emails. */
export const consentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: service.ConsentsDeps = {
    db: app.db,
    publicUrl: app.config.publicUrl,
    unsubscribeKey: service.marketingUnsubscribeKey(app.config.jwtSecret),
  };

  app.route({
    ...endpointRoute(app, consents.get),
    handler: async (request) => ({
      message: 'Your consents',
      result: await service.getMyConsents(app.db, currentUser(request).user.id),
    }),
  });

  app.route({
    ...endpointRoute(app, consents.acceptCurrent),
    handler: async (request) => ({
      message: consentTexts.accepted,
      result: await service.acceptCurrent(app.db, currentUser(request).user.id),
    }),
  });

  app.route({
    ...endpointRoute(app, consents.setMarketingEmails),
    handler: async (request) => {
      const { granted } = request.body;
      return {
        message: granted ? consentTexts.marketingOn : consentTexts.marketingOff,
        result: await service.setMarketingEmails(app.db, currentUser(request).user.id, granted),
      };
    },
  });

  app.route({
    ...endpointRoute(app, consents.setCookies),
    handler: async (request) => ({
      message: consentTexts.cookiesRecorded,
      result: await service.recordCookieChoice(
        app.db,
        currentUser(request).user.id,
        request.body.choice,
      ),
    }),
  });

  app.route({
    ...endpointRoute(app, consents.unsubscribeStatus),
    handler: async (request, reply) => {
      const result = await service.unsubscribeStatus(deps, request.query.token);
      // A personal answer: never stored by a cache on the way.
      reply.header('cache-control', 'no-store');
      return { message: 'Unsubscribe link checked', result };
    },
  });

  app.route({
    // The token is the credential; cookies are never read (see `signedByToken`).
    ...endpointRoute(app, consents.unsubscribe, { signedByToken: true }),
    handler: async (request, reply) => {
      const result = await service.unsubscribe(deps, request.body.token);
      reply.header('cache-control', 'no-store');
      return { message: consentTexts.unsubscribed, result };
    },
  });
};
