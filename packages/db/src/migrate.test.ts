import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { migrationStatus, runMigrations } from './migrate.ts';

const name = `migrate_${randomBytes(6).toString('hex')}`;
const admin = () => new pg.Client({ connectionString: inject('adminDatabaseUrl') });

afterAll(async () => {
  const client = admin();
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await client.end();
});

describe('runMigrations', () => {
  it('migrates an empty database once even when several instances start together', async () => {
    const client = admin();
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
    const url = new URL(inject('adminDatabaseUrl'));
    url.pathname = `/${name}`;

    // Without the advisory lock these race on CREATE TABLE and fail.
    await Promise.all([1, 2, 3, 4].map(() => runMigrations(url.toString())));

    const pool = new pg.Pool({ connectionString: url.toString() });
    const status = await migrationStatus(pool);
    expect(status.applied).toBe(status.expected);
    const tables = await pool.query<{ count: string }>(
      "SELECT count(*)::text AS count FROM information_schema.tables WHERE table_name IN ('app_meta', 'site_documents')",
    );
    expect(tables.rows[0]?.count).toBe('2');
    // A later start finds nothing to do.
    await runMigrations(url.toString());
    expect((await migrationStatus(pool)).applied).toBe(status.expected);
    await pool.end();
  });
});
