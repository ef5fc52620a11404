import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Payments } from './payments.ts';
import { paystackPayments } from './paystack.ts';
import { type SandboxControls, sandboxPaymentsProvider, sandboxWebhookSecret } from './sandbox.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Paystack, or the sandbox checkout (no real money), as `config.payments` says. */
    payments: Payments;
    /** The sandbox checkout's controls; undefined unless `config.payments` is sandbox. */
    sandboxCheckout: SandboxControls | undefined;
  }
}

export const paymentsPlugin = fp(async (app: FastifyInstance) => {
  const { payments, paystackSecretKey, paystackBaseUrl, jwtSecret } = app.config;
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
  });
  app.decorate('payments', sandbox);
  app.decorate('sandboxCheckout', sandbox.sandbox);
});
