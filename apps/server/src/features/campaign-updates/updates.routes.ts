import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Organisers' updates, donors' words of support and thanks. */
export const campaignUpdatesRoutes: FastifyPluginAsyncZod = async () => {};
