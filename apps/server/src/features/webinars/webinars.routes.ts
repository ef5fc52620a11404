import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const webinarsRoutes: FastifyPluginAsyncZod = async () => {};
