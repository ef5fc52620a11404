import { donationTexts } from '@ipatient/contracts/donations';
import { endpoints } from '@ipatient/contracts/endpoints/index';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { currentUser } from '../../plugins/auth/auth.plugin.ts';
import { AppError } from '../../plugins/errors.ts';
import type { PaymentEvent } from '../../plugins/payments/payment-events.ts';
import { hasValidSignature } from '../../plugins/payments/payments.ts';
import { answerFromRead } from '../../plugins/public-cache.ts';
import * as receipts from './donation-receipts.service.ts';
import * as service from './donations.service.ts';
import * as fund from './green-heart-fund.service.ts';
import * as sandbox from './sandbox-checkout.service.ts';

const donations = endpoints.donations;
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

export const donationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: service.DonationsDeps = {
    db: app.db,
    payments: app.payments,
    mail: app.mail,
    sms: app.sms,
    publicUrl: app.config.publicUrl,
    receiptKey: receipts.receiptLinkKey(app.config.jwtSecret),
    log: (message, detail) => app.log.warn(detail, message),
  };
  app.paymentEvents.on('charge', (event, data) => service.handleChargeEvent(deps, event, data));

  app.route({
    ...endpointRoute(app, donations.initialize),
    handler: async (request, reply) => {
      const result = await service.initializeDonation(
        deps,
        request.auth?.user,
        request.body,
        request.clientKey,
        request.siteUrl,
      );
      return reply.status(201).send({ message: donationTexts.initialized, result });
    },
  });

  app.route({
    ...endpointRoute(app, donations.verify),
    handler: async (request) => ({
      message: 'Donation fetched',
      result: await service.verifyDonation(deps, request.params.reference),
    }),
  });

  app.route({
    ...endpointRoute(app, donations.list),
    handler: async (request, reply) => {
      const page = await service.listDonations(
        app.db,
        request.auth?.user,
        request.params.id,
        request.query,
      );
      return answerFromRead(request, reply, page, () => ({
        message: 'Donations fetched',
        ...page,
      }));
    },
  });

  app.route({
    ...endpointRoute(app, donations.mine),
    handler: async (request) => ({
      message: 'Donations fetched',
      ...(await receipts.listMyDonations(
        app.db,
        deps.receiptKey,
        currentUser(request).user.id,
        request.query,
      )),
    }),
  });

  app.route({
    ...endpointRoute(app, donations.receipt),
    handler: async (request) => ({
      message: 'Donation fetched',
      result: await receipts.donationReceipt(app.db, deps.receiptKey, request.query),
    }),
  });

  app.route({
    ...endpointRoute(app, donations.fund),
    handler: async () => ({
      message: 'Green-Heart fund fetched',
      result: await fund.fundSummary(app.db),
    }),
  });

  app.route({
    ...endpointRoute(app, donations.fundDonations),
    handler: async (request) => ({
      message: 'Donations fetched',
      ...(await fund.listFundDonations(app.db, request.query)),
    }),
  });

  app.route({
    ...endpointRoute(app, donations.setFundAward, {
      audit: { entity: 'green-heart-fund', before: () => fund.awardSetting(app.db) },
    }),
    handler: async (request) => ({
      message: donationTexts.awardSet,
      result: await fund.setWeeklyAward(app.db, currentUser(request).user.id, request.body),
    }),
  });

  // Anyone may mark a sandbox payment paid, so these routes exist only on a sandbox site.
  if (app.config.payments === 'sandbox') {
    app.route({
      ...endpointRoute(app, donations.sandboxCheckout),
      handler: async (request) => ({
        message: 'Sandbox checkout fetched',
        result: await sandbox.sandboxCheckout(deps, app.sandboxCheckout, request.params.reference),
      }),
    });

    app.route({
      ...endpointRoute(app, donations.sandboxComplete),
      handler: async (request) => {
        const result = await sandbox.completeSandboxCheckout(
          app.sandboxCheckout,
          request.params.reference,
          request.body.outcome,
          request.body.channel,
          (payload) => app.deliverSandboxEvent(payload),
        );
        return { message: 'Sandbox payment completed', result };
      },
    });
  }

  // The webhook needs the raw body for its signature: its own JSON parser, in its own context.
  await app.register(async (hook) => {
    hook.removeContentTypeParser('application/json');
    hook.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    hook.route({
      ...endpointRoute(hook, donations.webhook),
      handler: async (request) => {
        const raw = request.body;
        if (!Buffer.isBuffer(raw)) {
          throw new AppError('BAD_REQUEST', 'Send the event as JSON');
        }
        if (
          !hasValidSignature(
            app.payments.webhookSecret,
            raw,
            request.headers['x-paystack-signature'],
          )
        ) {
          throw new AppError('UNAUTHENTICATED', 'Invalid signature');
        }
        let payload: PaymentEvent;
        try {
          payload = JSON.parse(raw.toString('utf8')) as PaymentEvent;
        } catch {
          throw new AppError('BAD_REQUEST', 'The event is not valid JSON');
        }
        if (typeof payload !== 'object' || payload === null) {
          throw new AppError('BAD_REQUEST', 'The event is not a JSON object');
        }
        await app.paymentEvents.dispatch(payload);
        return { message: 'Event received' };
      },
    });
  });
};
