import { endpoints } from '@ipatient/contracts/endpoints/index';
import { evidenceLimits } from '@ipatient/contracts/evidence-rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { currentUser } from '../../plugins/auth/auth.plugin.ts';
import { AppError } from '../../plugins/errors.ts';
import { readForm } from '../../plugins/multipart.ts';
import * as documents from './campaign-documents.service.ts';
import { adminCampaign } from './campaign-review.service.ts';

const evidence = endpoints.evidence;
const megabytes = evidenceLimits.documentMaxBytes / (1024 * 1024);
const fileLimit = {
  file: {
    maxBytes: evidenceLimits.documentMaxBytes,
    tooLarge: `The document must be at most ${megabytes} MB.`,
  },
};

/** Evidence documents (private, signed links) and the admin's review of a campaign. */
export const evidenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: documents.DocumentsDeps = {
    db: app.db,
    storage: app.storage,
    documentLinkKey: documents.documentLinkKey(app.config.jwtSecret),
  };

  app.route({
    ...endpointRoute(app, evidence.upload),
    handler: async (request, reply) => {
      const form = await readForm(request, fileLimit);
      const result = await documents.uploadDocument(
        deps,
        currentUser(request).user,
        form.fields,
        form.files.file,
      );
      return reply.status(201).send({ message: 'Document uploaded', result });
    },
  });

  app.route({
    ...endpointRoute(app, evidence.list),
    handler: async (request) => ({
      message: 'Documents fetched',
      results: await documents.listCampaignDocuments(
        deps,
        currentUser(request).user,
        request.params.id,
        request.id,
      ),
    }),
  });

  app.route({
    ...endpointRoute(app, evidence.file),
    handler: async (request, reply) => {
      const found = await documents.documentFile(
        deps,
        request.params.id,
        request.query,
        Date.now(),
        request.id,
      );
      reply
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox");
      // A bad, expired or altered link says no more than an unknown document.
      if (!found) throw AppError.notFound('Document');
      reply
        .header('content-type', found.contentType)
        .header('content-disposition', documents.attachmentDisposition(found.fileName));
      if (found.object.contentLength !== undefined) {
        reply.header('content-length', found.object.contentLength);
      }
      // Bytes are sent as they are (the response schema only documents them as binary).
      return reply.send(found.object.body as unknown as string);
    },
  });

  app.route({
    ...endpointRoute(app, endpoints.campaigns.adminGet),
    handler: async (request) => ({
      message: 'Campaign fetched',
      result: await adminCampaign(deps, currentUser(request).user, request.params.id, request.id),
    }),
  });
};
