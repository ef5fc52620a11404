import { ZMessageResponse } from '@ipatient/contracts/accounts';
import {
  donationLimits,
  donationTexts,
  ZDonationInitializeRequest,
  ZDonationInitializeResponse,
  ZDonationListQuery,
  ZDonationListResponse,
  ZDonationReferenceParams,
  ZDonationVerificationResponse,
  ZSandboxCheckoutResponse,
  ZSandboxCompleteRequest,
  ZSandboxCompleteResponse,
} from '@ipatient/contracts/donations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../plugins/errors.ts';
import { hasValidSignature, signWebhook } from '../../plugins/payments/payments.ts';
import * as service from './donations.service.ts';

const tags = ['Donations'];
const ZIdParams = z.object({ id: z.uuid({ error: 'Not a campaign id' }) });
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

export const donationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: service.DonationsDeps = {
    db: app.db,
    payments: app.payments,
    mail: app.mail,
    publicUrl: app.config.publicUrl,
    log: (message, detail) => app.log.warn(detail, message),
  };
  const webhookUrl = `${app.prefix}/donations/webhook`;

  app.post(
    '/donations/initialize',
    {
      preHandler: app.optionalUser,
      schema: {
        tags,
        summary: `Start a donation to a live campaign (at most ${donationLimits.initializationsPerAddress} per network address per ${donationLimits.initializationWindowMinutes} minutes)`,
        description:
          'Writes a pending donation and answers where to send the donor: Paystack’s checkout, or the sandbox checkout on a site whose payments are the sandbox. The signed-in member, if any, is recorded.',
        body: ZDonationInitializeRequest,
        response: { 201: ZDonationInitializeResponse },
      },
    },
    async (request, reply) => {
      const result = await service.initializeDonation(
        deps,
        request.auth?.user,
        request.body,
        request.clientKey,
        request.siteUrl,
      );
      return reply.status(201).send({ message: donationTexts.initialized, result });
    },
  );

  app.get(
    '/donations/verify/:reference',
    {
      schema: {
        tags,
        summary: 'The state of a donation (asks the provider while it is pending)',
        params: ZDonationReferenceParams,
        response: { 200: ZDonationVerificationResponse },
      },
    },
    async (request) => ({
      message: 'Donation fetched',
      result: await service.verifyDonation(deps, request.params.reference),
    }),
  );

  app.get(
    '/crowdfunding/:id/donations',
    {
      preHandler: app.optionalUser,
      schema: {
        tags,
        summary: 'The counted donations of a campaign, newest first',
        params: ZIdParams,
        querystring: ZDonationListQuery,
        response: { 200: ZDonationListResponse },
      },
    },
    async (request) => ({
      message: 'Donations fetched',
      ...(await service.listDonations(
        app.db,
        request.auth?.user,
        request.params.id,
        request.query,
      )),
    }),
  );

  // Anyone may mark a sandbox payment paid, so these routes exist only on a sandbox site.
  if (app.config.payments === 'sandbox') {
    app.get(
      '/donations/sandbox/:reference',
      {
        schema: {
          tags,
          summary: 'The sandbox checkout of a donation (only when payments are the sandbox)',
          params: ZDonationReferenceParams,
          response: { 200: ZSandboxCheckoutResponse },
        },
      },
      async (request) => ({
        message: 'Sandbox checkout fetched',
        result: await service.sandboxCheckout(deps, app.sandboxCheckout, request.params.reference),
      }),
    );

    app.post(
      '/donations/sandbox/:reference/complete',
      {
        schema: {
          tags,
          summary:
            'The sandbox checkout’s Pay or Fail button: delivers the signed webhook and answers the return page’s address',
          params: ZDonationReferenceParams,
          body: ZSandboxCompleteRequest,
          response: { 200: ZSandboxCompleteResponse },
        },
      },
      async (request) => {
        const result = await service.completeSandboxCheckout(
          app.sandboxCheckout,
          request.params.reference,
          request.body.outcome,
          async (payload) => {
            const body = JSON.stringify(payload);
            const response = await app.inject({
              method: 'POST',
              url: webhookUrl,
              headers: {
                'content-type': 'application/json',
                'x-paystack-signature': signWebhook(app.payments.webhookSecret, body),
              },
              payload: body,
            });
            if (response.statusCode !== 200) {
              app.log.error({ status: response.statusCode }, 'sandbox webhook refused');
            }
          },
        );
        return { message: 'Sandbox payment completed', result };
      },
    );
  }

  // The webhook needs the raw body for its signature: its own JSON parser, in its own context.
  await app.register(async (hook) => {
    hook.removeContentTypeParser('application/json');
    hook.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    hook.post(
      '/donations/webhook',
      {
        schema: {
          tags,
          summary: 'Payment provider webhook (x-paystack-signature: HMAC-SHA512 of the raw body)',
          response: { 200: ZMessageResponse },
        },
      },
      async (request) => {
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
        let payload: service.WebhookEvent;
        try {
          payload = JSON.parse(raw.toString('utf8')) as service.WebhookEvent;
        } catch {
          throw new AppError('BAD_REQUEST', 'The event is not valid JSON');
        }
        if (typeof payload !== 'object' || payload === null) {
          throw new AppError('BAD_REQUEST', 'The event is not a JSON object');
        }
        await service.handleWebhook(deps, payload);
        return { message: 'Event received' };
      },
    );
  });
};
