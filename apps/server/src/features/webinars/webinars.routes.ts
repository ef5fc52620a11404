import {
  ZWebinarRegistrationListQuery,
  ZWebinarRegistrationListResponse,
  ZWebinarRegistrationRequest,
  ZWebinarRegistrationResponse,
} from '@ipatient/contracts/webinars';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as service from './webinars.service.ts';

const tags = ['Webinars'];
const bearer = [{ bearerAuth: [] }];
const ZWebinarIdParams = z.object({
  id: z.string().min(1).max(100, { error: 'Not a webinar id' }),
});

export const webinarsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: service.WebinarDeps = {
    db: app.db,
    mail: app.mail,
    publicUrl: app.config.publicUrl,
  };

  app.post(
    '/webinars/:id/registrations',
    {
      preHandler: app.optionalUser,
      schema: {
        tags,
        summary:
          "'Watch On-Demand': register for a sample webinar (one registration per email per webinar; at most 10 per hour from one network address)",
        description:
          '201 with a confirmation email queued to the registrant; 200 and nothing new when the email is already registered for the webinar; 404 for an unknown webinar.',
        params: ZWebinarIdParams,
        body: ZWebinarRegistrationRequest,
        response: { 200: ZWebinarRegistrationResponse, 201: ZWebinarRegistrationResponse },
      },
    },
    async (request, reply) => {
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
  );

  app.get(
    '/admin/webinar-registrations',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags,
        summary: 'Admins: webinar registrations, newest first, optionally of one webinar',
        security: bearer,
        querystring: ZWebinarRegistrationListQuery,
        response: { 200: ZWebinarRegistrationListResponse },
      },
    },
    async (request) => ({
      message: 'Webinar registrations fetched',
      ...(await service.listRegistrations(app.db, request.query)),
    }),
  );
};
