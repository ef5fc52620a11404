// `npm run bench:pages`: page speed and weight as a patient on a low-end phone and a slow mobile
// network gets them. Lighthouse 13 with its default mobile profile (simulated throttling: 150 ms
// RTT, 1.6 Mbps down, 4x CPU slowdown) runs against the production server on loopback, three
// times per page; the median run (by performance score) is reported. The interactive pages a
// signed-in member uses (the campaign wizard, the account, a facility's review page) are measured
// again as on a slow phone on a slow network: DevTools' "Slow 3G" applied for real (2 s request
// latency, 400 kbit/s) with 6x CPU slowdown, for their compressed JavaScript (bytes and files) and
// their time to interactive. Figures go to bench/results/pages.{json,md}. Never part of
// `npm test`; exits non-zero when a target is missed.
//
// Data: BENCH_DATA_DIR when it is set and exists (e.g. the volume data of `npm run bench:data`),
// otherwise a fresh temporary DATA_DIR seeded with the demo content, removed at the end.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freePort, runFacts, serverNodeFlags } from './load.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_PAGE_RUNS ?? 3);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Targets on every page, and the weight budget of the home page's first view. */
const TARGETS = {
  performance: 95,
  lcpMs: 1500,
  tbtMs: 100,
  cls: 0.05,
  homeJsBytes: 90 * 1024,
  homeTotalBytes: 400 * 1024,
};

/**
 * DevTools' "Slow 3G" (400 ms RTT x 5 as request latency, 500 kbit/s x 0.8) applied to every
 * request, and a CPU six times slower than this machine's: a low-end Android phone on a weak
 * signal. The interactive pages must stay within INTERACTIVE_TARGETS there.
 */
const SLOW_3G_6X_CPU = {
  rttMs: 400,
  throughputKbps: 400,
  requestLatencyMs: 2000,
  downloadThroughputKbps: 400,
  uploadThroughputKbps: 400,
  cpuSlowdownMultiplier: 6,
};
const INTERACTIVE_TARGETS = { jsBytes: 90 * 1024, interactiveMs: 10_000 };
const INTERACTIVE_RUNS = Number(process.env.BENCH_INTERACTIVE_RUNS ?? 3);

const log = (message) => console.log(`[bench:pages] ${message}`);
const _git = (...args) => {
  try {
    return execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
};
const kb = (bytes) => Number((bytes / 1024).toFixed(1));
const ms = (value) => Math.round(value);

// ---------------------------------------------------------------------------------------------
// The server
// ---------------------------------------------------------------------------------------------

const requestedDataDir = process.env.BENCH_DATA_DIR;
const useVolumeData = Boolean(requestedDataDir && fs.existsSync(requestedDataDir));
if (requestedDataDir && !useVolumeData) {
  log(`BENCH_DATA_DIR ${requestedDataDir} does not exist: using a fresh demo-seeded directory`);
}
const dataDir = useVolumeData
  ? path.resolve(requestedDataDir)
  : fs.mkdtempSync(path.join(os.tmpdir(), 'ipatient-pages-'));
// Readable by the postgres system user, which runs the embedded database when we are root.
if (!useVolumeData) fs.chmodSync(dataDir, 0o755);

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
// The server process itself (start.mjs runs it in-process); detached, so the whole group can be
// stopped, embedded PostgreSQL included, whatever happens to this script.
const server = spawn(process.execPath, [...serverNodeFlags(), 'scripts/start.mjs'], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // Every Lighthouse run comes from 127.0.0.1: far above what one visitor does, so the
    // per-address API request limit is off (a 429 would be measured instead of the page).
    API_REQUESTS_PER_MINUTE: '0',
    // A fresh directory gets the demo content; volume data keeps what it was filled with.
    SEED_DEMO: useVolumeData ? 'false' : 'true',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
  detached: true,
});

const chromes = new Set();
let stopping = false;
async function stopEverything() {
  if (stopping) return;
  stopping = true;
  for (const chrome of chromes) {
    try {
      chrome.kill();
    } catch {
      // Already gone.
    }
  }
  if (server.exitCode === null) {
    try {
      // SIGTERM lets the server stop its embedded PostgreSQL cleanly.
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      // Already stopped.
    }
    const deadline = Date.now() + 20_000;
    while (server.exitCode === null && server.signalCode === null && Date.now() < deadline) {
      await sleep(200);
    }
    try {
      process.kill(-server.pid, 'SIGKILL');
    } catch {
      // The group is gone.
    }
  }
  if (!useVolumeData) fs.rmSync(dataDir, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    stopEverything().finally(() => process.exit(130));
  });
}

async function waitForReady() {
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited (code ${server.exitCode})`);
    if (Date.now() > deadline) throw new Error('the server was not ready within 4 minutes');
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(500);
  }
}

async function getJson(apiPath) {
  const response = await fetch(`${base}/api/v1${apiPath}`);
  if (!response.ok) throw new Error(`GET /api/v1${apiPath} answered ${response.status}`);
  return response.json();
}

/** The pages to measure; the detail pages use a live campaign and a published post of the data. */
async function pagesToMeasure() {
  const campaigns = (await getJson('/get-crowedFundings?page=1')).results ?? [];
  const campaign = campaigns.find((c) => c.status === 'active');
  if (!campaign) throw new Error('the data holds no active campaign to measure');
  const posts = (await getJson('/get-blogs?page=1')).results ?? [];
  const post = posts.find((p) => p.status === 'published');
  if (!post) throw new Error('the data holds no published blog post to measure');
  return [
    { name: 'home', path: '/' },
    { name: 'campaigns', path: '/campaigns' },
    { name: 'campaign', path: `/campaigns/${campaign._id}` },
    { name: 'blog', path: '/blog' },
    { name: 'blog post', path: `/blog${post.urlSlug}` },
    { name: 'podcast', path: '/podcast' },
    { name: 'advocacy', path: '/advocacy' },
  ];
}

// ---------------------------------------------------------------------------------------------
// Lighthouse
// ---------------------------------------------------------------------------------------------

/**
 * A new member, signed up through the API with the code from the local outbox (the server runs
 * in local mode on loopback), as the Cookie header a signed-in browser sends.
 */
async function signedInCookie() {
  const email = `bench.pages.${Date.now()}@example.com`;
  const password = 'Harmattan2025x';
  const post = (apiPath, body) =>
    fetch(`${base}/api/v1${apiPath}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const signUp = await post('/sign-up', {
    email,
    firstName: 'Bisi',
    lastName: 'Adeyemi',
    phone: '0803 123 4567',
    password,
    isAdvocate: false,
    acceptTerms: true,
  });
  if (!signUp.ok) throw new Error(`sign-up answered ${signUp.status}: ${await signUp.text()}`);
  let code = '';
  for (let attempt = 0; attempt < 50 && !code; attempt++) {
    const outbox = await fetch(`${base}/dev/outbox.json?to=${encodeURIComponent(email)}`);
    const messages = outbox.ok ? await outbox.json() : [];
    for (const message of messages) {
      const shown = /code: ([A-Za-z0-9]+(?:-[A-Za-z0-9]+)*)/.exec(message.text)?.[1];
      if (shown) code = shown.replaceAll('-', '');
    }
    if (!code) await sleep(200);
  }
  if (!code) throw new Error('no sign-up code arrived in the local outbox');
  const verified = await post('/validate-signup-otp', { email, emailOtp: code });
  if (!verified.ok) throw new Error(`validate-signup-otp answered ${verified.status}`);
  const { tokens } = await verified.json();
  return `accessToken=${tokens.accessToken}; refreshToken=${tokens.refreshToken}`;
}

/** The interactive pages, measured signed in: the wizard, the account, a facility's review page. */
async function interactivePagesToMeasure() {
  const facilities = (await getJson('/facilities?page=1')).results ?? [];
  const facility = facilities[0];
  if (!facility) throw new Error('the data holds no facility to measure');
  return [
    { name: 'campaign wizard', path: '/crowdfunding/create' },
    { name: 'account', path: '/account' },
    { name: 'facility review', path: `/review/${facility._id}` },
  ];
}

/**
 * One Lighthouse run in a fresh Chromium with a fresh profile (empty cache, no cookies). With
 * `slowPhone`, DevTools throttling applies SLOW_3G_6X_CPU for real and `cookie` signs it in.
 */
async function lighthouseRun(url, { slowPhone = false, cookie } = {}) {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ipatient-lh-profile-'));
  // The Launcher itself rather than launch(): launch() leaves Chromium running when it cannot
  // connect to it, and on a busy machine that can take a while (hence the generous retries).
  const chrome = new chromeLauncher.Launcher({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
    userDataDir,
    logLevel: 'silent',
    handleSIGINT: false,
    maxConnectionRetries: 120,
  });
  chromes.add(chrome);
  try {
    await chrome.launch();
    // Without `slowPhone`: Lighthouse's defaults, the mobile form factor and simulated throttling.
    const flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    };
    const config = slowPhone
      ? {
          extends: 'lighthouse:default',
          settings: {
            throttlingMethod: 'devtools',
            throttling: SLOW_3G_6X_CPU,
            onlyCategories: ['performance'],
            // A slow page on that network is slow to settle: give it time before giving up.
            maxWaitForLoad: 90_000,
          },
        }
      : undefined;
    const result = await lighthouse(url, flags, config);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    return result.lhr;
  } finally {
    chromes.delete(chrome);
    try {
      chrome.kill();
    } catch {
      // Already gone.
    }
    fs.rmSync(userDataDir, { recursive: true, force: true });
  }
}

/** A run that could not complete (Chromium did not start, a Lighthouse error) is tried again once. */
async function measuredRun(url, options) {
  try {
    return figures(await lighthouseRun(url, options));
  } catch (error) {
    log(`run failed (${error instanceof Error ? error.message : error}); trying once more`);
    return figures(await lighthouseRun(url, options));
  }
}

/** The figures of one run, from its audits. Bytes are as transferred (compressed). */
function figures(lhr) {
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  const audit = (id) => lhr.audits[id];
  const numeric = (id) => {
    const value = audit(id)?.numericValue;
    if (typeof value !== 'number') throw new Error(`Lighthouse gave no value for ${id}`);
    return value;
  };
  const requests = audit('network-requests')?.details?.items ?? [];
  const byType = {};
  for (const request of requests) {
    const type = request.resourceType ?? 'Other';
    byType[type] = (byType[type] ?? 0) + (request.transferSize ?? 0);
  }
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  const score = lhr.categories.performance.score;
  return {
    performance: score === null ? null : Math.round(score * 100),
    fcpMs: ms(numeric('first-contentful-paint')),
    lcpMs: ms(numeric('largest-contentful-paint')),
    tbtMs: ms(numeric('total-blocking-time')),
    cls: Number(numeric('cumulative-layout-shift').toFixed(3)),
    speedIndexMs: ms(numeric('speed-index')),
    interactiveMs: ms(audit('interactive')?.numericValue ?? Number.NaN),
    totalBytes: Math.round(numeric('total-byte-weight')),
    jsBytes: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    jsFiles: scripts.length,
    scripts: scripts.map((r) => ({ url: r.url.replace(base, ''), transferSize: r.transferSize })),
    requests: requests.length,
    bytesByType: byType,
    // What the largest paint was (an image, a heading…), to see what to prioritise.
    lcpElement: (audit('lcp-breakdown-insight')?.details?.items ?? []).find(
      (item) => item.type === 'node',
    )?.snippet,
    renderBlocking: (audit('render-blocking-insight')?.details?.items ?? []).map((item) =>
      String(item.url ?? '').replace(base, ''),
    ),
    lighthouseVersion: lhr.lighthouseVersion,
    throttling: lhr.configSettings.throttling,
    formFactor: lhr.configSettings.formFactor,
    throttlingMethod: lhr.configSettings.throttlingMethod,
  };
}

/** Median by performance score; ties are broken by LCP so the pick is deterministic. */
function median(runs) {
  const sorted = [...runs].sort(
    (a, b) => (a.performance ?? -1) - (b.performance ?? -1) || a.lcpMs - b.lcpMs,
  );
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

// ---------------------------------------------------------------------------------------------
// Run
// ---------------------------------------------------------------------------------------------

let exitCode = 1;
try {
  log(`starting the production server on ${base} (DATA_DIR ${dataDir})`);
  await waitForReady();
  const pages = await pagesToMeasure();
  const rows = [];
  for (const page of pages) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const run = await measuredRun(base + page.path);
      log(
        `${page.path} run ${i + 1}/${RUNS}: score ${run.performance}, LCP ${run.lcpMs} ms, TBT ${run.tbtMs} ms, CLS ${run.cls}, ${kb(run.totalBytes)} KB`,
      );
      runs.push(run);
    }
    const picked = median(runs);
    rows.push({
      ...page,
      ...picked,
      runScores: runs.map((r) => r.performance),
    });
  }

  // The interactive pages, signed in, as on a slow phone: the median run by time to interactive.
  const cookie = await signedInCookie();
  const interactiveRows = [];
  for (const page of await interactivePagesToMeasure()) {
    const runs = [];
    for (let i = 0; i < INTERACTIVE_RUNS; i++) {
      const run = await measuredRun(base + page.path, { slowPhone: true, cookie });
      log(
        `${page.path} (Slow 3G, 6x CPU) run ${i + 1}/${INTERACTIVE_RUNS}: interactive ${(run.interactiveMs / 1000).toFixed(1)} s, JS ${kb(run.jsBytes)} KB in ${run.jsFiles} files`,
      );
      runs.push(run);
    }
    const sorted = [...runs].sort((a, b) => a.interactiveMs - b.interactiveMs);
    const picked = sorted[Math.floor((sorted.length - 1) / 2)];
    interactiveRows.push({
      ...page,
      interactiveMs: picked.interactiveMs,
      runInteractiveMs: runs.map((r) => r.interactiveMs),
      jsBytes: picked.jsBytes,
      jsFiles: picked.jsFiles,
      scripts: picked.scripts,
      fcpMs: picked.fcpMs,
      lcpMs: picked.lcpMs,
      tbtMs: picked.tbtMs,
      totalBytes: picked.totalBytes,
      requests: picked.requests,
      throttlingMethod: picked.throttlingMethod,
      throttling: picked.throttling,
    });
  }

  // Each target, met or not, with the figure.
  const checks = [];
  for (const row of rows) {
    checks.push(
      {
        page: row.path,
        target: `performance ≥ ${TARGETS.performance}`,
        figure: String(row.performance),
        met: (row.performance ?? 0) >= TARGETS.performance,
      },
      {
        page: row.path,
        target: `LCP ≤ ${TARGETS.lcpMs / 1000} s`,
        figure: `${(row.lcpMs / 1000).toFixed(2)} s`,
        met: row.lcpMs <= TARGETS.lcpMs,
      },
      {
        page: row.path,
        target: `TBT ≤ ${TARGETS.tbtMs} ms`,
        figure: `${row.tbtMs} ms`,
        met: row.tbtMs <= TARGETS.tbtMs,
      },
      {
        page: row.path,
        target: `CLS ≤ ${TARGETS.cls}`,
        figure: String(row.cls),
        met: row.cls <= TARGETS.cls,
      },
    );
  }
  const home = rows.find((row) => row.path === '/');
  checks.push(
    {
      page: '/',
      target: `JavaScript of the first view ≤ ${kb(TARGETS.homeJsBytes)} KB compressed`,
      figure: `${kb(home.jsBytes)} KB`,
      met: home.jsBytes <= TARGETS.homeJsBytes,
    },
    {
      page: '/',
      target: `total bytes ≤ ${kb(TARGETS.homeTotalBytes)} KB`,
      figure: `${kb(home.totalBytes)} KB`,
      met: home.totalBytes <= TARGETS.homeTotalBytes,
    },
  );
  for (const row of interactiveRows) {
    checks.push(
      {
        page: row.path,
        target: `signed in, Slow 3G + 6x CPU: JavaScript ≤ ${kb(INTERACTIVE_TARGETS.jsBytes)} KB compressed`,
        figure: `${kb(row.jsBytes)} KB in ${row.jsFiles} files`,
        met: row.jsBytes <= INTERACTIVE_TARGETS.jsBytes,
      },
      {
        page: row.path,
        target: `signed in, Slow 3G + 6x CPU: interactive ≤ ${INTERACTIVE_TARGETS.interactiveMs / 1000} s`,
        figure: `${(row.interactiveMs / 1000).toFixed(1)} s`,
        met: row.interactiveMs <= INTERACTIVE_TARGETS.interactiveMs,
      },
    );
  }
  const allMet = checks.every((check) => check.met);

  const result = {
    ...runFacts(),
    settings: {
      lighthouse: rows[0]?.lighthouseVersion,
      chromium: execFileSync(CHROME_PATH, ['--version'], { encoding: 'utf8' }).trim(),
      chromeFlags: CHROME_FLAGS,
      formFactor: rows[0]?.formFactor,
      throttlingMethod: rows[0]?.throttlingMethod,
      throttling: rows[0]?.throttling,
      runsPerPage: RUNS,
      pick: 'median run by performance score (ties: lower LCP)',
      data: useVolumeData ? `BENCH_DATA_DIR ${requestedDataDir}` : 'fresh demo-seeded DATA_DIR',
      server: 'node scripts/start.mjs (production), loopback',
    },
    targets: TARGETS,
    pages: rows.map(
      ({ lighthouseVersion, throttling, formFactor, throttlingMethod, ...row }) => row,
    ),
    interactive: {
      profile:
        'DevTools "Slow 3G" applied (devtools throttling), 6x CPU, signed in as a new member',
      throttling: SLOW_3G_6X_CPU,
      runsPerPage: INTERACTIVE_RUNS,
      pick: 'median run by time to interactive',
      targets: INTERACTIVE_TARGETS,
      pages: interactiveRows.map(({ throttling, throttlingMethod, ...row }) => row),
    },
    checks,
    allMet,
  };

  const t = result.settings.throttling;
  const lines = [
    `# Page speed and weight (${result.date})`,
    '',
    `${result.machine}, Node ${result.node}, commit ${result.commit}. Lighthouse ${result.settings.lighthouse}, ${result.settings.chromium}, headless.`,
    `Default mobile settings: ${result.settings.formFactor}, ${result.settings.throttlingMethod} throttling (${t.rttMs} ms RTT, ${kb(t.throughputKbps * 128)} KB/s ≈ ${(t.throughputKbps / 1000).toFixed(1)} Mbps, ${t.cpuSlowdownMultiplier}x CPU). Median of ${RUNS} runs per page by performance score. Data: ${result.settings.data}. Bytes are as transferred (brotli).`,
    '',
    '| page | score (runs) | FCP | LCP | TBT | CLS | total KB | JS KB | requests |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| \`${r.path}\` | ${r.performance} (${r.runScores.join(', ')}) | ${(r.fcpMs / 1000).toFixed(2)} s | ${(r.lcpMs / 1000).toFixed(2)} s | ${r.tbtMs} ms | ${r.cls} | ${kb(r.totalBytes)} | ${kb(r.jsBytes)} | ${r.requests} |`,
    ),
    '',
    `Interactive pages, signed in as a new member, as on a slow phone: DevTools "Slow 3G" applied for real (${SLOW_3G_6X_CPU.requestLatencyMs} ms request latency, ${SLOW_3G_6X_CPU.downloadThroughputKbps} kbit/s) and ${SLOW_3G_6X_CPU.cpuSlowdownMultiplier}x CPU; median of ${INTERACTIVE_RUNS} runs by time to interactive (Lighthouse TTI). JavaScript as transferred (brotli, with headers).`,
    '',
    '| page | interactive (runs) | JS KB | JS files | FCP | LCP | TBT | total KB | requests |',
    '|---|---|---|---|---|---|---|---|---|',
    ...interactiveRows.map(
      (r) =>
        `| \`${r.path}\` | ${(r.interactiveMs / 1000).toFixed(1)} s (${r.runInteractiveMs.map((v) => (v / 1000).toFixed(1)).join(', ')}) | ${kb(r.jsBytes)} | ${r.jsFiles} | ${(r.fcpMs / 1000).toFixed(2)} s | ${(r.lcpMs / 1000).toFixed(2)} s | ${r.tbtMs} ms | ${kb(r.totalBytes)} | ${r.requests} |`,
    ),
    '',
    '| page | target | figure | |',
    '|---|---|---|---|',
    ...checks.map(
      (c) => `| \`${c.page}\` | ${c.target} | ${c.figure} | ${c.met ? 'met' : '**not met**'} |`,
    ),
    '',
    allMet ? 'All targets met.' : 'Some targets are not met (see above).',
    '',
  ];
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(
    path.join(root, 'bench/results/pages.json'),
    `${JSON.stringify(result, null, 2)}\n`,
  );
  fs.writeFileSync(path.join(root, 'bench/results/pages.md'), lines.join('\n'));
  console.log(lines.join('\n'));
  exitCode = allMet ? 0 : 1;
} catch (error) {
  console.error(`[bench:pages] failed: ${error instanceof Error ? error.stack : error}`);
  exitCode = 1;
} finally {
  await stopEverything();
}
process.exit(exitCode);
