import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  clearOutbox,
  database,
  databaseNow,
  deferred,
  FROM,
  makeDue,
  recordingTransport,
  rowFor,
  startMailDatabase,
} from '../../../test/mail-worker-suite.ts';
import { ManualClock } from '../outbox/manual-clock.ts';
import { MailWorker } from './mail-worker.ts';
import { claimDueEmails, enqueueEmail, listEmails } from './outbox.repository.ts';
import type { MailTransport } from './transports.ts';

beforeAll(startMailDatabase);
afterAll(() => database.destroy());
beforeEach(clearOutbox);

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

describe('claimDueEmails', () => {
  it('claims no more than its limit, however many messages are due', async () => {
    for (let i = 0; i < 30; i += 1) {
      await enqueueEmail(database.db, {
        to: `due${i}@example.com`,
        subject: 's',
        text: 't',
        html: 'h',
      });
    }
    const claimed = await database.db.transaction((tx) =>
      claimDueEmails(tx, { limit: 4, leaseMs: 60_000 }),
    );
    expect(claimed).toHaveLength(4);
    const again = await database.db.transaction((tx) =>
      claimDueEmails(tx, { limit: 100, leaseMs: 60_000 }),
    );
    expect(again).toHaveLength(26);
    expect(new Set([...claimed, ...again].map((row) => row.id)).size).toBe(30);
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

  it('writes nothing for an address that can never be delivered (a deleted account)', async () => {
    await enqueueEmail(database.db, {
      to: 'deleted-1@deleted.invalid',
      subject: 's',
      text: 't',
      html: 'h',
    });
    expect(await listEmails(database.db, { to: 'deleted-1@deleted.invalid' })).toEqual([]);
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
