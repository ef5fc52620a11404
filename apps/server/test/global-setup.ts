import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EmbeddedPostgres, runMigrations } from '@ipatient/db';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

const TEMPLATE = 'ipatient_template';

/**
 * One PostgreSQL for the whole run (embedded, or TEST_DATABASE_URL), with a migrated template
 * database; each test file then creates its own database from it in a few milliseconds.
 */
export default async function setup(project: TestProject) {
  let adminUrl = process.env.TEST_DATABASE_URL;
  let server: EmbeddedPostgres | undefined;
  let dir: string | undefined;
  if (!adminUrl) {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ipatient-test-'));
    fs.chmodSync(dir, 0o755);
    server = await EmbeddedPostgres.start({
      dir: path.join(dir, 'pg'),
      password: 'test-password',
      unsafeFast: true,
    });
    adminUrl = server.url();
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE}`);
  await admin.query(`CREATE DATABASE ${TEMPLATE}`);
  await admin.end();
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${TEMPLATE}`;
  await runMigrations(templateUrl.toString());

  project.provide('adminDatabaseUrl', adminUrl);
  project.provide('templateDatabase', TEMPLATE);

  return async () => {
    await server?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  };
}
