import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The public ledger, refunds, the Green-Heart fund and the admin's money section. */
export const moneyRoutes: FastifyPluginAsyncZod = async () => {};
