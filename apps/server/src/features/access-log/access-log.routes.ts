import { endpoints } from '@ipatient/contracts/endpoints/index';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import * as service from './access-log.service.ts';

/** The access log (who opened which private record), for admins. */
export const accessLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...endpointRoute(app, endpoints.accessLog.list),
    handler: async (request) => ({
      message: 'Access log fetched',
      ...(await service.listAccessLog(app.db, request.query)),
    }),
  });
};
