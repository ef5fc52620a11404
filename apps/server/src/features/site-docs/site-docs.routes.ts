import { endpoints } from '@ipatient/contracts/endpoints/index';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { usePublicCache } from '../../plugins/public-cache.ts';
import * as service from './site-docs.service.ts';

const siteDocs = endpoints.siteDocs;

export const siteDocsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Everyone's reads from the short-lived public cache (the documents are public).
  usePublicCache(app);
  app.route({
    ...endpointRoute(app, siteDocs.get, { publicCache: true }),
    handler: async () => ({
      message: 'Website documents fetched successfully',
      result: await service.getSiteDocuments(app.db),
    }),
  });

  app.route({
    ...endpointRoute(app, siteDocs.create, { audit: { entity: 'site-documents' } }),
    handler: async (request, reply) => {
      const result = await service.createSiteDocuments(app.db, request.body);
      return reply.status(201).send({ message: 'Website documents created', result });
    },
  });

  app.route({
    ...endpointRoute(app, siteDocs.update, {
      audit: { entity: 'site-documents', before: () => service.auditSummary(app.db) },
    }),
    handler: async (request) => ({
      message: 'Website documents updated',
      result: await service.updateSiteDocuments(app.db, request.body),
    }),
  });

  app.route({
    ...endpointRoute(app, siteDocs.siteContent, { publicCache: true }),
    handler: async () => ({
      message: 'Site content fetched successfully',
      result: await service.getSiteContent(app.db),
    }),
  });

  app.route({
    ...endpointRoute(app, siteDocs.updateSiteContent, {
      audit: { entity: 'site-content', before: () => service.siteContentAuditSummary(app.db) },
    }),
    handler: async (request) => ({
      message: 'Site content updated',
      result: await service.updateSiteContent(app.db, request.body),
    }),
  });
};
