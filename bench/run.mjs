// `npm run bench`: the measured benchmarks one after another, each in its own process so one's
// server and memory never colour the next: the volume data (filled afresh into .data-bench/),
// server throughput on it, then page speed on the same data. Each writes its figures to
// bench/results/.
// The fault runs are separate: `npm run bench:faults`.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const steps = ['data.mjs', 'api.mjs', 'pages.mjs'];
const failed = [];
for (const script of steps) {
  console.log(`\n::: bench/${script}`);
  const run = spawnSync(process.execPath, [path.join('bench', script)], {
    cwd: root,
    stdio: 'inherit',
    // The pages are measured on the same volume data as the API.
    env: { BENCH_DATA_DIR: path.join(root, '.data-bench'), ...process.env },
  });
  if (run.status !== 0) failed.push(script);
}
// The table of every target, met or not, from all the results files.
spawnSync(process.execPath, ['bench/summary.mjs'], { cwd: root, stdio: 'inherit' });
if (failed.length > 0) {
  console.error(`\nFailed or missed a target: ${failed.join(', ')}`);
  process.exit(1);
}
console.log('\nAll benchmarks met their targets; figures in bench/results/.');
