import { setImmediate } from 'node:timers/promises';
import pLimit from 'p-limit';

/**
 * Runs tasks at most `concurrency` at a time, first come first served (p-limit), each one
 * started on a later turn of the event loop.
 *
 * Why the turn: a task whose data is all in memory (a page of cached reads for a known session)
 * never waits on anything, and p-limit starts the next waiting task as soon as one ends, in the
 * same run of promise callbacks. A queue of such tasks would then run one after another in one
 * go, and meanwhile no request could be read, no database answer handled and no timer run.
 */
export function takingTurns(concurrency: number) {
  const limit = pLimit(concurrency);
  return <T>(task: () => Promise<T>): Promise<T> =>
    limit(async () => {
      await setImmediate();
      return task();
    });
}
