import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { recordFinishedWeeks } from './campaigns.service.ts';

/** Often enough that a week's winner appears minutes after Monday 00:00 in Lagos. */
const WEEKLY_WINNER_CHECK_MS = 5 * 60 * 1000;

/**
 * Records weekly winners on start and every few minutes. Every instance may run it: the week's
 * primary key lets one write win, the others change nothing.
 */
export const campaignJobs = fp(async (app: FastifyInstance) => {
  let timer: NodeJS.Timeout | undefined;
  const run = () =>
    recordFinishedWeeks(app.db)
      .then((recorded) => {
        if (recorded > 0) app.log.info({ recorded }, 'weekly campaign winners recorded');
      })
      .catch((error) => app.log.warn({ err: error }, 'recording weekly winners failed'));
  app.addHook('onReady', async () => {
    void run();
    timer = setInterval(run, WEEKLY_WINNER_CHECK_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
});
