// `npm run bench`: the measured benchmarks one after another, each in its own process so one's
// server and memory never colour the next: the volume data (made once, kept in .data-bench/),
// server throughput on it, then page speed. Each writes its own figures to bench/results/.
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
  });
  if (run.status !== 0) failed.push(script);
}
if (failed.length > 0) {
  console.error(`\nFailed or missed a target: ${failed.join(', ')}`);
  process.exit(1);
}
console.log('\nAll benchmarks met their targets; figures in bench/results/.');
