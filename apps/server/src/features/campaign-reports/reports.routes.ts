import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Reports of a campaign by visitors, and the admins' queue. */
export const campaignReportsRoutes: FastifyPluginAsyncZod = async () => {};
