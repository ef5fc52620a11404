import { ZGetDocsResponse } from '@ipatient/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as service from './site-docs.service.ts';

export const siteDocsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/get-docs',
    {
      schema: {
        tags: ['Website documents'],
        summary: 'The terms and conditions, about us, contact details and social links',
        response: { 200: ZGetDocsResponse },
      },
    },
    async () => ({
      message: 'Website documents fetched successfully',
      result: await service.getSiteDocuments(app.db),
    }),
  );
};
