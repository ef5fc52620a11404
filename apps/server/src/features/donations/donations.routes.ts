import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const donationsRoutes: FastifyPluginAsyncZod = async () => {};
