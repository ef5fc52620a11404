import { ZGetDocsResponse } from '@ipatient/contracts';
import { ZSiteDocsCreateRequest, ZSiteDocsUpdateRequest } from '@ipatient/contracts/site-docs';
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

  app.post(
    '/create-dedocs',
    {
      preHandler: app.requireAdmin,
      config: { audit: { entity: 'site-documents' } },
      schema: {
        tags: ['Website documents'],
        summary: 'Admins: create the website documents (409 once they exist)',
        description:
          "termsAndCondition and aboutUs are HTML (sanitized on write); contactUs is {email, phone, address}; socialMedia (optional) holds https links on each network's own host.",
        security: [{ bearerAuth: [] }],
        body: ZSiteDocsCreateRequest,
        response: { 201: ZGetDocsResponse },
      },
    },
    async (request, reply) => {
      const result = await service.createSiteDocuments(app.db, request.body);
      return reply.status(201).send({ message: 'Website documents created', result });
    },
  );

  app.put(
    '/update-dedocs',
    {
      preHandler: app.requireAdmin,
      config: { audit: { entity: 'site-documents', before: () => service.auditSummary(app.db) } },
      schema: {
        tags: ['Website documents'],
        summary: 'Admins: change any of the website documents',
        description:
          'Each document sent replaces the stored one (socialMedia as a whole: a link left out is removed). Terms that differ from the stored ones move their dateUpdated; the same terms sent again do not.',
        security: [{ bearerAuth: [] }],
        body: ZSiteDocsUpdateRequest,
        response: { 200: ZGetDocsResponse },
      },
    },
    async (request) => ({
      message: 'Website documents updated',
      result: await service.updateSiteDocuments(app.db, request.body),
    }),
  );
};
