// Fault run: two server instances on one external PostgreSQL 15 and one Redis, as a deployment
// behind a load balancer would run them. Starts both (loopback only, throwaway directories) at
// the same moment on an empty database and shows, with figures:
//   1. the migrations ran once (the migrations table, both logs, both /readyz);
//   2. the weekly winner is recorded once when both instances record the same week at once, and
//      the Green-Heart fund's weekly award moves once (the fund's available money falls by exactly
//      the award, the winner's campaign gains exactly the award);
//   3. rate limits are shared: a limit counted in PostgreSQL (failed sign-ins of one account) and
//      the per-address request limit counted in Redis hit at the same total whichever instance
//      the requests go to;
//   4. a like through one instance is seen by the other (count and the user's liked state).
// Writes bench/results/faults-two-instances.{json,md}; exits non-zero when a check fails. Every
// process it starts (PostgreSQL, Redis, the servers) is stopped on exit, failure or Ctrl-C.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import { security } from '../../packages/contracts/src/constants.ts';
import { freePort, runFacts, serverNodeFlags } from '../load.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PG_BIN = '/usr/local/bin';
const REDIS_SERVER = '/usr/bin/redis-server';
/** The request limit the two servers run with: small, so the run is short. */
const REQUEST_LIMIT = Number(process.env.BENCH_REQUEST_LIMIT ?? 60);
/**
 * What `npm start` runs once the web app is built (scripts/start.mjs would first rebuild the web
 * app when its sources changed; this run measures the server, not a build).
 */
const SERVER_ENTRY = 'apps/server/src/main.ts';

const log = (message) => console.log(`[faults:two-instances] ${message}`);
const startedAt = Date.now();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ipatient-two-instances-'));
// The postgres system user must reach its data directory inside.
fs.chmodSync(work, 0o755);

// ---------------------------------------------------------------------------------------------
// Processes: each in its own process group, all stopped in `cleanup`.
// ---------------------------------------------------------------------------------------------

/** name → { child, exited, lines } */
const processes = new Map();

function startProcess(name, command, args, options = {}) {
  const lines = [];
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  for (const stream of [child.stdout, child.stderr]) {
    let partial = '';
    stream.on('data', (chunk) => {
      const text = partial + chunk.toString();
      const parts = text.split('\n');
      partial = parts.pop() ?? '';
      for (const line of parts) if (line) lines.push(line);
    });
  }
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const entry = { name, child, exited, lines, done: false };
  void exited.then(() => {
    entry.done = true;
  });
  processes.set(name, entry);
  return entry;
}

/** Asks a process group to stop, then kills it if it has not within `graceMs`. */
async function stopProcess(name, signal = 'SIGTERM', graceMs = 30_000) {
  const entry = processes.get(name);
  if (!entry) return;
  processes.delete(name);
  if (entry.done) return;
  try {
    process.kill(-entry.child.pid, signal);
  } catch {
    return;
  }
  const outcome = await Promise.race([entry.exited, sleep(graceMs).then(() => undefined)]);
  if (!outcome) {
    try {
      process.kill(-entry.child.pid, 'SIGKILL');
    } catch {}
    await entry.exited;
  }
}

let cleaning;
function cleanup() {
  cleaning ??= (async () => {
    // Servers first (they hold database and Redis connections), then Redis, then PostgreSQL
    // (SIGINT: fast shutdown; runuser passes it on to the postmaster).
    const servers = [...processes.keys()].filter((name) => name.startsWith('instance'));
    await Promise.all(servers.map((name) => stopProcess(name)));
    await stopProcess('redis');
    await stopProcess('postgres', 'SIGINT');
    fs.rmSync(work, { recursive: true, force: true });
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    log(`${signal}: stopping everything`);
    void cleanup().then(() => process.exit(130));
  });
}
process.on('uncaughtException', (error) => {
  console.error(error);
  void cleanup().then(() => process.exit(1));
});

/**
 * The servers serve the built web app and refuse to start without it. A build in progress
 * (`npm run build` empties the build directory first) only delays the run.
 */
async function waitForWebBuild() {
  const marker = path.join(root, 'apps/web/build/server/index.js');
  const deadline = Date.now() + 600_000;
  while (!fs.existsSync(marker)) {
    if (Date.now() > deadline) throw new Error('the web app is not built: run `npm run build`');
    log('waiting for the web app build (apps/web/build) to appear');
    await sleep(5000);
  }
}

// ---------------------------------------------------------------------------------------------
// HTTP from a chosen loopback address (127.0.0.0/8 is all local), so each check is its own client.
// ---------------------------------------------------------------------------------------------

function call(base, method, urlPath, { body, token, from = '127.0.0.1' } = {}) {
  const url = new URL(urlPath, base);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        localAddress: from,
        agent: false,
        headers: {
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        timeout: 15_000,
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () => {
          let json;
          try {
            json = JSON.parse(text);
          } catch {}
          resolve({ status: response.statusCode, headers: response.headers, json, text });
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error(`${method} ${urlPath} timed out`)));
    request.on('error', reject);
    request.end(payload);
  });
}

const _git = (...args) => {
  try {
    return execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
};

const checks = [];
function check(name, met, figure) {
  checks.push({ name, met: Boolean(met), figure });
  log(`${met ? 'met    ' : 'NOT MET'} ${name}: ${figure}`);
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL 15 and Redis
// ---------------------------------------------------------------------------------------------

/**
 * A client of the run's own. Its connection ends when PostgreSQL stops in `cleanup`; without an
 * error listener that would crash the run before it removed its files.
 */
function pgClient(connectionString) {
  const client = new pg.Client({ connectionString });
  client.on('error', () => {});
  return client;
}

async function startPostgres() {
  const dataDir = path.join(work, 'pg');
  const password = randomBytes(18).toString('base64url');
  fs.mkdirSync(dataDir, { mode: 0o700 });
  fs.writeFileSync(path.join(work, 'pgpass'), `${password}\n`, { mode: 0o600 });
  execFileSync('chown', ['postgres', dataDir, path.join(work, 'pgpass')]);
  execFileSync(
    'runuser',
    [
      '-u',
      'postgres',
      '--',
      `${PG_BIN}/initdb`,
      '-D',
      dataDir,
      '-U',
      'postgres',
      '--auth=scram-sha-256',
      `--pwfile=${path.join(work, 'pgpass')}`,
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
    ],
    { stdio: 'ignore' },
  );
  const port = await freePort();
  startProcess('postgres', 'runuser', [
    '-u',
    'postgres',
    '--',
    `${PG_BIN}/postgres`,
    '-D',
    dataDir,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'unix_socket_directories=',
    // Shows in its log when one instance waits for the other's lock (migrations, the winner).
    '-c',
    'log_lock_waits=on',
    '-c',
    'deadlock_timeout=50ms',
    '-c',
    'log_line_prefix=%m [%p] ',
  ]);
  const admin = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const client = pgClient(`${admin}/postgres`);
    try {
      await client.connect();
      await client.query('CREATE DATABASE ipatient');
      await client.end();
      break;
    } catch (error) {
      await client.end().catch(() => {});
      if (processes.get('postgres')?.done) {
        throw new Error(`PostgreSQL exited: ${processes.get('postgres')?.lines.join(' | ')}`);
      }
      if (Date.now() > deadline) throw new Error(`PostgreSQL did not start: ${error.message}`);
      await sleep(200);
    }
  }
  return { url: `${admin}/ipatient`, port };
}

async function startRedis() {
  const port = await freePort();
  // No persistence: the counts only matter for a minute.
  startProcess('redis', REDIS_SERVER, [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
  ]);
  const url = `redis://127.0.0.1:${port}`;
  const client = new Redis(url, { lazyConnect: true, retryStrategy: () => 100 });
  client.on('error', () => {});
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      if (client.status !== 'ready') await client.connect();
      await client.ping();
      return { url, port, client };
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`Redis did not start: ${error.message}`);
      await sleep(100);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The two servers
// ---------------------------------------------------------------------------------------------

const jwtSecret = randomBytes(48).toString('base64url');
const instances = [
  { name: 'instance 1', dataDir: path.join(work, 'data-1'), port: 0, base: '' },
  { name: 'instance 2', dataDir: path.join(work, 'data-2'), port: 0, base: '' },
];
/** Log lines of every start of each instance (kept across restarts). */
const serverLogs = { 'instance 1': [], 'instance 2': [] };

function spawnInstance(instance, env) {
  fs.mkdirSync(instance.dataDir, { recursive: true, mode: 0o755 });
  const entry = startProcess(
    instance.name,
    process.execPath,
    [...serverNodeFlags(), SERVER_ENTRY],
    {
      env: {
        NODE_ENV: 'production',
        PORT: String(instance.port),
        HOST: '127.0.0.1',
        DATA_DIR: instance.dataDir,
        DATABASE_URL: env.databaseUrl,
        REDIS_URL: env.redisUrl,
        // Both instances must accept each other's sessions, as behind a load balancer.
        JWT_SECRET: jwtSecret,
        SEED_DEMO: 'false',
        // info: the weekly-winner job says when it recorded a week.
        LOG_LEVEL: 'info',
        API_REQUESTS_PER_MINUTE: String(REQUEST_LIMIT),
      },
    },
  );
  instance.entry = entry;
  return entry;
}

async function waitReady(instance) {
  const t0 = performance.now();
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (instance.entry.done) {
      throw new Error(`${instance.name} exited: ${instance.entry.lines.slice(-8).join(' | ')}`);
    }
    if (Date.now() > deadline) throw new Error(`${instance.name} was not ready within 240 s`);
    try {
      const response = await call(instance.base, 'GET', '/readyz');
      if (response.status === 200) {
        return { ms: Math.round(performance.now() - t0), readyz: response.json };
      }
    } catch {}
    await sleep(100);
  }
}

/** Starts both instances in the same tick and waits until both are ready. */
async function startBoth(env) {
  await waitForWebBuild();
  for (const instance of instances) {
    if (!instance.port) {
      instance.port = await freePort();
      instance.base = `http://127.0.0.1:${instance.port}`;
    }
  }
  for (const instance of instances) spawnInstance(instance, env);
  return Promise.all(instances.map((instance) => waitReady(instance)));
}

async function stopBoth() {
  await Promise.all(instances.map((instance) => stopProcess(instance.name)));
  for (const instance of instances) serverLogs[instance.name].push(...instance.entry.lines);
}

function parsedLogs(name) {
  const all = [...serverLogs[name], ...(processes.get(name)?.lines ?? [])];
  return all.map((line) => {
    try {
      return JSON.parse(line);
    } catch {
      return { level: 30, msg: line };
    }
  });
}

// ---------------------------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------------------------

const result = {
  ...runFacts(),
  settings: {
    postgres: '',
    redis: '',
    server: `${SERVER_ENTRY}, NODE_ENV=production, SEED_DEMO=false, API_REQUESTS_PER_MINUTE=${REQUEST_LIMIT}, one JWT_SECRET, own DATA_DIR each`,
    requestLimit: REQUEST_LIMIT,
    signInFailuresAllowedPerAccount: security.loginFailuresPerAccountAddress,
  },
  migrations: {},
  weeklyWinner: {},
  weeklyAward: {},
  sharedLimits: {},
  likeSeenByOtherInstance: {},
};

let db;
let redis;
let exitCode = 0;
try {
  log(`work directory ${work}`);
  const postgres = await startPostgres();
  const pgVersion = execFileSync(`${PG_BIN}/postgres`, ['--version'], { encoding: 'utf8' }).trim();
  result.settings.postgres = `${pgVersion}, 127.0.0.1:${postgres.port}, scram-sha-256`;
  log(`PostgreSQL on 127.0.0.1:${postgres.port}`);
  const redisServer = await startRedis();
  redis = redisServer.client;
  const redisVersion = (await redis.info('server')).match(/redis_version:(\S+)/)?.[1];
  result.settings.redis = `redis-server ${redisVersion}, 127.0.0.1:${redisServer.port}, no persistence`;
  log(`Redis on 127.0.0.1:${redisServer.port}`);
  db = pgClient(postgres.url);
  await db.connect();
  const env = { databaseUrl: postgres.url, redisUrl: redisServer.url };

  // 1. Migrations run once ---------------------------------------------------------------------
  // The migrations run under a PostgreSQL advisory lock (packages/db/src/migrate.ts). Holding
  // that lock while both instances start makes both reach their migrations before either may
  // run them: the race a deployment meets when instances start together, every time.
  const lockKey = Number(
    fs
      .readFileSync(path.join(root, 'packages/db/src/migrate.ts'), 'utf8')
      .match(/MIGRATION_LOCK_KEY = ([\d_]+)/)?.[1]
      ?.replaceAll('_', ''),
  );
  if (!Number.isSafeInteger(lockKey)) throw new Error('MIGRATION_LOCK_KEY not found in migrate.ts');
  const migrationGate = pgClient(postgres.url);
  await migrationGate.connect();
  await migrationGate.query('SELECT pg_advisory_lock($1)', [lockKey]);
  log('starting both instances at the same moment on the empty database');
  let t0 = performance.now();
  const started = startBoth(env);
  const waitingForMigrationLock = `
    SELECT count(DISTINCT pid)::int AS n FROM pg_locks
    WHERE locktype = 'advisory' AND NOT granted AND objid = $1`;
  let migrationWaiters = 0;
  const gateDeadline = Date.now() + 120_000;
  while (Date.now() < gateDeadline && !instances.some((instance) => instance.entry?.done)) {
    migrationWaiters = (await db.query(waitingForMigrationLock, [lockKey])).rows[0].n;
    if (migrationWaiters >= 2) break;
    await sleep(50);
  }
  log(`${migrationWaiters} instances waiting to migrate; releasing the lock`);
  await migrationGate.query('SELECT pg_advisory_unlock($1)', [lockKey]);
  await migrationGate.end();
  const firstStart = await started;
  const startSeconds = Number(((performance.now() - t0) / 1000).toFixed(1));
  log(`both ready in ${startSeconds} s`);
  const journal = JSON.parse(
    fs.readFileSync(path.join(root, 'packages/db/migrations/meta/_journal.json'), 'utf8'),
  );
  const expected = journal.entries.length;
  const migrationRows = (
    await db.query(
      'SELECT count(*)::int AS rows, count(DISTINCT hash)::int AS distinct_hashes FROM drizzle.__drizzle_migrations',
    )
  ).rows[0];
  const installations = (
    await db.query("SELECT count(*)::int AS n FROM app_meta WHERE key LIKE 'install%'")
  ).rows[0].n;
  const problemLines = (name) =>
    parsedLogs(name).filter(
      (line) =>
        line.level >= 50 || /already exists|duplicate key|duplicate object/i.test(line.msg ?? ''),
    );
  const pgErrors = (processes.get('postgres')?.lines ?? []).filter((line) =>
    /ERROR:|FATAL:/.test(line),
  );
  const lockWaits = (processes.get('postgres')?.lines ?? []).filter((line) =>
    /(still waiting for|acquired) \w+ on advisory lock/.test(line),
  );
  result.migrations = {
    expected,
    rows: migrationRows.rows,
    distinctHashes: migrationRows.distinct_hashes,
    installationRows: installations,
    readyz: firstStart.map((start, i) => ({
      instance: instances[i].name,
      readyAfterMs: start.ms,
      body: start.readyz,
    })),
    errorLinesInServerLogs: {
      'instance 1': problemLines('instance 1').length,
      'instance 2': problemLines('instance 2').length,
    },
    instancesWaitingToMigrateWhenReleased: migrationWaiters,
    postgresErrorLines: pgErrors,
    postgresAdvisoryLockWaits: lockWaits,
  };
  check(
    'both instances tried to migrate at the same moment',
    migrationWaiters >= 2,
    `${migrationWaiters} instances waiting on the migration lock when it was released`,
  );
  check(
    'migrations ran once',
    migrationRows.rows === expected && migrationRows.distinct_hashes === expected,
    `${migrationRows.rows} rows in drizzle.__drizzle_migrations (${migrationRows.distinct_hashes} distinct), ${expected} migrations in the code`,
  );
  check(
    'both instances ready',
    firstStart.every((start) => start.readyz?.status === 'ready'),
    firstStart
      .map(
        (start, i) =>
          `${instances[i].name} /readyz 200 after ${(start.ms / 1000).toFixed(1)} s (${start.readyz?.migrations?.applied}/${start.readyz?.migrations?.expected} migrations)`,
      )
      .join('; '),
  );
  check(
    'no migration or duplicate-object errors',
    problemLines('instance 1').length === 0 &&
      problemLines('instance 2').length === 0 &&
      pgErrors.length === 0,
    `error lines: instance 1 ${problemLines('instance 1').length}, instance 2 ${problemLines('instance 2').length}, PostgreSQL ${pgErrors.length}; ${lockWaits.length} advisory-lock wait lines in the PostgreSQL log`,
  );
  check('installation recorded once', installations === 1, `${installations} installation row`);

  // Accounts and campaigns. Users are made directly (as the test suite does: a verified account
  // with a real argon2id hash); they sign in and like through the API.
  const { hashPassword } = await import('../../apps/server/src/lib/passwords.ts');
  const password = 'Kolanut-Harmattan7';
  const hash = await hashPassword(password);
  const userIds = [];
  for (let i = 1; i <= 7; i++) {
    const row = await db.query(
      `INSERT INTO users (email, first_name, last_name, phone, password_hash)
       VALUES ($1, $2, 'Okafor', '+2348031234567', $3) RETURNING id`,
      [`two-instances-${i}@example.ng`, `Ada${i}`, hash],
    );
    userIds.push(row.rows[0].id);
  }
  // Three live campaigns, approved a month ago (so last week they were live).
  const campaignIds = [];
  for (const [i, title] of [
    'Help Chinedu get heart surgery',
    'Dialysis for Ngozi',
    'Hip replacement for Musa',
  ].entries()) {
    const row = await db.query(
      `INSERT INTO campaigns (user_id, title, description, fundraising_for, category, duration,
         amount_needed, state, lga, address, bank_code, bank_name, account_number, account_name,
         bank_lookup_provider, status, submitted_at, approved_at, reviewed_at, created_at, updated_at)
       VALUES ($1, $2, 'We are raising funds for urgent treatment at the teaching hospital.',
         'my brother', 'Medical', '30 days', 500000, 'Lagos', 'Ikeja', '12 Allen Avenue, Ikeja',
         '058', 'Guaranty Trust Bank', $3, 'ADA OKAFOR', 'sandbox', 'active',
         now() - interval '32 days', now() - interval '31 days', now() - interval '31 days',
         now() - interval '32 days' + $4 * interval '1 minute', now() - interval '31 days')
       RETURNING id`,
      [userIds[0], title, String(1234567890 + i), i],
    );
    campaignIds.push(row.rows[0].id);
  }
  const [one, two] = instances;
  const tokens = [];
  for (const [i] of userIds.entries()) {
    const instance = instances[i % 2];
    const response = await call(instance.base, 'POST', '/api/v1/sign-in', {
      body: { email: `two-instances-${i + 1}@example.ng`, password },
    });
    if (response.status !== 200) {
      throw new Error(`sign-in on ${instance.name} answered ${response.status}: ${response.text}`);
    }
    tokens.push(response.json.tokens.accessToken);
  }

  // 4. A like through one instance is seen by the other -------------------------------------------
  const detail = (instance, id, token) =>
    call(instance.base, 'GET', `/api/v1/single-crowedfunding/${id}`, { token });
  const [target] = campaignIds;
  const before = await detail(two, target, tokens[1]);
  const liked = await call(one.base, 'PUT', `/api/v1/like-crowdfunding/${target}`, {
    token: tokens[1],
  });
  const seenSignedIn = await detail(two, target, tokens[1]);
  const seenSignedOut = await detail(two, target);
  const listOnTwo = await call(two.base, 'GET', '/api/v1/get-crowedFundings?sort=likes&limit=5');
  const listed = listOnTwo.json?.results?.find((c) => c._id === target || c.id === target);
  // And the other way round, by another user.
  const likedBack = await call(two.base, 'PUT', `/api/v1/like-crowdfunding/${target}`, {
    token: tokens[2],
  });
  const seenOnOne = await detail(one, target, tokens[2]);
  result.likeSeenByOtherInstance = {
    beforeOnInstance2: {
      likesCount: before.json?.result?.likesCount,
      likedByMe: before.json?.result?.likedByMe,
    },
    likeThroughInstance1: { status: liked.status, likesCount: liked.json?.result?.likesCount },
    instance2SignedIn: {
      status: seenSignedIn.status,
      likesCount: seenSignedIn.json?.result?.likesCount,
      likedByMe: seenSignedIn.json?.result?.likedByMe,
    },
    instance2SignedOut: {
      likesCount: seenSignedOut.json?.result?.likesCount,
      likedByMe: seenSignedOut.json?.result?.likedByMe,
    },
    instance2LeaderboardLikesCount: listed?.likesCount,
    likeThroughInstance2: {
      status: likedBack.status,
      likesCount: likedBack.json?.result?.likesCount,
    },
    instance1SignedIn: {
      likesCount: seenOnOne.json?.result?.likesCount,
      likedByMe: seenOnOne.json?.result?.likedByMe,
    },
  };
  const l = result.likeSeenByOtherInstance;
  check(
    'a like through one instance is seen by the other',
    l.beforeOnInstance2.likesCount === 0 &&
      l.beforeOnInstance2.likedByMe === false &&
      liked.status === 200 &&
      l.instance2SignedIn.likesCount === 1 &&
      l.instance2SignedIn.likedByMe === true &&
      l.instance2SignedOut.likesCount === 1 &&
      l.instance2SignedOut.likedByMe === false &&
      l.instance2LeaderboardLikesCount === 1 &&
      likedBack.status === 200 &&
      l.instance1SignedIn.likesCount === 2 &&
      l.instance1SignedIn.likedByMe === true,
    `liked through instance 1: instance 2 shows likesCount ${l.beforeOnInstance2.likesCount} → ${l.instance2SignedIn.likesCount}, likedByMe ${l.beforeOnInstance2.likedByMe} → ${l.instance2SignedIn.likedByMe} (signed out: ${l.instance2SignedOut.likesCount}, ${l.instance2SignedOut.likedByMe}; leaderboard ${l.instance2LeaderboardLikesCount}); liked by another user through instance 2: instance 1 shows ${l.instance1SignedIn.likesCount}, likedByMe ${l.instance1SignedIn.likedByMe}`,
  );

  // 2. The weekly winner is recorded once ---------------------------------------------------------
  // More likes, alternating instances: the first campaign ends with 5, the second 2, the third 1.
  const plan = [
    [target, 3],
    [target, 4],
    [target, 5],
    [campaignIds[1], 1],
    [campaignIds[1], 2],
    [campaignIds[2], 3],
  ];
  for (const [n, [campaign, user]] of plan.entries()) {
    const response = await call(
      instances[n % 2].base,
      'PUT',
      `/api/v1/like-crowdfunding/${campaign}`,
      {
        token: tokens[user],
      },
    );
    if (response.status !== 200) throw new Error(`like answered ${response.status}`);
  }
  // Into last week (Monday 00:00 Africa/Lagos, as the job counts), as if given then.
  const weeks = (
    await db.query(
      `SELECT (date_trunc('week', now() AT TIME ZONE 'Africa/Lagos') AT TIME ZONE 'Africa/Lagos') AS this_week,
              (date_trunc('week', now() AT TIME ZONE 'Africa/Lagos') AT TIME ZONE 'Africa/Lagos') - interval '7 days' AS last_week`,
    )
  ).rows[0];
  const moved = await db.query(
    `UPDATE campaign_likes SET created_at = $1::timestamptz + interval '2 days' + random() * interval '3 days'`,
    [weeks.last_week],
  );
  const likesLastWeek = (
    await db.query(
      `SELECT campaign_id, count(*)::int AS likes FROM campaign_likes
       WHERE created_at >= $1 AND created_at < $2 GROUP BY campaign_id ORDER BY likes DESC`,
      [weeks.last_week, weeks.this_week],
    )
  ).rows;
  const winnersBefore = (await db.query('SELECT count(*)::int AS n FROM campaign_weekly_winners'))
    .rows[0].n;
  log(`${moved.rowCount} likes moved into the week of ${weeks.last_week.toISOString()}`);

  // The Green-Heart fund holds money and an admin set a weekly award: the week's winner must
  // receive it once, whichever instance records the week.
  const FUND_KOBO = 10_000_000;
  const AWARD_KOBO = 2_500_000;
  await db.query(
    `UPDATE green_heart_fund SET donated_kobo = $1, available_kobo = $1, awarded_kobo = 0,
       refunded_kobo = 0, weekly_award_kobo = $2 WHERE id = 1`,
    [FUND_KOBO, AWARD_KOBO],
  );
  const ledgerOf = async (campaignId) =>
    (
      await db.query(
        `SELECT awarded_kobo::bigint AS awarded, available_kobo::bigint AS available,
                donated_kobo::bigint AS donated, amount_raised::bigint AS raised
         FROM campaigns WHERE id = $1`,
        [campaignId],
      )
    ).rows[0];
  const targetLedgerBefore = await ledgerOf(target);

  // Both instances record weeks when they start. A lock on the winners table holds back every
  // insert, so both instances' jobs queue on the same statement; releasing it lets them run at
  // the same moment.
  await stopBoth();
  const blocker = pgClient(postgres.url);
  await blocker.connect();
  await blocker.query('BEGIN');
  await blocker.query('LOCK TABLE campaign_weekly_winners IN SHARE ROW EXCLUSIVE MODE');
  log('restarting both instances with the winners table locked');
  t0 = performance.now();
  await startBoth(env);
  const waitingQuery = `
    SELECT count(DISTINCT l.pid)::int AS n FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
    WHERE c.relname = 'campaign_weekly_winners' AND NOT l.granted`;
  let waiting = 0;
  const waitDeadline = Date.now() + 60_000;
  while (Date.now() < waitDeadline) {
    waiting = (await db.query(waitingQuery)).rows[0].n;
    if (waiting >= 2) break;
    await sleep(100);
  }
  const waitingJobs = waiting;
  log(`${waitingJobs} weekly-winner jobs waiting on the lock; releasing it`);
  await blocker.query('COMMIT');
  await blocker.end();
  // Until neither job waits or runs: the jobs are a few statements each.
  for (let i = 0; i < 100; i++) {
    const active = (
      await db.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity
         WHERE datname = 'ipatient' AND state = 'active' AND query ILIKE '%campaign_weekly_winners%'
           AND pid <> pg_backend_pid()`,
      )
    ).rows[0].n;
    if (active === 0 && (await db.query(waitingQuery)).rows[0].n === 0) break;
    await sleep(100);
  }
  await sleep(1000);
  const winnerRows = (
    await db.query(
      `SELECT w.week_start, w.campaign_id, w.likes, c.title FROM campaign_weekly_winners w
       JOIN campaigns c ON c.id = w.campaign_id ORDER BY w.week_start`,
    )
  ).rows;
  const forLastWeek = winnerRows.filter(
    (row) => row.week_start.getTime() === weeks.last_week.getTime(),
  );
  const recordedBy = Object.fromEntries(
    instances.map((instance) => [
      instance.name,
      parsedLogs(instance.name)
        .filter((line) => line.msg === 'weekly campaign winners recorded')
        .reduce((sum, line) => sum + (line.recorded ?? 0), 0),
    ]),
  );
  const failedJobs = instances.flatMap((instance) =>
    parsedLogs(instance.name).filter((line) => line.msg === 'recording weekly winners failed'),
  );
  const winnerOverApi = await call(two.base, 'GET', '/api/v1/crowdfunding-weekly-winners');
  result.weeklyWinner = {
    week: weeks.last_week.toISOString(),
    likesInThatWeek: likesLastWeek,
    rowsBeforeRestart: winnersBefore,
    jobsWaitingOnTheLockWhenReleased: waitingJobs,
    rowsForThatWeek: forLastWeek.length,
    allRows: winnerRows.map((row) => ({
      weekStart: row.week_start.toISOString(),
      campaignId: row.campaign_id,
      title: row.title,
      likes: row.likes,
    })),
    weeksRecordedPerInstanceLog: recordedBy,
    failedJobRuns: failedJobs.length,
    restartSeconds: Number(((performance.now() - t0) / 1000).toFixed(1)),
    apiWinnersOnInstance2: winnerOverApi.json?.results?.length,
  };
  check(
    'both instances ran the weekly-winner job at the same moment',
    waitingJobs >= 2,
    `${waitingJobs} jobs (one per instance) waiting on the same insert when the lock was released`,
  );
  check(
    'the weekly winner is recorded once',
    forLastWeek.length === 1 &&
      winnerRows.length === 1 &&
      forLastWeek[0].campaign_id === target &&
      forLastWeek[0].likes === 5 &&
      recordedBy['instance 1'] + recordedBy['instance 2'] === 1 &&
      failedJobs.length === 0,
    `${forLastWeek.length} row for the week of ${weeks.last_week.toISOString().slice(0, 10)} (${winnerRows.length} in the table): "${forLastWeek[0]?.title}" with ${forLastWeek[0]?.likes} likes; recorded by instance 1 ${recordedBy['instance 1']} time(s), instance 2 ${recordedBy['instance 2']}; ${failedJobs.length} failed job runs`,
  );

  // 2b. The weekly award moved once ---------------------------------------------------------------
  const fundAfter = (
    await db.query(
      `SELECT donated_kobo::bigint AS donated, available_kobo::bigint AS available,
              awarded_kobo::bigint AS awarded FROM green_heart_fund WHERE id = 1`,
    )
  ).rows[0];
  const awardRows = (
    await db.query(
      `SELECT award_kobo::bigint AS award, award_outcome AS outcome FROM campaign_weekly_winners
       WHERE week_start = $1`,
      [weeks.last_week],
    )
  ).rows;
  const targetLedgerAfter = await ledgerOf(target);
  const otherAwards = (
    await db.query(
      'SELECT coalesce(sum(awarded_kobo), 0)::bigint AS n FROM campaigns WHERE id <> $1',
      [target],
    )
  ).rows[0].n;
  const kobo = (value) => Number(value);
  result.weeklyAward = {
    fundBefore: { donatedKobo: FUND_KOBO, availableKobo: FUND_KOBO, weeklyAwardKobo: AWARD_KOBO },
    fundAfter: {
      donatedKobo: kobo(fundAfter.donated),
      availableKobo: kobo(fundAfter.available),
      awardedKobo: kobo(fundAfter.awarded),
    },
    winnerRows: awardRows.map((row) => ({ awardKobo: kobo(row.award), outcome: row.outcome })),
    campaignBefore: {
      awardedKobo: kobo(targetLedgerBefore.awarded),
      availableKobo: kobo(targetLedgerBefore.available),
      amountRaised: kobo(targetLedgerBefore.raised),
    },
    campaignAfter: {
      awardedKobo: kobo(targetLedgerAfter.awarded),
      availableKobo: kobo(targetLedgerAfter.available),
      amountRaised: kobo(targetLedgerAfter.raised),
    },
    awardedToOtherCampaignsKobo: kobo(otherAwards),
    apiAwardOnInstance2: winnerOverApi.json?.results?.[0]?.award,
  };
  const w = result.weeklyAward;
  check(
    'the weekly award moves once',
    FUND_KOBO - w.fundAfter.availableKobo === AWARD_KOBO &&
      w.fundAfter.awardedKobo === AWARD_KOBO &&
      w.fundAfter.donatedKobo === FUND_KOBO &&
      w.winnerRows.length === 1 &&
      w.winnerRows[0].awardKobo === AWARD_KOBO &&
      w.winnerRows[0].outcome === 'awarded' &&
      w.campaignAfter.awardedKobo - w.campaignBefore.awardedKobo === AWARD_KOBO &&
      w.campaignAfter.availableKobo - w.campaignBefore.availableKobo === AWARD_KOBO &&
      w.campaignAfter.amountRaised - w.campaignBefore.amountRaised === AWARD_KOBO / 100 &&
      w.awardedToOtherCampaignsKobo === 0 &&
      w.apiAwardOnInstance2 === AWARD_KOBO / 100,
    `fund available ${FUND_KOBO / 100} → ${w.fundAfter.availableKobo / 100} naira (award ${AWARD_KOBO / 100}), fund awarded ${w.fundAfter.awardedKobo / 100}; ${w.winnerRows.length} winner row (award ${(w.winnerRows[0]?.awardKobo ?? 0) / 100}, ${w.winnerRows[0]?.outcome}); campaign awarded ${w.campaignBefore.awardedKobo / 100} → ${w.campaignAfter.awardedKobo / 100}, raised ${w.campaignBefore.amountRaised} → ${w.campaignAfter.amountRaised}; other campaigns awarded ${w.awardedToOtherCampaignsKobo / 100}; the API on instance 2 says ${w.apiAwardOnInstance2}`,
  );

  // 3a. A limit counted in PostgreSQL: failed sign-ins of one account --------------------------
  const victim = 'two-instances-7@example.ng';
  const signIns = [];
  for (let i = 0; i < security.loginFailuresPerAccountAddress + 4; i++) {
    const instance = instances[i % 2];
    const response = await call(instance.base, 'POST', '/api/v1/sign-in', {
      body: { email: victim, password: 'not-the-password-1' },
      from: '127.0.0.3',
    });
    signIns.push({ attempt: i + 1, instance: instance.name, status: response.status });
  }
  const rightPassword = await call(one.base, 'POST', '/api/v1/sign-in', {
    body: { email: victim, password },
    from: '127.0.0.3',
  });
  const firstRefusedSignIn = signIns.find((s) => s.status === 429)?.attempt;
  const refusedOn = new Set(signIns.filter((s) => s.status === 429).map((s) => s.instance));
  result.sharedLimits.signInFailures = {
    allowedPerAccount: security.loginFailuresPerAccountAddress,
    attempts: signIns,
    firstRefusedAttempt: firstRefusedSignIn,
    refusedOnInstances: [...refusedOn],
    rightPasswordWhileLimited: rightPassword.status,
  };
  check(
    'the sign-in failure limit (PostgreSQL) is shared',
    firstRefusedSignIn === security.loginFailuresPerAccountAddress + 1 &&
      signIns.slice(0, security.loginFailuresPerAccountAddress).every((s) => s.status === 401) &&
      signIns.slice(security.loginFailuresPerAccountAddress).every((s) => s.status === 429) &&
      refusedOn.size === 2 &&
      rightPassword.status === 429,
    `${security.loginFailuresPerAccountAddress} failures allowed per account; alternating instances, attempts 1–${security.loginFailuresPerAccountAddress} answered 401 and attempt ${firstRefusedSignIn} the first 429, then 429 on both instances (even the right password: ${rightPassword.status})`,
  );

  // 3b. The per-address request limit counted in Redis -----------------------------------------
  const requests = [];
  for (let i = 0; i < REQUEST_LIMIT + 6; i++) {
    const instance = instances[i % 2];
    const response = await call(instance.base, 'GET', '/api/v1/get-crowedFundings?limit=1', {
      from: '127.0.0.4',
    });
    requests.push({ instance: instance.name, status: response.status, body: response.json });
  }
  const firstRefusedRequest = requests.findIndex((r) => r.status === 429) + 1;
  const okPerInstance = Object.fromEntries(
    instances.map((instance) => [
      instance.name,
      requests.filter((r) => r.instance === instance.name && r.status === 200).length,
    ]),
  );
  const refused = requests.find((r) => r.status === 429);
  const otherAddress = await Promise.all(
    instances.map((instance) =>
      call(instance.base, 'GET', '/api/v1/get-crowedFundings?limit=1', { from: '127.0.0.5' }),
    ),
  );
  const healthWhileLimited = await call(two.base, 'GET', '/readyz', { from: '127.0.0.4' });
  const redisCount = Number(await redis.get('ipatient:requests:127.0.0.4'));
  const redisTtlMs = await redis.pttl('ipatient:requests:127.0.0.4');
  result.sharedLimits.requests = {
    limitPerMinute: REQUEST_LIMIT,
    sent: requests.length,
    firstRefusedRequest,
    answeredOkPerInstance: okPerInstance,
    refusedAnswer: refused?.body,
    otherAddressStatuses: otherAddress.map((r) => r.status),
    readyzWhileLimited: healthWhileLimited.status,
    redisCount,
    redisTtlMs,
  };
  check(
    'the request limit (Redis) is shared',
    firstRefusedRequest === REQUEST_LIMIT + 1 &&
      requests.slice(REQUEST_LIMIT).every((r) => r.status === 429) &&
      new Set(requests.slice(REQUEST_LIMIT).map((r) => r.instance)).size === 2 &&
      refused?.body?.code === 'RATE_LIMITED' &&
      otherAddress.every((r) => r.status === 200) &&
      healthWhileLimited.status === 200 &&
      redisCount === requests.length,
    `limit ${REQUEST_LIMIT}/min per address; alternating instances, request ${firstRefusedRequest} was the first 429 (answered 200: instance 1 ${okPerInstance['instance 1']}, instance 2 ${okPerInstance['instance 2']}), then 429 on both; Redis count ${redisCount} of ${requests.length} sent; another address: ${otherAddress.map((r) => r.status).join(', ')}; /readyz ${healthWhileLimited.status}`,
  );
} catch (error) {
  exitCode = 1;
  console.error(error);
  result.error = String(error?.stack ?? error);
  for (const name of ['instance 1', 'instance 2', 'postgres']) {
    const lines = processes.get(name)?.lines ?? serverLogs[name] ?? [];
    if (lines.length) console.error(`--- ${name} (last lines)\n${lines.slice(-15).join('\n')}`);
  }
} finally {
  await db?.end().catch(() => {});
  redis?.disconnect();
  await cleanup();
}

result.totalSeconds = Number(((Date.now() - startedAt) / 1000).toFixed(1));
result.checks = checks;
const allMet = exitCode === 0 && checks.length > 0 && checks.every((c) => c.met);
result.allMet = allMet;

const md = [
  `# Two instances on one PostgreSQL and one Redis (${result.date})`,
  '',
  `${result.machine}, Node ${result.node}, commit ${result.commit}. ${result.settings.postgres}; ${result.settings.redis}. Servers: ${result.settings.server}. Whole run ${result.totalSeconds} s.`,
  '',
  '| check | result | figures |',
  '|---|---|---|',
  ...checks.map((c) => `| ${c.name} | ${c.met ? 'met' : '**not met**'} | ${c.figure} |`),
  '',
  ...(result.error ? ['**The run failed:**', '', '```', result.error, '```', ''] : []),
  ...(result.migrations.postgresAdvisoryLockWaits?.length
    ? [
        "PostgreSQL's lock-wait log during the first start (the migration lock):",
        '',
        '```',
        ...result.migrations.postgresAdvisoryLockWaits,
        '```',
        '',
      ]
    : []),
  'How: both servers are spawned in the same tick on an empty database while the run holds the',
  "migrations' PostgreSQL advisory lock; once both wait on it, it is released, so both try to",
  'migrate at the same moment (`log_lock_waits` shows the second one waiting for the first). For the',
  'weekly winner, likes given through the API are moved into last week with SQL, then both',
  'servers restart while a lock on `campaign_weekly_winners` holds back every insert; once both',
  "jobs wait on it, it is released so they record the same week at the same moment (the week's",
  'primary key lets one write win). Before that restart the Green-Heart fund is given money and a',
  'weekly award with SQL; only the write that recorded the week moves the award. Each limit check sends its requests alternately to the two',
  'instances from a loopback address of its own.',
  '',
];
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
fs.writeFileSync(
  path.join(root, 'bench/results/faults-two-instances.json'),
  `${JSON.stringify(result, null, 2)}\n`,
);
fs.writeFileSync(path.join(root, 'bench/results/faults-two-instances.md'), md.join('\n'));
console.log(md.join('\n'));
process.exit(allMet ? 0 : 1);
