import { backoffDelayMs, OutboxWorker, type OutboxWorkerOptions } from '../outbox/outbox-worker.ts';
import {
  type ClaimedEmail,
  claimDueEmails,
  markEmailSent,
  recordEmailFailure,
  releaseEmails,
  retryWaitingEmailsNow,
} from './outbox.repository.ts';
import type { MailTransport } from './transports.ts';

/** The worker's clock measures how long a batch has run; when a message is due is the database's. */
export interface MailWorkerOptions extends OutboxWorkerOptions {
  transport: MailTransport;
  /** The sender, e.g. `iPatient <no-reply@ipatient.ng>`. */
  from: string;
  /**
   * How long a claimed message stays reserved for this worker. A batch stops sending after a
   * quarter of it, so a lease always outlives the longest retry delay by a wide margin.
   */
  leaseMs?: number;
}

/** The longest wait between two tries; a sign-in code must not sit for an hour after an outage. */
export const RETRY_MAX_MS = 5 * 60 * 1000;
const DEFAULT_LEASE_MS = 10 * 60 * 1000;

/**
 * Wait before the next try after `attempts` failures: 5 s, 10 s, 20 s … capped at 5 min. Short
 * on purpose: people wait for their codes. A recovered mail server is also noticed at once by
 * the next message that goes through, which makes the whole backlog due (see MailWorker).
 */
export function retryDelayMs(attempts: number): number {
  return backoffDelayMs(attempts, RETRY_MAX_MS);
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

/**
 * Delivers the email outbox: polls for due messages and can be kicked right after a commit.
 * Failed deliveries stay in the outbox and are retried with exponential backoff, so nothing is
 * lost while the mail server is down. Safe to run on many server instances at once.
 */
export class MailWorker extends OutboxWorker {
  readonly transport: MailTransport;
  readonly #from: string;
  readonly #leaseMs: number;
  /** A delivery failed since the last success: the next success means the server is back. */
  #sawFailure = false;

  constructor(options: MailWorkerOptions) {
    // About three hours of retries (5 s … 5 min apart) before a message is given up.
    super(options, { name: 'mail worker', defaultMaxAttempts: 40 });
    this.transport = options.transport;
    this.#from = options.from;
    this.#leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    if (this.#leaseMs / 4 + RETRY_MAX_MS >= this.#leaseMs) {
      throw new Error('leaseMs must be longer than 4/3 of the longest retry delay');
    }
  }

  /** Stops polling, waits for the batch in flight, then closes the transport. */
  override async stop(): Promise<void> {
    await super.stop();
    this.transport.close?.();
  }

  /** Claims and delivers one batch; returns how many messages it claimed. */
  async runOnce(): Promise<number> {
    const startedAt = this.clock.now();
    const batch = await claimDueEmails(this.db, {
      limit: this.batchSize,
      leaseMs: this.#leaseMs,
    });
    for (const [index, email] of batch.entries()) {
      const rest = () => batch.slice(index).map((e) => e.id);
      // Slow sends must not hold the rest past a quarter of the lease: hand them back, due now.
      // This keeps every leased message further in the future than any retry delay.
      if (this.clock.now() - startedAt > this.#leaseMs / 4) {
        await releaseEmails(this.db, rest(), 0);
        break;
      }
      const outcome = await this.#deliver(email);
      if (outcome.serverDown) {
        // The others would only wait on the same dead server: they go back, untried, to be
        // retried together with this one.
        await releaseEmails(this.db, rest().slice(1), outcome.retryInMs);
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
      const giveUp = attempts >= this.maxAttempts;
      const retryInMs = retryDelayMs(attempts);
      const description = describeError(error);
      await recordEmailFailure(this.db, email.id, {
        attempts,
        error: description,
        retryInMs,
        giveUp,
      });
      this.log.warn(
        { emailId: email.id, attempts, error: description, retryInMs: giveUp ? null : retryInMs },
        giveUp ? 'email delivery failed for good' : 'email delivery failed, will retry',
      );
      return { serverDown: isConnectionFailure(error), retryInMs };
    }
    await markEmailSent(this.db, email.id, this.transport.name);
    if (this.#sawFailure) {
      // The mail server accepts messages again: what waits out a retry delay goes now.
      this.#sawFailure = false;
      const due = await retryWaitingEmailsNow(this.db, RETRY_MAX_MS);
      if (due > 0) {
        this.log.info({ emails: due }, 'mail server reachable again: retrying waiting emails now');
        this.runAgain();
      }
    }
    return { serverDown: false, retryInMs: 0 };
  }
}
