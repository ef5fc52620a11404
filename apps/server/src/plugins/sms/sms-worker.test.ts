import { eq, smsOutbox } from '@ipatient/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers.ts';
import { deferred } from '../../../test/mail-worker-suite.ts';
import { ManualClock } from '../outbox/manual-clock.ts';
import { enqueueSms, listSms, type OutgoingSms } from './sms-outbox.repository.ts';
import { SmsWorker, staleSendingError } from './sms-worker.ts';
import { type SmsProvider, SmsSendError } from './transports.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());
beforeEach(async () => {
  await database.db.delete(smsOutbox);
});

/** A clock a minute ahead of the database's, so a message queued now is due at once. */
const aheadClock = () => new ManualClock(Date.now() + 60_000);

type RecordingProvider = SmsProvider & { sent: OutgoingSms[] };

/** Records what it accepts; `before` may refuse (throw) or hold a message first. */
function recordingProvider(before?: (sms: OutgoingSms) => Promise<void> | void): RecordingProvider {
  const sent: OutgoingSms[] = [];
  let next = 1;
  return {
    name: 'recording',
    sent,
    async send(sms) {
      await before?.(sms);
      sent.push(sms);
      return { providerMessageId: `msg-${next++}` };
    },
  };
}

const refused = () => new SmsSendError('Termii refused the message: HTTP 503: busy', true);

async function rowTo(to: string) {
  const [row] = await listSms(database.db, { to });
  if (!row) throw new Error(`no text to ${to}`);
  return row;
}

describe('SmsWorker', () => {
  it('retries a refused message after 5 s, then 10 s, on its clock, and records the provider id', async () => {
    const clock = aheadClock();
    let refusals = 2;
    const provider = recordingProvider(() => {
      if (refusals > 0) {
        refusals -= 1;
        throw refused();
      }
    });
    const worker = new SmsWorker({ db: database.db, provider, clock });
    await enqueueSms(database.db, { to: '+2348031110001', text: 'hello', kind: 'code' });

    expect(await worker.runOnce()).toBe(1);
    let row = await rowTo('+2348031110001');
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: refused().message });
    expect(row.nextAttemptAt.getTime()).toBe(clock.now() + 5000);

    clock.advance(4999);
    expect(await worker.runOnce()).toBe(0);
    clock.advance(1);
    expect(await worker.runOnce()).toBe(1);
    row = await rowTo('+2348031110001');
    expect(row).toMatchObject({ status: 'pending', attempts: 2 });
    expect(row.nextAttemptAt.getTime()).toBe(clock.now() + 10_000);

    clock.advance(9999);
    expect(await worker.runOnce()).toBe(0);
    clock.advance(1);
    expect(await worker.runOnce()).toBe(1);
    expect(await rowTo('+2348031110001')).toMatchObject({
      status: 'sent',
      attempts: 3,
      deliveredVia: 'recording',
      providerMessageId: 'msg-1',
      lastError: null,
    });
    expect(provider.sent).toHaveLength(1);
  });

  it('marks a message failed after the last attempt and never tries it again', async () => {
    const clock = aheadClock();
    let tries = 0;
    const provider = recordingProvider(() => {
      tries += 1;
      throw refused();
    });
    const worker = new SmsWorker({ db: database.db, provider, clock, maxAttempts: 3 });
    await enqueueSms(database.db, { to: '+2348031110002', text: 'hello', kind: 'receipt' });
    for (let i = 0; i < 3; i++) {
      expect(await worker.runOnce()).toBe(1);
      clock.advance(60 * 60 * 1000);
    }
    expect(await rowTo('+2348031110002')).toMatchObject({
      status: 'failed',
      attempts: 3,
      lastError: refused().message,
    });
    clock.advance(24 * 60 * 60 * 1000);
    expect(await worker.runOnce()).toBe(0);
    expect(tries).toBe(3);
  });

  it('sends each message once when two workers race over the same rows', async () => {
    const numbers = Array.from({ length: 30 }, (_, i) => `+23480311${String(i).padStart(5, '0')}`);
    for (const to of numbers) await enqueueSms(database.db, { to, text: `t ${to}`, kind: 'code' });
    // Each worker's sends wait until the other is sending too: both hold claimed rows at once.
    const oneSending = deferred();
    const twoSending = deferred();
    const one = recordingProvider(async () => {
      oneSending.resolve();
      await twoSending.promise;
    });
    const two = recordingProvider(async () => {
      twoSending.resolve();
      await oneSending.promise;
    });
    const clock = aheadClock();
    const workerOne = new SmsWorker({ db: database.db, provider: one, clock, batchSize: 4 });
    const workerTwo = new SmsWorker({ db: database.db, provider: two, clock, batchSize: 4 });
    const drain = async (worker: SmsWorker) => {
      while ((await worker.runOnce()) > 0) {}
    };
    await Promise.all([drain(workerOne), drain(workerTwo), drain(workerOne), drain(workerTwo)]);

    const sent = [...one.sent, ...two.sent].map((sms) => sms.to).sort();
    expect(sent).toEqual([...numbers].sort());
    expect(one.sent.length).toBeGreaterThan(0);
    expect(two.sent.length).toBeGreaterThan(0);
    const rows = await listSms(database.db);
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
    // Each claim took at most a batch: both workers held rows at the same time.
    expect(new Set([...one.sent, ...two.sent].map((sms) => sms.to)).size).toBe(30);
  });

  it('never resends a message left in sending: after the timeout it is marked failed', async () => {
    const clock = aheadClock();
    const provider = recordingProvider();
    const worker = new SmsWorker({
      db: database.db,
      provider,
      clock,
      sendingTimeoutMs: 10 * 60 * 1000,
    });
    await enqueueSms(database.db, { to: '+2348031110003', text: 'receipt', kind: 'receipt' });
    // A worker claimed it and stopped (crash) before the provider's answer was recorded.
    await database.db
      .update(smsOutbox)
      .set({
        status: 'sending',
        attempts: 1,
        nextAttemptAt: new Date(clock.now() + 10 * 60 * 1000),
      })
      .where(eq(smsOutbox.to, '+2348031110003'));

    expect(await worker.runOnce()).toBe(0);
    clock.advance(10 * 60 * 1000 - 1);
    expect(await worker.runOnce()).toBe(0);
    expect(await rowTo('+2348031110003')).toMatchObject({ status: 'sending' });
    clock.advance(1);
    expect(await worker.runOnce()).toBe(0);
    expect(await rowTo('+2348031110003')).toMatchObject({
      status: 'failed',
      lastError: staleSendingError,
    });
    clock.advance(24 * 60 * 60 * 1000);
    expect(await worker.runOnce()).toBe(0);
    expect(provider.sent).toHaveLength(0);
  });

  it('marks the message sending, committed, before the provider is called', async () => {
    const clock = aheadClock();
    let statusDuringCall: string | undefined;
    const provider = recordingProvider(async (sms) => {
      statusDuringCall = (await rowTo(sms.to)).status;
    });
    const worker = new SmsWorker({ db: database.db, provider, clock });
    await enqueueSms(database.db, { to: '+2348031110004', text: 'x', kind: 'code' });
    expect(await worker.runOnce()).toBe(1);
    expect(statusDuringCall).toBe('sending');
  });

  it('does not retry when it is not known whether the provider took the message', async () => {
    const clock = aheadClock();
    let tries = 0;
    const provider = recordingProvider(() => {
      tries += 1;
      throw new SmsSendError('no answer from Termii within 10 s', false);
    });
    const worker = new SmsWorker({ db: database.db, provider, clock });
    await enqueueSms(database.db, { to: '+2348031110005', text: 'x', kind: 'code' });
    expect(await worker.runOnce()).toBe(1);
    const row = await rowTo('+2348031110005');
    expect(row.status).toBe('failed');
    expect(row.lastError).toMatch(/no answer from Termii .* not sent again/);
    clock.advance(60 * 60 * 1000);
    expect(await worker.runOnce()).toBe(0);
    expect(tries).toBe(1);
  });

  it('delivers right away when kicked, and polls on its clock', async () => {
    const clock = aheadClock();
    const provider = recordingProvider();
    const worker = new SmsWorker({ db: database.db, provider, clock, pollIntervalMs: 2000 });
    worker.start();
    try {
      await worker.whenIdle();
      await enqueueSms(database.db, { to: '+2348031110006', text: 'k', kind: 'code' });
      worker.kick();
      await worker.whenIdle();
      expect(provider.sent.map((sms) => sms.to)).toEqual(['+2348031110006']);

      await enqueueSms(database.db, { to: '+2348031110007', text: 'p', kind: 'code' });
      clock.advance(1999);
      await worker.whenIdle();
      expect(provider.sent).toHaveLength(1);
      clock.advance(1);
      await worker.whenIdle();
      expect(provider.sent.map((sms) => sms.to)).toContain('+2348031110007');
    } finally {
      await worker.stop();
    }
    expect(clock.pendingTimers).toBe(0);
  });
});
