import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { payoutsDeps } from './payouts.deps.ts';
import { verifyUnsettledPayouts } from './payouts.settle.ts';

/** Often enough that a transfer without an answer is looked at soon after it is due. */
const VERIFY_INTERVAL_MS = 3 * 60 * 1000;

/**
 * Asks the provider about transfers that have no final answer yet, on start and every few
 * minutes. Every instance may run it: each change is conditional on the payout's state, and a
 * restart is claimed by one instance.
 */
export const payoutJobs = fp(async (app: FastifyInstance) => {
  let timer: NodeJS.Timeout | undefined;
  /** The run in progress: closing waits for it, so it never meets a closed database pool. */
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= verifyUnsettledPayouts(payoutsDeps(app))
      .then((done) => {
        if (done.settled + done.restarted > 0) app.log.info(done, 'unsettled payouts checked');
      })
      .catch((error) => app.log.warn({ err: error }, 'checking unsettled payouts failed'))
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, VERIFY_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
});
