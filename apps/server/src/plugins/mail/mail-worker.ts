import type { Database } from '@ipatient/db';
import {
  type ClaimedEmail,
  claimDueEmails,
  markEmailSent,
  recordEmailFailure,
} from './outbox.repository.ts';
import type { MailTransport } from './transports.ts';

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
  /** How long a claimed message stays reserved for this worker; longer than a batch can take. */
  leaseMs?: number;
}

const RETRY_BASE_MS = 30_000;
const RETRY_MAX_MS = 60 * 60 * 1000;

/** Wait before the next try after `attempts` failures: 30 s, 1 min, 2 min … capped at 1 h. */
export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);
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
  #running = false;
  #timer: NodeJS.Timeout | undefined;
  #current: Promise<void> | undefined;
  #again = false;

  constructor(options: MailWorkerOptions) {
    this.transport = options.transport;
    this.#db = options.db;
    this.#from = options.from;
    this.#log = options.log ?? silentLog;
    this.#pollIntervalMs = options.pollIntervalMs ?? 2000;
    this.#batchSize = options.batchSize ?? 10;
    this.#maxAttempts = options.maxAttempts ?? 10;
    this.#leaseMs = options.leaseMs ?? 10 * 60 * 1000;
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

  /** Stops polling and waits for the batch in flight; leaves no timer behind. */
  async stop(): Promise<void> {
    this.#running = false;
    this.#clearTimer();
    await this.#current;
    this.transport.close?.();
  }

  /** Claims and delivers one batch; returns how many messages it claimed. */
  async runOnce(): Promise<number> {
    const batch = await claimDueEmails(this.#db, {
      limit: this.#batchSize,
      leaseMs: this.#leaseMs,
    });
    for (const email of batch) await this.#deliver(email);
    return batch.length;
  }

  async #deliver(email: ClaimedEmail): Promise<void> {
    try {
      await this.transport.send(email, this.#from);
    } catch (error) {
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
      return;
    }
    await markEmailSent(this.#db, email.id, this.transport.name);
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
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.kick();
    }, this.#pollIntervalMs);
    this.#timer.unref();
  }

  #clearTimer(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}
