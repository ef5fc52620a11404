// `node bench/summary.mjs` (run at the end of `npm run bench` and `npm run bench:faults`): one
// table of every target of the benchmarks and fault runs, met or not, with the figure and the
// commit it was measured at, read from the JSON each run wrote. Writes bench/results/README.md.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(root, 'bench/results');

function read(name) {
  const file = path.join(resultsDir, `${name}.json`);
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined;
}

const rows = [];
/** One line of the table; `source` names the results file the figure comes from. */
function add(source, result, target, met, figure) {
  rows.push({ source, commit: result.commit, date: result.date, target, met, figure });
}

const data = read('data');
if (data) {
  const wanted = data.target?.rows ?? {};
  const tableOf = {
    USERS: 'users',
    CAMPAIGNS: 'campaigns',
    LIKES: 'campaign_likes',
    POSTS: 'blog_posts',
    COMMENTS: 'blog_comments',
    FACILITIES: 'facilities',
    REVIEWS: 'facility_reviews',
    COMPLAINTS: 'complaints',
  };
  // The fill is sized by BENCH_SCALE: compare with the counts of that scale.
  const short = Object.entries(wanted).filter(
    ([name, count]) => (data.tables?.[tableOf[name]]?.rows ?? 0) < count * (data.scale ?? 1),
  );
  add(
    'data',
    data,
    'bench:data fills the volume (10k users, 100k campaigns, 1M likes, 5k posts, 100k comments, 2k facilities, 50k reviews, 20k complaints) in minutes, consistent',
    short.length === 0 && data.invariantsHold === true && data.totalSeconds < 600,
    `scale ${data.scale}: ${Math.round(data.totalSeconds)} s in all (fill ${Math.round(data.fillSeconds)} s), ${data.invariants?.database_size}; ${short.length === 0 ? 'every table at its count' : `short: ${short.map(([name]) => tableOf[name]).join(', ')}`}; invariants ${data.invariantsHold ? 'hold' : 'broken'}`,
  );
}

const api = read('api');
if (api) {
  const measured = api.rows.filter((row) => row.kind !== 'info');
  const errors = measured.reduce((sum, row) => sum + row.errors, 0);
  add(
    'api',
    api,
    'zero errors on every measured path',
    errors === 0,
    `${errors} errors over ${measured.reduce((sum, row) => sum + row.requests, 0)} requests`,
  );
  for (const [kind, label, limit] of [
    ['json', 'JSON reads p99 ≤ 50 ms at 50 connections', api.targets.jsonP99Ms],
    ['ssr', 'SSR pages p99 ≤ 150 ms at 50 connections', api.targets.ssrP99Ms],
  ]) {
    const ofKind = api.rows.filter((row) => row.kind === kind);
    const worst = ofKind.reduce((a, b) => (b.p99Ms > a.p99Ms ? b : a));
    add(
      'api',
      api,
      label,
      ofKind.every((row) => row.p99Ms <= limit),
      `worst ${worst.p99Ms} ms (${worst.name}); ${ofKind.map((row) => `${row.name} ${row.p99Ms}`).join(', ')}`,
    );
  }
  const scans = api.plans.filter((plan) => plan.seqScanOnBigTables.length > 0);
  add(
    'api',
    api,
    'no sequential scan of a big table on these paths (plans in api.md)',
    scans.length === 0,
    scans.length === 0
      ? `${api.plans.length} statements explained, none`
      : scans.map((plan) => `${plan.statement}: ${plan.seqScanOnBigTables.join(', ')}`).join('; '),
  );
  // The members' targets, each path against the baseline of the same run (rows carry their own).
  for (const [kind, label] of [
    ['member-read', "members' reads (signed in)"],
    ['member-page', "members' pages rendered on the server (signed in)"],
    ['write', 'likes and comments (signed in)'],
  ]) {
    for (const row of api.rows.filter((r) => r.kind === kind)) {
      add(
        'api',
        api,
        `${label}: ${row.name}, ≥ ${row.ratioTarget}× the baseline and p99 ≤ ${row.p99TargetMs} ms`,
        row.meetsRatioTarget === true && row.meetsP99Target === true,
        `${row.ratioToBaseline}× (${row.reqPerSec} req/s), p99 ${row.p99Ms} ms; server ${row.serverCpuMsPerRequest} ms CPU a request`,
      );
    }
  }
  if (api.likes) {
    add(
      'api',
      api,
      'likes exact: every like answered 2xx is stored',
      api.likes.stored >= api.likes.answered2xx,
      `${api.likes.answered2xx} answered 2xx, ${api.likes.stored} of the pairs sent stored`,
    );
  }
  // Runs before the target was written into api.json held it in the script: 250 MB.
  const rssTarget = api.targets.peakRssMb ?? 250;
  add(
    'api',
    api,
    `peak RSS of the server over the whole run ≤ ${rssTarget} MB`,
    api.serverPeakRssMb <= rssTarget,
    `${api.serverPeakRssMb} MB`,
  );
}

const pages = read('pages');
if (pages) {
  const byTarget = new Map();
  for (const check of pages.checks) {
    const list = byTarget.get(check.target) ?? [];
    list.push(check);
    byTarget.set(check.target, list);
  }
  for (const [target, checks] of byTarget) {
    const missed = checks.filter((check) => !check.met);
    add(
      'pages',
      pages,
      checks.length > 1 ? `${target} on every page` : `${target} (${checks[0].page})`,
      missed.length === 0,
      checks.length > 1
        ? checks
            .map(
              (check) =>
                `${check.page.replace(/\/[0-9a-f-]{36}$|\/[a-z0-9-]{20,}$/, '/{id}')} ${check.figure}`,
            )
            .join(', ')
        : checks[0].figure,
    );
  }
}

const kill = read('faults-kill');
if (kill) {
  add(
    'faults-kill',
    kill,
    `kill -9 during writes by ${kill.settings.clients} clients: every write answered 2xx is stored`,
    kill.targets.noAnsweredWriteLost,
    `${kill.summary.found} of ${kill.summary.answered2xx} found, ${kill.summary.missing} missing`,
  );
  add(
    'faults-kill',
    kill,
    `the embedded PostgreSQL restarts cleanly, ${kill.settings.rounds} rounds in a row`,
    kill.targets.everyRestartClean,
    `${kill.summary.cleanRestarts} of ${kill.summary.rounds}; restart median ${kill.summary.restartMsMedian} ms`,
  );
}

for (const [name, label] of [
  ['faults-db-down', 'database unreachable'],
  ['faults-two-instances', 'two instances, one PostgreSQL, one Redis'],
]) {
  const result = read(name);
  if (!result) continue;
  for (const check of result.checks) {
    add(name, result, `${label}: ${check.check ?? check.name}`, check.met, check.figure);
  }
}

const smtp = read('faults-smtp');
if (smtp) {
  for (const run of smtp.runs) {
    add(
      'faults-smtp',
      smtp,
      `SMTP ${run.run}: every email delivered once after it is back`,
      run.ok,
      `${run.delivered} of ${run.emailsProduced} delivered, ${run.duplicates} twice, ${run.missing} missing; all out ${run.secondsFromServerBackToAllDelivered} s after the mail server was back`,
    );
  }
}

const a11y = read('accessibility');
if (a11y) {
  add(
    'accessibility',
    a11y,
    'no WCAG 2.2 AA violation (axe) on any route, signed out, as a member, as an admin',
    a11y.scans.violations === 0,
    `${a11y.scans.violations} violations in ${a11y.scans.total} scans of ${a11y.scans.routes} routes`,
  );
  add(
    'accessibility',
    a11y,
    'one <h1> and a title of its own on every page',
    a11y.headings.notOneH1.length === 0 &&
      a11y.headings.withoutTitle.length === 0 &&
      a11y.headings.sharedTitles.length === 0,
    `${a11y.headings.checked - a11y.headings.notOneH1.length} of ${a11y.headings.checked} with one h1; ${a11y.headings.sharedTitles.length} titles shared`,
  );
  add(
    'accessibility',
    a11y,
    'reflow at 320 px and 400% zoom: no sideways scrolling, nothing cut off',
    a11y.reflow.failures.length === 0,
    `${a11y.reflow.checked - a11y.reflow.failures.length} of ${a11y.reflow.checked} checks on ${a11y.reflow.pages} pages`,
  );
  add(
    'accessibility',
    a11y,
    'every journey with the keyboard alone, focus visible at every stop',
    a11y.keyboard.passed === a11y.keyboard.journeys && a11y.keyboard.problems.length === 0,
    `${a11y.keyboard.passed} of ${a11y.keyboard.journeys} journeys; ${a11y.keyboard.focusStopsChecked} focus stops`,
  );
}

const missed = rows.filter((row) => !row.met);
const commits = [...new Set(rows.map((row) => row.commit))];
const cell = (text) => String(text).replaceAll('|', '\\|');
const lines = [
  '# Benchmark and fault results',
  '',
  `Written by \`node bench/summary.mjs\` from the JSON in this folder. Machine: ${api?.machine ?? pages?.machine ?? 'see each file'}. Commits measured: ${commits.join(', ')}.`,
  '',
  `**${rows.length - missed.length} of ${rows.length} targets met.**${missed.length ? ` Missed: ${missed.map((row) => row.target).join('; ')}.` : ''}`,
  '',
  '| source | target | met | figure |',
  '|---|---|---|---|',
  ...rows.map(
    (row) =>
      `| [${row.source}](${row.source}.md) | ${cell(row.target)} | ${row.met ? 'met' : '**not met**'} | ${cell(row.figure)} |`,
  ),
  '',
  'The abuse of every public write endpoint (1,000 generated requests: broken JSON, oversized',
  'bodies, wrong content types, random fields; no 5xx and no stored change) is a test of',
  '`npm test`: `apps/server/src/public-write-abuse.test.ts`.',
  '',
  '| results file | commit | date |',
  '|---|---|---|',
  ...[...new Map(rows.map((row) => [row.source, row])).values()].map(
    (row) => `| [${row.source}.md](${row.source}.md) | ${row.commit} | ${row.date} |`,
  ),
  '',
];
fs.writeFileSync(path.join(resultsDir, 'README.md'), lines.join('\n'));
console.log(
  `bench/results/README.md: ${rows.length - missed.length} of ${rows.length} targets met`,
);
