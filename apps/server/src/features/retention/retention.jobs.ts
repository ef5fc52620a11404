import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { purgeExpiredData } from './retention.service.ts';

/** How often the retention purge runs (also once on start). */
export const RETENTION_INTERVAL_MS = 60 * 60 * 1000;

/** Purges data past its retention period on start and hourly (every instance may run it). */
export const retentionJobs = fp(async (app: FastifyInstance) => {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= purgeExpiredData({ db: app.db })
      .then((purged) => {
        if (Object.values(purged).some((count) => count > 0)) {
          app.log.info({ purged }, 'data past its retention period deleted');
        }
      })
      .catch((error) => app.log.warn({ err: error }, 'retention purge failed'))
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, RETENTION_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
});
