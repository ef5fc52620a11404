import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { purgeUnattachedDocuments } from './campaign-documents.service.ts';
import { recordFinishedWeeks } from './weekly-winners.service.ts';

/** Often enough that a week's winner appears minutes after Monday 00:00 in Lagos. */
const WEEKLY_WINNER_CHECK_MS = 5 * 60 * 1000;

/** Documents uploaded but never attached are removed within the hour after their day is up. */
const DOCUMENT_PURGE_MS = 60 * 60 * 1000;

/**
 * Records weekly winners on start and every few minutes, and purges evidence documents never
 * attached to a campaign every hour. Every instance may run both: the week's primary key lets
 * one write win, and a purged row is deleted once.
 */
export const campaignJobs = fp(async (app: FastifyInstance, options: { now?: () => Date } = {}) => {
  const now = options.now ?? (() => new Date());
  let timers: NodeJS.Timeout[] = [];
  /** The runs in progress: closing waits for them, so none meets a closed database pool. */
  let running: Promise<void> | undefined;
  let purging: Promise<void> | undefined;
  const run = () => {
    running ??= recordFinishedWeeks(app.db)
      .then((recorded) => {
        if (recorded > 0) app.log.info({ recorded }, 'weekly campaign winners recorded');
      })
      .catch((error) => app.log.warn({ err: error }, 'recording weekly winners failed'))
      .finally(() => {
        running = undefined;
      });
  };
  const purge = () => {
    purging ??= purgeUnattachedDocuments(app.db, app.storage, now())
      .then((removed) => {
        if (removed > 0) app.log.info({ removed }, 'unattached campaign documents removed');
      })
      .catch((error) => app.log.warn({ err: error }, 'removing unattached documents failed'))
      .finally(() => {
        purging = undefined;
      });
  };
  app.addHook('onReady', async () => {
    run();
    purge();
    timers = [setInterval(run, WEEKLY_WINNER_CHECK_MS), setInterval(purge, DOCUMENT_PURGE_MS)];
    for (const timer of timers) timer.unref();
  });
  app.addHook('onClose', async () => {
    for (const timer of timers) clearInterval(timer);
    await Promise.all([running, purging]);
  });
});
