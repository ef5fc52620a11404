// `npm run bench:faults`: every fault run, one after another (each starts and stops its own
// servers, databases and mail server). Each writes bench/results/faults-*.{json,md} and exits
// non-zero when a check fails.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const runs = ['kill.mjs', 'db-down.mjs', 'smtp.mjs', 'two-instances.mjs'];
const failed = [];
for (const script of runs) {
  console.log(`\n::: bench/faults/${script}`);
  const run = spawnSync(process.execPath, [path.join('bench/faults', script)], {
    cwd: root,
    stdio: 'inherit',
  });
  if (run.status !== 0) failed.push(script);
}
// The table of every target, met or not, from all the results files.
spawnSync(process.execPath, ['bench/summary.mjs'], { cwd: root, stdio: 'inherit' });
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.join(', ')}`);
  process.exit(1);
}
console.log('\nEvery fault run passed; figures in bench/results/faults-*.md.');
