import { reportTexts } from '@ipatient/contracts/campaign-reports';
import { endpoints } from '@ipatient/contracts/endpoints/index';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { currentUser } from '../../plugins/auth/auth.plugin.ts';
import * as service from './reports.service.ts';

const reports = endpoints.campaignReports;

/** Reports of a campaign by visitors, and the admins' queue. */
export const campaignReportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: service.ReportsDeps = {
    db: app.db,
    mail: app.mail,
    publicUrl: app.config.publicUrl,
  };
  /** Admin writes keep the report (with its campaign's hold) as it was in the audit log. */
  const audit = {
    audit: {
      entity: 'campaign-report',
      before: (request: FastifyRequest) =>
        service.reportSnapshot(deps, (request.params as { id?: unknown } | undefined)?.id),
    },
  };

  app.route({
    ...endpointRoute(app, reports.form),
    handler: async (request) => ({
      message: 'Campaign fetched',
      result: await service.reportForm(deps, request.params.id),
    }),
  });

  app.route({
    ...endpointRoute(app, reports.create),
    handler: async (request, reply) => {
      await service.createReport(
        deps,
        request.auth?.user,
        request.params.id,
        request.body,
        request.clientKey,
      );
      return reply.status(201).send({ message: reportTexts.received });
    },
  });

  app.route({
    ...endpointRoute(app, reports.adminList),
    handler: async (request) => ({
      message: 'Reports fetched',
      ...(await service.listReports(deps, request.query)),
    }),
  });

  app.route({
    ...endpointRoute(app, reports.adminGet),
    handler: async (request) => ({
      message: 'Report fetched',
      result: await service.getReport(deps, request.params.id),
    }),
  });

  app.route({
    ...endpointRoute(app, reports.holdPayouts, audit),
    handler: async (request) => service.holdPayouts(deps, request.params.id),
  });

  app.route({
    ...endpointRoute(app, reports.releasePayouts, audit),
    handler: async (request) => service.releasePayouts(deps, request.params.id),
  });

  app.route({
    ...endpointRoute(app, reports.close, audit),
    handler: async (request) =>
      service.closeReport(deps, currentUser(request).user, request.params.id, request.body),
  });
};
