import fs from 'node:fs';
import path from 'node:path';
import {
  type DatabaseHandle,
  EmbeddedPostgres,
  isAlive,
  openDatabase,
  runMigrations,
} from '@ipatient/db';
import pg from 'pg';
import type { Config } from './config.ts';

const DATABASE_NAME = 'ipatient';

export interface RunningDatabase extends DatabaseHandle {
  url: string;
  /** Closes the pool and, when embedded, stops PostgreSQL. */
  shutdown(): Promise<void>;
  embedded: EmbeddedPostgres | undefined;
}

/**
 * One server per DATA_DIR: a second one would fight over the embedded cluster. A lock file left
 * by a server that was killed is taken over.
 */
function claimDataDir(dataDir: string): () => void {
  const lockFile = path.join(dataDir, 'server.pid');
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    const pid = Number(fs.readFileSync(lockFile, 'utf8').trim());
    if (pid > 0 && pid !== process.pid && isAlive(pid)) {
      throw new Error(
        `Another server (pid ${pid}) is using ${dataDir}. Stop it first, or set DATA_DIR or DATABASE_URL for this one.`,
      );
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.writeFileSync(lockFile, `${process.pid}\n`);
  return () => {
    try {
      if (fs.readFileSync(lockFile, 'utf8').trim() === String(process.pid)) fs.rmSync(lockFile);
    } catch {
      // Already gone.
    }
  };
}

async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
}

/**
 * The configured PostgreSQL, or the embedded one in DATA_DIR/pg (started on a free loopback
 * port, recovered if a killed server left it running, and reached through its Unix socket),
 * migrated and ready.
 */
export async function startDatabase(
  config: Config,
  log: (message: string) => void,
): Promise<RunningDatabase> {
  let url = config.databaseUrl;
  let embedded: EmbeddedPostgres | undefined;
  let releaseDataDir = () => {};
  if (!url) {
    releaseDataDir = claimDataDir(config.dataDir);
    try {
      embedded = await EmbeddedPostgres.start({
        dir: path.join(config.dataDir, 'pg'),
        password: config.embeddedDatabasePassword,
        log,
      });
      await ensureDatabase(embedded.url(), DATABASE_NAME);
    } catch (error) {
      await embedded?.stop();
      releaseDataDir();
      throw error;
    }
    url = embedded.localUrl(DATABASE_NAME);
  }
  try {
    await runMigrations(url);
  } catch (error) {
    await embedded?.stop();
    releaseDataDir();
    throw error;
  }
  const handle = openDatabase(url, { max: config.databasePoolSize });
  return {
    ...handle,
    url,
    embedded,
    async shutdown() {
      await handle.close().catch(() => {});
      await embedded?.stop();
      releaseDataDir();
    },
  };
}
