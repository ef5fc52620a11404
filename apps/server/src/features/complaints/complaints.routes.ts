import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const complaintsRoutes: FastifyPluginAsyncZod = async () => {};
