import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Asks the provider about transfers that have no final answer yet. */
export const payoutJobs = fp(async (_app: FastifyInstance) => {});
