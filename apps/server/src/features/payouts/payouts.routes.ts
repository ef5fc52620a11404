import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Payouts: requested by the organiser, approved and released by two different admins. */
export const payoutsRoutes: FastifyPluginAsyncZod = async () => {};
