import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type BankLookup, paystackBankLookup, sandboxBankLookup } from './bank-lookup.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Paystack, or the sandbox resolver (made-up names), as `config.payments` says. */
    bankLookup: BankLookup;
  }
}

export const bankLookupPlugin = fp(async (app: FastifyInstance) => {
  const { payments, paystackSecretKey, paystackBaseUrl } = app.config;
  app.decorate(
    'bankLookup',
    payments === 'paystack' && paystackSecretKey
      ? paystackBankLookup({
          secretKey: paystackSecretKey,
          baseUrl: paystackBaseUrl,
          log: (message, detail) => app.log.warn(detail, message),
        })
      : sandboxBankLookup(),
  );
});
