import { type Database, type SQL, sql } from '@ipatient/db';

/** Rows deleted (or cleared) per statement, so a long backlog never holds locks for long. */
export const PURGE_BATCH = 500;

/** Runs one bounded statement until it touches fewer rows than a batch; returns the total. */
async function inBatches(db: Database, statement: () => SQL): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await db.execute(statement());
    const count = result.rowCount ?? 0;
    total += count;
    if (count < PURGE_BATCH) return total;
  }
}

/** One-time codes (email and SMS) expired or closed before `cutoff`. */
export function purgeCodes(db: Database, cutoff: Date): Promise<number> {
  return inBatches(
    db,
    () => sql`delete from one_time_codes where id in (
      select id from one_time_codes
      where least(expires_at, coalesce(closed_at, expires_at)) < ${cutoff}
      limit ${PURGE_BATCH})`,
  );
}

/** Sign-ups never confirmed, last touched before `cutoff`. */
export function purgePendingSignUps(db: Database, cutoff: Date): Promise<number> {
  return inBatches(
    db,
    () => sql`delete from pending_registrations where email in (
      select email from pending_registrations where updated_at < ${cutoff} limit ${PURGE_BATCH})`,
  );
}

/** Sessions revoked or expired before `cutoff` (their refresh tokens cascade). */
export function purgeEndedSessions(db: Database, cutoff: Date): Promise<number> {
  return inBatches(
    db,
    () => sql`delete from sessions where id in (
      select id from sessions
      where least(expires_at, coalesce(revoked_at, expires_at)) < ${cutoff}
      limit ${PURGE_BATCH})`,
  );
}

/**
 * Donations started before `cutoff` and never paid (pending, abandoned or failed; no money
 * moved): deleted when nothing refers to them, otherwise the donor's details are cleared. A paid
 * or refunded donation is never touched.
 */
export async function purgeAbandonedDonations(db: Database, cutoff: Date): Promise<number> {
  const unpaid = sql`status in ('pending', 'abandoned', 'failed') and paid_at is null
    and refunded_kobo = 0 and created_at < ${cutoff}`;
  const deleted = await inBatches(
    db,
    () => sql`delete from donations where id in (
      select d.id from donations d where ${unpaid}
        and not exists (select 1 from refunds r where r.donation_id = d.id)
      limit ${PURGE_BATCH})`,
  );
  const cleared = await inBatches(
    db,
    () => sql`update donations set donor_name = '', donor_email = '', message = null,
        user_id = null, provider_response = null, updated_at = now()
      where id in (
        select id from donations where ${unpaid} and (donor_email <> '' or user_id is not null)
        limit ${PURGE_BATCH})`,
  );
  return deleted + cleared;
}

/** Emails and text messages sent or failed before `cutoff` (pending ones are still owed). */
export async function purgeSentMessages(db: Database, cutoff: Date): Promise<number> {
  const emails = await inBatches(
    db,
    () => sql`delete from email_outbox where id in (
      select id from email_outbox where status in ('sent', 'failed')
        and coalesce(sent_at, created_at) < ${cutoff} limit ${PURGE_BATCH})`,
  );
  const texts = await inBatches(
    db,
    () => sql`delete from sms_outbox where id in (
      select id from sms_outbox where status in ('sent', 'failed')
        and coalesce(sent_at, created_at) < ${cutoff} limit ${PURGE_BATCH})`,
  );
  return emails + texts;
}

/** Access-log entries recorded before `cutoff`. */
export function purgeAccessLog(db: Database, cutoff: Date): Promise<number> {
  return inBatches(
    db,
    () => sql`delete from access_log where id in (
      select id from access_log where created_at < ${cutoff} limit ${PURGE_BATCH})`,
  );
}
