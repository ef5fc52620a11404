import net from 'node:net';
import { emailOutbox, eq, sql } from '@ipatient/db';
import { SMTPServer } from 'smtp-server';
import { listEmails, type OutgoingEmail } from '../src/plugins/mail/outbox.repository.ts';
import type { MailTransport } from '../src/plugins/mail/transports.ts';
import { createTestDatabase, type TestDatabase } from './helpers.ts';

/**
 * What the mail worker tests share: each test file opens a database of its own (`beforeAll`),
 * empties the outbox before each test (`beforeEach`), and these helpers act on that database:
 * a test SMTP server, a port with nothing on it, and ways to read and move the queue.
 */
export const FROM = 'iPatient <no-reply@ipatient.ng>';

export let database: TestDatabase;

/** Opens this test file's database. */
export async function startMailDatabase(): Promise<void> {
  database = await createTestDatabase();
}

/** Removes the emails of earlier tests. */
export async function clearOutbox(): Promise<void> {
  await database.db.delete(emailOutbox);
}

export interface TestSmtp {
  port: number;
  messages: string[];
  /** While true, every recipient is refused with a temporary 451. */
  rejecting: boolean;
  close(): Promise<void>;
}

export async function startSmtp(port = 0): Promise<TestSmtp> {
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
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The database's time, which decides when a message is due. */
export async function databaseNow(): Promise<number> {
  const result = await database.db.execute<{ now: Date | string }>(sql`SELECT now() AS now`);
  return new Date(result.rows[0]?.now ?? Number.NaN).getTime();
}

/**
 * Runs `action` between two readings of the database's clock: whatever it wrote with the
 * database's `now()` lies between them.
 */
export async function between<T>(action: () => Promise<T>) {
  const before = await databaseNow();
  const value = await action();
  const after = await databaseNow();
  return { value, before, after };
}

/** A promise and the function that resolves it. */
export function deferred(): { promise: Promise<void>; resolve(): void } {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

export async function rowFor(to: string) {
  const [row] = await listEmails(database.db, { to });
  if (!row) throw new Error(`no email to ${to}`);
  return row;
}

/** Makes every pending message due now, instead of waiting for its backoff. */
export async function makeDue(): Promise<void> {
  await database.db
    .update(emailOutbox)
    .set({ nextAttemptAt: sql`now() - interval '1 second'` })
    .where(eq(emailOutbox.status, 'pending'));
}

export async function makeDueFor(to: string): Promise<void> {
  await database.db
    .update(emailOutbox)
    .set({ nextAttemptAt: sql`now() - interval '1 second'` })
    .where(eq(emailOutbox.to, to));
}

/** Quoted-printable bodies wrap lines and encode `=`; enough decoding to search them. */
export function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

export type RecordingTransport = MailTransport & { sent: OutgoingEmail[] };

/** Records what it is given; `beforeSend` may hold a message (or move a clock) first. */
export function recordingTransport(
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
