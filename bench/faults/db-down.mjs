// The database down: an external PostgreSQL 15 (started here as the `postgres` user on a loopback
// port) serves a production-mode iPatient server, then becomes unreachable twice:
//   1. stopped    `pg_ctl stop -m immediate`: connections drop, new ones are refused;
//   2. frozen     SIGSTOP of the postmaster and every backend: connections stay open and nothing
//                 answers (a hung server, or a network cut without resets).
// During each outage it measures /readyz, an API read, an API write and four server-rendered pages
// (status, time to answer, body), checks the server process stays up, then brings PostgreSQL back
// and measures how long until the same server answers 200 again, without a restart.
// Writes bench/results/faults-db-down.{json,md}; exits 1 when a check fails.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { freePort, isAlive } from '../load.mjs';
import {
  cleanUpDataDir,
  makeDataDir,
  runFacts,
  startServer,
  stopServer,
  writeResults,
} from './server-process.mjs';

const PG_BIN = process.env.PG_BIN ?? '/usr/local/bin';
const DATABASE = 'ipatient';
/** Every answer during an outage must come within this. */
const MAX_ANSWER_MS = 2000;
/** How long each outage lasts: long enough for the background jobs (outbox poll: 2 s) to run. */
const OUTAGE_MS = Number(process.env.BENCH_OUTAGE_MS ?? 6000);
/** Samples of each request during an outage. */
const SAMPLES = 3;
/**
 * The server keeps anonymous campaign and blog reads and pages for 2 s (public-cache.ts), so the
 * first answers of an outage may still be good ones; the outage is measured after that.
 */
const PUBLIC_CACHE_SETTLE_MS = 2500;
/** Give up waiting for the server to recover after this long. */
const RECOVERY_LIMIT_MS = 30_000;
/** Text of the API's 503 (plugins/errors.ts). */
const UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a minute.';

const log = (message) => console.log(`[db-down] ${message}`);

// ---------------------------------------------------------------- the external PostgreSQL

/** Runs a PostgreSQL program as the `postgres` user (it refuses to run as root). */
function asPostgres(program, args, options = {}) {
  const run = spawnSync('runuser', ['-u', 'postgres', '--', path.join(PG_BIN, program), ...args], {
    encoding: 'utf8',
    timeout: options.timeoutMs ?? 60_000,
  });
  if (run.status !== 0 && !options.allowFailure) {
    throw new Error(`${program} ${args.join(' ')} failed: ${run.stderr || run.stdout}`);
  }
  return run;
}

/** A PostgreSQL 15 cluster in a temporary directory, listening on 127.0.0.1 only. */
async function createCluster() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ipatient-external-pg-'));
  fs.chmodSync(dir, 0o755);
  const data = path.join(dir, 'data');
  fs.mkdirSync(data, { mode: 0o700 });
  execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  const port = await freePort();
  // Trust is acceptable here only because the cluster listens on loopback and lives for one run.
  asPostgres('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const cluster = {
    dir,
    data,
    port,
    url: `postgres://postgres@127.0.0.1:${port}/${DATABASE}`,
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    frozen: [],
    start() {
      asPostgres('pg_ctl', [
        'start',
        '-D',
        data,
        '-w',
        '-t',
        '60',
        '-l',
        path.join(dir, 'postgres.log'),
        '-o',
        `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off`,
      ]);
    },
    stopImmediately() {
      asPostgres('pg_ctl', ['stop', '-D', data, '-m', 'immediate', '-w', '-t', '60']);
    },
    postmasterPid() {
      try {
        const pid = Number(
          fs.readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0],
        );
        return pid > 0 && isAlive(pid) ? pid : undefined;
      } catch {
        return undefined;
      }
    },
    /** The postmaster and all its children (backends and background workers). */
    processes() {
      const postmaster = cluster.postmasterPid();
      if (!postmaster) return [];
      const children = [];
      for (const entry of fs.readdirSync('/proc')) {
        if (!/^\d+$/.test(entry)) continue;
        try {
          const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
          // Fields after the command name (which may contain spaces) start after the last ')'.
          const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
          if (ppid === postmaster) children.push(Number(entry));
        } catch {
          // Gone meanwhile.
        }
      }
      return [postmaster, ...children];
    },
    /** Freezes the whole server: it keeps its sockets open and answers nothing. */
    freeze() {
      // The postmaster first, so it forks nothing new while its children are stopped.
      for (const pid of cluster.processes()) {
        process.kill(pid, 'SIGSTOP');
        cluster.frozen.push(pid);
      }
    },
    thaw() {
      for (const pid of cluster.frozen.reverse()) {
        try {
          process.kill(pid, 'SIGCONT');
        } catch {}
      }
      cluster.frozen = [];
    },
    /** Leaves nothing behind, whatever state the run failed in. */
    async destroy() {
      cluster.thaw();
      const pid = cluster.postmasterPid();
      if (pid) {
        asPostgres('pg_ctl', ['stop', '-D', data, '-m', 'immediate', '-w', '-t', '30'], {
          allowFailure: true,
        });
        if (isAlive(pid)) {
          try {
            process.kill(pid, 'SIGKILL');
          } catch {}
        }
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  return cluster;
}

async function createDatabase(adminUrl) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------- requests

/** A live campaign, for its page; read from the API before the outage. */
let campaignId = 'unknown';

let writeCounter = 0;
/** A contact message from an address of its own (the server trusts X-Forwarded-For here). */
function contactWrite() {
  writeCounter += 1;
  return {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `10.77.${Math.floor(writeCounter / 250)}.${writeCounter % 250}`,
    },
    body: JSON.stringify({
      email: 'chidi.okafor@example.ng',
      firstName: 'Chidi',
      lastName: 'Okafor',
      phone: '0803 123 4567',
      message: `Fault run message ${writeCounter}: the clinic in Owerri was closed today.`,
    }),
  };
}

const htmlPage = () => ({ headers: { accept: 'text/html' } });
/** The requests measured; `campaignPath` is filled in from the API before the outage. */
const REQUESTS = {
  readyz: { path: '/readyz', init: () => ({}) },
  apiRead: { path: '/api/v1/get-crowedFundings', init: () => ({}) },
  apiWrite: { path: '/api/v1/contact-us', init: contactWrite },
  pageHome: { path: '/', init: htmlPage },
  pageCampaigns: { path: '/campaigns', init: htmlPage },
  pageCampaign: { path: '/campaigns/{id}', init: htmlPage },
  pageBlog: { path: '/blog', init: htmlPage },
};
const PAGES = ['pageHome', 'pageCampaigns', 'pageCampaign', 'pageBlog'];

/** The text of an HTML fragment, tags removed and spaces collapsed. */
const textOf = (html) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

/** One request: status, time to the whole answer, and the parts of the body that matter. */
async function call(base, name) {
  const request = REQUESTS[name];
  const t0 = performance.now();
  try {
    const response = await fetch(base + request.path.replace('{id}', campaignId), {
      ...request.init(),
      // Far beyond the 2 s promise: a hang is reported as such, not waited for forever.
      signal: AbortSignal.timeout(15_000),
    });
    const text = await response.text();
    const ms = Math.round(performance.now() - t0);
    const type = response.headers.get('content-type') ?? '';
    let body;
    if (type.includes('application/json')) {
      try {
        body = JSON.parse(text);
      } catch {
        body = text.slice(0, 200);
      }
    } else {
      // A page: its heading, and any error it shows (an error page's text, or in-page alerts).
      const heading = textOf(text.match(/<h1[^>]*>([\s\S]*?)<\/h1>/)?.[1] ?? '');
      const alerts = [...text.matchAll(/role="alert"[^>]*>([\s\S]*?)<\/div>/g)]
        .map((m) => textOf(m[1]))
        .filter(Boolean);
      // An error page (4xx/5xx): a heading, then the message for the reader.
      const errorText =
        response.status >= 400
          ? textOf(text.match(/<h1[^>]*>[\s\S]*?<\/h1>\s*<p[^>]*>([\s\S]*?)<\/p>/)?.[1] ?? '')
          : undefined;
      body = { heading, alerts, ...(errorText ? { errorText } : {}), bytes: text.length };
    }
    return {
      status: response.status,
      ms,
      retryAfter: response.headers.get('retry-after'),
      type: type.split(';')[0],
      body,
    };
  } catch (error) {
    return { status: 0, ms: Math.round(performance.now() - t0), error: String(error) };
  }
}

/** SAMPLES calls of each request, one after another; the slowest counts. */
async function sampleAll(base) {
  const result = {};
  for (const name of Object.keys(REQUESTS)) {
    const samples = [];
    for (let i = 0; i < SAMPLES; i++) samples.push(await call(base, name));
    result[name] = {
      statuses: samples.map((s) => s.status),
      maxMs: Math.max(...samples.map((s) => s.ms)),
      msEach: samples.map((s) => s.ms),
      retryAfter: samples[0].retryAfter,
      type: samples[0].type,
      body: samples[0].body ?? samples[0].error,
    };
  }
  return result;
}

/** Time from `since` until /readyz, the API read and the API write all answer 200. */
async function timeToRecovery(base, since) {
  let readyMs;
  while (performance.now() - since < RECOVERY_LIMIT_MS) {
    const ready = await call(base, 'readyz');
    if (ready.status === 200) {
      readyMs = Math.round(performance.now() - since);
      break;
    }
    await sleep(50);
  }
  if (readyMs === undefined) return { readyMs: null, apiMs: null };
  let apiMs = null;
  while (performance.now() - since < RECOVERY_LIMIT_MS) {
    const [read, write] = [await call(base, 'apiRead'), await call(base, 'apiWrite')];
    if (read.status === 200 && write.status === 200) {
      apiMs = Math.round(performance.now() - since);
      break;
    }
    await sleep(50);
  }
  const page = await call(base, 'pageCampaigns');
  return { readyMs, apiMs, pageStatus: page.status };
}

// ---------------------------------------------------------------- checks

function outageChecks(label, during) {
  const checks = [];
  const add = (name, met, figure) => checks.push({ check: `${label}: ${name}`, met, figure });
  const { readyz, apiRead, apiWrite } = during;
  add(
    '/readyz answers 503 database down within 2 s',
    readyz.statuses.every((s) => s === 503) &&
      readyz.body?.database === 'down' &&
      readyz.maxMs <= MAX_ANSWER_MS,
    `${readyz.statuses.join('/')} in ≤ ${readyz.maxMs} ms, database: ${readyz.body?.database}`,
  );
  for (const [name, sample] of [
    ['API read', apiRead],
    ['API write', apiWrite],
  ]) {
    add(
      `${name} answers 503 UNAVAILABLE with the message and retry-after within 2 s`,
      sample.statuses.every((s) => s === 503) &&
        sample.body?.code === 'UNAVAILABLE' &&
        sample.body?.message === UNAVAILABLE_MESSAGE &&
        Number(sample.retryAfter) > 0 &&
        sample.maxMs <= MAX_ANSWER_MS,
      `${sample.statuses.join('/')} in ≤ ${sample.maxMs} ms, code ${sample.body?.code}, retry-after ${sample.retryAfter}`,
    );
  }
  for (const name of PAGES) {
    const sample = during[name];
    const shown = sample.body?.errorText ?? sample.body?.alerts?.join(' · ');
    add(
      `page ${REQUESTS[name].path} answers 503 within 2 s and tells the reader to try again`,
      sample.statuses.every((s) => s === 503) &&
        sample.maxMs <= MAX_ANSWER_MS &&
        sample.type === 'text/html' &&
        Boolean(shown),
      `${sample.statuses.join('/')} in ≤ ${sample.maxMs} ms, shows: ${shown ? `"${shown}"` : 'no error message'}`,
    );
  }
  return checks;
}

function recoveryChecks(label, recovery) {
  return [
    {
      check: `${label}: recovers without a restart (/readyz, API read and write 200)`,
      met: recovery.apiMs !== null && recovery.pageStatus === 200,
      figure:
        recovery.apiMs === null
          ? `not within ${RECOVERY_LIMIT_MS / 1000} s`
          : `/readyz 200 after ${recovery.readyMs} ms, API after ${recovery.apiMs} ms, page ${recovery.pageStatus}`,
    },
  ];
}

// ---------------------------------------------------------------- the run

async function main() {
  const facts = await runFacts();
  const dataDir = makeDataDir('ipatient-db-down-');
  let cluster;
  let server;
  const cleanUp = async () => {
    if (server) await stopServer(server).catch(() => {});
    if (cluster) await cluster.destroy().catch(() => {});
    await cleanUpDataDir(dataDir).catch(() => {});
  };
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      void cleanUp().finally(() => process.exit(130));
    });
  }
  try {
    log('initialising an external PostgreSQL 15 cluster');
    cluster = await createCluster();
    cluster.start();
    await createDatabase(cluster.adminUrl);
    log(`PostgreSQL on 127.0.0.1:${cluster.port}; starting the server`);
    server = await startServer({
      dataDir,
      env: { DATABASE_URL: cluster.url, TRUST_PROXY: '1' },
    });
    log(`server ready in ${server.readyMs} ms at ${server.base}`);

    const list = await (await fetch(`${server.base}${REQUESTS.apiRead.path}`)).json();
    campaignId = list.results?.[0]?._id ?? list.results?.[0]?.id ?? 'unknown';
    const before = await sampleAll(server.base);
    const checks = [];
    checks.push({
      check: 'before: everything answers 200',
      met: Object.values(before).every((r) => r.statuses.every((s) => s === 200)),
      figure: Object.entries(before)
        .map(([name, r]) => `${name} ${r.statuses.join('/')}`)
        .join(', '),
    });

    const scenarios = {};
    for (const scenario of ['stopped', 'frozen']) {
      log(`outage: PostgreSQL ${scenario}`);
      if (scenario === 'stopped') cluster.stopImmediately();
      else cluster.freeze();
      const outageStarted = performance.now();
      // What a visitor sees in the first moment (possibly from the public cache): for the record.
      const firstMoment = {
        apiRead: await call(server.base, 'apiRead'),
        pageCampaigns: await call(server.base, 'pageCampaigns'),
      };
      await sleep(Math.max(0, PUBLIC_CACHE_SETTLE_MS - (performance.now() - outageStarted)));
      const during = await sampleAll(server.base);
      // Stay down a while longer so the outbox worker and the other jobs meet the outage.
      const rest = OUTAGE_MS - (performance.now() - outageStarted);
      if (rest > 0) await sleep(rest);
      const duringLate = await call(server.base, 'apiRead');
      const aliveDuring = !server.exited;

      log(`PostgreSQL back (${scenario === 'stopped' ? 'pg_ctl start' : 'SIGCONT'})`);
      const backAt = performance.now();
      let postgresBackMs;
      if (scenario === 'stopped') {
        cluster.start();
        postgresBackMs = Math.round(performance.now() - backAt);
      } else {
        cluster.thaw();
        postgresBackMs = 0;
      }
      const recovery = await timeToRecovery(server.base, backAt);
      scenarios[scenario] = {
        outageMs: Math.round(backAt - outageStarted),
        firstMoment: Object.fromEntries(
          Object.entries(firstMoment).map(([name, r]) => [name, { status: r.status, ms: r.ms }]),
        ),
        during,
        lateApiRead: { status: duringLate.status, ms: duringLate.ms },
        serverAliveDuringOutage: aliveDuring,
        postgresBackMs,
        recovery,
      };
      checks.push(...outageChecks(scenario, during));
      checks.push({
        check: `${scenario}: still 503 within 2 s after ${OUTAGE_MS / 1000} s down`,
        met: duringLate.status === 503 && duringLate.ms <= MAX_ANSWER_MS,
        figure: `${duringLate.status} in ${duringLate.ms} ms`,
      });
      checks.push(...recoveryChecks(scenario, recovery));
    }

    const output = server.output.join('');
    const crashes = output.match(/unhandled rejection|uncaught exception/gi) ?? [];
    checks.push({
      check: 'the server process never exited and logged no uncaught error',
      met: !server.exited && crashes.length === 0,
      figure: server.exited
        ? `exited (${server.exited.code ?? server.exited.signal})`
        : `running (pid ${server.pid}), ${crashes.length} uncaught errors logged`,
    });
    // What the server logged at warn (40) and error (50) level, counted by message.
    const logged = { warnings: 0, errors: 0, messages: {} };
    for (const line of output.split('\n')) {
      let entry;
      try {
        entry = JSON.parse(line);
      } catch {
        continue;
      }
      if (entry.level === 40) logged.warnings += 1;
      else if (entry.level >= 50) logged.errors += 1;
      else continue;
      const key = `${entry.level >= 50 ? 'error' : 'warn'}: ${entry.msg}`;
      logged.messages[key] = (logged.messages[key] ?? 0) + 1;
    }

    const settings = {
      postgres: asPostgres('postgres', ['--version']).stdout.trim(),
      postgresBin: PG_BIN,
      outageMs: OUTAGE_MS,
      samplesPerRequest: SAMPLES,
      maxAnswerMs: MAX_ANSWER_MS,
      requests: Object.fromEntries(Object.entries(REQUESTS).map(([k, v]) => [k, v.path])),
    };
    const passed = checks.every((c) => c.met);
    const json = {
      ...facts,
      settings,
      before,
      scenarios,
      serverLog: logged,
      checks,
      passed,
    };

    const row = (name, r) =>
      `| ${name} | ${r.statuses.join(' / ')} | ${r.msEach.join(' / ')} | ${describeBody(r)} |`;
    const md = [
      '# Faults: the database down',
      '',
      `Date ${facts.date} · machine ${facts.machine} · Node ${facts.node} · commit ${facts.commit}`,
      '',
      `\`node bench/faults/db-down.mjs\`: an external PostgreSQL (\`${settings.postgres}\`) on loopback serves a production-mode server (DATABASE_URL), then is stopped (\`pg_ctl stop -m immediate\`) and, second, frozen (SIGSTOP of the postmaster and every backend: open connections that never answer). Each outage lasts ${OUTAGE_MS / 1000} s; ${SAMPLES} samples of each request; then PostgreSQL comes back and the same server process is timed until it answers 200 again.`,
      '',
      '| check | met | figure |',
      '|---|---|---|',
      ...checks.map((c) => `| ${c.check} | ${c.met ? 'met' : '**not met**'} | ${c.figure} |`),
      '',
    ];
    for (const [scenario, s] of Object.entries(scenarios)) {
      md.push(
        `## PostgreSQL ${scenario}`,
        '',
        `In the first moment of the outage: API read ${s.firstMoment.apiRead.status} in ${s.firstMoment.apiRead.ms} ms, /campaigns ${s.firstMoment.pageCampaigns.status} in ${s.firstMoment.pageCampaigns.ms} ms (anonymous reads may come from the 2 s public cache). Measured from ${PUBLIC_CACHE_SETTLE_MS / 1000} s into the outage:`,
        '',
        '| request | statuses | ms each | answer |',
        '|---|---|---|---|',
        row(`\`GET /readyz\``, s.during.readyz),
        row(`\`GET ${REQUESTS.apiRead.path}\``, s.during.apiRead),
        row(`\`POST ${REQUESTS.apiWrite.path}\``, s.during.apiWrite),
        ...PAGES.map((name) =>
          row(`\`GET ${REQUESTS[name].path.replace('{id}', campaignId)}\` (page)`, s.during[name]),
        ),
        '',
        `After ${OUTAGE_MS / 1000} s down the API read still answered ${s.lateApiRead.status} in ${s.lateApiRead.ms} ms. ` +
          `PostgreSQL back${scenario === 'stopped' ? ` (pg_ctl start took ${s.postgresBackMs} ms)` : ''}: ` +
          (s.recovery.apiMs === null
            ? 'the server did not recover.'
            : `/readyz 200 after ${s.recovery.readyMs} ms, API read and write 200 after ${s.recovery.apiMs} ms, page ${s.recovery.pageStatus}; no restart.`),
        '',
      );
    }
    md.push(
      `Server log over the run (LOG_LEVEL=warn; the last 200 output chunks): ${logged.warnings} warnings, ${logged.errors} errors:`,
      '',
      ...Object.entries(logged.messages).map(([message, count]) => `- ${count} × ${message}`),
    );
    writeResults('faults-db-down', json, md);
    for (const c of checks) log(`${c.met ? 'met    ' : 'NOT MET'} ${c.check}: ${c.figure}`);
    log(passed ? 'every check met' : 'some checks not met');
    process.exitCode = passed ? 0 : 1;
  } finally {
    await cleanUp();
  }
}

function describeBody(sample) {
  const body = sample.body;
  if (!body || typeof body !== 'object') return String(body ?? '');
  const text =
    'code' in body
      ? `${body.code}: ${body.message}${sample.retryAfter ? ` (retry-after ${sample.retryAfter})` : ''}`
      : 'heading' in body
        ? `page "${body.heading ?? ''}"${body.errorText ? `: ${body.errorText}` : ''}${body.alerts?.length ? `; alerts: ${body.alerts.join(' · ')}` : ''}`
        : JSON.stringify(body);
  return text.replaceAll('|', '\\|').replace(/\s+/g, ' ').trim();
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
