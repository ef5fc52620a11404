// `npm run bench:campaigns`: the campaign reads at realistic volume. Fills a throwaway DATA_DIR
// (10,000 users, 100,000 campaigns, about 1,000,000 likes) with set-based SQL through the
// server's own database code, starts the production server on it (loopback only), measures the
// hot campaign paths side by side with the worker of bench/run.mjs, and shows the query plans of
// the SQL the repository issues. Figures go to bench/results/campaigns.{json,md}. Never part of
// `npm test`; the DATA_DIR is removed at the end.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config.ts';
import { startDatabase } from '../apps/server/src/database.ts';
import * as repository from '../apps/server/src/features/campaigns/campaigns.repository.ts';
import { initialiseDatabase } from '../apps/server/src/seed/demo-seed.ts';
import { campaignCategories, campaignDurations } from '../packages/contracts/src/constants.ts';
import { freePort, measure } from './load.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 5000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const P99_TARGET_MS = 50;

/** Only to try the script quickly (e.g. 0.05); the figures are meant for scale 1. */
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const USERS = Math.round(10_000 * SCALE);
const CAMPAIGNS = Math.round(100_000 * SCALE);
const LIKES = Math.round(1_000_000 * SCALE);
/** A word in about a third of the campaigns, and one in a few hundred. */
const COMMON_WORD = 'surgery';
const RARE_WORD = 'hydrocephalus';

const git = (...args) => {
  try {
    return execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
};
const log = (message) => console.log(`[bench:campaigns] ${message}`);
const seconds = (ms) => Number((ms / 1000).toFixed(1));

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

// ---------------------------------------------------------------------------------------------
// 1. Fill
// ---------------------------------------------------------------------------------------------

const firstNames = [
  'Adaeze',
  'Chinedu',
  'Ngozi',
  'Emeka',
  'Funmilayo',
  'Tunde',
  'Aisha',
  'Musa',
  'Ifeoma',
  'Oluwaseun',
  'Bola',
  'Kemi',
  'Ibrahim',
  'Zainab',
  'Uche',
  'Chioma',
  'Yusuf',
  'Halima',
  'Segun',
  'Amaka',
  'Obinna',
  'Fatima',
  'Kelechi',
  'Temitope',
  'Nneka',
  'Babatunde',
  'Hauwa',
  'Ikenna',
  'Folake',
  'Sani',
];
const lastNames = [
  'Okafor',
  'Adeyemi',
  'Bello',
  'Eze',
  'Ogunleye',
  'Abubakar',
  'Nwosu',
  'Balogun',
  'Okonkwo',
  'Lawal',
  'Olawale',
  'Mohammed',
  'Chukwu',
  'Afolabi',
  'Danjuma',
  'Obi',
  'Adebayo',
  'Umar',
  'Nnamdi',
  'Ojo',
];
/** Six of nineteen mention surgery; the rare word comes from a separate 0.3 % draw. */
const conditions = [
  'heart surgery',
  'a kidney transplant',
  'sickle cell crisis care',
  'breast cancer treatment',
  'spinal surgery',
  'leukaemia treatment',
  'brain tumour surgery',
  'dialysis sessions',
  'a liver transplant',
  'hip replacement surgery',
  'burns treatment',
  'cleft lip repair',
  'cervical cancer treatment',
  'prostate cancer treatment',
  'stroke rehabilitation',
  'open heart surgery',
  'lupus treatment',
  'fibroid surgery',
  'kidney stone removal',
];
const relations = [
  'myself',
  'my son',
  'my daughter',
  'my mother',
  'my father',
  'my wife',
  'my husband',
  'my brother',
  'my sister',
  'my friend',
  'my grandmother',
  'a neighbour',
];
const hospitals = [
  'Lagos University Teaching Hospital',
  'National Hospital Abuja',
  'University College Hospital Ibadan',
  'Aminu Kano Teaching Hospital',
  'University of Nigeria Teaching Hospital Enugu',
  'Federal Medical Centre Owerri',
  'Ahmadu Bello University Teaching Hospital Zaria',
  'Obafemi Awolowo University Teaching Hospital',
  'Jos University Teaching Hospital',
  'University of Benin Teaching Hospital',
];
const hardships = [
  'hospital visits',
  'lost income',
  'borrowing from relatives',
  'selling our shop',
  'paying for drugs',
  'travelling for tests',
];
const streets = [
  'Allen Avenue',
  'Awolowo Road',
  'Ahmadu Bello Way',
  'Ogui Road',
  'Murtala Mohammed Way',
];
const categories = [...campaignCategories];
const durations = [...campaignDurations];

function referenceData() {
  const read = (file) =>
    JSON.parse(fs.readFileSync(path.join(root, 'packages/contracts/src/data', file), 'utf8'));
  const pairs = read('ng-states.json').flatMap((state) =>
    state.lgas.map((lga) => ({ state: state.name, lga })),
  );
  const banks = read('ng-banks.json');
  return {
    states: pairs.map((pair) => pair.state),
    lgas: pairs.map((pair) => pair.lga),
    bankNames: banks.map((bank) => bank.name),
    bankCodes: banks.map((bank) => bank.code),
  };
}

/** Runs one statement and reports how long it took. */
async function timed(client, steps, name, text, values) {
  const t0 = performance.now();
  const result = await client.query(text, values);
  const ms = performance.now() - t0;
  steps.push({ step: name, seconds: seconds(ms), rows: result.rowCount ?? null });
  log(`  ${name}: ${seconds(ms)} s${result.rowCount != null ? ` (${result.rowCount} rows)` : ''}`);
  return result;
}

/** pick(array, r): one element of a text[] parameter for a random number r in [0, 1). */
const pick = (param, r) =>
  `(${param}::text[])[1 + floor(${r} * cardinality(${param}::text[]))::int]`;

async function fill(client) {
  const ref = referenceData();
  const steps = [];
  // Same data on every run: random() follows the seed within this session.
  await client.query('SELECT setseed(0.42)');
  await client.query("SET synchronous_commit = off; SET work_mem = '64MB'");

  await timed(
    client,
    steps,
    'users',
    `INSERT INTO users (email, first_name, last_name, phone, password_hash, created_at, updated_at, password_changed_at)
     SELECT 'bench-user-' || g || '@example.ng', ${pick('$2', 'random()')}, ${pick('$3', 'random()')},
            '+234803' || lpad(g::text, 7, '0'),
            '$argon2id$v=19$m=19456,t=2,p=1$YmVuY2hzYWx0$not-a-real-hash-only-for-the-benchmark',
            t, t, t
     FROM (SELECT g, now() - random() * interval '365 days' AS t
           FROM generate_series(1, $1::int) g OFFSET 0) s`,
    [USERS, firstNames, lastNames],
  );

  // Per-row random numbers drawn once in the inner query (OFFSET 0 keeps it from being
  // flattened, so every column sees the same draw).
  await timed(
    client,
    steps,
    'campaigns',
    `WITH u AS (SELECT array_agg(id ORDER BY id) AS ids FROM users WHERE email LIKE 'bench-user-%')
     INSERT INTO campaigns (
       user_id, title, description, fundraising_for, category, duration, amount_needed,
       amount_raised, state, lga, address, bank_code, bank_name, account_number, account_name,
       bank_lookup_provider, beneficiary_type, beneficiary_first_name, beneficiary_last_name,
       image, image_sizes, status, rejection_reason, submitted_at, approved_at, reviewed_at,
       completed_at, created_at, updated_at)
     SELECT
       u.ids[1 + (s.g * 7919) % cardinality(u.ids)],
       'Help ' || s.fn || ' ' || s.ln || ' get ' || s.cond,
       'We are raising funds for ' || s.rel || ', ' || s.fn || '. The doctors at ' || s.hospital ||
         ' say ' || s.cond || ' is needed urgently. The total cost is beyond what our family can pay after months of ' ||
         s.hardship || '. Every contribution, however small, brings us closer. Thank you and God bless.',
       s.rel,
       ${pick('$4', 's.r1')},
       ${pick('$5', 's.r2')},
       s.needed,
       floor(s.needed * s.r3 * 0.6)::bigint,
       ($6::text[])[s.place], ($7::text[])[s.place],
       (1 + s.g % 200) || ' ' || ${pick('$8', 's.r4')} || ', ' || ($7::text[])[s.place],
       ($9::text[])[s.bank], ($10::text[])[s.bank],
       lpad(((s.g::bigint * 104729) % 10000000000)::text, 10, '0'),
       upper(s.fn || ' ' || s.ln),
       'sandbox',
       (ARRAY['yourself', 'someone else', 'charity'])[1 + s.g % 3],
       s.fn, s.ln,
       NULL, '[]'::jsonb,
       s.status,
       CASE WHEN s.status = 'rejected' THEN 'The medical documents could not be verified.' END,
       s.submitted,
       s.approved,
       CASE WHEN s.status <> 'awaiting_review' THEN coalesce(s.approved, s.submitted + interval '1 day') END,
       CASE WHEN s.status = 'completed' THEN s.approved + interval '60 days' END,
       s.submitted, coalesce(s.approved, s.submitted)
     FROM (
       SELECT g.g, g.status, g.approved,
              coalesce(g.approved, now() - interval '1 hour' - random() * interval '90 days')
                - interval '1 hour' - random() * interval '3 days' AS submitted,
              ${pick('$2', 'random()')} AS fn, ${pick('$3', 'random()')} AS ln,
              CASE WHEN random() < 0.003 THEN 'hydrocephalus shunt surgery'
                   ELSE ${pick('$11', 'random()')} END AS cond,
              ${pick('$12', 'random()')} AS rel, ${pick('$13', 'random()')} AS hospital,
              ${pick('$14', 'random()')} AS hardship,
              ((50 + floor(random() * 4950)) * 1000)::bigint AS needed,
              1 + floor(random() * cardinality($6::text[]))::int AS place,
              1 + floor(random() * cardinality($9::text[]))::int AS bank,
              random() AS r1, random() AS r2, random() AS r3, random() AS r4
       FROM (
         SELECT g, status,
                CASE WHEN status = 'active' THEN now() - random() * interval '90 days'
                     WHEN status = 'completed' THEN now() - interval '90 days' - random() * interval '90 days'
                END AS approved
         FROM (
           SELECT g, CASE WHEN g % 100 < 90 THEN 'active'
                          WHEN g % 100 < 95 THEN 'awaiting_review'
                          WHEN g % 100 < 98 THEN 'rejected'
                          ELSE 'completed' END AS status
           FROM generate_series(1, $1::int) g
         ) g0 OFFSET 0
       ) g OFFSET 0
     ) s, u`,
    [
      CAMPAIGNS,
      firstNames,
      lastNames,
      categories,
      durations,
      ref.states,
      ref.lgas,
      streets,
      ref.bankCodes,
      ref.bankNames,
      conditions,
      relations,
      hospitals,
      hardships,
    ],
  );

  // Likes: a campaign drawn with density ~ 1/sqrt(rank) (a few get thousands, most a handful),
  // a uniform user, a time in the last 8 weeks and not before the approval.
  const likesSql = `
    WITH a AS (SELECT array_agg(id ORDER BY id) AS ids, array_agg(approved_at ORDER BY id) AS approved
               FROM campaigns WHERE status = 'active' AND deleted_at IS NULL),
         u AS (SELECT array_agg(id ORDER BY id) AS ids FROM users WHERE email LIKE 'bench-user-%')
    INSERT INTO campaign_likes (campaign_id, user_id, created_at)
    SELECT a.ids[s.i], u.ids[1 + floor(random() * cardinality(u.ids))::int],
           now() - random() * least(now() - a.approved[s.i], interval '56 days')
    FROM (SELECT 1 + floor(power(random(), 2) * (SELECT cardinality(ids) FROM a))::int AS i
          FROM generate_series(1, $1::int) OFFSET 0) s, a, u
    ON CONFLICT DO NOTHING`;
  let likes = 0;
  let draws = Math.round(LIKES * 1.03);
  for (let round = 1; likes < LIKES && round <= 10; round++) {
    await timed(client, steps, `likes (round ${round}, ${draws} draws)`, likesSql, [draws]);
    likes = (await client.query('SELECT count(*)::int AS n FROM campaign_likes')).rows[0].n;
    draws = Math.round((LIKES - likes) * 1.2) + 1000;
  }
  if (likes < LIKES) throw new Error(`only ${likes} likes after 10 rounds`);

  await timed(
    client,
    steps,
    'likes_count from the real counts',
    `UPDATE campaigns c SET likes_count = l.n
     FROM (SELECT campaign_id, count(*)::int AS n FROM campaign_likes GROUP BY campaign_id) l
     WHERE c.id = l.campaign_id`,
  );
  // VACUUM as well as ANALYZE: without it autovacuum sets the visibility map (and clears the
  // dead rows of the UPDATE above) in the middle of the measurements, and the count queries
  // change plan while they are measured. This is the state a live database settles in.
  await timed(
    client,
    steps,
    'VACUUM (ANALYZE)',
    'VACUUM (ANALYZE) users, campaigns, campaign_likes',
  );

  const stats = (
    await client.query(
      `SELECT
         (SELECT count(*)::int FROM users) AS users,
         (SELECT count(*)::int FROM campaigns) AS campaigns,
         (SELECT count(*)::int FROM campaigns WHERE status = 'active' AND deleted_at IS NULL) AS live_campaigns,
         (SELECT json_object_agg(status, n) FROM (SELECT status, count(*)::int AS n FROM campaigns GROUP BY status) x) AS by_status,
         (SELECT count(*)::int FROM campaign_likes) AS likes,
         (SELECT max(likes_count) FROM campaigns) AS max_likes_per_campaign,
         (SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY likes_count) FROM campaigns WHERE status = 'active') AS median_likes_per_live_campaign,
         (SELECT count(*)::int FROM campaigns WHERE likes_count >= 1000) AS campaigns_with_1000_likes_or_more,
         (SELECT count(*)::int FROM campaigns WHERE status = 'active' AND deleted_at IS NULL
            AND search @@ to_tsquery('simple', $1)) AS live_matching_common_word,
         (SELECT count(*)::int FROM campaigns WHERE status = 'active' AND deleted_at IS NULL
            AND search @@ to_tsquery('simple', $2)) AS live_matching_rare_word,
         pg_size_pretty(pg_database_size(current_database())) AS database_size`,
      [`${COMMON_WORD}:*`, `${RARE_WORD}:*`],
    )
  ).rows[0];
  // A live campaign from the middle of the pack for the detail page.
  const detailId = (
    await client.query(
      `SELECT id FROM campaigns WHERE status = 'active' AND deleted_at IS NULL ORDER BY id
         OFFSET (SELECT count(*) / 2 FROM campaigns WHERE status = 'active' AND deleted_at IS NULL) LIMIT 1`,
    )
  ).rows[0].id;
  return { steps, stats, detailId };
}

// ---------------------------------------------------------------------------------------------
// 4. Query plans of the SQL the repository issues
// ---------------------------------------------------------------------------------------------

/** What a text plan reads: sequential scans, index scans and the execution time. */
function summarisePlan(text) {
  const seqScans = [...text.matchAll(/(?:Parallel )?Seq Scan on (\w+)/g)].map((m) => m[1]);
  const indexes = [
    ...text.matchAll(
      /(Index Only Scan|Index Scan|Bitmap Index Scan)(?: Backward)? (?:using |on )(\w+)/g,
    ),
  ].map((m) => `${m[1]} ${m[2]}`);
  return {
    seqScans: [...new Set(seqScans)],
    seqScanOnHotTables: [...new Set(seqScans)].filter((t) =>
      ['campaigns', 'campaign_likes'].includes(t),
    ),
    indexes: [...new Set(indexes)],
    executionMs: Number(text.match(/Execution Time: ([\d.]+) ms/)?.[1] ?? Number.NaN),
    topNode: text
      .split('\n')[0]
      .replace(/\s+\(cost=.*$/, '')
      .trim(),
  };
}

async function explainAll(url, detailId) {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  // pool.end() does not wait for the sockets to close: a shutdown right after must not crash us.
  pool.on('error', () => {});
  const captured = [];
  const db = drizzle(pool, {
    logger: { logQuery: (query, params) => captured.push({ query, params }) },
  });
  /** Runs a repository call and returns the statements it sent. */
  async function capture(call) {
    captured.length = 0;
    await call();
    return [...captured];
  }
  const rowsOf = (statements) => statements.find((s) => !/count\(\*\)/.test(s.query));
  const countOf = (statements) => statements.find((s) => /count\(\*\)/.test(s.query));
  const list = (options) => capture(() => repository.listLiveCampaigns(db, options));

  try {
    const leaderboard = await list({ page: 1, limit: 5, sort: 'likes' });
    const page1 = await list({ page: 1, limit: 12, sort: 'recent' });
    const page500 = await list({ page: 500, limit: 12, sort: 'recent' });
    const common = await list({ page: 1, limit: 12, sort: 'recent', search: COMMON_WORD });
    const rare = await list({ page: 1, limit: 12, sort: 'recent', search: RARE_WORD });
    const detail = await capture(() => repository.findCampaign(db, detailId));

    const pageIds = (await repository.listLiveCampaigns(db, { page: 1, limit: 12, sort: 'recent' }))
      .rows;
    const ids = pageIds.map((row) => row.campaign.id);
    // The user who liked most of these, so the query finds something.
    const liker = (
      await pool.query(
        `SELECT user_id FROM campaign_likes WHERE campaign_id = ANY($1::uuid[])
         GROUP BY user_id ORDER BY count(*) DESC, user_id LIMIT 1`,
        [ids],
      )
    ).rows[0]?.user_id;
    const liked = await capture(() => repository.likedBy(db, liker, ids));
    const wins = await capture(() => repository.weeklyWinsOf(db, ids));
    const winners = await capture(() => repository.listWeeklyWinners(db, 10));

    // The last finished Lagos week; the INSERT is run in a rolled-back transaction only to
    // capture its SQL, then explained as the SELECT it contains.
    const currentWeek = await repository.lagosWeekStart(db, new Date());
    const weekStart = new Date(currentWeek.getTime() - 7 * 24 * 60 * 60 * 1000);
    const weekly = await capture(() =>
      db
        .transaction(async (tx) => {
          await repository.recordWeeklyWinner(tx, weekStart, currentWeek);
          tx.rollback();
        })
        .catch(() => {}),
    );
    const insert = weekly.find((s) => /insert into/i.test(s.query));
    if (!insert) throw new Error('recordWeeklyWinner sent no INSERT');
    const weeklySelect = {
      query: insert.query
        .replace(/^\s*insert into [^\n]*\n/i, '')
        .replace(/\s*on conflict \(week_start\) do nothing\s*$/i, '')
        .trim(),
      params: insert.params,
    };
    if (!/^select/i.test(weeklySelect.query)) throw new Error('could not strip the INSERT');

    const queries = [
      { name: 'leaderboard (sort=likes, limit 5)', hot: true, ...rowsOf(leaderboard) },
      { name: 'list page 1 (sort=recent, limit 12)', hot: true, ...rowsOf(page1) },
      { name: 'list page 500 (offset 5988)', hot: true, ...rowsOf(page500) },
      { name: `search "${COMMON_WORD}" page 1`, hot: true, ...rowsOf(common) },
      { name: `search "${RARE_WORD}" page 1`, hot: true, ...rowsOf(rare) },
      { name: 'count(*) of live campaigns (every list request)', hot: true, ...countOf(page1) },
      { name: `search count "${COMMON_WORD}"`, hot: true, ...countOf(common) },
      { name: `search count "${RARE_WORD}"`, hot: true, ...countOf(rare) },
      { name: 'detail by id (findCampaign)', hot: true, ...detail[0] },
      { name: 'likedBy (one user, 12 ids)', hot: true, ...liked[0] },
      { name: 'weeklyWinsOf (12 ids, every list)', hot: true, ...wins[0] },
      { name: 'listWeeklyWinners (limit 10)', hot: true, ...winners[0] },
      {
        name: `weekly winner aggregation (week from ${weekStart.toISOString()}, recordWeeklyWinner as SELECT)`,
        hot: false,
        ...weeklySelect,
      },
    ];
    const plans = [];
    for (const q of queries) {
      const result = await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${q.query}`, q.params);
      const plan = result.rows.map((row) => row['QUERY PLAN']).join('\n');
      plans.push({
        name: q.name,
        hotPath: q.hot,
        ...summarisePlan(plan),
        sql: q.query,
        params: q.params,
        plan,
      });
    }
    const tableState = (
      await pool.query(
        `SELECT relname AS table, n_live_tup, n_dead_tup, last_vacuum, last_autovacuum, last_analyze, last_autoanalyze
         FROM pg_stat_user_tables WHERE relname IN ('users', 'campaigns', 'campaign_likes') ORDER BY relname`,
      )
    ).rows;
    return { plans, tableState };
  } finally {
    await pool.end();
  }
}

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ipatient-bench-campaigns-'));
// Readable by the postgres system user, which runs the embedded database when we are root.
fs.chmodSync(dataDir, 0o755);
const startedAt = Date.now();
const loadAtStart = os.loadavg().map((n) => Number(n.toFixed(2)));
let server;
let serverExited;
const notes = [];

/** Starts the server; resolves with its exit (code, and the tail of what it printed). */
function spawnServer(port, apiOnly) {
  const tail = [];
  const child = spawn(
    process.execPath,
    apiOnly ? ['apps/server/src/main.ts'] : ['scripts/start.mjs'],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'false',
        ...(apiOnly ? { NODE_ENV: 'production', SERVE_WEB: 'false' } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    stream.on('data', (chunk) => {
      out.write(chunk);
      tail.push(...chunk.toString().split('\n').filter(Boolean));
      tail.splice(0, Math.max(0, tail.length - 15));
    });
  }
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve({ code, tail })));
  return { child, exited };
}

async function waitReady(base, exited) {
  let gone;
  void exited.then((value) => {
    gone = value;
  });
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (gone) return gone;
    if (Date.now() > deadline) throw new Error('server did not start in 240 s');
    try {
      if ((await fetch(`${base}/readyz`)).ok) return undefined;
    } catch {}
    await sleep(250);
  }
}

async function stopServer() {
  if (!server) return;
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // Already stopped.
  }
  await Promise.race([serverExited, sleep(40_000)]);
  // The server stops its embedded PostgreSQL; if it could not, stop that one postmaster.
  try {
    const pid = Number(
      fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0],
    );
    if (pid > 0 && isAlive(pid)) {
      process.kill(pid, 'SIGINT');
      for (let i = 0; i < 100 && isAlive(pid); i++) await sleep(100);
    }
  } catch {
    // No postmaster left.
  }
  server = undefined;
}

try {
  // 1. Fill through the server's own database code: start, migrate, record the installation.
  log(`DATA_DIR ${dataDir}`);
  const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'warn' });
  let t0 = performance.now();
  const database = await startDatabase(config, () => {});
  const dbStartSeconds = seconds(performance.now() - t0);
  log(`embedded PostgreSQL started and migrated in ${dbStartSeconds} s`);
  let filled;
  let fillSeconds;
  try {
    const installation = await initialiseDatabase(database.db, {
      seedDemo: false,
      storage: undefined,
    });
    log(`installation: ${installation}`);
    const client = await database.pool.connect();
    try {
      log('filling');
      t0 = performance.now();
      filled = await fill(client);
      fillSeconds = seconds(performance.now() - t0);
    } finally {
      client.release();
    }
  } finally {
    await database.shutdown();
  }
  log(`fill took ${fillSeconds} s: ${JSON.stringify(filled.stats)}`);

  // 2. The production server on the filled DATA_DIR.
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let serverMode = 'npm start (scripts/start.mjs), production, web app served';
  ({ child: server, exited: serverExited } = spawnServer(port, false));
  t0 = performance.now();
  const failed = await waitReady(base, serverExited);
  if (failed) {
    server = undefined;
    const reason = failed.tail.slice(-5).join(' | ');
    log(`npm start exited (code ${failed.code}); starting an API-only instance (SERVE_WEB=false)`);
    serverMode =
      'API-only instance (apps/server/src/main.ts, NODE_ENV=production, SERVE_WEB=false)';
    notes.push(
      `\`npm start\` failed (exit ${failed.code}: ${reason}), most likely the web build broken by work in progress in apps/web; the server ran with SERVE_WEB=false. The API paths measured are the same.`,
    );
    ({ child: server, exited: serverExited } = spawnServer(port, true));
    const again = await waitReady(base, serverExited);
    if (again) throw new Error(`API-only server exited too (code ${again.code})`);
  }
  const serverStartSeconds = seconds(performance.now() - t0);
  log(`server ready in ${serverStartSeconds} s (${serverMode})`);

  // The weekly-winner job runs once on start (8 finished weeks to record); let it finish so it
  // does not compete with the measurements.
  const winnersDeadline = Date.now() + 120_000;
  let recordedWeeks = 0;
  let unchanged = 0;
  while (Date.now() < winnersDeadline) {
    const response = await fetch(`${base}/api/v1/crowdfunding-weekly-winners?limit=52`);
    const count = response.ok ? (await response.json()).results.length : 0;
    unchanged = count === recordedWeeks ? unchanged + 1 : 0;
    recordedWeeks = count;
    if (recordedWeeks >= 8 || (recordedWeeks > 0 && unchanged >= 5)) break;
    await sleep(1000);
  }
  log(`weekly winners recorded: ${recordedWeeks}`);

  // 3. Throughput and latency, side by side.
  const list = '/api/v1/get-crowedFundings';
  const targets = [
    { name: 'baseline /healthz', path: '/healthz' },
    { name: 'leaderboard (sort=likes, limit=5)', path: `${list}?sort=likes&limit=5` },
    { name: 'list page 1', path: `${list}?page=1` },
    { name: 'list page 500', path: `${list}?page=500` },
    { name: `search "${COMMON_WORD}"`, path: `${list}?search=${COMMON_WORD}` },
    { name: `search "${RARE_WORD}"`, path: `${list}?search=${RARE_WORD}` },
    {
      name: 'detail (single-crowedfunding)',
      path: `/api/v1/single-crowedfunding/${filled.detailId}`,
    },
    { name: 'weekly winners', path: '/api/v1/crowdfunding-weekly-winners' },
  ];
  // One request each first: a check that the path answers what it should, and a warm-up.
  for (const target of targets) {
    const response = await fetch(base + target.path);
    const body = await response.json();
    target.check = {
      status: response.status,
      results: body.results?.length ?? (body.result ? 1 : undefined),
      total: body.meta?.total,
    };
    if (!response.ok) throw new Error(`${target.path} answered ${response.status}`);
  }
  const rows = [];
  for (const target of targets) {
    log(`measuring ${target.name}`);
    rows.push({
      ...(await measure(base, target, { durationMs: DURATION_MS, connections: CONNECTIONS })),
      check: target.check,
    });
  }
  const baseline = rows[0].reqPerSec;
  for (const row of rows) {
    row.ratioToBaseline = Number((row.reqPerSec / baseline).toFixed(2));
    if (row !== rows[0]) row.meetsP99Target = row.p99Ms <= P99_TARGET_MS;
  }
  const rssKb = Number(
    fs.readFileSync(`/proc/${server.pid}/status`, 'utf8').match(/VmHWM:\s+(\d+)/)?.[1] ?? 0,
  );

  // 4. Plans, on the running server's embedded database (found as admin-create finds it).
  const postmaster = fs
    .readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')
    .split('\n');
  const dbUrl = `postgres://postgres:${encodeURIComponent(config.embeddedDatabasePassword)}@127.0.0.1:${Number(postmaster[3])}/ipatient`;
  log('explaining');
  const { plans, tableState } = await explainAll(dbUrl, filled.detailId);

  // 5. Stop the server (the DATA_DIR goes in `finally`).
  await stopServer();

  // 6. Results.
  const hotSeq = plans.filter((p) => p.hotPath && p.seqScanOnHotTables.length > 0);
  const coldSeq = plans.filter((p) => !p.hotPath && p.seqScanOnHotTables.length > 0);
  const result = {
    date: new Date().toISOString(),
    machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB`,
    node: process.version,
    commit: git('rev-parse', '--short', 'HEAD'),
    uncommittedInQueriedCode: git(
      'status',
      '--porcelain',
      'apps/server/src/features/campaigns',
      'packages/db/src/schema',
      'packages/db/migrations',
    )
      .split('\n')
      .filter((line) => line && !line.endsWith('.test.ts')),
    loadAverage: { atStart: loadAtStart, atEnd: os.loadavg().map((n) => Number(n.toFixed(2))) },
    durationMs: DURATION_MS,
    connections: CONNECTIONS,
    scale: SCALE,
    serverMode,
    notes,
    data: filled.stats,
    setup: {
      databaseStartAndMigrateSeconds: dbStartSeconds,
      fillSeconds,
      fillSteps: filled.steps,
      serverStartSeconds,
      weeklyWinnersRecorded: recordedWeeks,
      totalRunSeconds: seconds(Date.now() - startedAt),
    },
    targets: { p99MsAtConnections: P99_TARGET_MS, seqScansOnHotPaths: 0 },
    rows,
    serverPeakRssMb: Math.round(rssKb / 1024),
    plansVerdict: {
      seqScanOnHotPaths: hotSeq.map((p) => ({ name: p.name, tables: p.seqScanOnHotTables })),
      seqScanOffHotPaths: coldSeq.map((p) => ({ name: p.name, tables: p.seqScanOnHotTables })),
    },
    tableStateAtExplain: tableState,
    plans,
  };
  const slow = rows.slice(1).filter((r) => !r.meetsP99Target);
  const lines = [
    `# Campaign reads at volume (${result.date})`,
    '',
    `${result.machine}, Node ${result.node}, ${CONNECTIONS} connections, ${DURATION_MS / 1000} s per path, loopback. Server: ${serverMode}. Load average (1/5/15 min) ${result.loadAverage.atStart.join(' / ')} at the start, ${result.loadAverage.atEnd.join(' / ')} at the end (other work on the machine shows here).`,
    ...notes.map((note) => `\n> ${note}`),
    '',
    `Code: commit ${result.commit}${result.uncommittedInQueriedCode.length ? `, with uncommitted changes in ${result.uncommittedInQueriedCode.join(', ')}` : ', campaign repository and schema unchanged since'}; the SQL explained below is what the repository issued in this run.`,
    '',
    `Data: ${filled.stats.users} users, ${filled.stats.campaigns} campaigns (${filled.stats.live_campaigns} live), ${filled.stats.likes} likes (most on one campaign ${filled.stats.max_likes_per_campaign}, median per live campaign ${filled.stats.median_likes_per_live_campaign}); "${COMMON_WORD}" matches ${filled.stats.live_matching_common_word} live campaigns, "${RARE_WORD}" ${filled.stats.live_matching_rare_word}. Database ${filled.stats.database_size}.`,
    '',
    `Fill (set-based SQL): **${fillSeconds} s** (${filled.steps.map((s) => `${s.step} ${s.seconds} s`).join(', ')}); database start and migrations ${dbStartSeconds} s; server ready ${serverStartSeconds} s after spawn; ${recordedWeeks} weekly winners recorded by the server's job before measuring.`,
    '',
    '| path | req/s | p50 ms | p99 ms | errors | × baseline | p99 ≤ 50 ms |',
    '|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.reqPerSec} | ${r.p50Ms} | ${r.p99Ms} | ${r.errors} | ${r.ratioToBaseline} | ${r === rows[0] ? '' : r.meetsP99Target ? 'yes' : '**no**'} |`,
    ),
    '',
    `Peak RSS of the server process: ${result.serverPeakRssMb} MB (the embedded PostgreSQL is a separate process).`,
    '',
    `Target p99 ≤ ${P99_TARGET_MS} ms for the JSON reads: ${slow.length === 0 ? 'met on every path' : `missed on ${slow.map((r) => r.name).join(', ')}`}.`,
    '',
    '## Query plans (EXPLAIN ANALYZE, BUFFERS) of the SQL the repository issues',
    '',
    '| query | hot path | Seq Scan on campaigns / campaign_likes | other seq scans | indexes used | execution ms |',
    '|---|---|---|---|---|---|',
    ...plans.map(
      (p) =>
        `| ${p.name} | ${p.hotPath ? 'yes' : 'no (weekly job)'} | ${p.seqScanOnHotTables.length ? `**${p.seqScanOnHotTables.join(', ')}**` : 'none'} | ${p.seqScans.filter((t) => !p.seqScanOnHotTables.includes(t)).join(', ') || '–'} | ${p.indexes.join('; ') || '–'} | ${p.executionMs} |`,
    ),
    '',
    `Verdict: ${hotSeq.length === 0 ? 'no sequential scan of campaigns or campaign_likes on the hot paths' : `sequential scan on the hot paths in ${hotSeq.map((p) => `${p.name} (${p.seqScanOnHotTables.join(', ')})`).join('; ')}`}${coldSeq.length ? `; off the hot paths: ${coldSeq.map((p) => `${p.name} (${p.seqScanOnHotTables.join(', ')})`).join('; ')}` : ''}.`,
    '',
    `Table state when explained (the fill ends with VACUUM (ANALYZE)): ${tableState.map((t) => `${t.table} ${t.n_live_tup} live / ${t.n_dead_tup} dead tuples, autovacuum ${t.last_autovacuum ? 'ran' : 'not yet'}`).join('; ')}.`,
    '',
    '<details><summary>Full plans</summary>',
    '',
    ...plans.flatMap((p) => [
      `### ${p.name}`,
      '',
      '```sql',
      p.sql,
      '```',
      '',
      `Parameters: \`${JSON.stringify(p.params)}\``,
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
    path.join(root, 'bench/results/campaigns.json'),
    `${JSON.stringify(result, null, 2)}\n`,
  );
  fs.writeFileSync(path.join(root, 'bench/results/campaigns.md'), lines.join('\n'));
  console.log(lines.slice(0, lines.indexOf('<details><summary>Full plans</summary>')).join('\n'));
  log(`whole run ${seconds(Date.now() - startedAt)} s`);
} finally {
  await stopServer();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
