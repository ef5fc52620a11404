// `kill -9` of the server while 20 clients write: likes, blog comments and complaints as signed-in
// members. At a random moment the server process (only it) is killed with SIGKILL, restarted on the
// same DATA_DIR, and every write that was answered 2xx must be in the database. Repeated for
// FAULT_ROUNDS rounds on one DATA_DIR; each restart must reach /readyz 200.
// Figures go to bench/results/faults-kill.{json,md}. Exits non-zero when a check fails.
import { setTimeout as sleep } from 'node:timers/promises';
import {
  cleanUpDataDir,
  connectEmbedded,
  killServer,
  makeDataDir,
  postgresPid,
  runFacts,
  startServer,
  stopServer,
  waitForExit,
  writeResults,
} from './server-process.mjs';

const ROUNDS = Number(process.env.FAULT_ROUNDS ?? 20);
const CLIENTS = Number(process.env.FAULT_CLIENTS ?? 20);
/** Members per client: complaints are limited to 5 per member per 24 hours. */
const USERS_PER_CLIENT = Number(process.env.FAULT_USERS_PER_CLIENT ?? 6);
const KILL_MIN_MS = 500;
const KILL_MAX_MS = 3000;
const COMPLAINTS_PER_USER = 5;
const PASSWORD = 'Kolanut-Harmattan7';
const RUN = Date.now().toString(36);

const dataDir = makeDataDir('ipatient-kill-');
// TRUST_PROXY: the members sign up from distinct (forwarded) addresses, as real members would;
// the sign-up code limit per address would otherwise stop the setup after 50 accounts.
// SERVE_WEB=false: only the API is exercised, and a web build being replaced meanwhile must not
// make a restart fail for reasons that have nothing to do with the kill.
const serverEnv = { TRUST_PROXY: '1', SEED_DEMO: 'true', SERVE_WEB: 'false' };
let server;
let failed = false;

const api = (path) => `${server.base}/api/v1${path}`;

async function call(method, path, { body, token, forwardedFor } = {}) {
  // A JSON content type without a body is refused (400): only set it when there is one.
  const headers = body === undefined ? {} : { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (forwardedFor) headers['x-forwarded-for'] = forwardedFor;
  const response = await fetch(api(path), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, json, text };
}

/** Signs a member up through the API: sign-up, the emailed code (local outbox), validation. */
async function signUpMember(index) {
  const email = `kill.${RUN}.${index}@example.ng`;
  const forwardedFor = `10.77.${index >> 8}.${index & 255}`;
  const signUp = await call('POST', '/sign-up', {
    forwardedFor,
    body: {
      email,
      firstName: 'Ngozi',
      lastName: 'Eze',
      phone: '+2348031234567',
      password: PASSWORD,
      acceptTerms: true,
    },
  });
  if (signUp.status !== 200)
    throw new Error(`sign-up of ${email}: ${signUp.status} ${signUp.text}`);
  let code;
  for (let i = 0; i < 50 && !code; i++) {
    const outbox = await fetch(`${server.base}/dev/outbox.json?to=${encodeURIComponent(email)}`);
    const entries = await outbox.json();
    code = /code: ([A-Z0-9]+)/.exec(entries[0]?.text ?? '')?.[1];
    if (!code) await sleep(100);
  }
  if (!code) throw new Error(`no sign-up code emailed to ${email}`);
  const validated = await call('POST', '/validate-signup-otp', {
    forwardedFor,
    body: { email, emailOtp: code },
  });
  if (validated.status !== 200) {
    throw new Error(`validation of ${email}: ${validated.status} ${validated.text}`);
  }
  return {
    email,
    id: validated.json.result._id ?? validated.json.result.id,
    accessToken: validated.json.tokens.accessToken,
    refreshToken: validated.json.tokens.refreshToken,
    tokenAt: Date.now(),
    complaintsLeft: COMPLAINTS_PER_USER,
  };
}

/** Access tokens live 15 minutes: a long run renews them with the refresh token. */
async function freshen(member) {
  if (Date.now() - member.tokenAt < 10 * 60 * 1000) return;
  const renewed = await call('POST', '/get-access-token', {
    body: { refreshToken: member.refreshToken },
  });
  if (renewed.status !== 200) throw new Error(`token refresh: ${renewed.status} ${renewed.text}`);
  member.accessToken = renewed.json.tokens.accessToken;
  member.refreshToken = renewed.json.tokens.refreshToken;
  member.tokenAt = Date.now();
}

async function inPool(items, concurrency, fn) {
  const results = [];
  let next = 0;
  async function worker() {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index], index);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  return results;
}

const pick = (list) => list[Math.floor(Math.random() * list.length)];

/**
 * One client: writes until its connection fails (the server was killed). Every write is logged
 * with its key and outcome: a status, or none when no answer came.
 */
async function client(clientIndex, members, targets, round, roundsLeft, log) {
  const kinds = ['like', 'comment', 'complaint'];
  let sequence = 0;
  // Spread each member's 5 complaints over the remaining rounds so every round has some.
  const complaintBudget = Math.ceil(
    members.reduce((sum, m) => sum + m.complaintsLeft, 0) / roundsLeft,
  );
  let complaintsThisRound = 0;
  for (;;) {
    let kind = kinds[sequence % kinds.length];
    sequence++;
    const member = pick(members);
    const complaintMember = members.find((m) => m.complaintsLeft > 0);
    if (kind === 'complaint' && (complaintsThisRound >= complaintBudget || !complaintMember)) {
      kind = 'comment';
    }
    const marker = `kill-${RUN}-r${round}-c${clientIndex}-${sequence}`;
    let entry;
    let request;
    if (kind === 'like') {
      const campaignId = pick(targets.campaigns);
      entry = { kind, key: `${campaignId}/${member.id}` };
      request = () =>
        call('PUT', `/like-crowdfunding/${campaignId}`, { token: member.accessToken });
    } else if (kind === 'comment') {
      entry = { kind, key: marker };
      request = () =>
        call('POST', `/comment-on-blog/${pick(targets.posts)}`, {
          token: member.accessToken,
          body: { comment: `${marker} Thank you for this post, it helped my mother.` },
        });
    } else {
      complaintsThisRound++;
      // Counted before the answer: a write without an answer may still have been stored.
      complaintMember.complaintsLeft--;
      entry = { kind, key: marker };
      request = () =>
        call('POST', '/create-advocacy', {
          token: complaintMember.accessToken,
          body: {
            hospitalName: 'General Hospital Ikeja',
            hospitalAddress: '1 Mobolaji Bank Anthony Way, Ikeja, Lagos',
            category: 'medical billing',
            complaints: `${marker}: I was billed twice for the same laboratory test.`,
          },
        });
    }
    log.push(entry);
    try {
      const response = await request();
      entry.status = response.status;
    } catch {
      // The server is gone: this write may or may not have been stored.
      entry.status = null;
      return;
    }
  }
}

/** Which of the logged writes are in the database. */
async function findWrites(log, members) {
  const db = await connectEmbedded(dataDir);
  try {
    const likes = await db.query(
      'SELECT campaign_id::text || $2 || user_id::text AS key FROM campaign_likes WHERE user_id = ANY($1::uuid[])',
      [members.map((m) => m.id), '/'],
    );
    const comments = await db.query(
      "SELECT split_part(comment, ' ', 1) AS key FROM blog_comments WHERE comment LIKE $1",
      [`kill-${RUN}-%`],
    );
    const complaints = await db.query(
      "SELECT split_part(complaints, ':', 1) AS key FROM complaints WHERE complaints LIKE $1",
      [`kill-${RUN}-%`],
    );
    const stored = {
      like: new Set(likes.rows.map((r) => r.key)),
      comment: new Set(comments.rows.map((r) => r.key)),
      complaint: new Set(complaints.rows.map((r) => r.key)),
    };
    for (const entry of log) entry.found = stored[entry.kind].has(entry.key);
  } finally {
    await db.end();
  }
}

const rounds = [];
let setup;
try {
  const facts = await runFacts();
  const setupStart = performance.now();
  server = await startServer({ dataDir, env: serverEnv });
  const firstStartMs = server.readyMs;
  const db = await connectEmbedded(dataDir);
  const targets = {
    campaigns: (await db.query("SELECT id FROM campaigns WHERE status = 'active'")).rows.map(
      (r) => r.id,
    ),
    posts: (await db.query("SELECT id FROM blog_posts WHERE status = 'published'")).rows.map(
      (r) => r.id,
    ),
  };
  await db.end();
  if (targets.campaigns.length === 0 || targets.posts.length === 0) {
    throw new Error('the demo data has no live campaign or no published post');
  }
  const allMembers = await inPool(
    Array.from({ length: CLIENTS * USERS_PER_CLIENT }, (_, i) => i),
    4,
    (i) => signUpMember(i),
  );
  setup = {
    firstStartMs,
    members: allMembers.length,
    liveCampaigns: targets.campaigns.length,
    publishedPosts: targets.posts.length,
    setupSeconds: Number(((performance.now() - setupStart) / 1000).toFixed(1)),
  };
  console.log(
    `Setup: ${setup.members} members signed up, ${setup.liveCampaigns} live campaigns, ${setup.publishedPosts} posts (${setup.setupSeconds} s)`,
  );

  for (let round = 1; round <= ROUNDS; round++) {
    for (const member of allMembers) await freshen(member);
    const log = [];
    const killAfterMs = Math.round(KILL_MIN_MS + Math.random() * (KILL_MAX_MS - KILL_MIN_MS));
    const writing = Promise.all(
      Array.from({ length: CLIENTS }, (_, c) =>
        client(
          c,
          allMembers.slice(c * USERS_PER_CLIENT, (c + 1) * USERS_PER_CLIENT),
          targets,
          round,
          ROUNDS - round + 1,
          log,
        ),
      ),
    );
    await sleep(killAfterMs);
    killServer(server, 'SIGKILL');
    const killedAt = performance.now();
    await waitForExit(server, 10_000);
    await writing;
    const postgresSurvived = postgresPid(dataDir) !== undefined;
    server = await startServer({ dataDir, env: serverEnv });
    const restartMs = Math.round(performance.now() - killedAt);
    await findWrites(log, allMembers);
    const answered = log.filter((e) => e.status !== null && e.status >= 200 && e.status < 300);
    const unanswered = log.filter((e) => e.status === null);
    const other = log.filter((e) => e.status !== null && (e.status < 200 || e.status >= 300));
    const byKind = (list, kind) => list.filter((e) => e.kind === kind).length;
    const row = {
      round,
      killAfterMs,
      sent: log.length,
      answered2xx: answered.length,
      found: answered.filter((e) => e.found).length,
      missing: answered.filter((e) => !e.found).length,
      likes2xx: byKind(answered, 'like'),
      comments2xx: byKind(answered, 'comment'),
      complaints2xx: byKind(answered, 'complaint'),
      otherStatuses: Object.fromEntries(
        [...new Set(other.map((e) => e.status))].map((s) => [
          s,
          other.filter((e) => e.status === s).length,
        ]),
      ),
      noAnswer: unanswered.length,
      noAnswerButStored: unanswered.filter((e) => e.found).length,
      postgresSurvivedKill: postgresSurvived,
      restartMs,
      readyz: 200,
    };
    if (row.missing > 0) failed = true;
    rounds.push(row);
    console.log(
      `round ${round}: killed after ${killAfterMs} ms, sent ${row.sent}, 2xx ${row.answered2xx}, found ${row.found}, missing ${row.missing}, no answer ${row.noAnswer} (${row.noAnswerButStored} stored), other ${JSON.stringify(row.otherStatuses)}, PostgreSQL ${postgresSurvived ? 'survived' : 'died'}, ready again in ${restartMs} ms`,
    );
  }

  const total = (field) => rounds.reduce((sum, r) => sum + r[field], 0);
  const restarts = rounds.map((r) => r.restartMs).sort((a, b) => a - b);
  const summary = {
    rounds: rounds.length,
    sent: total('sent'),
    answered2xx: total('answered2xx'),
    found: total('found'),
    missing: total('missing'),
    noAnswer: total('noAnswer'),
    noAnswerButStored: total('noAnswerButStored'),
    cleanRestarts: rounds.length,
    postgresSurvivedKill: rounds.filter((r) => r.postgresSurvivedKill).length,
    restartMsMedian: restarts[Math.floor(restarts.length / 2)],
    restartMsMax: restarts[restarts.length - 1],
  };
  const targetsMet = {
    noAnsweredWriteLost: summary.missing === 0,
    everyRestartClean: summary.cleanRestarts === ROUNDS,
  };
  const result = {
    ...facts,
    settings: {
      rounds: ROUNDS,
      clients: CLIENTS,
      membersPerClient: USERS_PER_CLIENT,
      killWindowMs: [KILL_MIN_MS, KILL_MAX_MS],
      database: 'embedded PostgreSQL in the DATA_DIR',
      server: 'production mode (NODE_ENV=production), API only (SERVE_WEB=false), local mode',
    },
    setup,
    summary,
    targets: targetsMet,
    rounds,
  };
  const mark = (ok) => (ok ? 'met' : '**not met**');
  const lines = [
    `# Faults: kill -9 of the server during writes (${facts.date})`,
    '',
    `${facts.machine}, Node ${facts.node}, commit ${facts.commit}. ${CLIENTS} clients write campaign likes, blog comments and complaints as ${setup.members} signed-up members; the server process gets SIGKILL ${KILL_MIN_MS / 1000}–${KILL_MAX_MS / 1000} s into the writes and is restarted on the same DATA_DIR (embedded PostgreSQL), ${ROUNDS} rounds in a row. Run: \`node bench/faults/kill.mjs\` (Node 24: \`npx node …\`).`,
    '',
    '| target | figure | |',
    '|---|---|---|',
    `| every write answered 2xx is in the database | ${summary.found} of ${summary.answered2xx} found, ${summary.missing} missing | ${mark(targetsMet.noAnsweredWriteLost)} |`,
    `| each restart comes up (readyz 200), ${ROUNDS} rounds | ${summary.cleanRestarts} of ${ROUNDS}; median ${summary.restartMsMedian} ms, max ${summary.restartMsMax} ms | ${mark(targetsMet.everyRestartClean)} |`,
    '',
    `The embedded PostgreSQL survived the kill of the server in ${summary.postgresSurvivedKill} of ${ROUNDS} rounds (it runs in its own process group); on restart the server stops the orphan cleanly and starts it again. Writes that got no answer: ${summary.noAnswer}, of which ${summary.noAnswerButStored} were stored (committed just before the kill), which is allowed.`,
    '',
    '| round | killed after ms | sent | answered 2xx | found | missing | likes / comments / complaints 2xx | no answer (stored) | other answers | PostgreSQL after kill | restart ms |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...rounds.map(
      (r) =>
        `| ${r.round} | ${r.killAfterMs} | ${r.sent} | ${r.answered2xx} | ${r.found} | ${r.missing} | ${r.likes2xx} / ${r.comments2xx} / ${r.complaints2xx} | ${r.noAnswer} (${r.noAnswerButStored}) | ${Object.entries(
          r.otherStatuses,
        )
          .map(([s, n]) => `${n}× ${s}`)
          .join(', ')} | ${r.postgresSurvivedKill ? 'running' : 'stopped'} | ${r.restartMs} |`,
    ),
    '',
  ];
  if (!targetsMet.everyRestartClean) failed = true;
  writeResults('faults-kill', result, lines);
  console.log(lines.join('\n'));
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  if (server) await stopServer(server);
  await cleanUpDataDir(dataDir);
}
process.exit(failed ? 1 : 0);
