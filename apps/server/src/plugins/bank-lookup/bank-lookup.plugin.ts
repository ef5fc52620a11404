import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type BankLookup, paystackBankLookup, sandboxBankLookup } from './bank-lookup.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Paystack when PAYSTACK_SECRET_KEY is set, else the sandbox resolver. */
    bankLookup: BankLookup;
  }
}

export const bankLookupPlugin = fp(async (app: FastifyInstance) => {
  const { paystackSecretKey, paystackBaseUrl } = app.config;
  app.decorate(
    'bankLookup',
    paystackSecretKey
      ? paystackBankLookup({
          secretKey: paystackSecretKey,
          baseUrl: paystackBaseUrl,
          log: (message, detail) => app.log.warn(detail, message),
        })
      : sandboxBankLookup(),
  );
});
