import type { Database } from '@ipatient/db';
import type { FastifyInstance } from 'fastify';

/**
 * What the email and the SMS outbox workers share: the loop that looks at an outbox every poll
 * interval or at once when kicked, drains it batch by batch, and stops cleanly; the backoff
 * between tries; the clock and log they use. How a message is claimed and what a failed send
 * means stay with each worker (`runOnce`), because there they differ on purpose.
 */

/** The worker's time and poll timer; tests pass a clock they move by hand (ManualClock). */
export interface WorkerClock {
  now(): number;
  /** Calls `callback` once after `ms`; a pending call must not keep the process alive. */
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: WorkerClock = {
  now: () => Date.now(),
  setTimeout(callback, ms) {
    const timer = setTimeout(callback, ms);
    timer.unref();
    return timer;
  },
  clearTimeout(handle) {
    clearTimeout(handle as NodeJS.Timeout);
  },
};

export interface WorkerLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const silentLog: WorkerLog = { info() {}, warn() {}, error() {} };

/** Wait before the next try after `attempts` failed tries: 5 s, 10 s, 20 s … capped at `maxMs`. */
export function backoffDelayMs(attempts: number, maxMs: number): number {
  return Math.min(5000 * 2 ** Math.max(0, attempts - 1), maxMs);
}

export interface OutboxWorkerOptions {
  db: Database;
  log?: WorkerLog;
  /** How often the outbox is checked when nobody kicks the worker. */
  pollIntervalMs?: number;
  batchSize?: number;
  /** After this many failed tries a message is marked `failed`. */
  maxAttempts?: number;
  clock?: WorkerClock;
}

/**
 * Polls an outbox and can be kicked right after a commit. One batch runs at a time: a kick
 * during a batch makes another follow it, and full batches follow each other until the outbox
 * is drained. A database error is logged and left to the next poll.
 */
export abstract class OutboxWorker {
  protected readonly db: Database;
  protected readonly log: WorkerLog;
  protected readonly clock: WorkerClock;
  protected readonly batchSize: number;
  protected readonly maxAttempts: number;
  readonly #pollIntervalMs: number;
  /** Who this is in the log, e.g. `mail worker`. */
  readonly #name: string;
  #running = false;
  #timer: unknown;
  #current: Promise<void> | undefined;
  #again = false;

  constructor(
    options: OutboxWorkerOptions,
    settings: { name: string; defaultMaxAttempts: number },
  ) {
    this.db = options.db;
    this.log = options.log ?? silentLog;
    this.clock = options.clock ?? systemClock;
    this.batchSize = options.batchSize ?? 10;
    this.maxAttempts = options.maxAttempts ?? settings.defaultMaxAttempts;
    this.#pollIntervalMs = options.pollIntervalMs ?? 2000;
    this.#name = settings.name;
  }

  /** Claims and delivers one batch; returns how many messages it claimed. */
  abstract runOnce(): Promise<number>;

  get running(): boolean {
    return this.#running;
  }

  /** Starts polling and delivers what is already due. */
  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.kick();
  }

  /** Delivers due messages now (call it after the transaction that queued them commits). */
  kick(): void {
    if (!this.#running) return;
    if (this.#current) {
      // A batch is in flight: look again as soon as it ends.
      this.#again = true;
      return;
    }
    this.#run();
  }

  /**
   * Resolves once no batch is in flight and none is about to follow (a kick during a batch, or
   * one asked for by `runAgain`). The next poll is not waited for.
   */
  async whenIdle(): Promise<void> {
    while (this.#current) await this.#current;
  }

  /** Stops polling and waits for the batch in flight; leaves no timer behind. */
  async stop(): Promise<void> {
    this.#running = false;
    this.#clearTimer();
    await this.#current;
  }

  /** From within a batch: look at the outbox again as soon as it ends, not at the next poll. */
  protected runAgain(): void {
    this.#again = true;
  }

  #run(): void {
    this.#clearTimer();
    this.#again = false;
    this.#current = this.#drain().finally(() => {
      this.#current = undefined;
      if (!this.#running) return;
      if (this.#again) this.#run();
      else this.#schedule();
    });
  }

  async #drain(): Promise<void> {
    try {
      while (this.#running) {
        const claimed = await this.runOnce();
        if (claimed < this.batchSize) break;
      }
    } catch (error) {
      // The database may be briefly unreachable; the next poll tries again.
      this.log.error({ err: error }, `${this.#name} could not process the outbox`);
    }
  }

  #schedule(): void {
    this.#timer = this.clock.setTimeout(() => {
      this.#timer = undefined;
      this.kick();
    }, this.#pollIntervalMs);
  }

  #clearTimer(): void {
    if (this.#timer !== undefined) this.clock.clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}

/** Starts the worker once the app is ready, and stops it (after its batch) when the app closes. */
export function runWithApp(app: FastifyInstance, worker: OutboxWorker): void {
  app.addHook('onReady', async () => {
    worker.start();
  });
  app.addHook('onClose', async () => {
    await worker.stop();
  });
}
