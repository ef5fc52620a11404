import { ZGetDocsResponse } from '@ipatient/contracts';
import { ZSiteContentRequest, ZSiteContentResponse } from '@ipatient/contracts/site-content';
import { ZSiteDocsCreateRequest, ZSiteDocsUpdateRequest } from '@ipatient/contracts/site-docs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as service from './site-docs.service.ts';

export const siteDocsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/get-docs',
    {
      schema: {
        tags: ['Website documents'],
        summary:
          'The terms and conditions, about us, contact details, social links and site content',
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

  app.get(
    '/site-content',
    {
      schema: {
        tags: ['Website documents'],
        summary: 'The site content: trust line, timeline, awards year and categories, demo notice',
        description:
          'The same siteContent GET /get-docs answers: each part as an admin saved it, else the launch text.',
        response: { 200: ZSiteContentResponse },
      },
    },
    async () => ({
      message: 'Site content fetched successfully',
      result: await service.getSiteContent(app.db),
    }),
  );

  app.put(
    '/admin/site-content',
    {
      preHandler: app.requireAdmin,
      config: {
        audit: { entity: 'site-content', before: () => service.siteContentAuditSummary(app.db) },
      },
      schema: {
        tags: ['Website documents'],
        summary: 'Admins: change the site content',
        description:
          "Any of heroTrustLine ('' shows none), timeline (1-4 years, each with 1-8 items of an optional figure and a text), awards ({year, categories: exactly two of {name, awards: [{title, description}]}}) and demoNotice; each part sent replaces the stored one. 404 before the website documents exist.",
        security: [{ bearerAuth: [] }],
        body: ZSiteContentRequest,
        response: { 200: ZSiteContentResponse },
      },
    },
    async (request) => ({
      message: 'Site content updated',
      result: await service.updateSiteContent(app.db, request.body),
    }),
  );
};
