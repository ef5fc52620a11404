import { dataExportTexts } from '@ipatient/contracts/data-exports';
import { endpoints } from '@ipatient/contracts/endpoints/index';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { currentUser } from '../../plugins/auth/auth.plugin.ts';
import * as service from './data-exports.service.ts';

/** The member's right to a copy of their data: ask, see the requests, download. */
export const dataExportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = {
    db: app.db,
    storage: app.storage,
    now: () => new Date(),
  };

  app.route({
    ...endpointRoute(app, endpoints.dataExports.request),
    handler: async (request, reply) => {
      const result = await service.requestExport(deps, currentUser(request).user.id);
      app.dataExportJobs.kick();
      return reply.status(201).send({ message: dataExportTexts.requested, result });
    },
  });

  app.route({
    ...endpointRoute(app, endpoints.dataExports.list),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return {
        message: 'Your data requests.',
        results: await service.listExports(deps, currentUser(request).user.id),
      };
    },
  });

  app.route({
    ...endpointRoute(app, endpoints.dataExports.download),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store').header('x-content-type-options', 'nosniff');
      const { user } = currentUser(request);
      try {
        const found = await service.openDownload(
          deps,
          user,
          request.params.id,
          request.query.token,
          request.id,
        );
        reply
          .header('content-type', 'application/zip')
          .header('content-disposition', `attachment; filename="${found.fileName}"`);
        if (found.object.contentLength !== undefined) {
          reply.header('content-length', found.object.contentLength);
        }
        // Bytes are sent as they are (the response schema only documents them as binary).
        return reply.send(found.object.body as unknown as string);
      } catch (error) {
        if (!(error instanceof service.ExpiredExport)) throw error;
        // 410 is not one of the API's error codes: the answer is written here, in their shape.
        return (reply as unknown as FastifyReply)
          .status(410)
          .type('application/json; charset=utf-8')
          .send(JSON.stringify({ message: dataExportTexts.expired, code: 'GONE' }));
      }
    },
  });
};
