import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { freePort } from '@ipatient/db';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The real server process, as `npm start` runs it, with the embedded PostgreSQL: killed with
 * SIGKILL it must come back with every committed row; stopped with SIGTERM it must leave no
 * PostgreSQL behind.
 */
const mainFile = fileURLToPath(new URL('./main.ts', import.meta.url));
let dataDir: string;
let port: number;
const children: ChildProcess[] = [];

interface Started {
  child: ChildProcess;
  output: () => string;
}

function startServer(): Started {
  const child = spawn(process.execPath, [mainFile], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SERVE_WEB: 'false',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  return { child, output: () => output };
}

async function waitForReady(server: Started): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) {
      throw new Error(`server exited with ${server.child.exitCode}:\n${server.output()}`);
    }
    try {
      const response = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  throw new Error(`server not ready in time:\n${server.output()}`);
}

function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

function postmaster(): { pid: number; port: number } {
  const lines = fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n');
  return { pid: Number(lines[0]), port: Number(lines[3]) };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) {
  const { databasePassword } = JSON.parse(
    fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8'),
  ) as { databasePassword: string };
  const client = new pg.Client({
    host: '127.0.0.1',
    port: postmaster().port,
    user: 'postgres',
    password: databasePassword,
    database: 'ipatient',
  });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ipatient-lifecycle-'));
  fs.chmodSync(dataDir, 0o755);
  port = await freePort();
});

afterAll(async () => {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exitOf(child);
    }
  }
  try {
    const { pid } = postmaster();
    if (isAlive(pid)) process.kill(pid, 'SIGINT');
  } catch {
    // No cluster left running.
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the server process with embedded PostgreSQL', () => {
  it('keeps every committed row after kill -9 and recovers the orphaned postmaster', async () => {
    const first = startServer();
    await waitForReady(first);
    const seeded = await query<{ count: string }>(
      'SELECT count(*)::text AS count FROM site_documents',
    );
    expect(seeded[0]?.count).toBe('1');
    for (let i = 0; i < 50; i++) {
      await query(`INSERT INTO app_meta (key, value) VALUES ($1, $2)`, [`row-${i}`, { i }]);
    }
    const orphan = postmaster().pid;

    first.child.kill('SIGKILL');
    await exitOf(first.child);
    // What the machine shows after kill -9: PostgreSQL lives on without its server.
    expect(isAlive(orphan)).toBe(true);

    const second = startServer();
    await waitForReady(second);
    expect(second.output()).toContain(`Stopping orphaned PostgreSQL (pid ${orphan})`);
    expect(isAlive(orphan)).toBe(false);
    const rows = await query<{ count: string }>(
      `SELECT count(*)::text AS count FROM app_meta WHERE key LIKE 'row-%'`,
    );
    expect(rows[0]?.count).toBe('50');
    // The demo content is not seeded a second time.
    const docs = await query<{ count: string }>(
      'SELECT count(*)::text AS count FROM site_documents',
    );
    expect(docs[0]?.count).toBe('1');

    // A second server on the same DATA_DIR is refused while this one runs.
    const intruder = startServer();
    expect(await exitOf(intruder.child)).toBe(1);
    expect(intruder.output()).toMatch(/Another server \(pid \d+\) is using/);
    expect(isAlive(postmaster().pid)).toBe(true);

    second.child.kill('SIGTERM');
    expect(await exitOf(second.child)).toBe(0);
  });

  it('stops its PostgreSQL on SIGTERM and starts again after PostgreSQL itself was killed', async () => {
    const first = startServer();
    await waitForReady(first);
    const { pid } = postmaster();
    await query(`INSERT INTO app_meta (key, value) VALUES ('before-crash', '{}')`);

    // Both die at once, as in a power cut: a stale postmaster.pid is all that is left.
    first.child.kill('SIGKILL');
    process.kill(pid, 'SIGKILL');
    await exitOf(first.child);
    await sleep(200);
    expect(fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(true);

    const second = startServer();
    await waitForReady(second);
    const rows = await query(`SELECT key FROM app_meta WHERE key = 'before-crash'`);
    expect(rows).toHaveLength(1);
    const running = postmaster().pid;

    second.child.kill('SIGTERM');
    expect(await exitOf(second.child)).toBe(0);
    expect(isAlive(running)).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'server.pid'))).toBe(false);
  });
});
