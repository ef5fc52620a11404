import type { Database } from '@ipatient/db';
import {
  type ClaimedEmail,
  claimDueEmails,
  markEmailSent,
  recordEmailFailure,
  releaseEmails,
  retryWaitingEmailsNow,
} from './outbox.repository.ts';
import type { MailTransport } from './transports.ts';

/**
 * Where the worker reads the time (how long a batch has run) and waits between two looks at the
 * outbox. When a message is due is the database's clock, shared by every instance.
 */
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

interface WorkerLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface MailWorkerOptions {
  db: Database;
  transport: MailTransport;
  /** The sender, e.g. `iPatient <no-reply@ipatient.ng>`. */
  from: string;
  log?: WorkerLog;
  /** How often the outbox is checked when nobody kicks the worker. */
  pollIntervalMs?: number;
  batchSize?: number;
  /** After this many failed attempts a message is marked 'failed'. */
  maxAttempts?: number;
  /**
   * How long a claimed message stays reserved for this worker. A batch stops sending after a
   * quarter of it, so a lease always outlives the longest retry delay by a wide margin.
   */
  leaseMs?: number;
  /** The time and the poll timer; tests pass a clock they move by hand. */
  clock?: WorkerClock;
}

const RETRY_BASE_MS = 5000;
/** The longest wait between two tries; a sign-in code must not sit for an hour after an outage. */
export const RETRY_MAX_MS = 5 * 60 * 1000;
const DEFAULT_LEASE_MS = 10 * 60 * 1000;

/**
 * Wait before the next try after `attempts` failures: 5 s, 10 s, 20 s … capped at 5 min. Short
 * on purpose: people wait for their codes. A recovered mail server is also noticed at once by
 * the next message that goes through, which makes the whole backlog due (see MailWorker).
 */
export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);
}

/**
 * The mail server itself could not be reached or dropped the connection (as opposed to refusing
 * one message): every other message would fail the same way, so there is no point trying them.
 */
export function isConnectionFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code, responseCode } = error as { code?: unknown; responseCode?: unknown };
  // 421: the server is closing the channel (busy, shutting down).
  if (responseCode === 421) return true;
  return (
    typeof code === 'string' &&
    ['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNREFUSED', 'ECONNRESET'].includes(code)
  );
}

function describeError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === 'string' ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}

const silentLog: WorkerLog = { info() {}, warn() {}, error() {} };

/**
 * Delivers the email outbox: polls for due messages and can be kicked right after a commit.
 * Failed deliveries stay in the outbox and are retried with exponential backoff, so nothing is
 * lost while the mail server is down. Safe to run on many server instances at once.
 */
export class MailWorker {
  readonly transport: MailTransport;
  readonly #db: Database;
  readonly #from: string;
  readonly #log: WorkerLog;
  readonly #pollIntervalMs: number;
  readonly #batchSize: number;
  readonly #maxAttempts: number;
  readonly #leaseMs: number;
  readonly #clock: WorkerClock;
  #running = false;
  #timer: unknown;
  #current: Promise<void> | undefined;
  #again = false;
  /** A delivery failed since the last success: the next success means the server is back. */
  #sawFailure = false;

  constructor(options: MailWorkerOptions) {
    this.transport = options.transport;
    this.#db = options.db;
    this.#from = options.from;
    this.#log = options.log ?? silentLog;
    this.#pollIntervalMs = options.pollIntervalMs ?? 2000;
    this.#batchSize = options.batchSize ?? 10;
    // About three hours of retries (5 s … 5 min apart) before a message is given up.
    this.#maxAttempts = options.maxAttempts ?? 40;
    this.#leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.#clock = options.clock ?? systemClock;
    if (this.#leaseMs / 4 + RETRY_MAX_MS >= this.#leaseMs) {
      throw new Error('leaseMs must be longer than 4/3 of the longest retry delay');
    }
  }

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
   * the backlog a recovered mail server made due). The next poll is not waited for.
   */
  async whenIdle(): Promise<void> {
    while (this.#current) await this.#current;
  }

  /** Stops polling and waits for the batch in flight; leaves no timer behind. */
  async stop(): Promise<void> {
    this.#running = false;
    this.#clearTimer();
    await this.#current;
    this.transport.close?.();
  }

  /** Claims and delivers one batch; returns how many messages it claimed. */
  async runOnce(): Promise<number> {
    const startedAt = this.#clock.now();
    const batch = await claimDueEmails(this.#db, {
      limit: this.#batchSize,
      leaseMs: this.#leaseMs,
    });
    for (const [index, email] of batch.entries()) {
      const rest = () => batch.slice(index).map((e) => e.id);
      // Slow sends must not hold the rest past a quarter of the lease: hand them back, due now.
      // This keeps every leased message further in the future than any retry delay.
      if (this.#clock.now() - startedAt > this.#leaseMs / 4) {
        await releaseEmails(this.#db, rest(), 0);
        break;
      }
      const outcome = await this.#deliver(email);
      if (outcome.serverDown) {
        // The others would only wait on the same dead server: they go back, untried, to be
        // retried together with this one.
        await releaseEmails(this.#db, rest().slice(1), outcome.retryInMs);
        break;
      }
    }
    return batch.length;
  }

  async #deliver(email: ClaimedEmail): Promise<{ serverDown: boolean; retryInMs: number }> {
    try {
      await this.transport.send(email, this.#from);
    } catch (error) {
      this.#sawFailure = true;
      const attempts = email.attempts + 1;
      const giveUp = attempts >= this.#maxAttempts;
      const retryInMs = retryDelayMs(attempts);
      const description = describeError(error);
      await recordEmailFailure(this.#db, email.id, {
        attempts,
        error: description,
        retryInMs,
        giveUp,
      });
      this.#log.warn(
        { emailId: email.id, attempts, error: description, retryInMs: giveUp ? null : retryInMs },
        giveUp ? 'email delivery failed for good' : 'email delivery failed, will retry',
      );
      return { serverDown: isConnectionFailure(error), retryInMs };
    }
    await markEmailSent(this.#db, email.id, this.transport.name);
    if (this.#sawFailure) {
      // The mail server accepts messages again: what waits out a retry delay goes now.
      this.#sawFailure = false;
      const due = await retryWaitingEmailsNow(this.#db, RETRY_MAX_MS);
      if (due > 0) {
        this.#log.info({ emails: due }, 'mail server reachable again: retrying waiting emails now');
        this.#again = true;
      }
    }
    return { serverDown: false, retryInMs: 0 };
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
        if (claimed < this.#batchSize) break;
      }
    } catch (error) {
      // The database may be briefly unreachable; the next poll tries again.
      this.#log.error({ err: error }, 'mail worker could not process the outbox');
    }
  }

  #schedule(): void {
    this.#timer = this.#clock.setTimeout(() => {
      this.#timer = undefined;
      this.kick();
    }, this.#pollIntervalMs);
  }

  #clearTimer(): void {
    if (this.#timer !== undefined) this.#clock.clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}
