// `npm run bench`: starts the production server on loopback with its own DATA_DIR and measures
// throughput and latency of its main paths side by side. Bounded in time; loopback only.
// Figures go to bench/results/ (JSON + markdown). Never part of `npm test`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { freePort, measure } from './load.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 5000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const targets = [
  { name: 'baseline /healthz', path: '/healthz' },
  { name: 'API get-docs', path: '/api/v1/get-docs' },
  { name: 'home page SSR', path: '/' },
];

const port = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ipatient-bench-'));
// Readable by the postgres system user, which runs the embedded database when we are root.
fs.chmodSync(dataDir, 0o755);
// The server process itself (start.mjs runs the server in-process), so its RSS is the server's.
const server = spawn(process.execPath, ['scripts/start.mjs'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
  detached: true,
});
const base = `http://127.0.0.1:${port}`;
try {
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (Date.now() > deadline) throw new Error('server did not start');
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {}
    await sleep(250);
  }
  const rows = [];
  for (const target of targets)
    rows.push(await measure(base, target, { durationMs: DURATION_MS, connections: CONNECTIONS }));
  const baseline = rows[0].reqPerSec;
  for (const row of rows) row.ratioToBaseline = Number((row.reqPerSec / baseline).toFixed(2));
  const rssKb = Number(
    fs.readFileSync(`/proc/${server.pid}/status`, 'utf8').match(/VmHWM:\s+(\d+)/)?.[1] ?? 0,
  );
  const result = {
    date: new Date().toISOString(),
    machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB`,
    node: process.version,
    durationMs: DURATION_MS,
    connections: CONNECTIONS,
    rows,
    serverPeakRssMb: Math.round(rssKb / 1024),
  };
  const lines = [
    `# API and SSR throughput (${result.date})`,
    '',
    `${result.machine}, Node ${result.node}, ${CONNECTIONS} connections, ${DURATION_MS / 1000} s per path, loopback.`,
    '',
    '| path | req/s | p50 ms | p99 ms | errors | × baseline |',
    '|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.reqPerSec} | ${r.p50Ms} | ${r.p99Ms} | ${r.errors} | ${r.ratioToBaseline} |`,
    ),
    '',
    `Peak RSS of the server process: ${result.serverPeakRssMb} MB (the embedded PostgreSQL is a separate process).`,
    '',
  ];
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(
    path.join(root, 'bench/results/api.json'),
    `${JSON.stringify(result, null, 2)}\n`,
  );
  fs.writeFileSync(path.join(root, 'bench/results/api.md'), lines.join('\n'));
  console.log(lines.join('\n'));
} finally {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // Already stopped.
  }
  await sleep(3000);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
