// `npm start`: builds the web app when its build is missing or older than its sources, then
// starts the server (one process: API, web app and embedded PostgreSQL).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * glibc's allocator serves blocks of up to 32 MB from heaps that give memory back only from their
 * top, so after a burst of large short-lived buffers (pages, compressed answers, database rows)
 * the process keeps the burst's size. With blocks of 64 KB and up mapped on their own, each goes
 * back to the system when freed: measured on the full bench, the server's peak resident size fell
 * from 626-630 MB to 481-489 MB, and a signed-in home page cost the same CPU either way (within the
 * runs' spread; bench/results/profile.md). The allocator reads
 * these only when a process starts, so the server is started again in place (same process id)
 * with them set, unless they are already. Other C libraries ignore them.
 */
const ALLOCATOR_SETTINGS = { MALLOC_MMAP_THRESHOLD_: '65536', MALLOC_TRIM_THRESHOLD_: '262144' };
if (
  process.platform === 'linux' &&
  typeof process.execve === 'function' &&
  Object.keys(ALLOCATOR_SETTINGS).some((name) => process.env[name] === undefined)
) {
  process.execve(
    process.execPath,
    [process.execPath, ...process.execArgv, ...process.argv.slice(1)],
    { ...ALLOCATOR_SETTINGS, ...process.env },
  );
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const marker = path.join(root, 'apps/web/build/server/index.js');
const sources = [
  'apps/web/app',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'apps/web/react-router.config.ts',
  'apps/web/package.json',
  'packages/contracts/src',
  'package-lock.json',
];

function newestMtime(target) {
  let stat;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) {
      newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
    }
  }
  return newest;
}

const builtAt = fs.existsSync(marker) ? fs.statSync(marker).mtimeMs : 0;
const changedAt = Math.max(...sources.map((source) => newestMtime(path.join(root, source))));
if (builtAt === 0 || changedAt > builtAt) {
  console.log(builtAt === 0 ? 'Building the web app…' : 'Sources changed: rebuilding the web app…');
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
}

process.env.NODE_ENV ??= 'production';
await import('../apps/server/src/main.ts');
