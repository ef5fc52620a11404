import net from 'node:net';
import { emailOutbox, eq, sql } from '@ipatient/db';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers.ts';
import { codeEmail } from './email-templates.ts';
import { isConnectionFailure, MailWorker, RETRY_MAX_MS, retryDelayMs } from './mail-worker.ts';
import { ManualClock } from './manual-clock.ts';
import { enqueueEmail, listEmails, type OutgoingEmail } from './outbox.repository.ts';
import { createSmtpTransport, type MailTransport } from './transports.ts';

const FROM = 'iPatient <no-reply@ipatient.ng>';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());
beforeEach(async () => {
  await database.db.delete(emailOutbox);
});

interface TestSmtp {
  port: number;
  messages: string[];
  /** While true, every recipient is refused with a temporary 451. */
  rejecting: boolean;
  close(): Promise<void>;
}

async function startSmtp(port = 0): Promise<TestSmtp> {
  const state = { rejecting: false, messages: [] as string[] };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (!state.rejecting) return callback();
      const error = Object.assign(new Error('Mailbox busy, try again later'), {
        responseCode: 451,
      });
      callback(error);
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        state.messages.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address() as net.AddressInfo;
  return {
    port: address.port,
    get messages() {
      return state.messages;
    },
    get rejecting() {
      return state.rejecting;
    },
    set rejecting(value: boolean) {
      state.rejecting = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A loopback port with nothing listening on it (for now). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The database's time, which decides when a message is due. */
async function databaseNow(): Promise<number> {
  const result = await database.db.execute<{ now: Date | string }>(sql`SELECT now() AS now`);
  return new Date(result.rows[0]?.now ?? Number.NaN).getTime();
}

/**
 * Runs `action` between two readings of the database's clock: whatever it wrote with the
 * database's `now()` lies between them.
 */
async function between<T>(action: () => Promise<T>) {
  const before = await databaseNow();
  const value = await action();
  const after = await databaseNow();
  return { value, before, after };
}

/** A promise and the function that resolves it. */
function deferred(): { promise: Promise<void>; resolve(): void } {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

async function rowFor(to: string) {
  const [row] = await listEmails(database.db, { to });
  if (!row) throw new Error(`no email to ${to}`);
  return row;
}

/** Makes every pending message due now, instead of waiting for its backoff. */
async function makeDue(): Promise<void> {
  await database.db
    .update(emailOutbox)
    .set({ nextAttemptAt: sql`now() - interval '1 second'` })
    .where(eq(emailOutbox.status, 'pending'));
}

async function makeDueFor(to: string): Promise<void> {
  await database.db
    .update(emailOutbox)
    .set({ nextAttemptAt: sql`now() - interval '1 second'` })
    .where(eq(emailOutbox.to, to));
}

/** Quoted-printable bodies wrap lines and encode `=`; enough decoding to search them. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

type RecordingTransport = MailTransport & { sent: OutgoingEmail[] };

/** Records what it is given; `beforeSend` may hold a message (or move a clock) first. */
function recordingTransport(
  beforeSend?: (email: OutgoingEmail) => Promise<void> | void,
): RecordingTransport {
  const sent: OutgoingEmail[] = [];
  return {
    name: 'recording',
    sent,
    async send(email) {
      await beforeSend?.(email);
      sent.push(email);
    },
  };
}

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

describe('MailWorker', () => {
  it('gives a message up as failed after the last attempt', async () => {
    const failing: MailTransport = {
      name: 'failing',
      async send() {
        throw new Error('550 no such user');
      },
    };
    const worker = new MailWorker({
      db: database.db,
      transport: failing,
      from: FROM,
      maxAttempts: 3,
    });
    await enqueueEmail(database.db, { to: 'dayo@example.com', subject: 's', text: 't', html: 'h' });
    for (let i = 0; i < 3; i++) {
      await makeDue();
      expect(await worker.runOnce()).toBe(1);
    }
    expect(await rowFor('dayo@example.com')).toMatchObject({
      status: 'failed',
      attempts: 3,
      lastError: '550 no such user',
    });
    await makeDue();
    expect(await worker.runOnce()).toBe(0);
  });

  it('sends each message once when two workers race over the same rows', async () => {
    const messages = Array.from({ length: 30 }, (_, i) => ({
      to: `race${i}@example.com`,
      subject: `Message ${i}`,
      text: `code: ${i}`,
      html: `<p>${i}</p>`,
    }));
    for (const message of messages) await enqueueEmail(database.db, message);
    // Each worker's sends wait until the other worker is sending too: both hold claimed rows
    // at the same time, however the two are scheduled.
    const oneSending = deferred();
    const twoSending = deferred();
    const one = recordingTransport(async () => {
      oneSending.resolve();
      await twoSending.promise;
    });
    const two = recordingTransport(async () => {
      twoSending.resolve();
      await oneSending.promise;
    });
    const workerOne = new MailWorker({ db: database.db, transport: one, from: FROM, batchSize: 4 });
    const workerTwo = new MailWorker({ db: database.db, transport: two, from: FROM, batchSize: 4 });

    const drain = async (worker: MailWorker) => {
      while ((await worker.runOnce()) > 0) {}
    };
    await Promise.all([drain(workerOne), drain(workerTwo), drain(workerOne), drain(workerTwo)]);

    const subjects = [...one.sent, ...two.sent].map((email) => email.subject).sort();
    expect(subjects).toEqual(messages.map((message) => message.subject).sort());
    expect(one.sent.length).toBeGreaterThan(0);
    expect(two.sent.length).toBeGreaterThan(0);
    const rows = await listEmails(database.db);
    expect(rows.every((row) => row.status === 'sent')).toBe(true);
  });

  it('delivers right away when kicked, without waiting for the next poll', async () => {
    const clock = new ManualClock();
    const transport = recordingTransport();
    const worker = new MailWorker({ db: database.db, transport, from: FROM, clock });
    worker.start();
    try {
      // The first (empty) look at the outbox.
      await worker.whenIdle();
      await enqueueEmail(database.db, {
        to: 'eze@example.com',
        subject: 'k',
        text: 't',
        html: 'h',
      });
      worker.kick();
      await worker.whenIdle();
      // No time passed on the worker's clock, so no poll ran: the kick delivered it.
      expect(transport.sent.map((email) => email.to)).toEqual(['eze@example.com']);
    } finally {
      await worker.stop();
    }
  });

  it('looks at the outbox again every poll interval when nobody kicks it', async () => {
    const clock = new ManualClock();
    const transport = recordingTransport();
    const worker = new MailWorker({
      db: database.db,
      transport,
      from: FROM,
      clock,
      pollIntervalMs: 2000,
    });
    worker.start();
    try {
      await worker.whenIdle();
      await enqueueEmail(database.db, {
        to: 'ngozi@example.com',
        subject: 'p',
        text: 't',
        html: 'h',
      });
      clock.advance(1999);
      await worker.whenIdle();
      expect(transport.sent).toHaveLength(0);

      clock.advance(1);
      await worker.whenIdle();
      expect(transport.sent.map((email) => email.to)).toEqual(['ngozi@example.com']);
      // And it keeps polling: one timer waits for the next look.
      expect(clock.pendingTimers).toBe(1);
    } finally {
      await worker.stop();
    }
    expect(clock.pendingTimers).toBe(0);
  });

  it('hands the rest of a batch back, due now, once sending has taken a quarter of the lease', async () => {
    const clock = new ManualClock();
    const leaseMs = 10 * 60 * 1000;
    // The first message takes a quarter of the lease and a millisecond to send.
    let sends = 0;
    const transport = recordingTransport(() => {
      sends += 1;
      if (sends === 1) clock.advance(leaseMs / 4 + 1);
    });
    const worker = new MailWorker({ db: database.db, transport, from: FROM, clock, leaseMs });
    for (const name of ['ola', 'pelumi', 'rafiu']) {
      await enqueueEmail(database.db, {
        to: `${name}@example.com`,
        subject: name,
        text: 't',
        html: 'h',
      });
    }
    expect(await worker.runOnce()).toBe(3);
    expect(transport.sent).toHaveLength(1);
    const handedBack = (await listEmails(database.db)).filter((row) => row.status === 'pending');
    expect(handedBack).toHaveLength(2);
    // Not tried, so no attempt is counted, and due again at once for any worker.
    const now = await databaseNow();
    for (const row of handedBack) {
      expect(row.attempts).toBe(0);
      expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(now);
    }

    expect(await worker.runOnce()).toBe(2);
    expect(transport.sent.map((email) => email.subject).sort()).toEqual(['ola', 'pelumi', 'rafiu']);
  });

  it('stops after the batch in flight and sends nothing more', async () => {
    const clock = new ManualClock();
    const sending = deferred();
    const release = deferred();
    const transport = recordingTransport(async () => {
      sending.resolve();
      await release.promise;
    });
    const worker = new MailWorker({ db: database.db, transport, from: FROM, clock });
    await enqueueEmail(database.db, {
      to: 'funmi@example.com',
      subject: 's',
      text: 't',
      html: 'h',
    });
    worker.start();
    // The message is claimed and being sent: stop now, mid-send.
    await sending.promise;
    const stopped = worker.stop();
    expect(worker.running).toBe(false);
    release.resolve();
    await stopped;
    expect(transport.sent).toHaveLength(1);
    expect((await rowFor('funmi@example.com')).status).toBe('sent');
    // No poll is left waiting.
    expect(clock.pendingTimers).toBe(0);

    await enqueueEmail(database.db, {
      to: 'gozie@example.com',
      subject: 's',
      text: 't',
      html: 'h',
    });
    worker.kick();
    clock.advance(60 * 60 * 1000);
    await worker.whenIdle();
    expect(transport.sent).toHaveLength(1);
    expect((await rowFor('gozie@example.com')).status).toBe('pending');
  });
});

describe('enqueueEmail', () => {
  it('writes nothing when the transaction that queued it rolls back', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueEmail(tx, { to: 'halima@example.com', subject: 's', text: 't', html: 'h' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await listEmails(database.db, { to: 'halima@example.com' })).toEqual([]);
  });

  it('lists by recipient case-insensitively, newest first', async () => {
    await enqueueEmail(database.db, {
      to: 'Ifeoma@Example.com',
      subject: 'first',
      text: 't',
      html: 'h',
    });
    await enqueueEmail(database.db, {
      to: 'other@example.com',
      subject: 'other',
      text: 't',
      html: 'h',
    });
    await enqueueEmail(database.db, {
      to: 'ifeoma@example.com',
      subject: 'second',
      text: 't',
      html: 'h',
    });
    const rows = await listEmails(database.db, { to: 'IFEOMA@example.COM' });
    expect(rows.map((row) => row.subject)).toEqual(['second', 'first']);
    expect(rows[0]).toMatchObject({ status: 'pending', attempts: 0, deliveredVia: null });
  });
});
