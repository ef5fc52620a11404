import { ZMessageResponse } from '@ipatient/contracts/accounts';
import { contactSentMessage, ZContactRequest } from '@ipatient/contracts/contact';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as service from './contact.service.ts';

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: service.ContactDeps = { db: app.db, mail: app.mail };

  app.post(
    '/contact-us',
    {
      schema: {
        tags: ['Contact'],
        summary: "Send a message to the site's team (at most 5 per hour from one network address)",
        body: ZContactRequest,
        response: { 200: ZMessageResponse },
      },
    },
    async (request) => {
      await service.sendContactMessage(deps, request.body, request.clientKey);
      return { message: contactSentMessage };
    },
  );
};
