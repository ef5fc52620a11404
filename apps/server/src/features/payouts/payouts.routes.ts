import { endpoints } from '@ipatient/contracts/endpoints/index';
import { payoutTexts } from '@ipatient/contracts/payouts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { currentUser } from '../../plugins/auth/auth.plugin.ts';
import * as admin from './payouts.admin.service.ts';
import { payoutsDeps } from './payouts.deps.ts';
import * as service from './payouts.service.ts';
import { handleTransferEvent } from './payouts.settle.ts';

const payouts = endpoints.payouts;

/** Payouts: requested by the organiser, approved and released by two different admins. */
export const payoutsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = payoutsDeps(app);
  app.paymentEvents.on('transfer', (event, data) => handleTransferEvent(deps, event, data));
  /** Admin writes keep the payout as it was in the audit log. */
  const audit = {
    audit: {
      entity: 'payout',
      before: (request: FastifyRequest) =>
        admin.payoutSnapshot(deps, (request.params as { id?: unknown } | undefined)?.id),
    },
  };

  app.route({
    ...endpointRoute(app, payouts.request),
    handler: async (request, reply) => {
      const result = await service.requestPayout(
        deps,
        currentUser(request).user,
        request.params.id,
        request.body,
      );
      return reply.status(201).send({ message: payoutTexts.requested, result });
    },
  });

  app.route({
    ...endpointRoute(app, payouts.listForCampaign),
    handler: async (request) => ({
      message: 'Payouts fetched',
      ...(await service.listCampaignPayouts(deps, currentUser(request).user, request.params.id)),
    }),
  });

  app.route({
    ...endpointRoute(app, payouts.cancel),
    handler: async (request) => ({
      message: payoutTexts.cancelled,
      result: await service.cancelPayout(deps, currentUser(request).user, request.params.id),
    }),
  });

  app.route({
    ...endpointRoute(app, payouts.adminList),
    handler: async (request) => ({
      message: 'Payouts fetched',
      ...(await admin.listForAdmin(deps, request.query)),
    }),
  });

  app.route({
    ...endpointRoute(app, payouts.adminGet),
    handler: async (request) => ({
      message: 'Payout fetched',
      result: await service.listed(app.db, request.params.id, true),
    }),
  });

  app.route({
    ...endpointRoute(app, payouts.approve, audit),
    handler: async (request) => ({
      message: payoutTexts.approved,
      result: await admin.approvePayout(deps, currentUser(request).user, request.params.id),
    }),
  });

  app.route({
    ...endpointRoute(app, payouts.reject, audit),
    handler: async (request) => ({
      message: payoutTexts.rejected,
      result: await admin.rejectPayout(
        deps,
        currentUser(request).user,
        request.params.id,
        request.body.reason,
      ),
    }),
  });

  app.route({
    ...endpointRoute(app, payouts.release, audit),
    handler: async (request, reply) => {
      const { payout, accepted } = await admin.releasePayout(
        deps,
        currentUser(request).user,
        request.params.id,
      );
      if (accepted) {
        return reply.status(202).send({ message: payoutTexts.sentNoAnswer, result: payout });
      }
      return reply.status(200).send({ message: admin.messageOf(payout.status), result: payout });
    },
  });

  app.route({
    ...endpointRoute(app, payouts.finalize, audit),
    handler: async (request) => {
      const result = await admin.finalizePayout(
        deps,
        currentUser(request).user,
        request.params.id,
        request.body.otp,
      );
      return { message: admin.messageOf(result.status), result };
    },
  });

  // The sandbox bank settles transfers by hand: only on a site whose payments are the sandbox.
  if (app.config.payments === 'sandbox') {
    app.route({
      ...endpointRoute(app, payouts.sandboxSettle, audit),
      handler: async (request) => {
        const result = await admin.sandboxSettlePayout(
          deps,
          app.sandboxCheckout,
          (event) => app.deliverSandboxEvent(event),
          request.params.id,
          request.body.outcome,
        );
        return { message: admin.messageOf(result.status), result };
      },
    });
  }
};
