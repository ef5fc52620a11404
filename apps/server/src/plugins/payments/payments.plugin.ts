import { endpoints } from '@ipatient/contracts/endpoints/index';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type PaymentEvent, PaymentEvents } from './payment-events.ts';
import { type Payments, signWebhook } from './payments.ts';
import { paystackPayments } from './paystack.ts';
import {
  type SandboxControls,
  type SandboxEvent,
  sandboxPaymentsProvider,
  sandboxWebhookSecret,
} from './sandbox.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Paystack, or the sandbox (no real money), as `config.payments` says. */
    payments: Payments;
    /** The sandbox's controls; undefined unless `config.payments` is sandbox. */
    sandboxCheckout: SandboxControls | undefined;
    /** Who handles which provider event (charge.*, transfer.*, refund.*): one webhook for all. */
    paymentEvents: PaymentEvents;
    /**
     * Sends an event to the site's own webhook, signed as the provider signs it (the sandbox's
     * way of answering, as Paystack would). Resolves with the webhook's status code.
     */
    deliverSandboxEvent(event: SandboxEvent): Promise<number>;
  }
}

/** Where the provider's webhooks arrive (the one URL set in Paystack's dashboard). */
export const WEBHOOK_PATH = `/api/v1${endpoints.donations.webhook.path}`;

export const paymentsPlugin = fp(async (app: FastifyInstance) => {
  const { payments, paystackSecretKey, paystackBaseUrl, jwtSecret, sandboxTransferOtp } =
    app.config;
  app.decorate(
    'paymentEvents',
    new PaymentEvents((message, detail) => app.log.warn(detail, message)),
  );
  app.decorate('deliverSandboxEvent', async (event: SandboxEvent) => {
    const body = JSON.stringify(event satisfies PaymentEvent);
    const response = await app.inject({
      method: 'POST',
      url: WEBHOOK_PATH,
      headers: {
        'content-type': 'application/json',
        'x-paystack-signature': signWebhook(app.payments.webhookSecret, body),
      },
      payload: body,
    });
    if (response.statusCode !== 200) {
      app.log.error({ status: response.statusCode, event: event.event }, 'sandbox webhook refused');
    }
    return response.statusCode;
  });
  if (payments === 'paystack' && paystackSecretKey) {
    app.decorate(
      'payments',
      paystackPayments({
        secretKey: paystackSecretKey,
        baseUrl: paystackBaseUrl,
        log: (message, detail) => app.log.warn(detail, message),
      }),
    );
    app.decorate('sandboxCheckout', undefined);
    return;
  }
  const sandbox = sandboxPaymentsProvider({
    db: app.db,
    secret: sandboxWebhookSecret(jwtSecret),
    transferOtp: sandboxTransferOtp,
  });
  app.decorate('payments', sandbox);
  app.decorate('sandboxCheckout', sandbox.sandbox);
});
