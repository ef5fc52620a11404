import {
  and,
  desc,
  type EmailStatus,
  type Executor,
  emailOutbox,
  eq,
  inArray,
  sql,
} from '@ipatient/db';
import { dueRows } from '../outbox/outbox.repository.ts';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * For a message the recipient may stop (a campaign's update emails): the address that stops
   * it in one click, sent as List-Unsubscribe with List-Unsubscribe-Post (RFC 8058).
   */
  listUnsubscribe?: string | null | undefined;
}

/** A message the worker has claimed and must now deliver. */
export interface ClaimedEmail extends OutgoingEmail {
  id: string;
  /** Failed attempts so far. */
  attempts: number;
}

export interface OutboxEntry extends OutgoingEmail {
  id: string;
  status: EmailStatus;
  attempts: number;
  nextAttemptAt: Date;
  lastError: string | null;
  deliveredVia: string | null;
  sentAt: Date | null;
  createdAt: Date;
}

/**
 * Queues an email. Pass the transaction of the change that causes it: the email then exists
 * exactly when that change was committed.
 */
/**
 * Queues an email in the caller's transaction. An address under the reserved `.invalid` top-level
 * domain can never be delivered (a deleted account's address becomes one), so nothing is written
 * for it rather than retrying it until it fails.
 */
export async function enqueueEmail(executor: Executor, email: OutgoingEmail): Promise<void> {
  if (/\.invalid$/i.test(email.to.trim())) return;
  await executor.insert(emailOutbox).values({
    to: email.to,
    subject: email.subject,
    text: email.text,
    html: email.html,
    listUnsubscribe: email.listUnsubscribe ?? null,
  });
}

const afterMs = (ms: number) =>
  sql`now() + (${Math.round(ms)}::integer * interval '1 millisecond')`;

/**
 * Claims up to `limit` due messages for one worker. The rows are locked with SKIP LOCKED and
 * leased by moving `next_attempt_at` past `leaseMs`, so no other instance picks them up while
 * they are being sent, and a worker that dies mid-send leaves them due again after the lease.
 */
export async function claimDueEmails(
  executor: Executor,
  options: { limit: number; leaseMs: number },
): Promise<ClaimedEmail[]> {
  const result = await executor.execute<{
    id: string;
    to: string;
    subject: string;
    text: string;
    html: string;
    listUnsubscribe: string | null;
    attempts: number;
  }>(sql`
    ${dueRows(emailOutbox, { now: sql`now()`, limit: options.limit })}
    update ${emailOutbox}
    set next_attempt_at = ${afterMs(options.leaseMs)}
    from due
    where ${emailOutbox.id} = due.id
    returning ${emailOutbox.id} as id, ${emailOutbox.to} as "to", ${emailOutbox.subject} as subject,
      ${emailOutbox.text} as text, ${emailOutbox.html} as html,
      ${emailOutbox.listUnsubscribe} as "listUnsubscribe", ${emailOutbox.attempts} as attempts`);
  return result.rows.map((row) => ({
    id: row.id,
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    listUnsubscribe: row.listUnsubscribe,
    attempts: Number(row.attempts),
  }));
}

export async function markEmailSent(
  executor: Executor,
  id: string,
  deliveredVia: string,
): Promise<void> {
  await executor
    .update(emailOutbox)
    .set({ status: 'sent', deliveredVia, sentAt: sql`now()`, lastError: null })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'pending')));
}

/** Records a failed attempt: retried after `retryInMs`, or given up on when `giveUp`. */
export async function recordEmailFailure(
  executor: Executor,
  id: string,
  failure: { attempts: number; error: string; retryInMs: number; giveUp: boolean },
): Promise<void> {
  await executor
    .update(emailOutbox)
    .set({
      attempts: failure.attempts,
      lastError: failure.error.slice(0, 2000),
      status: failure.giveUp ? 'failed' : 'pending',
      nextAttemptAt: afterMs(failure.retryInMs),
    })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'pending')));
}

/**
 * Puts claimed messages back without counting an attempt (they were not tried): due again
 * after `delayMs`. Used when the mail server is unreachable, so the rest of a batch does not
 * wait on timeouts one by one, and when a batch has run too long to keep holding its lease.
 */
export async function releaseEmails(
  executor: Executor,
  ids: string[],
  delayMs: number,
): Promise<void> {
  if (ids.length === 0) return;
  await executor
    .update(emailOutbox)
    .set({ nextAttemptAt: afterMs(delayMs) })
    .where(and(inArray(emailOutbox.id, ids), eq(emailOutbox.status, 'pending')));
}

/**
 * Makes every message that waits out a retry delay due now (the mail server answers again, so
 * the backlog need not wait for its backoff). Only waits up to `longestDelayMs` are touched:
 * messages leased by a worker that is sending them are due later than that, and stay its own.
 */
export async function retryWaitingEmailsNow(
  executor: Executor,
  longestDelayMs: number,
): Promise<number> {
  const rows = await executor
    .update(emailOutbox)
    .set({ nextAttemptAt: sql`now()` })
    .where(
      and(
        eq(emailOutbox.status, 'pending'),
        sql`${emailOutbox.nextAttemptAt} > now()`,
        sql`${emailOutbox.nextAttemptAt} <= ${afterMs(longestDelayMs)}`,
      ),
    )
    .returning({ id: emailOutbox.id });
  return rows.length;
}

/** The outbox newest first, optionally for one recipient (compared case-insensitively). */
export async function listEmails(
  executor: Executor,
  options: { to?: string; limit?: number } = {},
): Promise<OutboxEntry[]> {
  return executor
    .select()
    .from(emailOutbox)
    .where(options.to ? sql`lower(${emailOutbox.to}) = lower(${options.to})` : undefined)
    .orderBy(desc(emailOutbox.createdAt))
    .limit(options.limit ?? 100);
}
