import { backoffDelayMs, OutboxWorker, type OutboxWorkerOptions } from '../outbox/outbox-worker.ts';
import {
  type ClaimedSms,
  claimDueSms,
  failStaleSending,
  markSmsFailed,
  markSmsSent,
  recordSmsRefused,
} from './sms-outbox.repository.ts';
import { type SmsProvider, SmsSendError } from './transports.ts';

export interface SmsWorkerOptions extends OutboxWorkerOptions {
  provider: SmsProvider;
  /**
   * How long a message may stay `sending` (handed to the provider, answer not recorded) before
   * it is marked `failed`. Far longer than a provider call may take.
   */
  sendingTimeoutMs?: number;
}

/** The longest wait between two tries: a code is useless after its ten minutes. */
export const SMS_RETRY_MAX_MS = 2 * 60 * 1000;
const DEFAULT_SENDING_TIMEOUT_MS = 10 * 60 * 1000;

export const staleSendingError =
  'The worker stopped while handing this message to the provider, so it is not known whether it was sent. It is not sent again, to avoid a duplicate text.';

/**
 * Delivers the SMS outbox exactly once. A due message is first marked `sending` (committed),
 * then handed to the provider; its answer is recorded as `sent`, or, when the provider surely did
 * not take it, the message goes back to `pending` with a growing wait (`failed` after the last
 * try). A message whose outcome is unknown (timeout, crash mid-call) is marked `failed` and never
 * sent again: one missing text is better than a receipt or a code sent twice. Its clock, not the
 * database's, decides when a message is due.
 */
export class SmsWorker extends OutboxWorker {
  readonly provider: SmsProvider;
  readonly #sendingTimeoutMs: number;

  constructor(options: SmsWorkerOptions) {
    // About half an hour of tries (5 s … 2 min apart) before a message is given up.
    super(options, { name: 'SMS worker', defaultMaxAttempts: 20 });
    this.provider = options.provider;
    this.#sendingTimeoutMs = options.sendingTimeoutMs ?? DEFAULT_SENDING_TIMEOUT_MS;
  }

  /** Gives up stale `sending` messages, then claims and delivers one batch; returns how many it claimed. */
  async runOnce(): Promise<number> {
    const now = new Date(this.clock.now());
    const stale = await failStaleSending(this.db, now, staleSendingError);
    if (stale > 0) this.log.warn({ messages: stale }, 'texts left in sending marked failed');
    const batch = await claimDueSms(this.db, {
      now,
      limit: this.batchSize,
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
          this.db,
          sms.id,
          `${description}. It is not known whether the provider took it, so it is not sent again.`,
        );
        this.log.error({ smsId: sms.id, error: description }, 'text message outcome unknown');
        return;
      }
      const giveUp = sms.attempts >= this.maxAttempts;
      const retryInMs = backoffDelayMs(sms.attempts, SMS_RETRY_MAX_MS);
      await recordSmsRefused(this.db, sms.id, {
        error: description,
        retryAt: new Date(this.clock.now() + retryInMs),
        giveUp,
      });
      this.log.warn(
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
    await markSmsSent(this.db, sms.id, {
      deliveredVia: this.provider.name,
      providerMessageId,
      now: new Date(this.clock.now()),
    });
  }
}
