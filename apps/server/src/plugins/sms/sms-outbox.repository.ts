import { and, desc, type Executor, eq, type SmsStatus, smsOutbox, sql, users } from '@ipatient/db';
import { dueRows } from '../outbox/outbox.repository.ts';

/** What the outbox says about a message: `code`, `receipt` or `complaint`. */
export type SmsKind = 'code' | 'receipt' | 'complaint';

export interface OutgoingSms {
  /** E.164, e.g. +2348031234567. */
  to: string;
  text: string;
  kind: SmsKind;
}

/** A message the worker has marked `sending` and must now hand to the provider, once. */
export interface ClaimedSms extends OutgoingSms {
  id: string;
  /** Tries so far, this one included. */
  attempts: number;
}

export interface SmsEntry extends OutgoingSms {
  id: string;
  status: SmsStatus;
  attempts: number;
  nextAttemptAt: Date;
  lastError: string | null;
  deliveredVia: string | null;
  providerMessageId: string | null;
  sentAt: Date | null;
  createdAt: Date;
}

/**
 * Queues a text message. Pass the transaction of the change that causes it: the message then
 * exists exactly when that change was committed.
 */
export async function enqueueSms(executor: Executor, sms: OutgoingSms): Promise<void> {
  await executor.insert(smsOutbox).values({ to: sms.to, text: sms.text, kind: sms.kind });
}

/**
 * Queues a text to a member only when they asked for texts: `sms_updates` on and a verified
 * number, read in the same statement (and transaction) as the insert. Returns whether one was
 * queued.
 */
export async function enqueueSmsForMember(
  executor: Executor,
  userId: string,
  sms: Omit<OutgoingSms, 'to'>,
): Promise<boolean> {
  const result = await executor.execute(sql`
    insert into ${smsOutbox} (${sql.identifier('to')}, ${sql.identifier('text')}, ${sql.identifier('kind')})
    select ${users.phone}, ${sms.text}, ${sms.kind}
    from ${users}
    where ${users.id} = ${userId}
      and ${users.smsUpdates}
      and ${users.phoneVerifiedAt} is not null
      and ${users.deletedAt} is null`);
  return (result.rowCount ?? 0) > 0;
}

/**
 * Claims up to `limit` due messages and marks them `sending` in one committed statement: rows
 * are locked with SKIP LOCKED, so two workers never claim one message. `next_attempt_at` then
 * holds the moment after which a message still `sending` is given up on (see failStaleSending).
 */
export async function claimDueSms(
  executor: Executor,
  options: { now: Date; limit: number; sendingTimeoutMs: number },
): Promise<ClaimedSms[]> {
  const deadline = new Date(options.now.getTime() + options.sendingTimeoutMs);
  const result = await executor.execute<{
    id: string;
    to: string;
    text: string;
    kind: SmsKind;
    attempts: number;
  }>(sql`
    ${dueRows(smsOutbox, options)}
    update ${smsOutbox}
    set status = 'sending', attempts = ${smsOutbox.attempts} + 1, next_attempt_at = ${deadline}
    from due
    where ${smsOutbox.id} = due.id and ${smsOutbox.status} = 'pending'
    returning ${smsOutbox.id} as id, ${smsOutbox.to} as "to", ${smsOutbox.text} as text,
      ${smsOutbox.kind} as kind, ${smsOutbox.attempts} as attempts`);
  return result.rows.map((row) => ({ ...row, attempts: Number(row.attempts) }));
}

export async function markSmsSent(
  executor: Executor,
  id: string,
  sent: { deliveredVia: string; providerMessageId: string | null; now: Date },
): Promise<void> {
  await executor
    .update(smsOutbox)
    .set({
      status: 'sent',
      deliveredVia: sent.deliveredVia,
      providerMessageId: sent.providerMessageId,
      sentAt: sent.now,
      lastError: null,
    })
    .where(and(eq(smsOutbox.id, id), eq(smsOutbox.status, 'sending')));
}

/** The provider surely did not take it: due again at `retryAt`, or `failed` when `giveUp`. */
export async function recordSmsRefused(
  executor: Executor,
  id: string,
  failure: { error: string; retryAt: Date; giveUp: boolean },
): Promise<void> {
  await executor
    .update(smsOutbox)
    .set({
      status: failure.giveUp ? 'failed' : 'pending',
      lastError: failure.error.slice(0, 2000),
      nextAttemptAt: failure.retryAt,
    })
    .where(and(eq(smsOutbox.id, id), eq(smsOutbox.status, 'sending')));
}

/** It is not known whether the provider took it: never sent again. */
export async function markSmsFailed(executor: Executor, id: string, error: string): Promise<void> {
  await executor
    .update(smsOutbox)
    .set({ status: 'failed', lastError: error.slice(0, 2000) })
    .where(and(eq(smsOutbox.id, id), eq(smsOutbox.status, 'sending')));
}

/**
 * Messages still `sending` past their deadline were handed to the provider by a worker that
 * stopped before it recorded the answer. They may have been delivered: marked `failed`, never
 * resent. Returns how many.
 */
export async function failStaleSending(
  executor: Executor,
  now: Date,
  error: string,
): Promise<number> {
  const rows = await executor
    .update(smsOutbox)
    .set({ status: 'failed', lastError: error })
    .where(and(eq(smsOutbox.status, 'sending'), sql`${smsOutbox.nextAttemptAt} <= ${now}`))
    .returning({ id: smsOutbox.id });
  return rows.length;
}

/** The outbox newest first, optionally for one number. */
export async function listSms(
  executor: Executor,
  options: { to?: string; limit?: number } = {},
): Promise<SmsEntry[]> {
  const rows = await executor
    .select()
    .from(smsOutbox)
    .where(options.to ? eq(smsOutbox.to, options.to) : undefined)
    .orderBy(desc(smsOutbox.createdAt))
    .limit(options.limit ?? 100);
  return rows.map((row) => ({ ...row, kind: row.kind as SmsKind }));
}
