import { retention } from '@ipatient/contracts/retention';
import { sql } from '@ipatient/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers.ts';
import { PURGE_BATCH } from './retention.repository.ts';
import { purgeExpiredData } from './retention.service.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());
beforeEach(async () => {
  await database.db.execute(sql`truncate one_time_codes, pending_registrations, sessions,
    refunds, donations, email_outbox, sms_outbox, access_log, users cascade`);
});

const now = new Date('2026-06-01T12:00:00Z');
const HOUR = 60 * 60 * 1000;
/** Just past the limit (purged) and just inside it (kept). */
const past = (days: number) => new Date(now.getTime() - days * 24 * HOUR - HOUR);
const inside = (days: number) => new Date(now.getTime() - days * 24 * HOUR + HOUR);

const purge = () => purgeExpiredData({ db: database.db, now: () => now });

async function count(table: string, where = sql`true`): Promise<number> {
  const result = await database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from ${sql.identifier(table)} where ${where}`,
  );
  return result.rows[0]?.n ?? 0;
}

async function member(email: string): Promise<string> {
  const result = await database.db.execute<{ id: string }>(sql`insert into users
    (email, first_name, last_name, phone, password_hash)
    values (${email}, 'Ada', 'Obi', '+2348031234567', 'x') returning id`);
  return result.rows[0]?.id ?? '';
}

describe('retention purge', () => {
  it(`deletes one-time codes expired or closed more than ${retention.codesDays} day(s) ago`, async () => {
    const days = retention.codesDays;
    await database.db.execute(sql`insert into one_time_codes (purpose, email, code_hash, expires_at, closed_at) values
      ('signup', 'old-expired@x.ng', 'h1', ${past(days)}, null),
      ('reset', 'old-closed@x.ng', 'h2', ${now}, ${past(days)}),
      ('signup', 'recent@x.ng', 'h3', ${inside(days)}, null),
      ('reset', 'open@x.ng', 'h4', ${new Date(now.getTime() + HOUR)}, null)`);
    expect((await purge()).codes).toBe(2);
    const left = await database.db.execute<{ email: string }>(
      sql`select email from one_time_codes order by email`,
    );
    expect(left.rows.map((r) => r.email)).toEqual(['open@x.ng', 'recent@x.ng']);
  });

  it(`deletes sign-ups not confirmed for ${retention.pendingSignUpsDays} day(s)`, async () => {
    const days = retention.pendingSignUpsDays;
    await database.db.execute(sql`insert into pending_registrations
      (email, first_name, last_name, phone, password_hash, terms_accepted_at, updated_at) values
      ('old@x.ng', 'A', 'B', '+2348031234567', 'x', now(), ${past(days)}),
      ('new@x.ng', 'A', 'B', '+2348031234567', 'x', now(), ${inside(days)})`);
    expect((await purge()).pendingSignUps).toBe(1);
    expect(await count('pending_registrations', sql`email = 'new@x.ng'`)).toBe(1);
    expect(await count('pending_registrations')).toBe(1);
  });

  it(`deletes sessions ended ${retention.endedSessionsDays} days ago with their refresh tokens`, async () => {
    const days = retention.endedSessionsDays;
    const userId = await member('ada@x.ng');
    const ids = await database.db.execute<{ id: string; label: string }>(sql`insert into sessions
      (user_id, user_agent, expires_at, revoked_at) values
      (${userId}, 'expired-long-ago', ${past(days)}, null),
      (${userId}, 'revoked-long-ago', ${new Date(now.getTime() + 30 * 24 * HOUR)}, ${past(days)}),
      (${userId}, 'revoked-recently', ${new Date(now.getTime() + 30 * 24 * HOUR)}, ${inside(days)}),
      (${userId}, 'live', ${new Date(now.getTime() + 30 * 24 * HOUR)}, null)
      returning id, user_agent as label`);
    for (const row of ids.rows) {
      await database.db.execute(
        sql`insert into refresh_tokens (token_hash, session_id) values (${`t-${row.label}`}, ${row.id})`,
      );
    }
    expect((await purge()).endedSessions).toBe(2);
    const left = await database.db.execute<{ label: string }>(
      sql`select user_agent as label from sessions order by user_agent`,
    );
    expect(left.rows.map((r) => r.label)).toEqual(['live', 'revoked-recently']);
    expect(await count('refresh_tokens')).toBe(2);
  });

  it('removes donations never paid, clears the donor of one still referred to, never touches paid ones', async () => {
    const days = retention.abandonedDonationsDays;
    const userId = await member('donor@x.ng');
    const insert = (reference: string, status: string, createdAt: Date, paidAt: Date | null) =>
      database.db.execute(sql`insert into donations
        (reference, user_id, provider, amount_kobo, donor_name, donor_email, message, status, paid_at, created_at)
        values (${reference}, ${userId}, 'sandbox', 500000, 'Chidi Okeke', 'chidi@x.ng', 'Get well',
          ${status}, ${paidAt}, ${createdAt})`);
    await insert('old-pending', 'pending', past(days), null);
    await insert('old-abandoned', 'abandoned', past(days), null);
    await insert('new-pending', 'pending', inside(days), null);
    await insert('old-paid', 'succeeded', past(days), past(days));
    expect((await purge()).abandonedDonations).toBe(2);
    const left = await database.db.execute<{ reference: string; donor_email: string }>(
      sql`select reference, donor_email from donations order by reference`,
    );
    expect(left.rows).toEqual([
      { reference: 'new-pending', donor_email: 'chidi@x.ng' },
      { reference: 'old-paid', donor_email: 'chidi@x.ng' },
    ]);
  });

  it('clears the donor of an unpaid donation a refund row refers to instead of deleting it', async () => {
    const days = retention.abandonedDonationsDays;
    const result = await database.db.execute<{ id: string }>(sql`insert into donations
      (reference, provider, amount_kobo, donor_name, donor_email, message, status, created_at)
      values ('referred', 'sandbox', 500000, 'Chidi Okeke', 'chidi@x.ng', 'Get well', 'failed', ${past(days)})
      returning id`);
    const id = result.rows[0]?.id;
    await database.db.execute(
      sql`insert into refunds (donation_id, amount_kobo, reason, status) values (${id}, 1000, 'test', 'failed')`,
    );
    await purge();
    const row = await database.db.execute<{
      donor_name: string;
      donor_email: string;
      message: null;
    }>(sql`select donor_name, donor_email, message from donations where id = ${id}`);
    expect(row.rows).toEqual([{ donor_name: '', donor_email: '', message: null }]);
  });

  it(`deletes emails and text messages sent or failed ${retention.sentMessagesDays} days ago, never pending ones`, async () => {
    const days = retention.sentMessagesDays;
    await database.db.execute(sql`insert into email_outbox ("to", subject, text, html, status, sent_at, created_at) values
      ('a@x.ng', 'old sent', 'code 123456', '', 'sent', ${past(days)}, ${past(days)}),
      ('a@x.ng', 'old failed', 't', '', 'failed', null, ${past(days)}),
      ('a@x.ng', 'old pending', 't', '', 'pending', null, ${past(days)}),
      ('a@x.ng', 'new sent', 't', '', 'sent', ${inside(days)}, ${inside(days)})`);
    await database.db.execute(sql`insert into sms_outbox ("to", text, kind, status, sent_at, created_at) values
      ('+2348031234567', 'old', 'code', 'sent', ${past(days)}, ${past(days)}),
      ('+2348031234567', 'new', 'code', 'sent', ${inside(days)}, ${inside(days)})`);
    expect((await purge()).sentMessages).toBe(3);
    const left = await database.db.execute<{ subject: string }>(
      sql`select subject from email_outbox order by subject`,
    );
    expect(left.rows.map((r) => r.subject)).toEqual(['new sent', 'old pending']);
    expect(await count('sms_outbox', sql`text = 'new'`)).toBe(1);
    expect(await count('sms_outbox')).toBe(1);
  });

  it(`deletes access-log entries older than ${retention.accessLogDays} days, in batches`, async () => {
    const days = retention.accessLogDays;
    await database.db.execute(sql`insert into access_log (actor_role, subject_type, subject_id, action, created_at)
      select 'admin', 'complaint', g::text, 'view', ${past(days)} from generate_series(1, ${PURGE_BATCH + 3}) g`);
    await database.db.execute(sql`insert into access_log (actor_role, subject_type, subject_id, action, created_at)
      values ('admin', 'complaint', 'kept', 'view', ${inside(days)})`);
    expect((await purge()).accessLog).toBe(PURGE_BATCH + 3);
    expect(await count('access_log')).toBe(1);
    expect(await count('access_log', sql`subject_id = 'kept'`)).toBe(1);
  });
});
