import { endpoints } from '@ipatient/contracts/endpoints/index';
import { formDraftCookie, formDraftLimits } from '@ipatient/contracts/form-drafts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteCookie } from '../../lib/cookies.ts';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import * as service from './form-drafts.service.ts';

/**
 * What a signed-out person typed before being sent to log in. The only key to a draft is the
 * random token in the holder's HttpOnly cookie (stored hashed), so no one else can read it.
 */
export const formDraftsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: service.FormDraftsDeps = { db: app.db };
  const cookieOptions = {
    ...siteCookie(app.config),
    httpOnly: true,
    maxAge: formDraftLimits.lifetimeMinutes * 60,
  };

  app.route({
    ...endpointRoute(app, endpoints.formDrafts.save),
    handler: async (request, reply) => {
      const token = service.validToken(request.cookies[formDraftCookie]) ?? service.newToken();
      const { expiresAt } = await service.saveDraft(deps, token, request.body, request.clientKey);
      reply.setCookie(formDraftCookie, token, cookieOptions);
      return { message: 'Your form is kept.', result: { expiresAt: expiresAt.toISOString() } };
    },
  });

  app.route({
    ...endpointRoute(app, endpoints.formDrafts.take),
    handler: async (request) => {
      const token = service.validToken(request.cookies[formDraftCookie]);
      const fields = await service.takeDraft(deps, token, request.body.path);
      return {
        message: fields ? 'Your kept form.' : 'Nothing was kept for this page.',
        result: fields ? { fields } : null,
      };
    },
  });
};
