// `npm run bench:api`: server throughput side by side in one run. The production server
// (scripts/start.mjs) on the bench database of `npm run bench:data` (filled first when missing),
// loopback only, autocannon with 50 connections on each path in turn: a trivial baseline
// (/healthz), the campaign and blog reads, the home and campaign pages (SSR), and two writes (a
// like and a comment by many signed-in users). Then EXPLAIN (ANALYZE, BUFFERS) of the SQL the
// server's own code issues on those paths. Figures go to bench/results/api.{json,md}; the
// script exits non-zero when a target is missed. Never part of `npm test`.
//
// Signed-in requests: the bench server gets a fixed random JWT_SECRET; the script opens one
// session row per bench user (as a login does) and signs access tokens for them with the
// server's own signAccessToken, sent as `Authorization: Bearer`.
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config.ts';
import * as blogCommentsService from '../apps/server/src/features/blog/blog-comments.service.ts';
import * as blogPostsService from '../apps/server/src/features/blog/blog-posts.service.ts';
import * as campaignsService from '../apps/server/src/features/campaigns/campaigns.service.ts';
import { issueCsrfToken } from '../apps/server/src/lib/csrf-token.ts';
import { signAccessToken } from '../apps/server/src/lib/jwt.ts';
import { PUBLIC_CACHE_TTL_MS } from '../apps/server/src/plugins/public-cache.ts';
import { ZBlogListQuery } from '../packages/contracts/src/blog.ts';
import { ZCampaignListQuery } from '../packages/contracts/src/campaigns.ts';
import { cookieNames } from '../packages/contracts/src/constants.ts';
import { runFacts, startServer } from './load.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = path.resolve(root, process.env.BENCH_DATA_DIR ?? '.data-bench');
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 5000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** Each path runs this long on the same connections before it is measured (0: no warm-up). */
const WARMUP_MS = Number(process.env.BENCH_WARMUP_MS ?? 1000);
/** Only the paths whose name matches (besides the baseline): for profiling one path. */
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : undefined;
/** A folder for the server's CPU profile (node --cpu-prof), written when it stops. */
const CPU_PROF_DIR = process.env.BENCH_CPU_PROF;
const JSON_P99_TARGET_MS = 50;
const SSR_P99_TARGET_MS = 150;
/**
 * The members' targets, each against the baseline (/healthz) of the same run: what a signed-in
 * request may cost next to the cheapest answer the server gives, and its p99.
 */
const MEMBER_TARGETS = {
  'member-read': { ratio: 0.08, p99Ms: 50 },
  'member-page': { ratio: 0.04, p99Ms: 100 },
  write: { ratio: 0.04, p99Ms: 100 },
};
/** The server's peak resident memory over the whole run. */
const PEAK_RSS_TARGET_MB = 250;
const SEARCH_WORD = 'surgery';
const BIG_TABLES = ['campaigns', 'campaign_likes', 'users', 'blog_posts', 'blog_comments'];
/** Signed-in bench users: enough that no one user's limits are reached. */
const SIGNED_IN_USERS = 2000;
/** Valid new likes prepared per user (each a live campaign the user has not liked). */
const LIKES_PER_USER = 40;

const log = (message) => console.log(`[bench:api] ${message}`);
const _git = (...args) => {
  try {
    return execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
};
const loadAverage = () => os.loadavg().map((n) => Number(n.toFixed(2)));

/** A database connection to the running server's embedded PostgreSQL. */
function databaseUrl() {
  const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'warn' });
  const postmaster = fs
    .readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')
    .split('\n');
  return `postgres://postgres:${encodeURIComponent(config.embeddedDatabasePassword)}@127.0.0.1:${Number(postmaster[3])}/ipatient`;
}

/**
 * Live campaigns that will still be listed a day from now (approval + duration + extension
 * days, in UTC, as the server reckons it), so a like on them is taken for the whole run.
 */
const LISTED_FOR_A_DAY = `(((approved_at at time zone 'UTC') + duration::interval + extension_days * interval '1 day') at time zone 'UTC') > now() + interval '1 day'`;

/** Sessions and tokens for bench users, and the (user, campaign) pairs they have not liked. */
async function prepareWriters(pool, secret) {
  const users = (
    await pool.query(`SELECT id FROM users WHERE email LIKE 'bench-user-%' ORDER BY id LIMIT $1`, [
      SIGNED_IN_USERS,
    ])
  ).rows.map((row) => row.id);
  const sessions = (
    await pool.query(
      `INSERT INTO sessions (user_id, user_agent, expires_at)
       SELECT id, 'bench:api', now() + interval '1 day' FROM unnest($1::uuid[]) AS u(id)
       RETURNING id, user_id`,
      [users],
    )
  ).rows;
  const tokens = new Map(
    sessions.map((s) => [
      s.user_id,
      signAccessToken({ userId: s.user_id, sid: s.id }, secret, 60 * 60),
    ]),
  );
  // User i likes campaigns spread over the live list by a stride, skipping its own campaigns
  // and those it already liked; the pairs are interleaved so consecutive requests differ.
  const pairs = (
    await pool.query(
      `WITH live AS (SELECT id, user_id, row_number() OVER (ORDER BY id) - 1 AS rn FROM campaigns
                     WHERE status = 'active' AND deleted_at IS NULL AND ${LISTED_FOR_A_DAY}),
            total AS (SELECT count(*) AS n FROM live),
            u AS (SELECT id, ordinality AS rn FROM unnest($1::uuid[]) WITH ORDINALITY AS u(id)),
            wanted AS (SELECT u.id AS user_id, (u.rn * 7919 + k * 104729) % total.n AS rn, k
                       FROM u, total, generate_series(1, $2::int) k)
       SELECT w.user_id, l.id AS campaign_id, min(w.k) AS k
       FROM wanted w JOIN live l ON l.rn = w.rn
       WHERE l.user_id <> w.user_id
         AND NOT EXISTS (SELECT 1 FROM campaign_likes cl WHERE cl.campaign_id = l.id AND cl.user_id = w.user_id)
       GROUP BY w.user_id, l.id`,
      [users, LIKES_PER_USER],
    )
  ).rows;
  pairs.sort((a, b) => a.k - b.k);
  // The form token a member's browser was given with its first page and sends from then on.
  const csrfTokens = new Map(users.map((id) => [id, issueCsrfToken(secret)]));
  const posts = (
    await pool.query(
      `SELECT id FROM blog_posts WHERE status = 'published' ORDER BY comments_count DESC, id LIMIT 200`,
    )
  ).rows.map((row) => row.id);
  return { users, tokens, csrfTokens, pairs, posts };
}

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ, 100 on Linux). */
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * CPU time (user + system, ms) these processes have used so far, with that of their children
 * that ended (PostgreSQL's postmaster collects its backends': a connection the pool closes
 * keeps counting).
 */
function cpuMsOf(pids, { endedChildren = false } = {}) {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      // The fields after the command name (in parentheses): utime, stime, cutime and cstime are
      // the 12th to the 15th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
      if (endedChildren) ticks += Number(fields[13]) + Number(fields[14]);
    } catch {
      // The process has ended since it was listed.
    }
  }
  return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** The PostgreSQL processes on this machine (the bench's embedded cluster and its backends). */
function postgresPids() {
  return fs.readdirSync('/proc').filter((name) => {
    if (!/^\d+$/.test(name)) return false;
    try {
      return fs.readFileSync(`/proc/${name}/comm`, 'utf8').trim() === 'postgres';
    } catch {
      return false;
    }
  });
}

/** The value below which `share` of the sorted values lie (nearest rank). */
function percentile(sorted, share) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
}

/** p50, p99 and max of latencies in ms, rounded as autocannon rounds them (whole ms). */
function latencyOf(latencies) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    p50Ms: Math.round(percentile(sorted, 0.5)),
    p99Ms: Math.round(percentile(sorted, 0.99)),
    maxMs: Math.round(sorted.at(-1) ?? 0),
  };
}

/**
 * One autocannon run of WARMUP_MS + DURATION_MS on the same connections; the figures are those
 * of the answers received after the warm-up. Errors are failed requests plus answers that were
 * not 2xx, over the whole run. The CPU time the server and PostgreSQL spent per request is
 * measured over the measured part: unlike requests a second, it barely moves when the machine
 * is shared or slowed.
 *
 * Why a warm-up on the same connections: V8 compiles a path's code as it first runs, members'
 * sessions are read once before the session cache has them, and a busy server accepts new
 * connections one per event-loop turn (about 5 ms apart here), so the first request of each of
 * 50 connections opened at once waits up to a quarter of a second. That last part is the bench
 * opening its connections, not what a member meets; the warm-up's own p99 is recorded beside.
 */
async function run(base, target, serverPid) {
  const loadBefore = loadAverage();
  const postgresCpuMs = () => cpuMsOf(postgresPids(), { endedChildren: true });
  const started = performance.now();
  let cpuBefore = { server: cpuMsOf([serverPid]), postgres: postgresCpuMs() };
  const warm = [];
  const measured = [];
  let measuring = WARMUP_MS === 0;
  const instance = autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: (WARMUP_MS + DURATION_MS) / 1000,
    // What browsers send: answers made per request and cached pages go out gzip-compressed.
    headers: { 'accept-encoding': 'gzip, deflate, br' },
    requests: target.requests ?? [target.request ?? { method: 'GET', path: target.path }],
  });
  const warmupEnds = WARMUP_MS
    ? setTimeout(() => {
        measuring = true;
        cpuBefore = { server: cpuMsOf([serverPid]), postgres: postgresCpuMs() };
      }, WARMUP_MS)
    : undefined;
  instance.on('response', (_client, _status, _bytes, responseTime) => {
    (measuring ? measured : warm).push(responseTime);
  });
  const result = await instance;
  clearTimeout(warmupEnds);
  const measuredMs = performance.now() - started - WARMUP_MS;
  const errors = result.errors + result.timeouts + result.non2xx;
  const answered = Math.max(1, measured.length);
  return {
    name: target.name,
    kind: target.kind,
    path: target.path,
    requests: measured.length,
    reqPerSec: Math.round(measured.length / (measuredMs / 1000)),
    /** What one answer weighs on the wire (after compression), headers included. */
    bytesPerRequest: Math.round(result.throughput.total / Math.max(1, result.requests.total)),
    ...latencyOf(measured),
    warmup: WARMUP_MS
      ? { durationMs: WARMUP_MS, requests: warm.length, ...latencyOf(warm) }
      : undefined,
    /** Every request answered over the whole run, warm-up included (the likes check counts them). */
    requestsWithWarmup: result.requests.total,
    errors,
    non2xx: result.non2xx,
    failures: result.errors + result.timeouts,
    loadAverageBefore: loadBefore,
    serverCpuMsPerRequest: Number(
      ((cpuMsOf([serverPid]) - cpuBefore.server) / answered).toFixed(2),
    ),
    postgresCpuMsPerRequest: Number(((postgresCpuMs() - cpuBefore.postgres) / answered).toFixed(2)),
  };
}

/**
 * What PostgreSQL spent per measured path, from pg_stat_statements, when the bench database
 * preloads it (`shared_preload_libraries = 'pg_stat_statements'` in the cluster's
 * postgresql.auto.conf, then a restart): the statements by time, with calls per request and
 * the planning and execution time of each call. Undefined when the library is not loaded.
 */
async function statementStats(url) {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  pool.on('error', () => {});
  const loaded = (await pool.query(`SELECT current_setting('shared_preload_libraries') AS s`))
    .rows[0].s;
  if (!loaded.includes('pg_stat_statements')) {
    await pool.end();
    return undefined;
  }
  await pool.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  return {
    reset: () => pool.query('SELECT pg_stat_statements_reset()'),
    async read(requests) {
      const { rows } = await pool.query(
        `SELECT calls::int, total_plan_time + total_exec_time AS ms, mean_plan_time AS plan,
                mean_exec_time AS exec, left(regexp_replace(query, '\\s+', ' ', 'g'), 160) AS query
         FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = 'ipatient')
           AND query NOT ILIKE '%pg_stat_statements%'
         ORDER BY ms DESC LIMIT 8`,
      );
      return rows.map((row) => ({
        callsPerRequest: Number((row.calls / Math.max(1, requests)).toFixed(2)),
        planMs: Number(row.plan.toFixed(3)),
        execMs: Number(row.exec.toFixed(3)),
        totalMs: Math.round(row.ms),
        query: row.query,
      }));
    },
    end: () => pool.end(),
  };
}

/** Sequential scans, index use and the execution time of a text plan. */
function summarisePlan(text) {
  const seqScans = [
    ...new Set([...text.matchAll(/(?:Parallel )?Seq Scan on (\w+)/g)].map((m) => m[1])),
  ];
  const indexes = [
    ...new Set(
      [
        ...text.matchAll(
          /(Index Only Scan|Index Scan|Bitmap Index Scan)(?: Backward)? (?:using |on )(\w+)/g,
        ),
      ].map((m) => `${m[1]} ${m[2]}`),
    ),
  ];
  return {
    seqScans,
    seqScanOnBigTables: seqScans.filter((t) => BIG_TABLES.includes(t)),
    indexes,
    executionMs: Number(text.match(/Execution Time: ([\d.]+) ms/)?.[1] ?? Number.NaN),
  };
}

/**
 * The SQL the server's own service code sends for each measured path (captured through a
 * logging drizzle instance), explained with ANALYZE and BUFFERS inside a rolled-back
 * transaction so the writes explained change nothing.
 */
async function explainPaths(url, ids) {
  const pool = new pg.Pool({ connectionString: url, max: 3 });
  pool.on('error', () => {});
  const captured = [];
  const db = drizzle(pool, {
    logger: { logQuery: (query, params) => captured.push({ query, params }) },
  });
  const capture = async (call) => {
    captured.length = 0;
    await call();
    return captured.filter((s) => /^\s*(select|insert|update|with|delete)/i.test(s.query));
  };
  const list = (query) => () =>
    campaignsService.listCampaigns(db, undefined, ZCampaignListQuery.parse(query));
  const writer = (await pool.query(`SELECT * FROM users WHERE id = $1`, [ids.writerId])).rows[0];
  const viewer = { ...writer, id: writer.id, role: writer.role };
  const paths = [
    { name: 'leaderboard', call: list({ sort: 'likes', limit: 5 }) },
    { name: 'list page 1', call: list({ page: 1 }) },
    { name: `list page ${ids.lastPage}`, call: list({ page: ids.lastPage }) },
    { name: `search "${SEARCH_WORD}"`, call: list({ search: SEARCH_WORD }) },
    {
      name: 'campaign detail',
      call: () => campaignsService.getCampaign(db, undefined, ids.campaignId),
    },
    {
      name: 'blog list',
      call: () => blogPostsService.listPosts(db, undefined, ZBlogListQuery.parse({})),
    },
    { name: 'blog post', call: () => blogPostsService.getPost(db, undefined, ids.postId) },
    {
      name: 'like (signed in)',
      call: () => campaignsService.likeCampaign(db, viewer, ids.likeCampaignId),
    },
    {
      name: 'comment (signed in)',
      call: () =>
        blogCommentsService.addComment(db, viewer, ids.postId, { comment: 'Thank you for this.' }),
    },
  ];
  const plans = [];
  const client = await pool.connect();
  try {
    for (const p of paths) {
      const statements = await capture(p.call);
      for (const [index, statement] of statements.entries()) {
        await client.query('BEGIN');
        try {
          const result = await client.query(
            `EXPLAIN (ANALYZE, BUFFERS) ${statement.query}`,
            statement.params,
          );
          const plan = result.rows.map((row) => row['QUERY PLAN']).join('\n');
          plans.push({
            path: p.name,
            statement: index + 1,
            ...summarisePlan(plan),
            sql: statement.query,
            params: statement.params,
            plan,
          });
        } finally {
          await client.query('ROLLBACK');
        }
      }
    }
  } finally {
    client.release();
    await pool.end();
  }
  return plans;
}

function ensureData() {
  if (fs.existsSync(path.join(dataDir, 'bench-filled.json'))) return;
  log(`${path.relative(root, dataDir)} is missing or incomplete: running bench:data first`);
  const filled = spawnSync(process.execPath, ['bench/data.mjs'], { cwd: root, stdio: 'inherit' });
  if (filled.status !== 0) throw new Error('bench:data failed');
}

async function main() {
  const startedAt = Date.now();
  ensureData();
  const dataInfo = JSON.parse(fs.readFileSync(path.join(dataDir, 'bench-filled.json'), 'utf8'));
  const secret = randomBytes(48).toString('base64url');
  const server = await startServer({
    root,
    dataDir,
    env: {
      SEED_DEMO: 'false',
      JWT_SECRET: secret,
      API_REQUESTS_PER_MINUTE: '0',
      ...(CPU_PROF_DIR
        ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${path.resolve(CPU_PROF_DIR)}` }
        : {}),
    },
    log,
  });
  try {
    log(`server ready at ${server.base} (pid ${server.pid})`);
    const url = databaseUrl();
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    pool.on('error', () => {});
    let writers;
    let ids;
    try {
      // The weekly-winner job runs once on start; let it finish before measuring.
      for (let i = 0; i < 120; i++) {
        const { rows } = await pool.query(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = 'ipatient' AND state = 'active' AND query ILIKE '%campaign_weekly_winners%' AND pid <> pg_backend_pid()",
        );
        if (rows[0].n === 0) break;
        await sleep(1000);
      }
      writers = await prepareWriters(pool, secret);
      const live = (
        await pool.query(
          `SELECT count(*)::int AS n FROM campaigns WHERE status = 'active' AND deleted_at IS NULL
             AND ${LISTED_FOR_A_DAY}`,
        )
      ).rows[0].n;
      const middle = (
        await pool.query(
          `SELECT id FROM campaigns WHERE status = 'active' AND deleted_at IS NULL AND image IS NOT NULL
             AND ${LISTED_FOR_A_DAY}
           ORDER BY id OFFSET $1 LIMIT 1`,
          [Math.floor(live / 2)],
        )
      ).rows[0]?.id;
      ids = {
        campaignId: middle,
        postId: writers.posts[Math.floor(writers.posts.length / 2)],
        lastPage: Math.min(500, Math.ceil(live / 12)),
        writerId: writers.users[0],
      };
    } finally {
      await pool.end();
    }
    log(
      `${writers.tokens.size} signed-in users, ${writers.pairs.length} new likes prepared, ${writers.posts.length} posts to comment on`,
    );

    let nextLike = 0;
    let nextComment = 0;
    let nextMiss = 0;
    let nextMember = 0;
    const auth = (userId) => `Bearer ${writers.tokens.get(userId)}`;
    /** The next signed-in user, in turn. */
    const nextUser = () => writers.users[nextMember++ % writers.users.length];
    /** A member's API reads of these paths, one after another, each by the next user. */
    const memberRead = (name, paths) => ({
      name,
      kind: 'member-read',
      path: paths.join(' + '),
      requests: paths.map((p) => ({
        method: 'GET',
        path: p,
        setupRequest: (request) => ({
          ...request,
          headers: { ...request.headers, authorization: auth(nextUser()) },
        }),
      })),
    });
    /**
     * A page rendered on the server for the next user, signed in by the web's cookie, with the
     * form token their browser was given before (as every page after a member's first has).
     */
    const memberPage = (name, p) => ({
      name,
      kind: 'member-page',
      path: p,
      request: {
        method: 'GET',
        path: p,
        setupRequest: (request) => {
          const user = nextUser();
          return {
            ...request,
            headers: {
              ...request.headers,
              cookie: `${cookieNames.accessToken}=${writers.tokens.get(user)}; ${cookieNames.csrf}=${writers.csrfTokens.get(user)}`,
            },
          };
        },
      },
    });
    const list = '/api/v1/get-crowedFundings';
    const targets = [
      { name: 'baseline /healthz', kind: 'baseline', path: '/healthz' },
      {
        name: 'leaderboard (sort=likes, limit=5)',
        kind: 'json',
        path: `${list}?sort=likes&limit=5`,
      },
      { name: 'campaign list page 1', kind: 'json', path: `${list}?page=1` },
      {
        name: `campaign list page ${ids.lastPage}`,
        kind: 'json',
        path: `${list}?page=${ids.lastPage}`,
      },
      {
        name: `campaign search "${SEARCH_WORD}"`,
        kind: 'json',
        path: `${list}?search=${SEARCH_WORD}`,
      },
      {
        name: 'campaign detail (JSON)',
        kind: 'json',
        path: `/api/v1/single-crowedfunding/${ids.campaignId}`,
      },
      { name: 'blog list', kind: 'json', path: '/api/v1/get-blogs' },
      { name: 'blog post (JSON)', kind: 'json', path: `/api/v1/get-single-blog/${ids.postId}` },
      // Members: never a cached answer. Each request is one of many signed-in users in turn.
      memberRead('campaign list page 1, signed in', [`${list}?page=1`]),
      memberRead('campaign detail, signed in', [`/api/v1/single-crowedfunding/${ids.campaignId}`]),
      memberRead('blog post with its comments, signed in', [
        `/api/v1/get-single-blog/${ids.postId}`,
        `/api/v1/fetch-blog-comments/${ids.postId}`,
      ]),
      memberRead('account page data, signed in', ['/api/v1/get-me', '/api/v1/my-crowdfundings']),
      { name: 'home page SSR /', kind: 'ssr', path: '/' },
      { name: 'campaign page SSR', kind: 'ssr', path: `/campaigns/${ids.campaignId}` },
      {
        // A visitor's page that is not in the cache: a new address every time.
        name: 'home page SSR, visitor, cache missed',
        kind: 'info',
        path: '/?n={n}',
        request: {
          method: 'GET',
          setupRequest: (request) => ({ ...request, path: `/?n=${nextMiss++}` }),
        },
      },
      memberPage('home page SSR, signed in', '/'),
      memberPage('campaign page SSR, signed in', `/campaigns/${ids.campaignId}`),
      memberPage('blog post SSR, signed in', `/blog/${ids.postId}`),
      memberPage('account page SSR, signed in', '/account'),
      {
        name: 'like (PUT, signed in, new like each time)',
        kind: 'write',
        path: '/api/v1/like-crowdfunding/{id}',
        request: {
          method: 'PUT',
          setupRequest(request) {
            const pair = writers.pairs[nextLike++];
            if (!pair) throw new Error('ran out of prepared likes: raise LIKES_PER_USER');
            return {
              ...request,
              path: `/api/v1/like-crowdfunding/${pair.campaign_id}`,
              headers: { ...request.headers, authorization: auth(pair.user_id) },
            };
          },
        },
      },
      {
        name: 'comment (POST, signed in)',
        kind: 'write',
        path: '/api/v1/comment-on-blog/{id}',
        request: {
          method: 'POST',
          setupRequest(request) {
            const i = nextComment++;
            const userId = writers.users[i % writers.users.length];
            const postId = writers.posts[i % writers.posts.length];
            return {
              ...request,
              path: `/api/v1/comment-on-blog/${postId}`,
              headers: {
                ...request.headers,
                authorization: auth(userId),
                'content-type': 'application/json',
              },
              body: JSON.stringify({ comment: `Thank you for sharing this (${i}).` }),
            };
          },
        },
      },
    ];

    // One request each first: the path answers as it should, and the code paths are warm.
    for (const target of targets.filter((t) => !t.request && !t.requests)) {
      const response = await fetch(server.base + target.path);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${target.path} answered ${response.status}`);
    }
    const rows = [];
    const statements = await statementStats(url);
    for (const target of targets) {
      if (ONLY && target.kind !== 'baseline' && !ONLY.test(target.name)) continue;
      log(`measuring ${target.name}`);
      await statements?.reset();
      const row = await run(server.base, target, server.pid);
      if (statements) row.statements = await statements.read(row.requests);
      rows.push(row);
    }
    await statements?.end();
    const likeRow = rows.find((r) => r.name.startsWith('like'));
    // The warm-up's likes are real new likes too: they count as answered and as sent.
    const likesAnswered = {
      requests: likeRow?.requestsWithWarmup ?? 0,
      errors: likeRow?.errors ?? 0,
    };
    const baseline = rows[0].reqPerSec;
    for (const row of rows) {
      row.ratioToBaseline = Number((row.reqPerSec / baseline).toFixed(3));
      const member = MEMBER_TARGETS[row.kind];
      if (member) {
        row.ratioTarget = member.ratio;
        row.meetsRatioTarget = row.ratioToBaseline >= member.ratio;
      }
      const target =
        row.kind === 'json'
          ? JSON_P99_TARGET_MS
          : row.kind === 'ssr'
            ? SSR_P99_TARGET_MS
            : MEMBER_TARGETS[row.kind]?.p99Ms;
      row.p99TargetMs = target;
      row.meetsP99Target = target === undefined ? undefined : row.p99Ms <= target;
    }
    const status = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8');
    const peakRssMb = Math.round(Number(status.match(/VmHWM:\s+(\d+)/)?.[1] ?? 0) / 1024);

    // Likes really stored: one per 2xx answer (each request was a new pair).
    const check = new pg.Pool({ connectionString: url, max: 1 });
    check.on('error', () => {});
    let storedLikes;
    try {
      const used = writers.pairs.slice(0, nextLike);
      storedLikes = (
        await check.query(
          `SELECT count(*)::int AS n FROM campaign_likes l
           JOIN unnest($1::uuid[], $2::uuid[]) AS p(user_id, campaign_id)
             ON l.user_id = p.user_id AND l.campaign_id = p.campaign_id`,
          [used.map((p) => p.user_id), used.map((p) => p.campaign_id)],
        )
      ).rows[0].n;
    } finally {
      await check.end();
    }
    log('explaining');
    const likeCampaignId = writers.pairs[nextLike]?.campaign_id ?? ids.campaignId;
    const plans = await explainPaths(url, { ...ids, likeCampaignId });
    await server.stop();

    const seqOnBig = plans.filter((p) => p.seqScanOnBigTables.length > 0);
    const failures = [];
    for (const row of rows) {
      if (row.errors > 0) failures.push(`${row.name}: ${row.errors} errors`);
      if (row.meetsP99Target === false)
        failures.push(`${row.name}: p99 ${row.p99Ms} ms > ${row.p99TargetMs} ms`);
      if (row.meetsRatioTarget === false)
        failures.push(`${row.name}: ${row.ratioToBaseline}× the baseline < ${row.ratioTarget}×`);
    }
    if (!ONLY && peakRssMb > PEAK_RSS_TARGET_MB)
      failures.push(`peak RSS ${peakRssMb} MB > ${PEAK_RSS_TARGET_MB} MB`);
    const likesOk = storedLikes >= likesAnswered.requests - likesAnswered.errors;
    if (!likesOk)
      failures.push(
        `likes: ${storedLikes} stored for ${likesAnswered.requests - likesAnswered.errors} answered 2xx`,
      );
    for (const p of seqOnBig)
      failures.push(`${p.path}: Seq Scan on ${p.seqScanOnBigTables.join(', ')}`);
    const result = {
      ...runFacts(),
      settings: {
        connections: CONNECTIONS,
        durationMs: DURATION_MS,
        warmupMs: WARMUP_MS,
        client:
          'autocannon (programmatic), loopback, accept-encoding: gzip, deflate, br (as browsers send)',
        server:
          'scripts/start.mjs (production, web app served), API_REQUESTS_PER_MINUTE=0 (per-address request limit off: all load comes from one address)',
        auth: 'JWT_SECRET fixed for the bench server; one session row per bench user, access tokens signed with the server signAccessToken, sent as Bearer',
        data: dataInfo,
      },
      loadAverage: { atStart: rows[0].loadAverageBefore, atEnd: loadAverage() },
      rows,
      likes: { answered2xx: likesAnswered.requests - likesAnswered.errors, stored: storedLikes },
      serverPeakRssMb: peakRssMb,
      targets: {
        errors: 0,
        jsonP99Ms: JSON_P99_TARGET_MS,
        ssrP99Ms: SSR_P99_TARGET_MS,
        seqScansOfBigTables: 0,
        members: MEMBER_TARGETS,
        peakRssMb: PEAK_RSS_TARGET_MB,
      },
      failures,
      totalSeconds: Math.round((Date.now() - startedAt) / 1000),
      plans,
    };
    const mark = (ok) => (ok ? 'met' : '**not met**');
    const lines = [
      `# Server throughput (${result.date})`,
      '',
      `${result.machine}, Node ${result.node}, commit ${result.commit}. autocannon, ${CONNECTIONS} connections, ${DURATION_MS / 1000} s measured per path after a ${WARMUP_MS / 1000} s warm-up on the same connections (its p99 is in \`api.json\`, \`warmup\`), loopback; the server is \`scripts/start.mjs\` (production) with API_REQUESTS_PER_MINUTE=0, since every request comes from one address. Signed-in requests carry Bearer tokens signed with the bench server's fixed JWT_SECRET for real session rows; members' pages carry them as the session cookie, with the form token (XSRF-TOKEN) a browser keeps from its first page. The machine was shared with other work: load average ${result.loadAverage.atStart.join(' / ')} at the start, ${result.loadAverage.atEnd.join(' / ')} at the end.`,
      '',
      `Data: bench:data at scale ${dataInfo.scale} (${dataInfo.summary}).`,
      '',
      `Visitors' reads (no session) come from the server's short-lived public cache (apps/server/src/plugins/public-cache.ts: ${PUBLIC_CACHE_TTL_MS / 1000} s, emptied by this server's own writes, one rendering per URL at a time); the signed-in list row shows the same read uncached, and the plans below show what a cache miss runs. Requests send accept-encoding: gzip, deflate, br, as browsers do.`,
      '',
      '| path | req/s | p50 ms | p99 ms | errors | × baseline | × target | p99 target | CPU ms/req: server, PostgreSQL |',
      '|---|---|---|---|---|---|---|---|---|',
      ...rows.map(
        (r) =>
          `| ${r.name} | ${r.reqPerSec} | ${r.p50Ms} | ${r.p99Ms} | ${r.errors} | ${r.ratioToBaseline} | ${r.ratioTarget === undefined ? '' : `≥ ${r.ratioTarget}: ${mark(r.meetsRatioTarget)}`} | ${r.p99TargetMs === undefined ? '' : `≤ ${r.p99TargetMs}: ${mark(r.meetsP99Target)}`} | ${r.serverCpuMsPerRequest}, ${r.postgresCpuMsPerRequest} |`,
      ),
      '',
      `- Zero errors: ${mark(rows.every((r) => r.errors === 0))} (${rows.reduce((s, r) => s + r.errors, 0)} in all).`,
      `- JSON reads p99 ≤ ${JSON_P99_TARGET_MS} ms: ${mark(rows.filter((r) => r.kind === 'json').every((r) => r.meetsP99Target))} (worst ${Math.max(...rows.filter((r) => r.kind === 'json').map((r) => r.p99Ms))} ms).`,
      `- SSR pages p99 ≤ ${SSR_P99_TARGET_MS} ms: ${mark(rows.filter((r) => r.kind === 'ssr').every((r) => r.meetsP99Target))} (worst ${Math.max(...rows.filter((r) => r.kind === 'ssr').map((r) => r.p99Ms))} ms).`,
      `- No sequential scan of a big table (${BIG_TABLES.join(', ')}) on these paths: ${mark(seqOnBig.length === 0)}${seqOnBig.length ? ` (${seqOnBig.map((p) => `${p.path} #${p.statement}: ${p.seqScanOnBigTables.join(', ')}`).join('; ')})` : ''}.`,
      `- Likes: ${result.likes.answered2xx} answered 2xx within the run, ${result.likes.stored} of the (user, campaign) pairs sent are stored (requests still in flight at the end count as sent, not answered): ${mark(likesOk)}.`,
      ...Object.entries(MEMBER_TARGETS).map(([kind, target]) => {
        const measured = rows.filter((r) => r.kind === kind);
        const met = measured.every((r) => r.meetsRatioTarget && r.meetsP99Target);
        return `- ${kind === 'write' ? 'Likes and comments' : kind === 'member-read' ? "Members' reads" : "Members' pages"}: ≥ ${target.ratio}× the baseline and p99 ≤ ${target.p99Ms} ms: ${measured.length ? mark(met) : 'not measured'}.`;
      }),
      `- Peak RSS of the server process (VmHWM) ≤ ${PEAK_RSS_TARGET_MB} MB: ${ONLY ? 'not judged (only some paths ran)' : mark(peakRssMb <= PEAK_RSS_TARGET_MB)} (${peakRssMb} MB; the embedded PostgreSQL runs in its own processes).`,
      '',
      '## Query plans: EXPLAIN (ANALYZE, BUFFERS) of the SQL the server code sends on these paths',
      '',
      'Captured by calling the same service functions as the routes (anonymous reads; the like and the comment as a bench user) and explained inside a rolled-back transaction. The SSR pages call these same API routes in-process (home: leaderboard, recent campaigns, blog list, podcasts; campaign page: detail and donations).',
      '',
      '| path | # | seq scans | indexes | execution ms |',
      '|---|---|---|---|---|',
      ...plans.map(
        (p) =>
          `| ${p.path} | ${p.statement} | ${p.seqScans.length ? p.seqScans.map((t) => (BIG_TABLES.includes(t) ? `**${t}**` : t)).join(', ') : 'none'} | ${p.indexes.join('; ') || '–'} | ${p.executionMs} |`,
      ),
      '',
      '<details><summary>Full plans</summary>',
      '',
      ...plans.flatMap((p) => [
        `### ${p.path} #${p.statement}`,
        '',
        '```sql',
        p.sql,
        '```',
        '',
        '```',
        p.plan,
        '```',
        '',
      ]),
      '</details>',
      '',
    ];
    fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
    fs.writeFileSync(
      path.join(root, 'bench/results/api.json'),
      `${JSON.stringify(result, null, 2)}\n`,
    );
    fs.writeFileSync(path.join(root, 'bench/results/api.md'), lines.join('\n'));
    console.log(lines.slice(0, lines.indexOf('<details><summary>Full plans</summary>')).join('\n'));
    if (failures.length > 0) {
      console.error(`[bench:api] targets not met:\n  ${failures.join('\n  ')}`);
      process.exitCode = 1;
    }
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
