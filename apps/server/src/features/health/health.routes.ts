import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const ZHealth = z.object({ status: z.literal('ok') });
const ZReadiness = z.object({
  status: z.enum(['ready', 'not ready']),
  database: z.enum(['up', 'down']),
  migrations: z.object({ applied: z.number(), expected: z.number() }).optional(),
});

/** Liveness (the process answers) and readiness (database reachable, migrations applied). */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    { schema: { hide: true, response: { 200: ZHealth } }, logLevel: 'warn' },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  );

  app.get(
    '/readyz',
    { schema: { hide: true, response: { 200: ZReadiness, 503: ZReadiness } }, logLevel: 'warn' },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        const migrations = await app.migrationStatus();
        const ready = migrations.applied >= migrations.expected;
        return reply
          .status(ready ? 200 : 503)
          .send({ status: ready ? 'ready' : 'not ready', database: 'up', migrations });
      } catch {
        return reply.status(503).send({ status: 'not ready', database: 'down' });
      }
    },
  );
};
