import { endpoints } from '@ipatient/contracts/endpoints/index';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { answerFromRead } from '../../plugins/public-cache.ts';
import * as admin from './admin-money.service.ts';
import { campaignLedger } from './ledger.service.ts';
import { reconcile } from './reconciliation.service.ts';
import * as refunds from './refunds.service.ts';

const money = endpoints.money;
const audit = { audit: { entity: 'refund' } };

/** Sends a CSV export as a download named after what it holds and today's date. */
function sendCsv(reply: FastifyReply, name: string, csv: string) {
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="ipatient-${name}-${day}.csv"`)
    .header('cache-control', 'no-store')
    .send(Buffer.from(csv, 'utf8'));
}

/** The public ledger, refunds, the Green-Heart fund and the admin's money section. */
export const moneyRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: refunds.RefundsDeps = {
    db: app.db,
    payments: app.payments,
    mail: app.mail,
    log: (message, detail) => app.log.warn(detail, message),
  };
  app.paymentEvents.on('refund', (event, data) => refunds.handleRefundEvent(deps, event, data));

  app.route({
    ...endpointRoute(app, money.ledger),
    handler: async (request, reply) => {
      const result = await campaignLedger(app.db, request.auth?.user, request.params.id);
      return answerFromRead(request, reply, result, () => ({ message: 'Ledger fetched', result }));
    },
  });

  app.route({
    ...endpointRoute(app, money.refund, audit),
    handler: async (request, reply) => {
      const adminId = request.auth?.user.id ?? '';
      const outcome = await refunds.startRefund(deps, adminId, request.params.id, request.body);
      return reply
        .status(outcome.status === 202 ? 202 : 201)
        .send({ message: outcome.message, result: outcome.refund });
    },
  });

  app.route({
    ...endpointRoute(app, money.retryRefund, audit),
    handler: async (request, reply) => {
      const outcome = await refunds.retryRefund(deps, request.params.id);
      return reply
        .status(outcome.status === 202 ? 202 : 200)
        .send({ message: outcome.message, result: outcome.refund });
    },
  });

  // The sandbox bank's decision is anyone's to fake, so it exists only on a sandbox site.
  if (app.config.payments === 'sandbox') {
    app.route({
      ...endpointRoute(app, money.sandboxSettleRefund, audit),
      handler: async (request) => ({
        message: 'Sandbox refund settled',
        result: await refunds.sandboxSettleRefund(
          deps,
          app.sandboxCheckout,
          request.params.id,
          request.body.outcome,
          (event) => app.deliverSandboxEvent(event),
        ),
      }),
    });
  }

  app.route({
    ...endpointRoute(app, money.donations),
    handler: async (request) => ({
      message: 'Donations fetched',
      ...(await admin.listDonations(app.db, request.query)),
    }),
  });
  app.route({
    ...endpointRoute(app, money.donationsCsv),
    handler: async (request, reply) =>
      sendCsv(reply, 'donations', await admin.donationsCsv(app.db, request.query)),
  });

  app.route({
    ...endpointRoute(app, money.payouts),
    handler: async (request) => ({
      message: 'Payouts fetched',
      ...(await admin.listPayouts(app.db, request.query)),
    }),
  });
  app.route({
    ...endpointRoute(app, money.payoutsCsv),
    handler: async (request, reply) =>
      sendCsv(reply, 'payouts', await admin.payoutsCsv(app.db, request.query)),
  });

  app.route({
    ...endpointRoute(app, money.refunds),
    handler: async (request) => ({
      message: 'Refunds fetched',
      ...(await admin.listRefunds(app.db, request.query)),
    }),
  });
  app.route({
    ...endpointRoute(app, money.refundsCsv),
    handler: async (request, reply) =>
      sendCsv(reply, 'refunds', await admin.refundsCsv(app.db, request.query)),
  });

  app.route({
    ...endpointRoute(app, money.reconciliation),
    handler: async () => ({ message: 'Reconciliation done', result: await reconcile(app.db) }),
  });
};
