import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { purgeExpiredDrafts } from './form-drafts.service.ts';

/** Expired drafts hold health details no one will collect: deleted within minutes. */
const PURGE_INTERVAL_MS = 5 * 60 * 1000;

/** Deletes expired form drafts on start and every few minutes (every instance may run it). */
export const formDraftJobs = fp(async (app: FastifyInstance) => {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= purgeExpiredDrafts({ db: app.db })
      .then((purged) => {
        if (purged > 0) app.log.info({ purged }, 'expired form drafts deleted');
      })
      .catch((error) => app.log.warn({ err: error }, 'deleting expired form drafts failed'))
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, PURGE_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
});
