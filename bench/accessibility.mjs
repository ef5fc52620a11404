// `node bench/accessibility.mjs`: the accessibility figures. Runs the two browser specs that
// measure them (e2e/a11y-routes.spec.ts: axe-core's WCAG 2.2 AA rules on every route signed out,
// as a member and as an admin, one <h1> and a unique title per page, reflow at 320 px and at 400%
// zoom; e2e/keyboard-journeys.spec.ts: the journeys with the keyboard alone, with visible focus
// at every stop), then writes bench/results/accessibility.json and accessibility.md from what the
// specs recorded (accessibility-figures/ in Playwright's output folder) and its JSON report.
//
// `--no-run` only summarises the figures of the last run of those specs.
// The browser specs share the build and the test ports: run it as the README says (one at a time).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runFacts } from './load.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Playwright's output folder of these runs: its own, so another run of the browser suite (which
// clears test-results/) cannot wipe the figures between the run and the summary.
const outputDir = path.join(os.tmpdir(), 'ipatient-accessibility');
const figuresDir = path.join(outputDir, 'accessibility-figures');
const reportFile = path.join(os.tmpdir(), 'ipatient-accessibility-report.json');
const resultsDir = path.join(root, 'bench/results');
const specs = ['e2e/a11y-routes.spec.ts', 'e2e/keyboard-journeys.spec.ts'];

if (!process.argv.includes('--no-run')) {
  const run = spawnSync(
    'npx',
    [
      'playwright',
      'test',
      ...specs,
      '--reporter=list,json',
      '--retries=0',
      `--output=${outputDir}`,
    ],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, CI: 'true', PLAYWRIGHT_JSON_OUTPUT_NAME: reportFile },
    },
  );
  if (run.error) throw run.error;
}

/** Every test of the report, flattened: title, file, status. */
function testsOf(report) {
  const found = [];
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const last = test.results?.at(-1);
        found.push({ file: spec.file, title: spec.title, status: last?.status ?? 'skipped' });
      }
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report?.suites ?? []) visit(suite);
  return found;
}

const report = fs.existsSync(reportFile) ? JSON.parse(fs.readFileSync(reportFile, 'utf8')) : null;
const tests = testsOf(report);
const fragments = fs.existsSync(figuresDir)
  ? fs
      .readdirSync(figuresDir)
      .filter((name) => name.endsWith('.json'))
      .map((name) => JSON.parse(fs.readFileSync(path.join(figuresDir, name), 'utf8')))
  : [];
if (fragments.length === 0) {
  console.error(`No figures in ${path.relative(root, figuresDir)}: did the specs run?`);
  process.exit(1);
}

const scans = fragments.flatMap((fragment) => fragment.scans ?? []);
const reflows = fragments.flatMap((fragment) => fragment.reflows ?? []);
const journeys = fragments.filter((fragment) => fragment.journey);

const group = (scan) => scan.state.split(':')[0];
const groups = [...new Set(scans.map(group))];
const violations = scans.flatMap((scan) =>
  scan.violations.map((violation) => ({ url: scan.url, state: scan.state, ...violation })),
);
const byRule = Object.entries(
  violations.reduce((counts, violation) => {
    counts[violation.rule] = (counts[violation.rule] ?? 0) + 1;
    return counts;
  }, {}),
).sort((a, b) => b[1] - a[1]);

// Titles: one per route; two routes may share one only as aliases of one page.
const aliases = [
  ['/terms-and-condition', '/terms'],
  ['/login', '/Login'],
];
const canonical = (route) => aliases.find((names) => names.includes(route))?.[0] ?? route;
const routesByTitle = new Map();
for (const scan of scans.filter((scan) => scan.state !== 'member: refused')) {
  const routes = routesByTitle.get(scan.title) ?? new Set();
  routes.add(canonical(scan.route));
  routesByTitle.set(scan.title, routes);
}
const sharedTitles = [...routesByTitle]
  .filter(([, routes]) => routes.size > 1)
  .map(([title, routes]) => ({ title, routes: [...routes] }));
const withoutTitle = scans.filter((scan) => !scan.title).map((scan) => scan.url);
const notOneH1 = scans
  .filter((scan) => scan.h1.length !== 1)
  .map((scan) => ({ url: scan.url, state: scan.state, h1: scan.h1 }));

const failed = (row) => row.scrollWidth > row.innerWidth || row.clipped.length > 0;
const reflowFailures = reflows.filter(failed);
const adminReflows = reflows.filter((row) => row.route.startsWith('/admin'));
const mainReflows = reflows.filter((row) => !row.route.startsWith('/admin'));
const reflowViewports = [...new Set(reflows.map((row) => row.viewport))];

const journeyTests = tests.filter((test) => test.file.endsWith('keyboard-journeys.spec.ts'));
const routeTests = tests.filter((test) => test.file.endsWith('a11y-routes.spec.ts'));
const passed = (list) => list.filter((test) => test.status === 'passed').length;

const result = {
  ...runFacts(),
  specs,
  tags: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'],
  alsoChecked: "axe's best-practice rules rated serious or critical",
  scans: {
    total: scans.length,
    routes: new Set(scans.map((scan) => scan.route)).size,
    byState: Object.fromEntries(
      groups.map((name) => [name, scans.filter((scan) => group(scan) === name).length]),
    ),
    violations: violations.length,
    violationsByRule: Object.fromEntries(byRule),
    violationDetails: violations,
  },
  headings: {
    checked: scans.length,
    notOneH1,
    withoutTitle,
    distinctTitles: routesByTitle.size,
    sharedTitles,
  },
  reflow: {
    checked: reflows.length,
    pages: new Set(reflows.map((row) => row.route)).size,
    viewports: reflowViewports,
    failures: reflowFailures,
  },
  keyboard: {
    journeys: journeyTests.length,
    passed: passed(journeyTests),
    focusStopsChecked: journeys.reduce((sum, journey) => sum + journey.stops, 0),
    results: journeyTests.map((test) => {
      const figures = journeys.find((journey) => journey.journey === test.title);
      return { journey: test.title, status: test.status, stops: figures?.stops ?? null };
    }),
    problems: journeys.flatMap((journey) =>
      journey.problems.map((problem) => `${journey.journey}: ${problem}`),
    ),
  },
  tests: { total: tests.length, passed: passed(tests), routeTests: routeTests.length },
};
result.allMet =
  result.scans.violations === 0 &&
  notOneH1.length === 0 &&
  withoutTitle.length === 0 &&
  sharedTitles.length === 0 &&
  reflowFailures.length === 0 &&
  result.keyboard.journeys > 0 &&
  result.keyboard.passed === result.keyboard.journeys &&
  result.keyboard.problems.length === 0 &&
  result.tests.passed === result.tests.total;

const met = (ok) => (ok ? 'met' : '**not met**');
const lines = [
  `# Accessibility (${result.date})`,
  '',
  `${result.machine}, Node ${result.node}, commit ${result.commit}. Chromium (Debian), axe-core through @axe-core/playwright with the tags ${result.tags.join(', ')} (every impact), and ${result.alsoChecked}. From \`${specs.join('`, `')}\`; regenerate with \`node bench/accessibility.mjs\`.`,
  '',
  '| target | met | figure |',
  '|---|---|---|',
  `| no WCAG 2.2 AA violation (axe) on any route, signed out, as a member, as an admin | ${met(result.scans.violations === 0)} | ${result.scans.violations} violations in ${result.scans.total} scans of ${result.scans.routes} routes (${Object.entries(
    result.scans.byState,
  )
    .map(([state, count]) => `${state} ${count}`)
    .join(
      ', ',
    )})${byRule.length ? `; ${byRule.map(([rule, count]) => `${rule} ${count}`).join(', ')}` : ''} |`,
  `| exactly one \`<h1>\` on every page | ${met(notOneH1.length === 0)} | ${scans.length - notOneH1.length} of ${scans.length} |`,
  `| a title on every page, no two routes with one title (aliases aside) | ${met(withoutTitle.length === 0 && sharedTitles.length === 0)} | ${routesByTitle.size} distinct titles; ${withoutTitle.length} without; ${sharedTitles.length ? sharedTitles.map((shared) => `"${shared.title}": ${shared.routes.join(', ')}`).join('; ') : 'none shared'} |`,
  ...[
    [
      'main pages',
      mainReflows,
      'at 320 px wide (320×640) and at 400% zoom (a 1280 px window: 320×256)',
    ],
    ['admin console', adminReflows, 'on a phone (412 px)'],
  ].map(([name, rows, where]) => {
    const failing = rows.filter(failed);
    return `| reflow of the ${name} ${where}: no sideways scrolling, nothing cut off | ${met(failing.length === 0)} | ${rows.length - failing.length} of ${rows.length} checks on ${new Set(rows.map((row) => row.route)).size} pages${failing.length ? `; failing: ${failing.map((row) => `${row.url} at ${row.viewport} (${row.scrollWidth} px)`).join(', ')}` : ''} |`;
  }),
  `| every journey with the keyboard alone, focus visible and not obscured at every stop | ${met(result.keyboard.journeys > 0 && result.keyboard.passed === result.keyboard.journeys && result.keyboard.problems.length === 0)} | ${result.keyboard.passed} of ${result.keyboard.journeys} journeys; ${result.keyboard.focusStopsChecked} focus stops checked${result.keyboard.problems.length ? `; ${result.keyboard.problems.length} without visible focus` : ''} |`,
  '',
  '## Keyboard journeys',
  '',
  '| journey | result | focus stops checked |',
  '|---|---|---|',
  ...result.keyboard.results.map(
    (row) => `| ${row.journey} | ${row.status} | ${row.stops ?? ''} |`,
  ),
  '',
];
if (violations.length) {
  lines.push('## Violations', '', '| page | state | rule | elements |', '|---|---|---|---|');
  for (const violation of violations) {
    lines.push(
      `| \`${violation.url}\` | ${violation.state} | ${violation.rule} | ${violation.targets.slice(0, 3).join('; ').replaceAll('|', '\\|')} |`,
    );
  }
  lines.push('');
}
if (result.keyboard.problems.length) {
  lines.push('## Focus not visible', '', ...result.keyboard.problems.map((p) => `- ${p}`), '');
}
lines.push(
  '## Pages scanned',
  '',
  '| route | address | state | title |',
  '|---|---|---|---|',
  ...scans.map(
    (scan) =>
      `| \`${scan.route}\` | \`${scan.url}\` | ${scan.state} | ${scan.title.replaceAll('|', '\\|')} |`,
  ),
  '',
);

fs.writeFileSync(
  path.join(resultsDir, 'accessibility.json'),
  `${JSON.stringify(result, null, 2)}\n`,
);
fs.writeFileSync(path.join(resultsDir, 'accessibility.md'), lines.join('\n'));
console.log(
  `accessibility: ${result.scans.total} scans, ${result.scans.violations} violations; ${result.keyboard.passed}/${result.keyboard.journeys} keyboard journeys; ${result.allMet ? 'all targets met' : 'targets missed'}`,
);
process.exit(result.allMet ? 0 : 1);
