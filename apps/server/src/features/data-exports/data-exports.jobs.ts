import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type DataExportsDeps, prepareNext, purgeExpired } from './data-exports.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    dataExportJobs: {
      /** Starts preparing waiting data exports now (after a request) instead of at the next tick. */
      kick(): void;
      /** Set before the app is ready, the job never runs on its own (tests run it themselves). */
      manual: boolean;
    };
  }
}

/** Waiting requests are retried, and expired files deleted, this often. */
const INTERVAL_MS = 60 * 1000;
/** At most this many exports in one run, so one run never holds the worker for long. */
const PER_RUN = 10;

/** Prepares members' data exports in the background and deletes expired ones. */
export const dataExportJobs = fp(async (app: FastifyInstance) => {
  const deps = (): DataExportsDeps => ({
    db: app.db,
    storage: app.storage,
    mail: app.mail,
    publicUrl: app.config.publicUrl,
    now: () => new Date(),
  });
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  const runOnce = async () => {
    await purgeExpired(deps());
    for (let done = 0; done < PER_RUN; done += 1) {
      if (!(await prepareNext(deps()))) break;
    }
  };
  const run = () => {
    if (running) {
      again = true;
      return;
    }
    running = runOnce()
      .catch((error) => app.log.warn({ err: error }, 'preparing data exports failed'))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          run();
        }
      });
  };
  const control = {
    manual: false,
    kick: () => {
      if (!control.manual) run();
    },
  };
  app.decorate('dataExportJobs', control);
  app.addHook('onReady', async () => {
    if (control.manual) return;
    run();
    timer = setInterval(run, INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
});
