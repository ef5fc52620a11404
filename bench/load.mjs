// Shared by the benchmarks and fault runs: a free loopback port, whether a process runs, the
// server, and the facts at the head of every results file.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The Node flags `npm start` gives the server (package.json's start script, `node <flags>
 * scripts/start.mjs`): the runs here start the server the same way.
 */
export function serverNodeFlags() {
  const manifest = JSON.parse(fs.readFileSync(path.join(repositoryRoot, 'package.json'), 'utf8'));
  return manifest.scripts.start.split(/\s+/).filter((word) => word.startsWith('--'));
}

/**
 * Date, machine, Node and the commit measured, for the head of every results file. The commit
 * says "+ uncommitted changes" when the code differs from it; the results folder itself, which
 * the runs write, does not count.
 */
export function runFacts() {
  const git = (...args) =>
    execFileSync('git', args, { cwd: repositoryRoot, encoding: 'utf8' }).trim();
  let commit = 'unknown';
  try {
    commit = git('rev-parse', '--short', 'HEAD');
    if (git('status', '--porcelain', '--', '.', ':(exclude)bench/results') !== '') {
      commit += ' + uncommitted changes';
    }
  } catch {}
  return {
    date: new Date().toISOString(),
    machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB`,
    node: process.version,
    commit,
  };
}

/** A port nothing listens on, on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Whether a process still runs (EPERM: it runs as another user, e.g. postgres). */
export function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/**
 * Starts the production server (`scripts/start.mjs`) on loopback in its own process group, on
 * `dataDir`, and waits for /readyz. `stop()` ends the group, then the embedded PostgreSQL's
 * postmaster if the server could not stop it; it is safe to call twice. The caller should call
 * it in a `finally` so nothing is left running after a failure.
 */
export async function startServer({ root, dataDir, env = {}, log = () => {} }) {
  const { spawn } = await import('node:child_process');
  const path = await import('node:path');
  const { setTimeout: sleep } = await import('node:timers/promises');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const tail = [];
  const child = spawn(process.execPath, [...serverNodeFlags(), 'scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk) => {
      const lines = chunk.toString().split('\n').filter(Boolean);
      for (const line of lines) log(`[server] ${line}`);
      tail.push(...lines);
      tail.splice(0, Math.max(0, tail.length - 20));
    });
  }
  let exit;
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      exit = { code, signal };
      resolve(exit);
    }),
  );
  let stopped = false;
  let postmasterPid = 0;
  async function stop() {
    if (stopped) return;
    stopped = true;
    if (!exit) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
      await Promise.race([exited, sleep(40_000)]);
      if (!exit) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {}
      }
    }
    // Only the postmaster this server started (read once it was ready): when the start failed,
    // for instance because another server holds the directory, its PostgreSQL is not ours.
    if (postmasterPid > 0 && isAlive(postmasterPid)) {
      process.kill(postmasterPid, 'SIGINT');
      for (let i = 0; i < 150 && isAlive(postmasterPid); i++) await sleep(100);
    }
  }
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (exit) {
      await stop();
      throw new Error(`the server exited (code ${exit.code}): ${tail.slice(-8).join(' | ')}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error('the server was not ready within 240 s');
    }
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {}
    await sleep(250);
  }
  try {
    postmasterPid = Number(
      fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0],
    );
  } catch {
    // An external database (DATABASE_URL): nothing of ours to stop.
  }
  return { base, port, pid: child.pid, stop, exited };
}
