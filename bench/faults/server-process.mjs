// Shared by the fault scripts: a production-mode iPatient server as a child process on loopback,
// with its own DATA_DIR (embedded PostgreSQL), started, awaited (/readyz), stopped or killed.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort, isAlive, serverNodeFlags } from '../load.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * What `npm start` runs once the web app is built. scripts/start.mjs would first rebuild the web
 * app when its sources are newer than the build; a fault run must measure the server, not a build,
 * so it starts the server entry directly (production mode, serving the existing build).
 */
const SERVER_ENTRY = 'apps/server/src/main.ts';

/** A fresh DATA_DIR the `postgres` system user can reach (it runs the embedded database as root). */
export function makeDataDir(prefix = 'ipatient-fault-') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dataDir, 0o755);
  return dataDir;
}

/** The pid of the embedded PostgreSQL of a DATA_DIR (first line of postmaster.pid), if it runs. */
export function postgresPid(dataDir) {
  try {
    const pid = Number(
      fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0],
    );
    return pid > 0 && isAlive(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** A pg client on the embedded database of a DATA_DIR (port from postmaster.pid, password from secrets.json). */
export async function connectEmbedded(dataDir) {
  const lines = fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n');
  const port = Number(lines[3]);
  const { databasePassword } = JSON.parse(
    fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8'),
  );
  const client = new pg.Client({
    host: '127.0.0.1',
    port,
    user: 'postgres',
    password: databasePassword,
    database: 'ipatient',
  });
  await client.connect();
  return client;
}

/**
 * Starts the server (production mode, like `npm start`) on a free loopback port in its own process
 * group. `env` adds to or overrides the defaults. Resolves once /readyz answers 200, with the
 * time that took.
 */
export async function startServer({ dataDir, env = {}, port, readyTimeoutMs = 240_000 }) {
  const serverPort = port ?? (await freePort());
  const output = [];
  const child = spawn(process.execPath, [...serverNodeFlags(), SERVER_ENTRY], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(serverPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // All the load of a fault script comes from one address: the general limiter is off.
      API_REQUESTS_PER_MINUTE: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  // Keep the last lines for the error message when the server does not come up.
  const keep = (chunk) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exited = null;
  child.on('exit', (code, signal) => {
    exited = { code, signal };
  });
  const server = {
    child,
    pid: child.pid,
    port: serverPort,
    base: `http://127.0.0.1:${serverPort}`,
    output,
    get exited() {
      return exited;
    },
    readyMs: 0,
  };
  const t0 = performance.now();
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (exited) {
      throw new Error(
        `server exited (${exited.code ?? exited.signal}) before it was ready:\n${output.join('').slice(-4000)}`,
      );
    }
    if (Date.now() > deadline) {
      killServer(server, 'SIGKILL');
      throw new Error(
        `server not ready within ${readyTimeoutMs} ms:\n${output.join('').slice(-4000)}`,
      );
    }
    try {
      const response = await fetch(`${server.base}/readyz`);
      if (response.status === 200) break;
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  server.readyMs = Math.round(performance.now() - t0);
  return server;
}

/** Sends a signal to the server's process group (not the embedded PostgreSQL: it has its own). */
export function killServer(server, signal = 'SIGKILL') {
  try {
    process.kill(-server.pid, signal);
  } catch {
    // Already gone.
  }
}

/** Waits until the server process has exited (or the timeout passed); true when it did. */
export async function waitForExit(server, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!server.exited && Date.now() < deadline) await sleep(50);
  return Boolean(server.exited);
}

/** A clean stop (SIGTERM: the server stops its embedded PostgreSQL), SIGKILL after the timeout. */
export async function stopServer(server, timeoutMs = 30_000) {
  if (server.exited) return;
  killServer(server, 'SIGTERM');
  if (!(await waitForExit(server, timeoutMs))) {
    killServer(server, 'SIGKILL');
    await waitForExit(server, 5000);
  }
}

/**
 * Last resort at the end of a script: stops an embedded PostgreSQL still running on `dataDir`
 * (left by a killed server) so nothing stays behind, then removes the directory.
 */
export async function cleanUpDataDir(dataDir) {
  const pid = postgresPid(dataDir);
  if (pid) {
    // SIGINT = PostgreSQL's fast shutdown.
    try {
      process.kill(pid, 'SIGINT');
    } catch {}
    const deadline = Date.now() + 20_000;
    while (isAlive(pid) && Date.now() < deadline) await sleep(100);
    if (isAlive(pid)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {}
    }
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/** Date, machine, Node and commit, for the head of every results file. */
export { runFacts } from '../load.mjs';

/** Writes bench/results/<name>.json and .md. */
export function writeResults(name, json, markdownLines) {
  const dir = path.join(root, 'bench/results');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `${name}.json`), `${JSON.stringify(json, null, 2)}\n`);
  fs.writeFileSync(path.join(dir, `${name}.md`), `${markdownLines.join('\n')}\n`);
}
