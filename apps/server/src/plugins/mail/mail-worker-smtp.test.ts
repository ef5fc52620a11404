import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  between,
  clearOutbox,
  database,
  decodeQuotedPrintable,
  FROM,
  freePort,
  makeDue,
  rowFor,
  startMailDatabase,
  startSmtp,
} from '../../../test/mail-worker-suite.ts';
import { ManualClock } from '../outbox/manual-clock.ts';
import { codeEmail } from './email-templates.ts';
import { MailWorker, RETRY_MAX_MS, retryDelayMs } from './mail-worker.ts';
import { enqueueEmail } from './outbox.repository.ts';
import { createSmtpTransport } from './transports.ts';

beforeAll(startMailDatabase);
afterAll(() => database.destroy());
beforeEach(clearOutbox);

describe('retryDelayMs', () => {
  it('doubles from 5 seconds and stops at 5 minutes', () => {
    expect(retryDelayMs(1)).toBe(5000);
    expect(retryDelayMs(2)).toBe(10_000);
    expect(retryDelayMs(3)).toBe(20_000);
    expect(retryDelayMs(6)).toBe(160_000);
    expect(retryDelayMs(7)).toBe(RETRY_MAX_MS);
    expect(retryDelayMs(40)).toBe(300_000);
  });
});

describe('MailWorker over SMTP', () => {
  it('delivers a queued email with its subject, text part and HTML part', async () => {
    const smtp = await startSmtp();
    const worker = new MailWorker({
      db: database.db,
      transport: createSmtpTransport(`smtp://127.0.0.1:${smtp.port}`),
      from: FROM,
      clock: new ManualClock(),
    });
    try {
      const email = codeEmail({ purpose: 'signup', code: '7KQ2MB', firstName: 'Ada' });
      await database.db.transaction((tx) => enqueueEmail(tx, { to: 'ada@example.com', ...email }));
      worker.start();
      await worker.whenIdle();
      const row = await rowFor('ada@example.com');
      expect(row).toMatchObject({ deliveredVia: 'smtp', attempts: 0, lastError: null });
      expect(row.sentAt).toBeInstanceOf(Date);

      expect(smtp.messages).toHaveLength(1);
      const raw = smtp.messages[0] ?? '';
      expect(raw).toMatch(/^Subject: Your iPatient verification code\r?$/m);
      expect(raw).toMatch(/^To: ada@example.com\r?$/m);
      expect(raw).toMatch(/^From: iPatient <no-reply@ipatient.ng>\r?$/m);
      expect(raw).toMatch(/Content-Type: multipart\/alternative/);
      expect(raw).toMatch(/Content-Type: text\/plain/);
      expect(raw).toMatch(/Content-Type: text\/html/);
      const decoded = decodeQuotedPrintable(raw);
      expect(decoded).toContain('Your iPatient verification code: 7KQ2MB');
      expect(decoded).toMatch(/<html lang="en">/);
      expect(decoded).toMatch(/font-size:32px[^>]*>7KQ2MB</);
    } finally {
      await worker.stop();
      await smtp.close();
    }
  });

  it('keeps the email while nothing listens, backs off, and delivers once the server is up', async () => {
    const port = await freePort();
    const worker = new MailWorker({
      db: database.db,
      transport: createSmtpTransport(`smtp://127.0.0.1:${port}`),
      from: FROM,
    });
    await enqueueEmail(database.db, {
      to: 'bola@example.com',
      ...codeEmail({ purpose: 'reset', code: 'X9P4' }),
    });

    const { value: claimed, before, after } = await between(() => worker.runOnce());
    expect(claimed).toBe(1);
    const failed = await rowFor('bola@example.com');
    expect(failed.status).toBe('pending');
    expect(failed.attempts).toBe(1);
    expect(failed.lastError).toMatch(/ECONNREFUSED|ECONNECTION|connect/i);
    // Retried 5 seconds after the failure, not at once.
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 5000);
    expect(failed.nextAttemptAt.getTime()).toBeLessThanOrEqual(after + 5000);

    const smtp = await startSmtp(port);
    try {
      // Up, but the message is not due yet: nothing is sent.
      expect(await worker.runOnce()).toBe(0);
      expect(smtp.messages).toHaveLength(0);

      await makeDue();
      expect(await worker.runOnce()).toBe(1);
      const sent = await rowFor('bola@example.com');
      expect(sent).toMatchObject({ status: 'sent', attempts: 1, deliveredVia: 'smtp' });
      expect(smtp.messages).toHaveLength(1);
      expect(smtp.messages[0]).toMatch(/^Subject: Reset your iPatient password\r?$/m);
    } finally {
      await worker.stop();
      await smtp.close();
    }
  });

  it('backs off further while the server keeps refusing, then delivers', async () => {
    const smtp = await startSmtp();
    smtp.rejecting = true;
    const worker = new MailWorker({
      db: database.db,
      transport: createSmtpTransport(`smtp://127.0.0.1:${smtp.port}`),
      from: FROM,
    });
    try {
      await enqueueEmail(database.db, {
        to: 'chi@example.com',
        subject: 'Hello',
        text: 'code: ABC123',
        html: '<p>code: ABC123</p>',
      });
      await worker.runOnce();
      const first = await rowFor('chi@example.com');
      expect(first).toMatchObject({ status: 'pending', attempts: 1 });
      expect(first.lastError).toMatch(/451|Mailbox busy/);

      await makeDue();
      const { before, after } = await between(() => worker.runOnce());
      const second = await rowFor('chi@example.com');
      expect(second).toMatchObject({ status: 'pending', attempts: 2 });
      // Second failure: 10 seconds.
      expect(second.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 10_000);
      expect(second.nextAttemptAt.getTime()).toBeLessThanOrEqual(after + 10_000);
      expect(smtp.messages).toHaveLength(0);

      smtp.rejecting = false;
      await makeDue();
      await worker.runOnce();
      expect(await rowFor('chi@example.com')).toMatchObject({ status: 'sent', attempts: 2 });
      expect(smtp.messages).toHaveLength(1);
    } finally {
      await worker.stop();
      await smtp.close();
    }
  });
});
