import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { eraseDeletedAccounts } from './account-deletion.service.ts';

/** Deleted accounts are erased within minutes, well inside the retention period. */
const ERASE_INTERVAL_MS = 5 * 60 * 1000;

/** Erases deleted accounts on start and every few minutes (every instance may run it). */
export const accountDeletionJobs = fp(async (app: FastifyInstance) => {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= eraseDeletedAccounts({ db: app.db, storage: app.storage })
      .then((erased) => {
        if (erased > 0) app.log.info({ erased }, 'deleted accounts erased');
      })
      .catch((error) => app.log.warn({ err: error }, 'erasing deleted accounts failed'))
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, ERASE_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
});
