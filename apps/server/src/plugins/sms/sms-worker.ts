import type { Database } from '@ipatient/db';
import { systemClock, type WorkerClock } from '../mail/mail-worker.ts';
import {
  type ClaimedSms,
  claimDueSms,
  failStaleSending,
  markSmsFailed,
  markSmsSent,
  recordSmsRefused,
} from './sms-outbox.repository.ts';
import { type SmsProvider, SmsSendError } from './transports.ts';

interface WorkerLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface SmsWorkerOptions {
  db: Database;
  provider: SmsProvider;
  log?: WorkerLog;
  pollIntervalMs?: number;
  batchSize?: number;
  /** After this many tries the provider refused, a message is marked `failed`. */
  maxAttempts?: number;
  /**
   * How long a message may stay `sending` (handed to the provider, answer not recorded) before
   * it is marked `failed`. Far longer than a provider call may take.
   */
  sendingTimeoutMs?: number;
  /** The time (when a message is due) and the poll timer; tests move it by hand. */
  clock?: WorkerClock;
}

const RETRY_BASE_MS = 5000;
/** The longest wait between two tries: a code is useless after its ten minutes. */
export const SMS_RETRY_MAX_MS = 2 * 60 * 1000;
const DEFAULT_SENDING_TIMEOUT_MS = 10 * 60 * 1000;

/** Wait before the next try after `attempts` refused tries: 5 s, 10 s, 20 s … capped at 2 min. */
export function smsRetryDelayMs(attempts: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), SMS_RETRY_MAX_MS);
}

export const staleSendingError =
  'The worker stopped while handing this message to the provider, so it is not known whether it was sent. It is not sent again, to avoid a duplicate text.';

const silentLog: WorkerLog = { info() {}, warn() {}, error() {} };

/**
 * Delivers the SMS outbox exactly once. A due message is first marked `sending` (committed),
 * then handed to the provider; its answer is recorded as `sent`, or, when the provider surely did
 * not take it, the message goes back to `pending` with a growing wait (`failed` after the last
 * try). A message whose outcome is unknown (timeout, crash mid-call) is marked `failed` and never
 * sent again: one missing text is better than a receipt or a code sent twice.
 */
export class SmsWorker {
  readonly provider: SmsProvider;
  readonly #db: Database;
  readonly #log: WorkerLog;
  readonly #pollIntervalMs: number;
  readonly #batchSize: number;
  readonly #maxAttempts: number;
  readonly #sendingTimeoutMs: number;
  readonly #clock: WorkerClock;
  #running = false;
  #timer: unknown;
  #current: Promise<void> | undefined;
  #again = false;

  constructor(options: SmsWorkerOptions) {
    this.provider = options.provider;
    this.#db = options.db;
    this.#log = options.log ?? silentLog;
    this.#pollIntervalMs = options.pollIntervalMs ?? 2000;
    this.#batchSize = options.batchSize ?? 10;
    // About half an hour of tries (5 s … 2 min apart) before a message is given up.
    this.#maxAttempts = options.maxAttempts ?? 20;
    this.#sendingTimeoutMs = options.sendingTimeoutMs ?? DEFAULT_SENDING_TIMEOUT_MS;
    this.#clock = options.clock ?? systemClock;
  }

  get running(): boolean {
    return this.#running;
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.kick();
  }

  /** Delivers due messages now (call it after the transaction that queued them commits). */
  kick(): void {
    if (!this.#running) return;
    if (this.#current) {
      this.#again = true;
      return;
    }
    this.#run();
  }

  /** Resolves once no batch is in flight and none is about to follow. */
  async whenIdle(): Promise<void> {
    while (this.#current) await this.#current;
  }

  async stop(): Promise<void> {
    this.#running = false;
    this.#clearTimer();
    await this.#current;
  }

  /** Gives up stale `sending` messages, then claims and delivers one batch; returns how many it claimed. */
  async runOnce(): Promise<number> {
    const now = new Date(this.#clock.now());
    const stale = await failStaleSending(this.#db, now, staleSendingError);
    if (stale > 0) this.#log.warn({ messages: stale }, 'texts left in sending marked failed');
    const batch = await claimDueSms(this.#db, {
      now,
      limit: this.#batchSize,
      sendingTimeoutMs: this.#sendingTimeoutMs,
    });
    for (const sms of batch) await this.#deliver(sms);
    return batch.length;
  }

  async #deliver(sms: ClaimedSms): Promise<void> {
    let providerMessageId: string | null;
    try {
      ({ providerMessageId } = await this.provider.send(sms));
    } catch (error) {
      const notAccepted = error instanceof SmsSendError && error.notAccepted;
      const description = error instanceof Error ? error.message : String(error);
      if (!notAccepted) {
        await markSmsFailed(
          this.#db,
          sms.id,
          `${description}. It is not known whether the provider took it, so it is not sent again.`,
        );
        this.#log.error({ smsId: sms.id, error: description }, 'text message outcome unknown');
        return;
      }
      const giveUp = sms.attempts >= this.#maxAttempts;
      const retryInMs = smsRetryDelayMs(sms.attempts);
      await recordSmsRefused(this.#db, sms.id, {
        error: description,
        retryAt: new Date(this.#clock.now() + retryInMs),
        giveUp,
      });
      this.#log.warn(
        {
          smsId: sms.id,
          attempts: sms.attempts,
          error: description,
          retryInMs: giveUp ? null : retryInMs,
        },
        giveUp ? 'text message failed for good' : 'text message refused, will retry',
      );
      return;
    }
    await markSmsSent(this.#db, sms.id, {
      deliveredVia: this.provider.name,
      providerMessageId,
      now: new Date(this.#clock.now()),
    });
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
      this.#log.error({ err: error }, 'SMS worker could not process the outbox');
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
