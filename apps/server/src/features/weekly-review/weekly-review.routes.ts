import { endpoints } from '@ipatient/contracts/endpoints/index';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import * as service from './weekly-review.service.ts';

/** The admins' weekly review of the Green-Heart count. */
export const weeklyReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...endpointRoute(app, endpoints.weeklyReview.get),
    handler: async (request) => ({
      message: 'Weekly review fetched',
      result: await service.weeklyReview(app.db, request.query),
    }),
  });
};
