import { emailOutbox, eq, sql } from '@ipatient/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  between,
  clearOutbox,
  database,
  FROM,
  freePort,
  makeDueFor,
  rowFor,
  startMailDatabase,
  startSmtp,
} from '../../../test/mail-worker-suite.ts';
import { ManualClock } from '../outbox/manual-clock.ts';
import { isConnectionFailure, MailWorker } from './mail-worker.ts';
import { enqueueEmail, listEmails } from './outbox.repository.ts';
import { createSmtpTransport } from './transports.ts';

beforeAll(startMailDatabase);
afterAll(() => database.destroy());
beforeEach(clearOutbox);

describe('MailWorker when the mail server is down', () => {
  it('tries one message, puts the rest of the batch back untried, and retries them together', async () => {
    const port = await freePort();
    const worker = new MailWorker({
      db: database.db,
      transport: createSmtpTransport(`smtp://127.0.0.1:${port}`),
      from: FROM,
    });
    try {
      for (const name of ['ike', 'jide', 'kemi']) {
        await enqueueEmail(database.db, {
          to: `${name}@example.com`,
          subject: name,
          text: 't',
          html: 'h',
        });
      }
      const { value: claimed, before, after } = await between(() => worker.runOnce());
      expect(claimed).toBe(3);
      const rows = await listEmails(database.db);
      expect(rows.every((row) => row.status === 'pending')).toBe(true);
      // One real attempt; the two others were not tried and keep their attempts at 0.
      expect(rows.map((row) => row.attempts).sort()).toEqual([0, 0, 1]);
      // All three wait out the first retry delay, 5 seconds.
      for (const row of rows) {
        expect(row.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 5000);
        expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(after + 5000);
      }
      expect(await worker.runOnce()).toBe(0);
    } finally {
      await worker.stop();
    }
  });

  it('sends the whole backlog as soon as one message goes through again', async () => {
    const port = await freePort();
    const worker = new MailWorker({
      db: database.db,
      transport: createSmtpTransport(`smtp://127.0.0.1:${port}`),
      from: FROM,
      clock: new ManualClock(),
    });
    const backlog = ['lola', 'musa', 'nkem'];
    for (const name of backlog) {
      await enqueueEmail(database.db, {
        to: `${name}@example.com`,
        subject: name,
        text: 't',
        html: 'h',
      });
    }
    await worker.runOnce();
    await database.db
      .update(emailOutbox)
      .set({ nextAttemptAt: sql`now() + interval '4 minutes'` })
      .where(eq(emailOutbox.status, 'pending'));
    const smtp = await startSmtp(port);
    try {
      worker.start();
      // A new message (a fresh sign-in code) is due at once and gets through...
      await enqueueEmail(database.db, {
        to: 'obi@example.com',
        subject: 'obi',
        text: 't',
        html: 'h',
      });
      worker.kick();
      // ...and the backlog, waiting out minutes of backoff, follows without waiting: no time
      // passes on the worker's clock, so no poll could have sent it.
      await worker.whenIdle();
      expect(smtp.messages).toHaveLength(4);
      const rows = await listEmails(database.db);
      expect(rows.every((row) => row.status === 'sent')).toBe(true);
      expect(rows.find((row) => row.to === 'obi@example.com')?.attempts).toBe(0);
    } finally {
      await worker.stop();
      await smtp.close();
    }
  });

  it('leaves messages leased by another worker alone when it retries the backlog', async () => {
    const smtp = await startSmtp();
    const worker = new MailWorker({
      db: database.db,
      transport: createSmtpTransport(`smtp://127.0.0.1:${smtp.port}`),
      from: FROM,
    });
    try {
      await enqueueEmail(database.db, {
        to: 'leased@example.com',
        subject: 'l',
        text: 't',
        html: 'h',
      });
      // Another instance holds it (leased 10 minutes ahead, longer than any retry delay).
      await database.db
        .update(emailOutbox)
        .set({ nextAttemptAt: sql`now() + interval '10 minutes'`, attempts: 1 })
        .where(eq(emailOutbox.to, 'leased@example.com'));
      const leasedUntil = (await rowFor('leased@example.com')).nextAttemptAt;
      smtp.rejecting = true;
      await enqueueEmail(database.db, {
        to: 'first@example.com',
        subject: 'f',
        text: 't',
        html: 'h',
      });
      await worker.runOnce();
      smtp.rejecting = false;
      await makeDueFor('first@example.com');
      await worker.runOnce();
      expect((await rowFor('first@example.com')).status).toBe('sent');
      const leased = await rowFor('leased@example.com');
      expect(leased.status).toBe('pending');
      expect(leased.nextAttemptAt).toEqual(leasedUntil);
    } finally {
      await worker.stop();
      await smtp.close();
    }
  });

  it('tells a dead or vanished server from a refused message', () => {
    const withCode = (code: string, responseCode?: number) =>
      Object.assign(new Error(code), { code, responseCode });
    expect(isConnectionFailure(withCode('ECONNECTION'))).toBe(true);
    expect(isConnectionFailure(withCode('ETIMEDOUT'))).toBe(true);
    expect(isConnectionFailure(withCode('EPROTOCOL', 421))).toBe(true);
    expect(isConnectionFailure(withCode('EENVELOPE', 451))).toBe(false);
    expect(isConnectionFailure(withCode('EMESSAGE', 550))).toBe(false);
    expect(isConnectionFailure('ECONNECTION')).toBe(false);
  });
});
