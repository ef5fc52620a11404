// The mail server down, then flaky: every email the app produced is delivered once it is back,
// none twice. A local SMTP server (smtp-server) on loopback sits behind a small TCP relay that can
// be closed (nothing listens: the server is down) or made to drop connections; the SMTP server
// itself answers 451 (try again later) to some recipients while flaky.
//   Run 1 (outage): the relay is closed while the app produces emails (sign-up codes, complaint
//   receipts and notices, contact messages), stays closed FAULT_SMTP_DOWN_MS, then opens.
//   Run 2 (flaky): the server answers 451 or drops the connection for FAULT_SMTP_FLAKY_MS, then
//   behaves.
// Figures go to bench/results/faults-smtp.{json,md}. Exits non-zero when a check fails.
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { SMTPServer } from 'smtp-server';
import { freePort } from '../load.mjs';
import {
  cleanUpDataDir,
  connectEmbedded,
  makeDataDir,
  runFacts,
  startServer,
  stopServer,
  writeResults,
} from './server-process.mjs';

const DOWN_MS = Number(process.env.FAULT_SMTP_DOWN_MS ?? 20_000);
const FLAKY_MS = Number(process.env.FAULT_SMTP_FLAKY_MS ?? 20_000);
/** Per run: sign-ups (a code each), of which half validate and send a complaint, and contact messages. */
const SIGN_UPS = Number(process.env.FAULT_SMTP_SIGNUPS ?? 12);
const CONTACTS = Number(process.env.FAULT_SMTP_CONTACTS ?? 8);
/** The longest a delivery may take after the server is back (the longest retry delay is 5 min). */
const DELIVERY_TIMEOUT_MS = 6 * 60 * 1000;
/** After everything arrived, how long to keep listening for a second copy. */
const QUIET_MS = 5000;
const PASSWORD = 'Kolanut-Harmattan7';
const RUN = Date.now().toString(36);

/** "=?UTF-8?Q?...?=" and "=?UTF-8?B?...?=" words of a header (RFC 2047), unfolded. */
function decodeHeader(value) {
  return value
    .replace(/\r?\n[ \t]+/g, ' ')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset, encoding, text) => {
      if (encoding.toUpperCase() === 'B') return Buffer.from(text, 'base64').toString('utf8');
      const bytes = text
        .replace(/_/g, ' ')
        .replace(/=([0-9A-Fa-f]{2})/g, (_h, hex) => String.fromCharCode(Number.parseInt(hex, 16)));
      return Buffer.from(bytes, 'latin1').toString('utf8');
    });
}

function subjectOf(raw) {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const match = /^Subject:(.*(?:\r?\n[ \t].*)*)/im.exec(head);
  return decodeHeader((match?.[1] ?? '').trim());
}

/**
 * The mail server: smtp-server on an inner port, reached through a relay on `port` that can be
 * closed (down), and, while flaky, drops some connections when the client starts the DATA phase
 * (before the message is accepted, so a dropped message was not delivered).
 */
async function mailServer() {
  const state = { mode: 'ok', deliveries: [], refused: 0, dropped: 0, connections: 0 };
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (state.mode === 'flaky' && Math.random() < 0.4) {
        state.refused++;
        return callback(
          Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }),
        );
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        for (const rcpt of session.envelope.rcptTo) {
          state.deliveries.push({ to: rcpt.address, subject: subjectOf(raw), at: Date.now() });
        }
        callback();
      });
    },
  });
  const innerPort = await freePort();
  await new Promise((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(innerPort, '127.0.0.1', resolve);
  });
  const port = await freePort();
  const sockets = new Set();
  const relay = net.createServer((client) => {
    state.connections++;
    const upstream = net.connect(innerPort, '127.0.0.1');
    const dropThis = state.mode === 'flaky' && Math.random() < 0.3;
    sockets.add(client);
    sockets.add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('data', (chunk) => {
      if (dropThis && /^DATA\r?$/im.test(chunk.toString('latin1'))) {
        state.dropped++;
        end();
        return;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk) => client.write(chunk));
    client.on('error', end);
    upstream.on('error', end);
    client.on('close', end);
    upstream.on('close', end);
  });
  let listening = false;
  return {
    port,
    state,
    async up() {
      if (listening) return;
      await new Promise((resolve, reject) => {
        relay.once('error', reject);
        relay.listen(port, '127.0.0.1', resolve);
      });
      listening = true;
    },
    async down() {
      if (!listening) return;
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => relay.close(() => resolve()));
      listening = false;
    },
    async close() {
      await this.down();
      await new Promise((resolve) => smtp.close(resolve));
    },
  };
}

let server;
const dataDir = makeDataDir('ipatient-smtp-');
let mail;
let failed = false;

async function call(path, body, { token, forwardedFor } = {}) {
  const headers = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (forwardedFor) headers['x-forwarded-for'] = forwardedFor;
  const response = await fetch(`${server.base}/api/v1${path}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`POST ${path}: ${response.status} ${text}`);
  return JSON.parse(text);
}

/** Sign-ups (code emails), validations and complaints (receipts, team notices), contact messages. */
async function produceEmails(db, label) {
  for (let i = 0; i < SIGN_UPS; i++) {
    const email = `smtp.${RUN}.${label}.${i}@example.ng`;
    const forwardedFor = `10.78.${label === 'outage' ? 1 : 2}.${i}`;
    await call(
      '/sign-up',
      {
        email,
        firstName: 'Ngozi',
        lastName: 'Eze',
        phone: '+2348031234567',
        password: PASSWORD,
        acceptTerms: true,
      },
      { forwardedFor },
    );
    if (i % 2 === 1) continue;
    // The code is in the outbox even while the mail server is down. The server sends through
    // SMTP, so it has no /dev mailbox: the code is read from the outbox table itself.
    const { rows: outbox } = await db.query(
      'SELECT text FROM email_outbox WHERE "to" = $1 ORDER BY created_at DESC LIMIT 1',
      [email],
    );
    const code = /code: ([A-Z0-9]+)/.exec(outbox[0]?.text ?? '')?.[1];
    if (!code) throw new Error(`no code in the outbox for ${email}`);
    const signedIn = await call(
      '/validate-signup-otp',
      { email, emailOtp: code },
      { forwardedFor },
    );
    await call(
      '/create-advocacy',
      {
        hospitalName: 'General Hospital Ikeja',
        hospitalAddress: '1 Mobolaji Bank Anthony Way, Ikeja, Lagos',
        category: 'medical billing',
        complaints: `I was billed twice for the same laboratory test (${label} ${i}).`,
      },
      { token: signedIn.tokens.accessToken },
    );
  }
  for (let i = 0; i < CONTACTS; i++) {
    await call(
      '/contact-us',
      {
        email: `contact.${RUN}.${label}.${i}@example.ng`,
        firstName: 'Bola',
        lastName: 'Ade',
        phone: '+2348031234567',
        message: `Please call me back about the Green-Heart campaign (${label} ${i}).`,
      },
      { forwardedFor: `10.79.${label === 'outage' ? 1 : 2}.${i}` },
    );
  }
}

async function outboxRows(db, since) {
  const { rows } = await db.query(
    'SELECT id, "to", subject, status, attempts, last_error FROM email_outbox WHERE created_at >= $1',
    [since],
  );
  return rows;
}

/** The subject without what makes it unique (a complaint reference, the sender). */
const kindOf = (subject) => subject.replace(/IPC-[A-Z0-9-]+/, 'IPC-…').replace(/:.*$/, '');

const keyOf = (to, subject) => `${to.toLowerCase()}\n${subject}`;

/** Compares what the outbox holds with what the SMTP server accepted, message by message. */
function compare(rows, deliveries) {
  const expected = new Map();
  for (const row of rows) {
    const key = keyOf(row.to, row.subject);
    expected.set(key, (expected.get(key) ?? 0) + 1);
  }
  const got = new Map();
  for (const d of deliveries) {
    const key = keyOf(d.to, d.subject);
    if (expected.has(key)) got.set(key, (got.get(key) ?? 0) + 1);
  }
  let delivered = 0;
  let duplicates = 0;
  let missing = 0;
  for (const [key, count] of expected) {
    const n = got.get(key) ?? 0;
    delivered += Math.min(n, count);
    duplicates += Math.max(0, n - count);
    missing += Math.max(0, count - n);
  }
  return { delivered, duplicates, missing };
}

/** One run: produce with the server in `mode`, restore it after `faultMs`, wait for delivery. */
async function run(db, label, { before, faultMs }) {
  const since = new Date((await db.query('SELECT now() AS now')).rows[0].now);
  const deliveriesBefore = mail.state.deliveries.length;
  const counters = { refused: mail.state.refused, dropped: mail.state.dropped };
  const faultStart = Date.now();
  await before();
  await produceEmails(db, label);
  const produceMs = Date.now() - faultStart;
  const produced = await outboxRows(db, since);
  // Let the fault last its time (the worker retries meanwhile).
  const left = faultMs - (Date.now() - faultStart);
  if (left > 0) await sleep(left);
  const pendingAtRecovery = (await outboxRows(db, since)).filter((r) => r.status !== 'sent').length;
  const recoveredAt = Date.now();
  if (label === 'outage') await mail.up();
  mail.state.mode = 'ok';
  let rows = produced;
  let allAt;
  while (Date.now() - recoveredAt < DELIVERY_TIMEOUT_MS) {
    rows = await outboxRows(db, since);
    const check = compare(rows, mail.state.deliveries.slice(deliveriesBefore));
    if (rows.every((r) => r.status === 'sent') && check.missing === 0) {
      allAt = Date.now();
      break;
    }
    await sleep(200);
  }
  await sleep(QUIET_MS);
  rows = await outboxRows(db, since);
  const check = compare(rows, mail.state.deliveries.slice(deliveriesBefore));
  const attempts = rows.map((r) => r.attempts);
  const result = {
    run: label,
    faultMs,
    emailsProduced: rows.length,
    kinds: Object.fromEntries(
      [...new Set(rows.map((r) => kindOf(r.subject)))].map((kind) => [
        kind,
        rows.filter((r) => kindOf(r.subject) === kind).length,
      ]),
    ),
    pendingWhenServerCameBack: pendingAtRecovery,
    delivered: check.delivered,
    duplicates: check.duplicates,
    missing: check.missing,
    outboxSent: rows.filter((r) => r.status === 'sent').length,
    outboxFailed: rows.filter((r) => r.status === 'failed').length,
    failedAttemptsTotal: attempts.reduce((a, b) => a + b, 0),
    failedAttemptsMax: Math.max(0, ...attempts),
    emailsRetried: attempts.filter((a) => a > 0).length,
    refused451: mail.state.refused - counters.refused,
    connectionsDropped: mail.state.dropped - counters.dropped,
    secondsFromServerBackToAllDelivered:
      allAt === undefined ? null : Number(((allAt - recoveredAt) / 1000).toFixed(1)),
    produceSeconds: Number((produceMs / 1000).toFixed(1)),
  };
  const ok =
    result.emailsProduced >= 30 &&
    result.missing === 0 &&
    result.duplicates === 0 &&
    result.outboxSent === result.emailsProduced &&
    allAt !== undefined;
  result.ok = ok;
  if (!ok) failed = true;
  console.log(JSON.stringify(result));
  return result;
}

try {
  const facts = await runFacts();
  mail = await mailServer();
  server = await startServer({
    dataDir,
    env: {
      SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
      // The emails come from distinct (forwarded) addresses, as real visitors would.
      // One proxy hop: the X-Forwarded-For each simulated member sends is the address counted.
      TRUST_PROXY: '1',
      // Only the API is needed; a web build being replaced meanwhile must not stop the server.
      SERVE_WEB: 'false',
    },
  });
  const db = await connectEmbedded(dataDir);
  let runs;
  try {
    runs = [
      await run(db, 'outage', { faultMs: DOWN_MS, before: () => mail.down() }),
      await run(db, 'flaky', {
        faultMs: FLAKY_MS,
        before: async () => {
          await mail.up();
          mail.state.mode = 'flaky';
        },
      }),
    ];
  } finally {
    await db.end();
  }
  const result = {
    ...facts,
    settings: {
      downMs: DOWN_MS,
      flakyMs: FLAKY_MS,
      signUpsPerRun: SIGN_UPS,
      contactMessagesPerRun: CONTACTS,
      flaky: '40% of recipients refused with 451, 30% of connections dropped at DATA',
      retry: 'backoff 5 s, 10 s, 20 s … capped at 5 min; the first success makes the backlog due',
    },
    runs,
  };
  const mark = (ok) => (ok ? 'met' : '**not met**');
  const lines = [
    `# Faults: the mail server down, then flaky (${facts.date})`,
    '',
    `${facts.machine}, Node ${facts.node}, commit ${facts.commit}. The server (production mode, API only, local mode, embedded PostgreSQL) sends through a local SMTP server (smtp-server) on loopback. Run: \`node bench/faults/smtp.mjs\` (Node 24: \`npx node …\`).`,
    '',
    `- outage: nothing listens on the SMTP port for ${DOWN_MS / 1000} s while the app produces the emails; then it listens.`,
    `- flaky: for ${FLAKY_MS / 1000} s the server refuses 40% of recipients with 451 and 30% of connections are dropped when the message is about to be sent; then it behaves.`,
    '',
    '| run | emails produced | delivered | duplicates | missing | outbox sent / failed | emails retried, failed attempts (max per email) | 451 / dropped | pending when the server came back | s from server back to all delivered | |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...runs.map(
      (r) =>
        `| ${r.run} | ${r.emailsProduced} | ${r.delivered} | ${r.duplicates} | ${r.missing} | ${r.outboxSent} / ${r.outboxFailed} | ${r.emailsRetried}, ${r.failedAttemptsTotal} (${r.failedAttemptsMax}) | ${r.refused451} / ${r.connectionsDropped} | ${r.pendingWhenServerCameBack} | ${r.secondsFromServerBackToAllDelivered ?? 'not all delivered'} | ${mark(r.ok)} |`,
    ),
    '',
    'Targets: every email produced (≥ 30 per run) delivered, none twice, each shown sent in the outbox with its failed attempts counted.',
    '',
    `Retry policy of the mail worker: ${result.settings.retry}; when the server cannot be reached, the rest of a batch goes back untried (no attempt counted). The time from the server's return to the last delivery is at most the retry delay the oldest messages were waiting out.`,
    '',
    `Emails per kind: ${runs
      .map(
        (r) =>
          `${r.run}: ${Object.entries(r.kinds)
            .map(([k, n]) => `${n}× ${k}`)
            .join(', ')}`,
      )
      .join('; ')}.`,
    '',
  ];
  writeResults('faults-smtp', result, lines);
  console.log(lines.join('\n'));
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  if (server) await stopServer(server);
  await mail?.close();
  await cleanUpDataDir(dataDir);
}
process.exit(failed ? 1 : 0);
