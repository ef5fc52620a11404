import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

export const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

/** Any fixed number; every instance takes the same lock so only one migrates at a time. */
const MIGRATION_LOCK_KEY = 4_216_021;

/**
 * Applies pending migrations while holding a PostgreSQL advisory lock, so several server
 * instances starting together never run them twice.
 */
export async function runMigrations(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrate(drizzle(client), { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await client.end();
  }
}

/** How many migrations the code has and how many the database has applied. */
export async function migrationStatus(
  pool: pg.Pool,
): Promise<{ applied: number; expected: number }> {
  const { readMigrationFiles } = await import('drizzle-orm/migrator');
  const expected = readMigrationFiles({ migrationsFolder }).length;
  const result = await pool.query<{ count: string }>(
    'SELECT count(*)::text AS count FROM drizzle.__drizzle_migrations',
  );
  return { applied: Number(result.rows[0]?.count ?? 0), expected };
}
