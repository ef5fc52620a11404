import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { recordFinishedWeeks } from './weekly-winners.service.ts';

/** Often enough that a week's winner appears minutes after Monday 00:00 in Lagos. */
const WEEKLY_WINNER_CHECK_MS = 5 * 60 * 1000;

/**
 * Records weekly winners on start and every few minutes. Every instance may run it: the week's
 * primary key lets one write win, the others change nothing.
 */
export const campaignJobs = fp(async (app: FastifyInstance) => {
  let timer: NodeJS.Timeout | undefined;
  /** The run in progress: closing waits for it, so it never meets a closed database pool. */
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= recordFinishedWeeks(app.db, new Date(), {
      mail: app.mail,
      publicUrl: app.config.publicUrl,
    })
      .then((recorded) => {
        if (recorded > 0) app.log.info({ recorded }, 'weekly campaign winners recorded');
      })
      .catch((error) => app.log.warn({ err: error }, 'recording weekly winners failed'))
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, WEEKLY_WINNER_CHECK_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
});
