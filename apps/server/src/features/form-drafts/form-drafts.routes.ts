import {
  formDraftCookie,
  formDraftLimits,
  ZFormDraftSaveRequest,
  ZFormDraftSaveResponse,
  ZFormDraftTakeRequest,
  ZFormDraftTakeResponse,
} from '@ipatient/contracts/form-drafts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as service from './form-drafts.service.ts';

const tags = ['Form drafts'];

/**
 * What a signed-out person typed before being sent to log in. The only key to a draft is the
 * random token in the holder's HttpOnly cookie (stored hashed), so no one else can read it.
 */
export const formDraftsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: service.FormDraftsDeps = { db: app.db };
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: app.config.publicUrl.startsWith('https:'),
    maxAge: formDraftLimits.lifetimeMinutes * 60,
  };

  app.put(
    '/form-drafts',
    {
      schema: {
        tags,
        summary: `Keep what was typed into a form for ${formDraftLimits.lifetimeMinutes} minutes (at most ${formDraftLimits.savesPerAddress} per network address per ${formDraftLimits.windowMinutes} minutes)`,
        description:
          'For a form that needs an account: what a visitor typed before logging in. Never passwords or codes. The key is a random token in an HttpOnly cookie, set here when the visitor has none.',
        body: ZFormDraftSaveRequest,
        response: { 200: ZFormDraftSaveResponse },
      },
    },
    async (request, reply) => {
      const token = service.validToken(request.cookies[formDraftCookie]) ?? service.newToken();
      const { expiresAt } = await service.saveDraft(deps, token, request.body, request.clientKey);
      reply.setCookie(formDraftCookie, token, cookieOptions);
      return { message: 'Your form is kept.', result: { expiresAt: expiresAt.toISOString() } };
    },
  );

  app.post(
    '/form-drafts/take',
    {
      schema: {
        tags,
        summary: 'Hand over the kept form of a page, once (null when there is none)',
        description:
          'Only the holder of the cookie can take a draft; it is deleted as it is handed over. Expired drafts are never returned.',
        body: ZFormDraftTakeRequest,
        response: { 200: ZFormDraftTakeResponse },
      },
    },
    async (request) => {
      const token = service.validToken(request.cookies[formDraftCookie]);
      const fields = await service.takeDraft(deps, token, request.body.path);
      return {
        message: fields ? 'Your kept form.' : 'Nothing was kept for this page.',
        result: fields ? { fields } : null,
      };
    },
  );
};
