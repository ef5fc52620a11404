import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const ZHealth = z.object({ status: z.literal('ok') });
const ZReadiness = z.object({
  status: z.enum(['ready', 'not ready']),
  database: z.enum(['up', 'down']),
  migrations: z.object({ applied: z.number(), expected: z.number() }).optional(),
});

/**
 * Longest a readiness check waits for the database. Load balancers probe often and give up after
 * a few seconds: a database that does not answer in this time counts as down.
 */
export const READINESS_TIMEOUT_MS = 1500;

/** The database's migration status, or an error when it does not answer in time. */
async function migrationStatusWithin(
  app: { migrationStatus(): Promise<{ applied: number; expected: number }> },
  timeoutMs: number,
): Promise<{ applied: number; expected: number }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('The database did not answer in time')), timeoutMs);
  });
  const status = app.migrationStatus();
  // The abandoned check still settles later; its failure is not an unhandled rejection.
  status.catch(() => {});
  try {
    return await Promise.race([status, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

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
        const migrations = await migrationStatusWithin(app, READINESS_TIMEOUT_MS);
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
